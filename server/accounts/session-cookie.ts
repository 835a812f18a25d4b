// The session cookie the app's browser holds: set by every sign-in that opens a session, cleared by
// sign-out, by the end of the account and by a 401. HttpOnly (no script reads it), SameSite=Lax (a
// cross-site POST does not carry it), Secure when the public origin is https, and it lives as long
// as the session. It holds the session token itself, so the server knows the caller from it alone.
// Every answer to a call the cookie signed in sets it again for the rest of its session, so a cookie
// an earlier version of the app wrote (readable by scripts) becomes HttpOnly on the next call.
import { Clock, Duration, Effect } from "effect"
import type { HttpServerRequest } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import type { SignedInUser } from "../../src/domain/account/user.ts"
import { SessionCookie } from "../../src/domain/api/middleware.ts"
import { SESSION_COOKIE_MAX_AGE_SECONDS } from "../../src/domain/shared/cookies.ts"

export interface SessionCookies {
  /** Sets the cookie on this request's answer, for a whole session's lifetime. */
  readonly set: (token: string) => Effect.Effect<void, never, HttpServerRequest.HttpServerRequest>
  /** Sets the cookie of a live session again, with these attributes, for the rest of its lifetime. */
  readonly renew: (token: string, expiresAt: Date) => Effect.Effect<void, never, HttpServerRequest.HttpServerRequest>
  /** Clears the cookie in the browser (Max-Age=0) with this request's answer. */
  readonly clear: Effect.Effect<void, never, HttpServerRequest.HttpServerRequest>
  /**
   * A sign-in's answer: the cookie set, and the token in the body only for an API client that
   * asked for it; the app's answer holds none.
   */
  readonly signedIn: (
    user: SignedInUser,
    tokenInBody: boolean,
  ) => Effect.Effect<SignedInUser, never, HttpServerRequest.HttpServerRequest>
}

export const sessionCookies = (appOrigin: string): SessionCookies => {
  const options = { httpOnly: true, secure: appOrigin.startsWith("https:"), sameSite: "lax", path: "/" } as const
  const setFor = (token: string, seconds: number) =>
    HttpApiBuilder.securitySetCookie(SessionCookie, token, { ...options, maxAge: Duration.seconds(seconds) })
  const set = (token: string) => setFor(token, SESSION_COOKIE_MAX_AGE_SECONDS)
  return {
    set,
    renew: (token, expiresAt) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) =>
        setFor(token, Math.max(0, Math.floor((expiresAt.getTime() - now) / 1000))),
      ),
    clear: HttpApiBuilder.securitySetCookie(SessionCookie, "", { ...options, maxAge: Duration.zero }),
    signedIn: ({ token, ...user }, tokenInBody) =>
      token === undefined ? Effect.succeed(user) : Effect.as(set(token), tokenInBody ? { ...user, token } : user),
  }
}
