// HTTP routes outside the contract: the Stripe webhook (signature checked on the raw body, events
// de-duplicated by id) and the built-in checkout page that stands in for the provider locally and
// says first that it is a test mode in which no money is taken.
import { Effect, Option } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse, UrlParams } from "effect/http"
import { resolveLanguage } from "../../src/domain/shared/locales.ts"
import { ServerConfig } from "../platform/config/server-config.ts"
import { STRIPE_WEBHOOK_PATH } from "../platform/http/body-limits.ts"
import { Translations, type TranslationsService } from "../platform/i18n/translations.ts"
import { findPrice } from "./catalogue.ts"
import { closedCheckoutPage, openCheckoutPage } from "./checkout-page.ts"
import { isLocalCard } from "./local-provider.ts"
import { PaymentProvider } from "./payment-provider.ts"
import { Billing } from "./service.ts"

const languageOf = Effect.map(HttpServerRequest.HttpServerRequest, (request) =>
  resolveLanguage(request.cookies.language ?? request.headers["accept-language"]),
)

type Deps = {
  readonly billing: Billing["Service"]
  readonly config: ServerConfig["Service"]
  readonly provider: PaymentProvider["Service"]
  readonly t: TranslationsService["t"]
}

const checkoutPage = ({ billing, config, t }: Deps) =>
  Effect.gen(function* () {
    const { id = "" } = yield* HttpRouter.params
    const language = yield* languageOf
    const checkout = yield* billing.localCheckout(id)
    const found = Option.isSome(checkout) ? findPrice(billing.plans, checkout.value.priceId) : undefined
    if (Option.isNone(checkout) || !found) {
      return HttpServerResponse.text(t(language, "checkout:notFound"), { status: 404 })
    }
    return HttpServerResponse.html(
      checkout.value.open
        ? openCheckoutPage(t, language, { id, price: found.price, trial: checkout.value.trial })
        : closedCheckoutPage(t, language, config.appOrigin),
    )
  })

const complete = ({ billing, config }: Deps, outcome: "pay" | "decline") =>
  Effect.gen(function* () {
    const { id = "" } = yield* HttpRouter.params
    const request = yield* HttpServerRequest.HttpServerRequest
    const form = yield* Effect.orElseSucceed(request.urlParamsBody, () => UrlParams.empty)
    const card = Option.getOrElse(UrlParams.getFirst(form, "card"), () => "4242")
    const result = yield* billing.completeLocalCheckout(
      id,
      outcome === "pay" && isLocalCard(card) ? { _tag: "Pay", card } : { _tag: "Decline" },
    )
    const target = result === "completed" ? "/payment-success" : "/payment-failure"
    return HttpServerResponse.redirect(`${config.appOrigin}${target}?checkout=${encodeURIComponent(id)}`, {
      status: 303,
    })
  })

const webhook = ({ billing, provider }: Deps) =>
  Effect.gen(function* () {
    if (provider.kind !== "stripe") return yield* HttpServerResponse.json({ message: "Not found" }, { status: 404 })
    const request = yield* HttpServerRequest.HttpServerRequest
    const raw = yield* Effect.orElseSucceed(request.text, () => "")
    const event = yield* provider.verifyWebhook(raw, request.headers["stripe-signature"] ?? "")
    if (event === undefined) return yield* HttpServerResponse.json({ message: "Invalid signature" }, { status: 400 })
    const result = yield* billing.handleProviderEvent(event)
    return yield* HttpServerResponse.json({ received: true, result })
  }).pipe(Effect.orDie)

// The services are resolved once when the routes are built, so each request needs only itself.
export const BillingRoutes = HttpRouter.use((router) =>
  Effect.gen(function* () {
    const deps: Deps = {
      billing: yield* Billing,
      config: yield* ServerConfig,
      provider: yield* PaymentProvider,
      t: (yield* Translations).t,
    }
    yield* router.add("GET", "/checkout/:id", checkoutPage(deps))
    yield* router.add("POST", "/checkout/:id/pay", complete(deps, "pay"))
    yield* router.add("POST", "/checkout/:id/decline", complete(deps, "decline"))
    yield* router.add("POST", STRIPE_WEBHOOK_PATH, webhook(deps))
  }),
)
