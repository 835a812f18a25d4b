// Build step: writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build
// that compression makes smaller, at the highest settings, so the server sends them by the
// client's Accept-Encoding without compressing anything per request (server/platform/http/static-app.ts).
// Run by the Vite plugin below after each `vite build`; tests call `precompressDir` on a build.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { extname, join } from "node:path"
import type { Plugin } from "vite"
import { COMPRESS_MIN_BYTES, compressOnce } from "../server/platform/http/compression.ts"

/** Text formats; images, fonts and media are compressed by their own format already. */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  ".html",
  ".js",
  ".mjs",
  ".css",
  ".json",
  ".svg",
  ".txt",
  ".xml",
  ".webmanifest",
  ".ico",
])

/** A copy is kept only when it saves at least this share of the bytes. */
const MIN_SAVING = 0.05

const walk = (dir: string): Array<string> =>
  readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })

/** Writes `file.br` and `file.gz` for the build's compressible files; returns how many files got them. */
export const precompressDir = (dir: string): number => {
  let count = 0
  for (const file of walk(dir)) {
    if (!COMPRESSIBLE_EXTENSIONS.has(extname(file).toLowerCase())) continue
    const body = readFileSync(file)
    if (body.length < COMPRESS_MIN_BYTES) continue
    let wrote = false
    for (const [suffix, compress] of [
      [".br", compressOnce.br],
      [".gz", compressOnce.gzip],
    ] as const) {
      const packed = compress(body)
      if (packed.length <= body.length * (1 - MIN_SAVING)) {
        writeFileSync(file + suffix, packed)
        wrote = true
      }
    }
    if (wrote) count++
  }
  return count
}

/** Vite plugin: precompresses the build output once it is written. */
export const precompress = (): Plugin => {
  let outDir = "dist"
  return {
    name: "jingluo-precompress",
    apply: "build",
    configResolved(config) {
      outDir = join(config.root, config.build.outDir)
    },
    closeBundle() {
      precompressDir(outDir)
    },
  }
}
