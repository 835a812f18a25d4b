// Builds the app and its render entry (scripts/build.ts) when dist/ is missing or older than any of its sources.
import { existsSync, readdirSync, statSync } from "node:fs"
import { join, resolve } from "node:path"
import { build } from "./build.ts"

const root = resolve(import.meta.dirname, "..")

const newest = (path: string): number => {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((max, entry) => Math.max(max, newest(join(path, entry))), stat.mtimeMs)
}

export const buildIfStale = () => {
  const built = join(root, "dist", "server", "entry-server.js")
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
  const status = build(["--logLevel", "warn"])
  if (status !== 0) process.exit(status)
}
