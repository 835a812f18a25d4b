// HTTP routes outside the contract: the Stripe webhook (signature checked on the raw body, events
// de-duplicated by id) and the built-in checkout page that stands in for the provider locally and
// says first that it is a test mode in which no money is taken.
import { Effect, Option } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse, UrlParams } from "effect/http"
import { formatPrice, TRIAL_DAYS } from "../../src/domain/billing/plans.ts"
import { resolveLanguage } from "../../src/domain/shared/locales.ts"
import { ServerConfig } from "../platform/config/server-config.ts"
import { escapeHtml } from "../platform/http/html.ts"
import { findPrice } from "./catalogue.ts"
import { checkoutCopy } from "./checkout-page.ts"
import { isLocalCard, LOCAL_CARDS, PaymentProvider } from "./payment-provider.ts"
import { Billing } from "./service.ts"

const page = (language: string, title: string, body: string) => `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f6f8;color:#1d2a27;margin:0;padding:24px}
main{max-width:460px;margin:0 auto;background:#fff;border:1px solid #d9dfd9;border-radius:12px;padding:24px}
h1{font-size:1.4rem;margin-top:0}.notice{background:#fff7e6;border:2px solid #b7791f;padding:10px 12px;border-radius:8px}
.notice h2{font-size:1.05rem;margin:0 0 .3em}.notice p{margin:0}
.price{font-size:1.6rem;font-weight:700;margin:.2em 0}fieldset{border:1px solid #d9dfd9;border-radius:8px;margin:16px 0;padding:8px 12px}
label{display:block;padding:6px 0}button{font:inherit;font-weight:600;min-height:44px;padding:10px 18px;border-radius:8px;border:1px solid #0f5c4d;cursor:pointer}
.pay{background:#0f5c4d;color:#fff}.decline{background:#fff;color:#0a4238}.row{display:flex;gap:12px;flex-wrap:wrap;margin-top:12px}
:focus-visible{outline:3px solid #1f6feb;outline-offset:2px}a{color:#0a4238}
</style></head><body><main>${body}</main></body></html>`

const languageOf = Effect.map(HttpServerRequest.HttpServerRequest, (request) =>
  resolveLanguage(request.cookies.language ?? request.headers["accept-language"]),
)

type Deps = {
  readonly billing: Billing["Service"]
  readonly config: ServerConfig["Service"]
  readonly provider: PaymentProvider["Service"]
}

const checkoutPage = ({ billing, config }: Deps) =>
  Effect.gen(function* () {
    const { id = "" } = yield* HttpRouter.params
    const language = yield* languageOf
    const copy = checkoutCopy[language]
    const checkout = yield* billing.localCheckout(id)
    const found = Option.isSome(checkout) ? findPrice(billing.plans, checkout.value.priceId) : undefined
    if (Option.isNone(checkout) || !found) return HttpServerResponse.text("Not found", { status: 404 })
    if (!checkout.value.open) {
      return HttpServerResponse.html(
        page(
          language,
          copy.closedTitle,
          `<h1>${escapeHtml(copy.closedTitle)}</h1><p>${escapeHtml(copy.closedText)}</p><p><a href="${escapeHtml(config.appOrigin)}/">${escapeHtml(copy.back)}</a></p>`,
        ),
      )
    }
    const price = formatPrice(found.price)
    const action = (outcome: string) => `/checkout/${escapeHtml(id)}/${outcome}`
    const cards = Object.entries(LOCAL_CARDS)
      .map(
        ([card, info], index) =>
          `<label><input type="radio" name="card" value="${card}"${index === 0 ? " checked" : ""}> ${escapeHtml(info.label)} — ${escapeHtml(
            info.renews ? copy.cardApproves : copy.cardDeclinesRenewal,
          )}</label>`,
      )
      .join("")
    return HttpServerResponse.html(
      page(
        language,
        copy.title,
        `<h1>${escapeHtml(copy.title)}</h1>
<section class="notice" role="note" aria-labelledby="test-mode"><h2 id="test-mode">${escapeHtml(copy.testModeTitle)}</h2>
<p>${escapeHtml(copy.testModeText)}</p></section>
<h2>${escapeHtml(copy.plan)} · ${escapeHtml(found.price.interval === "year" ? copy.yearly : copy.monthly)}</h2>
<p class="price">${escapeHtml(price)}</p>
<p>${escapeHtml(
          checkout.value.trial
            ? copy.trial(TRIAL_DAYS, price, found.price.interval)
            : copy.noTrial(price, found.price.interval),
        )}</p>
<form method="post" action="${action("pay")}">
<fieldset><legend>${escapeHtml(copy.card)}</legend>${cards}</fieldset>
<div class="row"><button class="pay" type="submit">${escapeHtml(checkout.value.trial ? copy.pay : copy.payNow)}</button>
<button class="decline" type="submit" formaction="${action("decline")}">${escapeHtml(copy.decline)}</button></div>
</form>`,
      ),
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
    const result = yield* billing.handleStripeEvent(event)
    return yield* HttpServerResponse.json({ received: true, result })
  }).pipe(Effect.orDie)

// The services are resolved once when the routes are built, so each request needs only itself.
export const BillingRoutes = HttpRouter.use((router) =>
  Effect.gen(function* () {
    const deps: Deps = { billing: yield* Billing, config: yield* ServerConfig, provider: yield* PaymentProvider }
    yield* router.add("GET", "/checkout/:id", checkoutPage(deps))
    yield* router.add("POST", "/checkout/:id/pay", complete(deps, "pay"))
    yield* router.add("POST", "/checkout/:id/decline", complete(deps, "decline"))
    yield* router.add("POST", "/api/stripe/webhook", webhook(deps))
  }),
)
