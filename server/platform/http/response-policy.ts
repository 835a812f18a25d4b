// Global policy for every response, API or app: security headers (a CSP without inline scripts,
// nosniff, referrer policy, frame-ancestors 'none', HSTS when the public origin is https), cache
// rules for the built app, JSON answers over ~1 kB compressed by Accept-Encoding, a 413 for a declared body over the
// path's limit (body-limits.ts) before any of it is read, a
// JSON 404 for unknown paths, and a JSON 500 with a correlation id for anything that still fails.
// Paths are logged without the codes or addresses they may carry.
import { randomUUID } from "node:crypto"
import { ByteSize, Cause, Effect } from "effect"
import { HttpBody, HttpIncomingMessage, HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { SERVICE_WORKER_PATH } from "../../../src/domain/shared/offline.ts"
import { ServerConfig } from "../config/server-config.ts"
import { Translations, type TranslationsService } from "../i18n/translations.ts"
import { notFoundAnswer } from "./answers.ts"
import { maxBodyBytesOf } from "./body-limits.ts"
import { COMPRESS_MIN_BYTES, compressPerRequest, negotiateCoding, varyWith } from "./compression.ts"
import { requestLanguage } from "./request-context.ts"

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // React Aria positions overlays with style attributes and sonner ships its CSS at runtime.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "media-src 'self' https:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ")

export const SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}

/** Two years, every subdomain: browsers then refuse plain http for the site. */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains"

/** A path as it may be logged: one-time codes, e-mail addresses and patients' link tokens in it are replaced. */
export const redactPath = (path: string) =>
  path
    .replace(/^\/api\/verify-email\/[^/]*\/[^/]*/, "/api/verify-email/:uuid/:code")
    .replace(/^\/api\/resend-verification-email\/[^/]*/, "/api/resend-verification-email/:email")
    .replace(/^(\/api)?\/patient\/(?!unsubscribe(?:$|\?))[^/?]*/, "$1/patient/:token")
    .slice(0, 200)

const isPatientPath = (path: string) => path.startsWith("/patient/") || path.startsWith("/api/patient/")

const declaredLength = (header: string | undefined) => {
  if (header === undefined || !/^\s*\d+\s*$/.test(header)) return undefined
  return Number(header)
}

const cacheControl = (path: string, response: HttpServerResponse.HttpServerResponse) => {
  // An answer that names its own caching keeps it: content answers and the charts revalidate with an ETag
  // (server/content/content-cache.ts, server/charts/).
  const own = response.headers["cache-control"]
  if (own !== undefined) return own
  if (path.startsWith("/api/")) return "no-store"
  // The service worker is asked for again on each visit (a 304 when unchanged), so a new build's
  // worker is found at once; the manifest and icons likewise revalidate by their ETag.
  if (path === SERVICE_WORKER_PATH) return "no-cache"
  if (path.startsWith("/assets/") && (response.status === 200 || response.status === 304))
    return "public, max-age=31536000, immutable"
  return "no-cache"
}

/**
 * A JSON answer of ~1 kB or more goes out as brotli or gzip when the client takes it (fast settings:
 * it is made per request). Answers already coded (content answers, built files) pass as they are.
 */
export const compressJson = (
  request: HttpServerRequest.HttpServerRequest,
  response: HttpServerResponse.HttpServerResponse,
): HttpServerResponse.HttpServerResponse => {
  const body = response.body
  if (
    body._tag !== "Uint8Array" ||
    !body.contentType.includes("json") ||
    body.contentLength < COMPRESS_MIN_BYTES ||
    response.headers["content-encoding"] !== undefined
  )
    return response
  const varied = HttpServerResponse.setHeader(response, "Vary", varyWith(response.headers.vary, "Accept-Encoding"))
  const coding = negotiateCoding(request.headers["accept-encoding"])
  if (coding === "identity") return varied
  const packed = compressPerRequest[coding](body.body)
  return HttpServerResponse.setHeader(
    HttpServerResponse.setBody(varied, HttpBody.uint8Array(packed, body.contentType)),
    "Content-Encoding",
    coding,
  )
}

const failureResponse = (translations: TranslationsService, path: string, cause: Cause.Cause<unknown>) =>
  Effect.gen(function* () {
    const { message } = translations
    const language = yield* requestLanguage
    const error = Cause.findErrorOption(cause)
    if (error._tag === "Some" && typeof error.value === "object" && error.value !== null && "_tag" in error.value) {
      const tag = (error.value as { _tag: string })._tag
      const reason = (error.value as { reason?: { _tag?: string } }).reason?._tag
      if (tag === "RouteNotFound" || reason === "RouteNotFound") return yield* notFoundAnswer(translations)
      if (reason === "RequestParseError") {
        return yield* HttpServerResponse.json({ message: message("validationFailed", language) }, { status: 400 })
      }
    }
    const correlationId = randomUUID()
    yield* Effect.logError(`Unhandled failure on ${redactPath(path)} [${correlationId}]`, cause)
    return yield* HttpServerResponse.json(
      { _tag: "ServerError", message: message("serverError", language), correlationId },
      { status: 500 },
    )
  }).pipe(Effect.orDie)

export const ResponsePolicy = HttpRouter.middleware(
  Effect.gen(function* () {
    const { appOrigin } = yield* ServerConfig
    const translations = yield* Translations
    const headers: Record<string, string> = appOrigin.startsWith("https://")
      ? { ...SECURITY_HEADERS, "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY }
      : SECURITY_HEADERS
    return (
      httpEffect: Effect.Effect<HttpServerResponse.HttpServerResponse, unknown, HttpServerRequest.HttpServerRequest>,
    ) =>
      Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        const path = request.url.split("?")[0] ?? "/"
        const length = declaredLength(request.headers["content-length"])
        const limit = maxBodyBytesOf(path)
        const response =
          length !== undefined && length > limit
            ? // Refused on the declared length alone: not one byte of the body is read.
              yield* requestLanguage.pipe(
                Effect.flatMap((language) =>
                  HttpServerResponse.json(
                    { message: translations.message("payloadTooLarge", language) },
                    { status: 413, headers: { Connection: "close" } },
                  ),
                ),
                Effect.orDie,
              )
            : yield* httpEffect.pipe(
                Effect.catchCause((cause) =>
                  Cause.hasInterrupts(cause) ? Effect.failCause(cause) : failureResponse(translations, path, cause),
                ),
                Effect.provideService(HttpIncomingMessage.MaxBodySize, ByteSize.bytes(limit)),
              )
        return HttpServerResponse.setHeaders(compressJson(request, response), {
          ...headers,
          "Cache-Control": cacheControl(path, response),
          // A patient's link is private: never indexed, wherever it was pasted.
          ...(isPatientPath(path) ? { "X-Robots-Tag": "noindex, nofollow" } : {}),
        })
      })
  }),
  { global: true },
)
