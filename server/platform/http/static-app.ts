// Serves the built app from memory. The files of `staticDir` are read once when the server starts
// (index.html included, with its ETag), so a request never touches the file system: no path a
// client sends can reach a file outside the build or make the file system fail (a 256-character
// segment once answered 500), and the app's pages answer without a disk read. Source maps stay
// on disk for error tools and are never served. App routes without a file get the page of the
// language cookie (index.{en,de,es}.html: its `lang`, its first texts preloaded), with `Vary: Cookie`;
// an address of a page group gets that language's page of its groups, which also preloads their
// scripts (index.{language}.{group}.html, or index.{language}.account+billing.html for a page of
// another feature inside the account settings layout; src/domain/shared/page-groups.ts).
// The build writes a brotli and a gzip copy beside each text file (scripts/precompress.ts); they
// are sent by the client's Accept-Encoding, br first, with `Vary: Accept-Encoding`.
import { createHash } from "node:crypto"
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { extname, join, relative, sep } from "node:path"
import { Effect, Layer, Option } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { COOKIE_LANGUAGE, LANGUAGE_COOKIE_MAX_AGE_SECONDS } from "../../../src/domain/shared/cookies.ts"
import { isDrawnByServer } from "../../../src/domain/shared/first-page.ts"
import {
  DEFAULT_LANGUAGE,
  languagePageName,
  resolveLanguage,
  type SelectableLanguage,
} from "../../../src/domain/shared/locales.ts"
import { pageGroupsOf } from "../../../src/domain/shared/page-groups.ts"
import { ServerConfig } from "../config/server-config.ts"
import { Translations } from "../i18n/translations.ts"
import { notFoundAnswer } from "./answers.ts"
import { COMPRESS_MIN_BYTES, matchesEtag, negotiateCoding } from "./compression.ts"
import { type DrawnPage, FirstPages } from "./first-pages.ts"

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

/** One representation of a file: its bytes and the entity tag that names exactly those bytes. */
interface Representation {
  readonly body: Uint8Array
  readonly etag: string
}

interface StaticFile {
  readonly contentType: string
  readonly identity: Representation
  /** The build's precompressed copies, when it made them. */
  readonly br: Representation | undefined
  readonly gzip: Representation | undefined
}

const tagOf = (body: Uint8Array) => createHash("sha256").update(body).digest("base64url").slice(0, 27)

const load = (file: string): StaticFile => {
  const body = readFileSync(file)
  const tag = tagOf(body)
  // A copy's tag derives from the file's, so a client holding either learns of a new build.
  const copy = (suffix: string, label: string): Representation | undefined =>
    existsSync(file + suffix) ? { body: readFileSync(file + suffix), etag: `"${tag}-${label}"` } : undefined
  return {
    contentType: MIME_TYPES[extname(file).toLowerCase()] ?? "application/octet-stream",
    identity: { body, etag: `"${tag}"` },
    br: copy(".br", "br"),
    gzip: copy(".gz", "gz"),
  }
}

/** Source maps (kept for error tools) and the precompressed copies are never files of their own. */
const isServable = (path: string) =>
  !path.endsWith(".map") && !((path.endsWith(".br") || path.endsWith(".gz")) && existsSync(path.slice(0, -3)))

/** The server's render entry (dist/server/, server/pages/): the server's own code, never a file it serves. */
export const RENDER_ENTRY_DIR = "server"

/** Every servable file under `root`, by URL path; source maps and the server's render entry are left out. */
export const readBuild = (root: string): Map<string, StaticFile> => {
  const files = new Map<string, StaticFile>()
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry)
      if (dir === root && entry === RENDER_ENTRY_DIR) continue
      if (statSync(path).isDirectory()) walk(path)
      else if (isServable(path)) files.set(`/${relative(root, path).split(sep).join("/")}`, load(path))
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

/** The file as the client accepts it; `varies` names a further request header its choice depends on. */
const respond = (request: HttpServerRequest.HttpServerRequest, file: StaticFile, varies?: string) => {
  const offered = [...(file.br ? (["br"] as const) : []), ...(file.gzip ? (["gzip"] as const) : [])]
  const coding = negotiateCoding(request.headers["accept-encoding"], offered)
  const representation = (coding === "br" ? file.br : coding === "gzip" ? file.gzip : undefined) ?? file.identity
  const headers: Record<string, string> = { ETag: representation.etag }
  const vary = [...(offered.length > 0 ? ["Accept-Encoding"] : []), ...(varies ? [varies] : [])]
  if (vary.length > 0) headers.Vary = vary.join(", ")
  if (coding !== "identity") headers["Content-Encoding"] = coding
  return matchesEtag(request.headers["if-none-match"], [representation.etag])
    ? HttpServerResponse.empty({ status: 304, headers })
    : HttpServerResponse.uint8Array(representation.body, { contentType: file.contentType, headers })
}

