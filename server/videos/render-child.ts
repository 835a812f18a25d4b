// The video renderer's own process: rasterising frames is synchronous work that would stall every
// request of the server for seconds, so the server forks this once and sends it one video at a
// time. It reads the catalogue from the knowledge base once and answers each job when its files
// are in place (written under a temporary name and renamed, so a file that exists is complete).
import { loadVideoCatalogue } from "./catalogue.ts"
import { renderVideo } from "./render.ts"

export interface RenderJob {
  readonly id: string
}
export type RenderResult =
  | { readonly id: string; readonly ok: true; readonly ms: number; readonly bytes: number }
  | { readonly id: string; readonly ok: false; readonly error: string }

const [contentDir = "", outDir = ""] = process.argv.slice(2)
const catalogue = loadVideoCatalogue(contentDir)
const send = (result: RenderResult) => process.send?.(result)

process.on("message", (job: RenderJob) => {
  const entry = catalogue.byId.get(job.id)
  if (!entry) {
    send({ id: job.id, ok: false, error: `no video ${job.id}` })
    return
  }
  renderVideo(catalogue.scene(job.id), outDir, entry.file, entry.poster).then(
    ({ ms, bytes }) => send({ id: job.id, ok: true, ms, bytes }),
    (error: unknown) => send({ id: job.id, ok: false, error: error instanceof Error ? error.message : String(error) }),
  )
})
process.on("disconnect", () => process.exit(0))
