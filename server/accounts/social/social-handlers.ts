// Handlers of the "social" group: the providers for the sign-in buttons, the provider's answer
// (read with the browser-binding cookie the start set), and the registration or proof it asked for.
// A sign-in here always happens in a browser, so its session is the cookie alone, never a body token.
import { Effect } from "effect"
import { HttpServerRequest } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../../src/domain/api/api.ts"
import { ServerConfig } from "../../platform/config/server-config.ts"
import { clientAddressOf, requestLanguage, signInDevice } from "../../platform/http/request-context.ts"
import { sessionCookies } from "../session-cookie.ts"
import { SOCIAL_BROWSER_COOKIE } from "./social-routes.ts"
import { SocialSignIn } from "./social-service.ts"

export const SocialHandlers = HttpApiBuilder.group(
  Api,
  "social",
  Effect.fn(function* (handlers) {
    const social = yield* SocialSignIn
    const { trustProxy, appOrigin } = yield* ServerConfig
    const cookies = sessionCookies(appOrigin)
    const caller = Effect.all({ language: requestLanguage, address: clientAddressOf(trustProxy) })
    return handlers
      .handle("providers", () => Effect.succeed({ providers: social.providers }))
      .handle("login", ({ payload }) =>
        Effect.gen(function* () {
          const request = yield* HttpServerRequest.HttpServerRequest
          const result = yield* social.complete(
            payload,
            request.cookies[SOCIAL_BROWSER_COOKIE],
            yield* caller,
            yield* signInDevice(trustProxy),
          )
          return "step" in result ? result : yield* cookies.signedIn(result, false)
        }),
      )
      .handle("register", ({ payload }) =>
        Effect.gen(function* () {
          const user = yield* social.register(payload, yield* caller, yield* signInDevice(trustProxy))
          return yield* cookies.signedIn(user, false)
        }),
      )
      .handle("link", ({ payload }) =>
        Effect.gen(function* () {
          const user = yield* social.link(payload, yield* caller, yield* signInDevice(trustProxy))
          return yield* cookies.signedIn(user, false)
        }),
      )
  }),
)
