// The videos' files, outside the contract: `/media/videos/<file>` (the MP4s and their posters) and
// `/media/captions/<id>.<language>.vtt` (in the languages the video has captions in), each only at an address the API signed for a caller who
// may watch the video (media-signing.ts); anything else answers 403 before a file is looked for.
// A missing MP4 is rendered first (the request waits for it). MP4s answer byte ranges (206, with
// `Accept-Ranges`, 416 when unsatisfiable), as players ask for them. File names change with their
// scenes, so a signed address is cached privately until it expires.
import { open, stat } from "node:fs/promises"
import { extname, join } from "node:path"
import { Clock, Effect } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { SELECTABLE_LANGUAGES } from "../../src/domain/shared/locales.ts"
import { toWebVtt } from "../../src/domain/videos/video-captions.ts"
import { ServerConfig } from "../platform/config/server-config.ts"
import { parseRange } from "./byte-ranges.ts"
import { verifyMediaPath } from "./media-signing.ts"
import { CAPTIONS_PATH, captionFile, VIDEO_PATH } from "./service.ts"
import { VideoFiles } from "./video-files.ts"

const CONTENT_TYPES: Record<string, string> = {
  ".mp4": "video/mp4",
  ".webp": "image/webp",
  ".png": "image/png",
  ".vtt": "text/vtt; charset=utf-8",
}

const refused = HttpServerResponse.text("This address has expired or was not made for you.", { status: 403 })
const missing = HttpServerResponse.text("Not found.", { status: 404 })

interface Deps {
  readonly files: VideoFiles["Service"]
  readonly secret: string
}

/** The signed path and its query, checked; the path's last segment. */
const signedName = (secret: string, prefix: string) =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const url = new URL(request.url, "http://x")
    const nowMs = yield* Clock.currentTimeMillis
    const ok = verifyMediaPath(
      secret,
      url.pathname,
      url.searchParams.get("e") ?? undefined,
      url.searchParams.get("s") ?? undefined,
      nowMs,
    )
    const name = url.pathname.slice(prefix.length + 1)
    return { ok: ok && /^[a-z0-9.-]{1,120}$/.test(name), name, expires: Number(url.searchParams.get("e")), nowMs }
  })

const cacheFor = (expires: number, nowMs: number) =>
  `private, max-age=${Math.max(0, Math.floor(expires - nowMs / 1000))}, immutable`

const readPart = (path: string, start: number, length: number) =>
  Effect.promise(async () => {
    const handle = await open(path, "r")
    try {
      const buffer = new Uint8Array(length)
      await handle.read(buffer, 0, length, start)
      return buffer
    } finally {
      await handle.close()
    }
  })

const serveFile = (path: string, contentType: string, cacheControl: string) =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const { size } = yield* Effect.promise(() => stat(path))
    const headers = { "Accept-Ranges": "bytes", "Cache-Control": cacheControl }
    const range = parseRange(request.headers.range, size)
    if (range._tag === "Unsatisfiable") {
      return HttpServerResponse.empty({ status: 416, headers: { ...headers, "Content-Range": `bytes */${size}` } })
    }
    const [start, end] = range._tag === "Part" ? [range.start, range.end] : [0, size - 1]
    const body = yield* readPart(path, start, end - start + 1)
    return HttpServerResponse.uint8Array(body, {
      status: range._tag === "Part" ? 206 : 200,
      contentType,
      headers: range._tag === "Part" ? { ...headers, "Content-Range": `bytes ${start}-${end}/${size}` } : headers,
    })
  })

const videoFile = ({ files, secret }: Deps) =>
  Effect.gen(function* () {
    const signed = yield* signedName(secret, VIDEO_PATH)
    if (!signed.ok) return refused
    const { entries } = yield* files.catalogue
    const entry = entries.find((e) => e.file === signed.name || e.still === signed.name || e.poster === signed.name)
    if (!entry) return missing
    const part = entry.poster === signed.name ? "poster" : entry.still === signed.name ? "still" : "video"
    // A video that cannot be rendered is the server's fault: a defect (500), never the caller's.
    yield* Effect.orDie(files.ready(entry, part))
    const contentType = CONTENT_TYPES[extname(signed.name)] ?? "application/octet-stream"
    return yield* serveFile(join(files.dir, signed.name), contentType, cacheFor(signed.expires, signed.nowMs))
  })

const captions = ({ files, secret }: Deps) =>
  Effect.gen(function* () {
    const signed = yield* signedName(secret, CAPTIONS_PATH)
    if (!signed.ok) return refused
    const { byId } = yield* files.catalogue
    const [id = "", language = ""] = signed.name.replace(/\.vtt$/, "").split(/\.(?=[a-z]{2}$)/)
    const entry = byId.get(id)
    const lang = SELECTABLE_LANGUAGES.find((l) => l === language)
    // A video has captions only in its own languages (an acupressure video in English alone).
    const cues = lang ? entry?.cues[lang] : undefined
    if (!cues || !lang || captionFile(id, lang) !== signed.name) return missing
    return HttpServerResponse.text(toWebVtt(cues), {
      contentType: CONTENT_TYPES[".vtt"],
      headers: { "Cache-Control": cacheFor(signed.expires, signed.nowMs) },
    })
  })

export const MediaRoutes = HttpRouter.use((router) =>
  Effect.gen(function* () {
    const deps: Deps = { files: yield* VideoFiles, secret: (yield* ServerConfig).serverSecret }
    yield* router.add("GET", `${VIDEO_PATH}/:file`, videoFile(deps))
    yield* router.add("GET", `${CAPTIONS_PATH}/:file`, captions(deps))
  }),
)
