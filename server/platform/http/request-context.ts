// What the server reads from a request besides its payload: language, client address, device.
import { Effect, Option } from "effect"
import { HttpServerRequest } from "effect/http"
import { LOCALE_HEADER, resolveLanguage, type SelectableLanguage } from "../../../src/domain/shared/locales.ts"
import type { TrustProxy } from "../config/server-config.ts"
import { clientAddressResolver } from "./client-address.ts"

export const requestLanguage: Effect.Effect<SelectableLanguage, never, HttpServerRequest.HttpServerRequest> =
  Effect.map(HttpServerRequest.HttpServerRequest, (request) =>
    resolveLanguage(request.headers[LOCALE_HEADER] ?? request.headers["accept-language"]),
  )

/** The client's address under the server's TRUST_PROXY setting (see client-address.ts). */
export const clientAddressOf = (
  trust: TrustProxy,
): Effect.Effect<string, never, HttpServerRequest.HttpServerRequest> => {
  const resolve = clientAddressResolver(trust)
  return Effect.map(HttpServerRequest.HttpServerRequest, (request) =>
    resolve(Option.getOrUndefined(request.remoteAddress), request.headers["x-forwarded-for"]),
  )
}

/** "Chrome on Linux" from a User-Agent; good enough to recognise one's own devices. */
export const deviceNameFromUserAgent = (userAgent: string | undefined): string => {
  const ua = userAgent ?? ""
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : /jingluo/i.test(ua)
            ? "Jingluo app"
            : "Browser"
  const os = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad|iPod/.test(ua)
      ? "iOS"
      : /Mac OS X|Macintosh/.test(ua)
        ? "macOS"
        : /Windows/.test(ua)
          ? "Windows"
          : /Linux/.test(ua)
            ? "Linux"
            : "unknown system"
  return `${browser} on ${os}`
}

export const userAgentDevice: Effect.Effect<string, never, HttpServerRequest.HttpServerRequest> = Effect.map(
  HttpServerRequest.HttpServerRequest,
  (request) => deviceNameFromUserAgent(request.headers["user-agent"]),
)
