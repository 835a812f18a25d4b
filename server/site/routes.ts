// GET /sitemap.xml and GET /robots.txt, outside the contract: each revalidated with its ETag (304 on
// a match), the sitemap sent as brotli or gzip when the client takes it. Added before the built
// app's catch-all, so these paths never fall through to the app's page.
import { Effect, Layer } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { COMPRESS_MIN_BYTES, matchesEtag, negotiateCoding } from "../platform/http/compression.ts"
import { type SiteDocument, SiteDocuments } from "./site-documents.ts"
import { ROBOTS_PATH, SITEMAP_PATH } from "./site-map.ts"

const send = (document: SiteDocument, contentType: string) =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const coding =
      document.body.length >= COMPRESS_MIN_BYTES ? negotiateCoding(request.headers["accept-encoding"]) : "identity"
    const etag = coding === "identity" ? document.etag : `${document.etag.slice(0, -1)}-${coding}"`
    const headers: Record<string, string> = { ETag: etag, Vary: "Accept-Encoding" }
    if (matchesEtag(request.headers["if-none-match"], [etag])) return HttpServerResponse.empty({ status: 304, headers })
    if (coding === "identity") return HttpServerResponse.uint8Array(document.body, { contentType, headers })
    const body = yield* document.encoded(coding)
    return HttpServerResponse.uint8Array(body, { contentType, headers: { ...headers, "Content-Encoding": coding } })
  })

export const SiteRoutes = HttpRouter.use((router) =>
  Effect.gen(function* () {
    const site = yield* SiteDocuments
    yield* router.add(
      "GET",
      SITEMAP_PATH,
      Effect.flatMap(site.sitemap, (document) => send(document, "application/xml; charset=utf-8")),
    )
    yield* router.add("GET", ROBOTS_PATH, send(site.robots, "text/plain; charset=utf-8"))
  }),
).pipe(Layer.provide(SiteDocuments.layer))
