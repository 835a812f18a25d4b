// Global policy for every response, API or app: security headers (a CSP without inline scripts,
// nosniff, referrer policy, frame-ancestors 'none'), cache rules for the built app, a JSON 404 for
// unknown API paths, and a JSON 500 with a correlation id for anything that still fails.
import { randomUUID } from "node:crypto"
import { ByteSize, Cause, Effect } from "effect"
import { HttpIncomingMessage, HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { message } from "../i18n/messages.ts"
import { requestLanguage } from "./request-context.ts"
import { MAX_BODY_BYTES } from "./request-guard.ts"

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

const cacheControl = (path: string, response: HttpServerResponse.HttpServerResponse) => {
  if (path.startsWith("/api/")) return "no-store"
  if (path.startsWith("/assets/") && response.status === 200) return "public, max-age=31536000, immutable"
  return "no-cache"
}

const failureResponse = (path: string, cause: Cause.Cause<unknown>) =>
  Effect.gen(function* () {
    const language = yield* requestLanguage
    const error = Cause.findErrorOption(cause)
    if (error._tag === "Some" && typeof error.value === "object" && error.value !== null && "_tag" in error.value) {
      const tag = (error.value as { _tag: string })._tag
      const reason = (error.value as { reason?: { _tag?: string } }).reason?._tag
      if (tag === "RouteNotFound" || reason === "RouteNotFound") {
        return yield* HttpServerResponse.json({ message: message("notFound", language) }, { status: 404 })
      }
      if (reason === "RequestParseError") {
        return yield* HttpServerResponse.json({ message: message("validationFailed", language) }, { status: 400 })
      }
    }
    const correlationId = randomUUID()
    yield* Effect.logError(`Unhandled failure on ${path} [${correlationId}]`, cause)
    return yield* HttpServerResponse.json(
      { _tag: "ServerError", message: message("serverError", language), correlationId },
      { status: 500 },
    )
  }).pipe(Effect.orDie)

export const ResponsePolicy = HttpRouter.middleware(
  (httpEffect) =>
    Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const path = request.url.split("?")[0] ?? "/"
      const response = yield* httpEffect.pipe(
        Effect.catchCause((cause) =>
          Cause.hasInterrupts(cause) ? Effect.failCause(cause) : failureResponse(path, cause),
        ),
        Effect.provideService(HttpIncomingMessage.MaxBodySize, ByteSize.bytes(MAX_BODY_BYTES)),
      )
      return HttpServerResponse.setHeaders(response, {
        ...SECURITY_HEADERS,
        "Cache-Control": cacheControl(path, response),
      })
    }),
  { global: true },
)