/**
 * A page the server drew: it differs by the session and language cookies and by Accept-Language, so
 * no shared cache keeps it and the browser asks again each time (a 304 when nothing changed). A
 * language taken from Accept-Language is remembered in the language cookie, so the app's calls ask
 * for the language the page was drawn in.
 */
const respondDrawn = (
  request: HttpServerRequest.HttpServerRequest,
  page: DrawnPage,
  language: SelectableLanguage,
  rememberLanguage: boolean,
) =>
  Effect.gen(function* () {
    const coding =
      page.identity.length >= COMPRESS_MIN_BYTES ? negotiateCoding(request.headers["accept-encoding"]) : "identity"
    const etag = coding === "identity" ? page.etag : `${page.etag.slice(0, -1)}-${coding === "br" ? "br" : "gz"}"`
    const headers: Record<string, string> = {
      ETag: etag,
      Vary: "Accept-Encoding, Cookie, Accept-Language",
      "Cache-Control": "private, no-cache",
      "Content-Language": language,
    }
    if (rememberLanguage && language !== DEFAULT_LANGUAGE)
      headers["Set-Cookie"] =
        `${COOKIE_LANGUAGE}=${language}; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`
    if (matchesEtag(request.headers["if-none-match"], [etag])) return HttpServerResponse.empty({ status: 304, headers })
    if (coding === "identity")
      return HttpServerResponse.uint8Array(page.identity, { contentType: MIME_TYPES[".html"], headers })
    const body = yield* page.compressed(coding)
    return HttpServerResponse.uint8Array(body, {
      contentType: MIME_TYPES[".html"],
      headers: { ...headers, "Content-Encoding": coding },
    })
  })

/** The built app, when there is one; nothing otherwise (API-only tests). */
export const StaticApp = Layer.unwrap(
  Effect.gen(function* () {
    const { staticDir } = yield* ServerConfig
    if (staticDir === undefined || !existsSync(join(staticDir, "index.html"))) return Layer.empty
    const notFound = notFoundAnswer(yield* Translations)
    const firstPages = yield* Effect.serviceOption(FirstPages)
    const files = readBuild(staticDir)
    const index = files.get("/index.html")!
    const decoder = new TextDecoder()
    const templates = new Map<string, { readonly text: string; readonly etag: string }>()
    /** The page of a language and an address's groups as text, for the server to draw into. */
    const templateOf = (language: SelectableLanguage, path: string) => {
      const name = `/${languagePageName(language, pageGroupsOf(path))}`
      const found = files.has(name) ? name : `/${languagePageName(language)}`
      const file = files.get(found) ?? index
      const kept = templates.get(found)
      if (kept) return kept
      const template = { text: decoder.decode(file.identity.body), etag: file.identity.etag }
      templates.set(found, template)
      return template
    }
    // The page of the interface language and the address's page groups (scripts/language-pages.ts):
    // its `lang`, its texts and its groups' scripts preloaded; the language's page when the build
    // wrote none for those groups (an address of no group asks for that page itself).
    const shellOf = (request: HttpServerRequest.HttpServerRequest, path: string) => {
      const language = resolveLanguage(request.cookies[COOKIE_LANGUAGE])
      const page =
        files.get(`/${languagePageName(language, pageGroupsOf(path))}`) ?? files.get(`/${languagePageName(language)}`)
      return page === undefined ? respond(request, index) : respond(request, page, "Cookie")
    }
    // The page the server draws for its addresses (server/pages/), in the language of the cookie or
    // else of the browser; the app's shell for the others, or when nothing was drawn.
    const pageOf = (request: HttpServerRequest.HttpServerRequest, path: string) =>
      Effect.gen(function* () {
        if (Option.isNone(firstPages) || !isDrawnByServer(path)) return shellOf(request, path)
        const cookieLanguage = request.cookies[COOKIE_LANGUAGE]
        const language = resolveLanguage(cookieLanguage ?? request.headers["accept-language"])
        const drawn = yield* firstPages.value.draw({
          path,
          url: request.url,
          language,
          template: templateOf(language, path),
        })
        return drawn === undefined
          ? shellOf(request, path)
          : yield* respondDrawn(request, drawn, language, cookieLanguage === undefined)
      })
    // A form of a drawn page sent before the app took the page over (FlowForm posts): what was typed
    // is not read, and the browser is sent back to the page, where the app now runs.
    const sentTooEarly = HttpRouter.add(
      "POST",
      "/*",
      Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        const path = decodePath(request.url)
        if (path === undefined || !isDrawnByServer(path)) return yield* notFound
        return HttpServerResponse.empty({ status: 303, headers: { Location: request.url } })
      }),
    )
    const pages = HttpRouter.add(
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
        if (path === "/" || (wantsPage && extname(last) === "")) return yield* pageOf(request, path)
        return yield* notFound
      }),
    )
    return Layer.mergeAll(pages, sentTooEarly)
  }),
)
