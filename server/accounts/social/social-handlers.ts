// Handlers of the "social" group: the providers for the sign-in buttons, the provider's answer
// (read with the browser-binding cookie the start set), and the registration or proof it asked for.
import { Effect } from "effect"
import { HttpServerRequest } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../../src/domain/api/api.ts"
import { ServerConfig } from "../../platform/config/server-config.ts"
import { clientAddressOf, requestLanguage, userAgentDevice } from "../../platform/http/request-context.ts"
import { SOCIAL_BROWSER_COOKIE } from "./social-routes.ts"
import { SocialSignIn } from "./social-service.ts"

export const SocialHandlers = HttpApiBuilder.group(
  Api,
  "social",
  Effect.fn(function* (handlers) {
    const social = yield* SocialSignIn
    const { trustProxy } = yield* ServerConfig
    const caller = Effect.all({ language: requestLanguage, address: clientAddressOf(trustProxy) })
    return handlers
      .handle("providers", () => Effect.succeed({ providers: social.providers }))
      .handle("login", ({ payload }) =>
        Effect.gen(function* () {
          const request = yield* HttpServerRequest.HttpServerRequest
          return yield* social.complete(
            payload,
            request.cookies[SOCIAL_BROWSER_COOKIE],
            yield* caller,
            yield* userAgentDevice,
          )
        }),
      )
      .handle("register", ({ payload }) =>
        Effect.gen(function* () {
          return yield* social.register(payload, yield* caller, yield* userAgentDevice)
        }),
      )
      .handle("link", ({ payload }) =>
        Effect.gen(function* () {
          return yield* social.link(payload, yield* caller, yield* userAgentDevice)
        }),
      )
  }),
)
