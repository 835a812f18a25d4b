// Implements the contract's Authentication (a live session is required) and OptionalAuthentication
// (visitors pass as nobody) over the Auth service. The session comes from `Authorization: Bearer`
// (API clients, and the app's one-time login token) or else from the HttpOnly session cookie.
import { Effect, Layer, Option, Redacted } from "effect"
import { HttpServerRequest } from "effect/http"
import { Authentication, CurrentSession, OptionalAuthentication, Viewer } from "../../src/domain/api/middleware.ts"
import { COOKIE_TOKEN } from "../../src/domain/shared/cookies.ts"
import { ServerConfig } from "../platform/config/server-config.ts"
import { requestLanguage } from "../platform/http/request-context.ts"
import { Auth } from "./auth-service.ts"
import { sessionCookies } from "./session-cookie.ts"

export const AuthenticationLive = Layer.effect(
  Authentication,
  Effect.gen(function* () {
    const auth = yield* Auth
    const cookies = sessionCookies((yield* ServerConfig).appOrigin)
    const authenticate = (token: string) =>
      Effect.flatMap(requestLanguage, (language) => auth.authenticate(token, language))
    return Authentication.of({
      bearer: (httpEffect, { credential }) =>
        Effect.flatMap(authenticate(Redacted.value(credential)), (session) =>
          Effect.provideService(httpEffect, CurrentSession, session),
        ),
      cookie: (httpEffect, { credential }) => {
        const token = Redacted.value(credential)
        return authenticate(token).pipe(
          // A cookie whose session has ended leaves the browser with this 401; a live one is set
          // again as it is set today (HttpOnly even where an earlier version of the app wrote it).
          Effect.tapError(() => (token === "" ? Effect.void : cookies.clear)),
          Effect.tap((session) => cookies.renew(token, session.expiresAt)),
          Effect.flatMap((session) => Effect.provideService(httpEffect, CurrentSession, session)),
        )
      },
    })
  }),
)

const bearerToken = (header: string | undefined) => {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? "")
  return match?.[1]?.trim()
}

export const OptionalAuthenticationLive = Layer.effect(
  OptionalAuthentication,
  Effect.gen(function* () {
    const auth = yield* Auth
    return OptionalAuthentication.of((httpEffect) =>
      Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        // The bearer first, as for required sessions, then the cookie.
        const byBearer = yield* auth.identify(bearerToken(request.headers.authorization))
        const found = Option.isSome(byBearer) ? byBearer : yield* auth.identify(request.cookies[COOKIE_TOKEN])
        // An unknown or expired token makes a visitor: content calls never answer 401.
        const session = Option.match(found, {
          onNone: () => null,
          onSome: ({ userId, uuid, planId }) => ({ userId, uuid, planId }),
        })
        return yield* Effect.provideService(httpEffect, Viewer, { session })
      }),
    )
  }),
)
