// The built-in checkout page that stands in for the payment provider locally. It takes no money and
// says so first; it offers the test cards, pay (or start the trial) and cancel. Its words are in
// locales/*/checkout.json; German says "du", as the app does.
import type { PlanPrice } from "../../src/domain/billing/plan-schema.ts"
import { formatPrice, TRIAL_DAYS } from "../../src/domain/billing/plans.ts"
import type { SelectableLanguage } from "../../src/domain/shared/locales.ts"
import { escapeHtml, ICON_LINK } from "../platform/http/html.ts"
import type { TranslationsService } from "../platform/i18n/translations.ts"
import { LOCAL_CARDS } from "./local-provider.ts"

type Translate = TranslationsService["t"]

const page = (language: string, title: string, body: string) => `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${ICON_LINK}
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

/** A checkout that was completed, cancelled or replaced: the way back to the app. */
export const closedCheckoutPage = (t: Translate, language: SelectableLanguage, appOrigin: string) =>
  page(
    language,
    t(language, "checkout:closedTitle"),
    `<h1>${escapeHtml(t(language, "checkout:closedTitle"))}</h1><p>${escapeHtml(t(language, "checkout:closedText"))}</p><p><a href="${escapeHtml(appOrigin)}/">${escapeHtml(t(language, "checkout:back"))}</a></p>`,
  )

/** An open checkout: the test-mode notice, the plan and its price, the test cards, pay or cancel. */
export const openCheckoutPage = (
  t: Translate,
  language: SelectableLanguage,
  checkout: { readonly id: string; readonly price: PlanPrice; readonly trial: boolean },
) => {
  const say = (key: Parameters<Translate>[1], values?: Parameters<Translate>[2]) => escapeHtml(t(language, key, values))
  const price = formatPrice(checkout.price, language)
  const yearly = checkout.price.interval === "year"
  const action = (outcome: string) => `/checkout/${escapeHtml(checkout.id)}/${outcome}`
  const cards = Object.entries(LOCAL_CARDS)
    .map(
      ([card, info], index) =>
        `<label><input type="radio" name="card" value="${card}"${index === 0 ? " checked" : ""}> ${escapeHtml(info.label)} — ${
          info.renews ? say("checkout:cardApproves") : say("checkout:cardDeclinesRenewal")
        }</label>`,
    )
    .join("")
  const terms = checkout.trial
    ? say(yearly ? "checkout:trialYearly" : "checkout:trialMonthly", { days: TRIAL_DAYS, price })
    : say(yearly ? "checkout:noTrialYearly" : "checkout:noTrialMonthly", { price })
  return page(
    language,
    t(language, "checkout:title"),
    `<h1>${say("checkout:title")}</h1>
<section class="notice" role="note" aria-labelledby="test-mode"><h2 id="test-mode">${say("checkout:testModeTitle")}</h2>
<p>${say("checkout:testModeText")}</p></section>
<h2>${say("checkout:plan")} · ${yearly ? say("checkout:yearly") : say("checkout:monthly")}</h2>
<p class="price">${escapeHtml(price)}</p>
<p>${terms}</p>
<form method="post" action="${action("pay")}">
<fieldset><legend>${say("checkout:card")}</legend>${cards}</fieldset>
<div class="row"><button class="pay" type="submit">${checkout.trial ? say("checkout:pay") : say("checkout:payNow")}</button>
<button class="decline" type="submit" formaction="${action("decline")}">${say("checkout:decline")}</button></div>
</form>`,
  )
}
