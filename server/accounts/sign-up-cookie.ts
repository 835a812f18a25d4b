// The cookie that tells the browser that registered an address from every other one. Every
// registration's answer sets it to a new random value (the sign-up keeps only its SHA-256, and the
// answer looks the same for a known and a new address); a verification reads it, and clears it once
// the address is verified. HttpOnly and SameSite=Lax like the session's, sent only to /api, and it
// lives SIGN_UP_BROWSER_HOURS: it only spares the registrant typing their password a second time.
import { Duration, Effect } from "effect"
import { HttpEffect, HttpServerRequest, HttpServerResponse } from "effect/http"
import { SIGN_UP_BROWSER_HOURS } from "../../src/domain/account/email-verification.ts"

export const SIGN_UP_COOKIE = "jingluo_sign_up"

export const signUpCookie = (appOrigin: string) => {
  const options = { httpOnly: true, secure: appOrigin.startsWith("https:"), sameSite: "lax", path: "/api" } as const
  const setFor = (value: string, seconds: number) =>
    HttpEffect.appendPreResponseHandler((_request, response) =>
      Effect.orDie(
        HttpServerResponse.setCookie(response, SIGN_UP_COOKIE, value, {
          ...options,
          maxAge: Duration.seconds(seconds),
        }),
      ),
    )
  return {
    /** The value this request's browser holds, if any. */
    read: Effect.map(HttpServerRequest.HttpServerRequest, (request) => request.cookies[SIGN_UP_COOKIE]),
    set: (value: string) => setFor(value, SIGN_UP_BROWSER_HOURS * 3600),
    clear: setFor("", 0),
  }
}
