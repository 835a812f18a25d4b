// The video renderer's own process: rasterising frames is synchronous work that would stall every
// request of the server for seconds, so the server (and `npm run videos`, several at once) forks
// this and sends it one job at a time — a video with its poster, its reduced-motion version, or the
// poster alone (what a page shows before its video is played). It reads the catalogue from the knowledge base once, says it
// is ready, and answers each job when its files are in place (written under a temporary name and
// renamed, so a file that exists is complete).
import { stillScene } from "../../src/domain/videos/still-scene.ts"
import { loadVideoCatalogue } from "./catalogue.ts"
import { renderPoster, renderVideo } from "./render.ts"

export type RenderPart = "video" | "still" | "poster"

export interface RenderJob {
  readonly id: string
  readonly part: RenderPart
}

export type RenderResult =
  | { readonly id: string; readonly part: RenderPart; readonly ok: true; readonly ms: number; readonly bytes: number }
  | { readonly id: string; readonly part: RenderPart; readonly ok: false; readonly error: string }

export type RenderMessage = RenderResult | { readonly ready: true }

export const RENDER_CHILD = import.meta.filename

const render = async ({ id, part }: RenderJob, contentDir: string, outDir: string) => {
  catalogue ??= loadVideoCatalogue(contentDir)
  const entry = catalogue.byId.get(id)
  if (!entry) throw new Error(`no video ${id}`)
  const scene = catalogue.scene(id)
  if (part === "poster") return renderPoster(scene, outDir, entry.poster)
  if (part === "still") return renderVideo(stillScene(scene), outDir, entry.still)
  return renderVideo(scene, outDir, entry.file, entry.poster)
}
let catalogue: ReturnType<typeof loadVideoCatalogue> | undefined

if (process.send !== undefined && process.argv[1] === RENDER_CHILD) {
  const [contentDir = "", outDir = ""] = process.argv.slice(2)
  const send = (message: RenderMessage) => process.send?.(message)
  catalogue = loadVideoCatalogue(contentDir)
  process.on("message", (job: RenderJob) => {
    render(job, contentDir, outDir).then(
      ({ ms, bytes }) => send({ id: job.id, part: job.part, ok: true, ms, bytes }),
      (error: unknown) =>
        send({ id: job.id, part: job.part, ok: false, error: error instanceof Error ? error.message : String(error) }),
    )
  })
  process.on("disconnect", () => process.exit(0))
  send({ ready: true })
}
