// `npm run build`: the app for the browser (dist/), then the server's render entry built from the
// same sources (dist/server/entry-server.js, src/entry-server.tsx), which the server loads to draw
// the first page. The second build must follow the first: the browser's build empties dist/.
import { spawnSync } from "node:child_process"
import { join, resolve } from "node:path"

const root = resolve(import.meta.dirname, "..")
const vite = join(root, "node_modules", "vite", "bin", "vite.js")

/** The two builds, in order; the exit status of the first that fails, else 0. */
export const build = (extra: ReadonlyArray<string> = []): number => {
  for (const args of [
    ["build", ...extra],
    ["build", "--ssr", "src/entry-server.tsx", "--outDir", "dist/server", ...extra],
  ]) {
    const result = spawnSync(process.execPath, [vite, ...args], { cwd: root, stdio: "inherit" })
    if (result.status !== 0) return result.status ?? 1
  }
  return 0
}

if (import.meta.main) process.exit(build(process.argv.slice(2)))
