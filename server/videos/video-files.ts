// The rendered videos on disk. A video is rendered once per scene (its file name carries the scene's
// hash) by one renderer process the server forks, one video at a time: a video someone asked for is
// rendered next, ahead of the background work that renders every missing video after the start
// (unless VIDEOS_PRERENDER=off): every video, then every reduced-motion version. Several requests
// for the same missing video share one render.
// Files of this folder that no scene names any more are removed when the background work starts.
import { type ChildProcess, fork } from "node:child_process"
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs"
import { join } from "node:path"
import { Context, Data, Effect, Layer } from "effect"
import { ServerConfig } from "../platform/config/server-config.ts"
import { filesOf, filesOfPart, loadVideoCatalogue, type VideoCatalogue, type VideoEntry } from "./catalogue.ts"
import { RENDER_CHILD, type RenderMessage, type RenderPart } from "./render-child.ts"

export class RenderFailed extends Data.TaggedError("RenderFailed")<{ readonly id: string; readonly reason: string }> {}

interface Job {
  readonly entry: VideoEntry
  readonly part: RenderPart
  urgent: boolean
  readonly done: Promise<void>
  readonly resolve: () => void
  readonly reject: (error: RenderFailed) => void
}

const jobKey = (id: string, part: RenderPart) => `${id} ${part}`

/** The renderer process and its queue: urgent jobs first, then the rest in the order they came. */
const makeQueue = (contentDir: string, dir: string, log: (line: string) => void) => {
  const jobs = new Map<string, Job>()
  let child: ChildProcess | undefined
  let running: Job | undefined

  const settle = (result: RenderMessage) => {
    if ("ready" in result) return
    const key = jobKey(result.id, result.part)
    const job = jobs.get(key)
    if (!job || job !== running) return
    jobs.delete(key)
    running = undefined
    if (result.ok) {
      log(`${result.part} ${result.id}: ${(result.ms / 1000).toFixed(1)} s, ${Math.round(result.bytes / 1024)} KB`)
      job.resolve()
    } else job.reject(new RenderFailed({ id: result.id, reason: result.error }))
    pump()
  }
  const start = () => {
    const process = fork(RENDER_CHILD, [contentDir, dir], { stdio: ["ignore", "inherit", "inherit", "ipc"] })
    process.on("message", (result: RenderMessage) => settle(result))
    process.on("exit", () => {
      child = undefined
      const lost = running
      running = undefined
      if (lost) {
        jobs.delete(jobKey(lost.entry.id, lost.part))
        lost.reject(new RenderFailed({ id: lost.entry.id, reason: "the renderer stopped" }))
      }
      pump()
    })
    return process
  }
  const pump = () => {
    if (running) return
    const waiting = [...jobs.values()]
    const next = waiting.find((job) => job.urgent) ?? waiting[0]
    if (!next) return
    running = next
    child ??= start()
    child.send({ id: next.entry.id, part: next.part })
  }
  const enqueue = (entry: VideoEntry, part: RenderPart, urgent: boolean): Promise<void> => {
    const known = jobs.get(jobKey(entry.id, part))
    if (known) {
      known.urgent ||= urgent
      return known.done
    }
    let resolve!: () => void
    let reject!: (error: RenderFailed) => void
    const done = new Promise<void>((yes, no) => {
      resolve = yes
      reject = no
    })
    jobs.set(jobKey(entry.id, part), { entry, part, urgent, done, resolve, reject })
    pump()
    return done
  }
  const close = () => {
    child?.kill()
    child = undefined
  }
  return { enqueue, close }
}

export class VideoFiles extends Context.Service<
  VideoFiles,
  {
    readonly catalogue: Effect.Effect<VideoCatalogue>
    /** The folder the files are in. */
    readonly dir: string
    /**
     * Resolves once the video's MP4 (and poster), its reduced-motion MP4 or its poster alone are on
     * disk, rendering them first when missing, ahead of the background work.
     */
    readonly ready: (entry: VideoEntry, part: RenderPart) => Effect.Effect<void, RenderFailed>
  }
>()("jingluo/server/VideoFiles") {
  static readonly layer = Layer.effect(
    VideoFiles,
    Effect.gen(function* () {
      const config = yield* ServerConfig
      const dir = config.videoDir
      mkdirSync(dir, { recursive: true })
      const log = (line: string) => {
        if (config.logLevel === "info") console.info(line)
      }
      const queue = makeQueue(config.contentDir, dir, log)
      yield* Effect.addFinalizer(() => Effect.sync(queue.close))
      let loaded: VideoCatalogue | undefined
      const catalogue = Effect.sync(() => {
        loaded ??= loadVideoCatalogue(config.contentDir)
        return loaded
      })
      const onDisk = (entry: VideoEntry, part: RenderPart) =>
        filesOfPart(entry, part).every((file) => existsSync(join(dir, file)))
      const ready = (entry: VideoEntry, part: RenderPart) =>
        onDisk(entry, part)
          ? Effect.void
          : Effect.tryPromise({
              try: () => queue.enqueue(entry, part, true),
              catch: (error) =>
                error instanceof RenderFailed ? error : new RenderFailed({ id: entry.id, reason: String(error) }),
            })

      if (config.videoPrerender) {
        yield* Effect.forkScoped(
          Effect.gen(function* () {
            const { entries } = yield* catalogue
            const named = new Set(entries.flatMap(filesOf))
            for (const file of readdirSync(dir)) if (!named.has(file)) rmSync(join(dir, file), { force: true })
            const missing = (["video", "still"] as const).flatMap((part) =>
              entries.filter((e) => !onDisk(e, part)).map((entry) => ({ entry, part })),
            )
            if (missing.length === 0) return
            log(`videos: rendering ${missing.length} of ${2 * entries.length} files in the background`)
            let done = 0
            yield* Effect.forEach(
              missing,
              ({ entry, part }) =>
                Effect.promise(() =>
                  queue.enqueue(entry, part, false).then(
                    () => {
                      done += 1
                    },
                    () => {},
                  ),
                ),
              { discard: true },
            )
            log(`videos: ${done} of ${missing.length} rendered`)
          }),
        )
      }
      return VideoFiles.of({ catalogue, dir, ready })
    }),
  )
}
