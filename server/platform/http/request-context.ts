// What the server reads from a request besides its payload: language, client address, device.
import Bowser from "bowser"
import { Effect, Option } from "effect"
import { HttpServerRequest } from "effect/http"
import type { SignInDevice } from "../../../src/domain/account/devices.ts"
import { Viewer } from "../../../src/domain/api/middleware.ts"
import { type Viewer as ContentViewer, VISITOR } from "../../../src/domain/content/permissions.ts"
import { LOCALE_HEADER, resolveLanguage, type SelectableLanguage } from "../../../src/domain/shared/locales.ts"
import type { TrustProxy } from "../config/server-config.ts"
import { clientAddressResolver } from "./client-address.ts"
import { placeOfAddress } from "./client-place.ts"

export const requestLanguage: Effect.Effect<SelectableLanguage, never, HttpServerRequest.HttpServerRequest> =
  Effect.map(HttpServerRequest.HttpServerRequest, (request) =>
    resolveLanguage(request.headers[LOCALE_HEADER] ?? request.headers["accept-language"]),
  )

/** Who asks for content (a visitor, or a member with a plan) and in which language. */
export interface ContentCaller {
  readonly viewer: ContentViewer
  readonly language: SelectableLanguage
}

/** The caller of an endpoint behind the optional authentication. */
export const contentCaller: Effect.Effect<ContentCaller, never, Viewer | HttpServerRequest.HttpServerRequest> =
  Effect.gen(function* () {
    const { session } = yield* Viewer
    const language = yield* requestLanguage
    return { viewer: session ? { _tag: "Member", planId: session.planId } : VISITOR, language }
  })

/** The client's address under the server's TRUST_PROXY setting (see client-address.ts). */
export const clientAddressOf = (
  trust: TrustProxy,
): Effect.Effect<string, never, HttpServerRequest.HttpServerRequest> => {
  const resolve = clientAddressResolver(trust)
  return Effect.map(HttpServerRequest.HttpServerRequest, (request) =>
    resolve(Option.getOrUndefined(request.remoteAddress), request.headers["x-forwarded-for"]),
  )
}

const DEVICE_NAME_MAX = 100

/**
 * "Chrome 120 on Linux" from a User-Agent, read by the maintained `bowser` parser; the registered
 * devices page shows it so a learner recognises their own sign-ins.
 */
export const deviceNameFromUserAgent = (userAgent: string | undefined): string => {
  const ua = (userAgent ?? "").slice(0, 1000)
  if (ua.trim().length === 0) return "Unknown browser"
  const { browser, os } = Bowser.parse(ua)
  const major = browser.version?.split(".")[0]
  const name = browser.name
    ? major
      ? `${browser.name} ${major}`
      : browser.name
    : /jingluo/i.test(ua)
      ? "Jingluo app"
      : "Unknown browser"
  const system = os.name ? (os.versionName ? `${os.name} ${os.versionName}` : os.name) : null
  return (system ? `${name} on ${system}` : name).slice(0, DEVICE_NAME_MAX)
}

/** A new sign-in's device: its readable name and the rough place of its address (client-place.ts). */
export const signInDevice = (
  trust: TrustProxy,
): Effect.Effect<SignInDevice, never, HttpServerRequest.HttpServerRequest> =>
  Effect.map(
    Effect.all({ request: HttpServerRequest.HttpServerRequest, address: clientAddressOf(trust) }),
    ({ request, address }) => ({
      name: deviceNameFromUserAgent(request.headers["user-agent"]),
      place: placeOfAddress(address),
    }),
  )
