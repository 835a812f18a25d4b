// Builds the app with Vite when dist/ is missing or older than any of its sources.
import { spawnSync } from "node:child_process"
import { existsSync, readdirSync, statSync } from "node:fs"
import { join, resolve } from "node:path"

const root = resolve(import.meta.dirname, "..")

const newest = (path: string): number => {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((max, entry) => Math.max(max, newest(join(path, entry))), stat.mtimeMs)
}

export const buildIfStale = () => {
  const built = join(root, "dist", "index.html")
  const sources = [
    "src",
    "locales",
    "public",
    "index.html",
    "vite.config.ts",
    "scripts/precompress.ts",
    "package-lock.json",
  ]
    .map((p) => join(root, p))
    .filter(existsSync)
  if (existsSync(built) && Math.max(...sources.map(newest)) <= statSync(built).mtimeMs) return
  console.log("Building the app…")
  const result = spawnSync(
    process.execPath,
    [join(root, "node_modules", "vite", "bin", "vite.js"), "build", "--logLevel", "warn"],
    {
      cwd: root,
      stdio: "inherit",
    },
  )
  if (result.status !== 0) process.exit(result.status ?? 1)
}
