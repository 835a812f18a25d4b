// `npm run videos [-- --force] [--jobs N] [id …]`: renders the videos of the catalogue
// (server/videos/catalogue.ts) into $VIDEO_DIR (default $DATA_DIR/videos/) — every one whose file,
// poster or reduced-motion version is missing, every one with --force, or only the ids given — in N
// worker processes (2 by default), printing a line per file. Files in that folder that no video names any more (an older scene or generator)
// are removed. Exits non-zero when any video fails.
import { type ChildProcess, fork } from "node:child_process"
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs"
import { join } from "node:path"
import { readSettings } from "../server/platform/config/server-config.ts"
import { filesOf, filesOfPart, loadVideoCatalogue, type VideoEntry } from "../server/videos/catalogue.ts"
import { RENDER_CHILD, type RenderJob, type RenderMessage, type RenderPart } from "../server/videos/render-child.ts"

const settings = readSettings()
const outDir = settings.videoDir

const usage = () => {
  console.error("usage: npm run videos [-- --force] [--jobs N] [id …]")
  process.exit(2)
}

const main = async () => {
  const args = process.argv.slice(2)
  const force = args.includes("--force")
  const jobsAt = args.indexOf("--jobs")
  const jobs = jobsAt >= 0 ? Number(args[jobsAt + 1]) : 2
  if (!Number.isInteger(jobs) || jobs < 1) usage()
  const ids = args.filter((a, i) => !a.startsWith("--") && (jobsAt < 0 || i !== jobsAt + 1))

  const started = performance.now()
  const catalogue = loadVideoCatalogue(settings.contentDir)
  const unknown = ids.filter((id) => !catalogue.byId.has(id))
  if (unknown.length > 0) {
    console.error(`videos: no video ${unknown.join(", ")}`)
    process.exit(2)
  }

  mkdirSync(outDir, { recursive: true })
  const named = new Set(catalogue.entries.flatMap(filesOf))
  const stale = readdirSync(outDir).filter((f) => !named.has(f))
  for (const f of stale) rmSync(join(outDir, f), { force: true, recursive: true })
  if (stale.length > 0) console.log(`videos: removed ${stale.length} files no video names any more`)

  const chosen = ids.length > 0 ? ids.map((id) => catalogue.byId.get(id)!) : catalogue.entries
  const missing = (e: VideoEntry, part: RenderPart) =>
    filesOfPart(e, part).some((file) => !existsSync(join(outDir, file)))
  const todo = (["video", "still"] as const).flatMap((part) =>
    chosen.filter((e) => force || missing(e, part)).map((entry) => ({ entry, part })),
  )
  if (todo.length === 0) {
    console.log(`videos: all ${chosen.length} videos and their stills in ${outDir} are up to date`)
    return
  }
  console.log(
    `videos: rendering ${todo.length} of ${2 * catalogue.entries.length} files into ${outDir} with ${jobs} workers`,
  )

  const queue = [...todo]
  let failed = 0
  let bytes = 0
  const run = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      const next = () => {
        const job = queue.shift()
        if (!job) {
          child.disconnect()
          return resolve()
        }
        child.send({ id: job.entry.id, part: job.part } satisfies RenderJob)
      }
      child.on("message", (message: RenderMessage) => {
        if ("ready" in message) return next()
        if (message.ok) {
          bytes += message.bytes
          console.log(
            `${`${message.id}${message.part === "still" ? " (still)" : ""}`.padEnd(30)} ${(message.ms / 1000).toFixed(1).padStart(5)} s ${(message.bytes / 1024).toFixed(0).padStart(6)} KB`,
          )
        } else {
          failed++
          console.error(`${message.id} (${message.part}) FAILED: ${message.error}`)
        }
        next()
      })
      // A worker that dies (a crash of the rasteriser aborts the process) fails its video and
      // leaves the rest of the queue to the others.
      child.on("exit", (code, signal) => {
        if (code !== 0) {
          failed++
          console.error(`videos: a worker ended with ${signal ?? `exit code ${code}`} while rendering`)
        }
        resolve()
      })
    })
  const workers = Array.from({ length: Math.min(jobs, todo.length) }, () =>
    fork(RENDER_CHILD, [settings.contentDir, outDir], { stdio: ["ignore", "inherit", "inherit", "ipc"] }),
  )
  await Promise.all(workers.map(run))
  // What no worker was left to take.
  failed += queue.length
  const seconds = (performance.now() - started) / 1000
  console.log(
    `videos: ${todo.length - failed} rendered, ${failed} failed, ${(bytes / 1024 / 1024).toFixed(1)} MB, ${seconds.toFixed(1)} s`,
  )
  if (failed > 0) process.exit(1)
}

await main()
