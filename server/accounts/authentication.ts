// Implements the contract's Authentication (a valid bearer session is required) and
// OptionalAuthentication (visitors pass as nobody) over the Auth service.
import { Effect, Layer, Option, Redacted } from "effect"
import { HttpServerRequest } from "effect/http"
import { Authentication, CurrentSession, OptionalAuthentication, Viewer } from "../../src/domain/api/middleware.ts"
import { requestLanguage } from "../platform/http/request-context.ts"
import { Auth } from "./auth-service.ts"

export const AuthenticationLive = Layer.effect(
  Authentication,
  Effect.gen(function* () {
    const auth = yield* Auth
    return Authentication.of({
      bearer: (httpEffect, { credential }) =>
        Effect.gen(function* () {
          const language = yield* requestLanguage
          const session = yield* auth.authenticate(Redacted.value(credential), language)
          return yield* Effect.provideService(httpEffect, CurrentSession, session)
        }),
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
        const found = yield* auth.identify(bearerToken(request.headers.authorization))
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
