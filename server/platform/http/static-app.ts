// Serves the built app from memory. The files of `staticDir` are read once when the server starts
// (index.html included, with its ETag), so a request never touches the file system: no path a
// client sends can reach a file outside the build or make the file system fail (a 256-character
// segment once answered 500), and the app's pages answer without a disk read. Source maps stay
// on disk for error tools and are never served. App routes without a file get index.html.
import { createHash } from "node:crypto"
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { extname, join, relative, sep } from "node:path"
import { Effect, Layer } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { ServerConfig } from "../config/server-config.ts"
import { Translations } from "../i18n/translations.ts"
import { notFoundAnswer } from "./answers.ts"

/** The longest path segment a file system accepts; longer ones are never a file or an app route. */
export const MAX_SEGMENT_LENGTH = 255

const MIME_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml; charset=utf-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
}

interface StaticFile {
  readonly body: Uint8Array
  readonly contentType: string
  readonly etag: string
}

const load = (file: string): StaticFile => {
  const body = readFileSync(file)
  return {
    body,
    contentType: MIME_TYPES[extname(file).toLowerCase()] ?? "application/octet-stream",
    etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
  }
}

/** Every servable file under `root`, by URL path; source maps are left out. */
export const readBuild = (root: string): Map<string, StaticFile> => {
  const files = new Map<string, StaticFile>()
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry)
      if (statSync(path).isDirectory()) walk(path)
      else if (!entry.endsWith(".map")) files.set(`/${relative(root, path).split(sep).join("/")}`, load(path))
    }
  }
  walk(root)
  return files
}

const decodePath = (url: string) => {
  const path = url.split("?")[0]?.split("#")[0] ?? "/"
  try {
    return decodeURIComponent(path)
  } catch {
    return undefined
  }
}

const respond = (request: HttpServerRequest.HttpServerRequest, file: StaticFile) =>
  request.headers["if-none-match"] === file.etag
    ? HttpServerResponse.empty({ status: 304, headers: { ETag: file.etag } })
    : HttpServerResponse.uint8Array(file.body, { contentType: file.contentType, headers: { ETag: file.etag } })

/** The built app, when there is one; nothing otherwise (API-only tests). */
export const StaticApp = Layer.unwrap(
  Effect.gen(function* () {
    const { staticDir } = yield* ServerConfig
    if (staticDir === undefined || !existsSync(join(staticDir, "index.html"))) return Layer.empty
    const notFound = notFoundAnswer(yield* Translations)
    const files = readBuild(staticDir)
    const index = files.get("/index.html")!
    return HttpRouter.add(
      "GET",
      "/*",
      Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        const path = decodePath(request.url)
        if (path === undefined || path.split("/").some((segment) => segment.length > MAX_SEGMENT_LENGTH))
          return yield* notFound
        const file = files.get(path)
        if (file !== undefined) return respond(request, file)
        // An app route (no file extension) from a browser gets the app, which shows its own 404.
        const last = path.split("/").at(-1) ?? ""
        const wantsPage = (request.headers.accept ?? "").toLowerCase().includes("text/html")
        if (path === "/" || (wantsPage && extname(last) === "")) return respond(request, index)
        return yield* notFound
      }),
    )
  }),
)
