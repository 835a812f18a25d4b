// The browser's redirects of social sign-in, outside the contract: the start sends the browser to
// the provider (and sets the HttpOnly cookie that binds the attempt to this browser); the callback
// is our redirect URI at the providers (GET, or POST for providers that answer with form_post) and
// hands the provider's answer on to the app's callback page, which completes it with
// `POST api/social-login`. Unknown providers, or none configured, answer a JSON 404; a client
// starting sign-ins faster than its bucket allows (LIMITS.socialStartsPerClient) a 429 with Retry-After.
import { Effect, Option } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse, UrlParams } from "effect/http"
import { RETURN_PARAM, safeReturnPath } from "../../../src/domain/account/return-path.ts"
import {
  SOCIAL_ATTEMPT_MINUTES,
  SOCIAL_CALLBACK_PAGE,
  SOCIAL_CALLBACK_ROUTE,
  SOCIAL_PROVIDER_ID_PATTERN,
} from "../../../src/domain/account/social-sign-in.ts"
import { TooManyRequests } from "../../../src/domain/shared/errors.ts"
import { ServerConfig } from "../../platform/config/server-config.ts"
import { notFoundAnswer, tooManyRequestsAnswer } from "../../platform/http/answers.ts"
import { clientAddressOf, requestLanguage } from "../../platform/http/request-context.ts"
import { Translations } from "../../platform/i18n/translations.ts"
import { SocialSignIn } from "./social-service.ts"

/** The cookie that binds a started sign-in to the browser that started it. */
export const SOCIAL_BROWSER_COOKIE = "jingluo_social"

/** What the callback passes on to the app's page: the provider's answer, nothing else. */
const PASSED_ON = ["code", "state", "iss", "error"] as const

export const SocialRoutes = HttpRouter.use((router) =>
  Effect.gen(function* () {
    const social = yield* SocialSignIn
    const { appOrigin, trustProxy } = yield* ServerConfig
    const translations = yield* Translations
    const notFound = notFoundAnswer(translations)
    const secure = appOrigin.startsWith("https:") ? "; Secure" : ""
    const toPage = (params: URLSearchParams) =>
      HttpServerResponse.redirect(`${appOrigin}${SOCIAL_CALLBACK_PAGE}?${params}`, {
        status: 303,
        headers: { "cache-control": "no-store", "referrer-policy": "no-referrer" },
      })

    const start = Effect.gen(function* () {
      const { provider = "" } = yield* HttpRouter.params
      if (!SOCIAL_PROVIDER_ID_PATTERN.test(provider)) return yield* notFound
      const request = yield* HttpServerRequest.HttpServerRequest
      const next = new URL(request.url, appOrigin).searchParams.get(RETURN_PARAM)
      const returnTo = safeReturnPath(next)
      const caller = { language: yield* requestLanguage, address: yield* clientAddressOf(trustProxy) }
      const started = yield* Effect.result(
        social.start(provider, returnTo === SOCIAL_CALLBACK_PAGE ? null : returnTo, caller),
      )
      if (started._tag === "Failure") {
        if (started.failure === "UnknownProvider") return yield* notFound
        if (started.failure instanceof TooManyRequests) return yield* tooManyRequestsAnswer(started.failure)
        return toPage(new URLSearchParams({ error: "temporarily_unavailable" }))
      }
      return HttpServerResponse.redirect(started.success.url, {
        status: 302,
        headers: {
          "cache-control": "no-store",
          "set-cookie": `${SOCIAL_BROWSER_COOKIE}=${started.success.browserToken}; Path=/api; Max-Age=${SOCIAL_ATTEMPT_MINUTES * 60}; HttpOnly; SameSite=Lax${secure}`,
        },
      })
    })

    const callback = Effect.gen(function* () {
      if (social.providers.length === 0) return yield* notFound
      const request = yield* HttpServerRequest.HttpServerRequest
      const query = new URL(request.url, appOrigin).searchParams
      const form =
        request.method === "POST"
          ? yield* Effect.orElseSucceed(request.urlParamsBody, () => UrlParams.empty)
          : UrlParams.empty
      const read = (name: string) =>
        Option.getOrUndefined(UrlParams.getFirst(form, name)) ?? query.get(name) ?? undefined
      const params = new URLSearchParams()
      for (const name of PASSED_ON) {
        const value = read(name)
        if (value !== undefined && value.length <= 2000) params.set(name, value)
      }
      const state = params.get("state")
      // Apple posts the user's name beside the code, once; it is kept server-side, never passed on.
      if (state && request.method === "POST")
        yield* social.keepPostedName(state, Option.getOrUndefined(UrlParams.getFirst(form, "user")))
      const returnTo = state ? yield* social.returnPathOf(state) : null
      if (returnTo) params.set(RETURN_PARAM, returnTo)
      return toPage(params)
    })

    yield* router.add("GET", "/api/social/:provider/start", start.pipe(Effect.orDie))
    yield* router.add("GET", SOCIAL_CALLBACK_ROUTE, callback.pipe(Effect.orDie))
    yield* router.add("POST", SOCIAL_CALLBACK_ROUTE, callback.pipe(Effect.orDie))
  }),
)
