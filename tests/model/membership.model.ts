// Model of My membership (§2, §4, §6): a Pro member opens the page from the settings navigation
// (or it fails to load, and loads on a second try), sees the trial, and cancels it on the website
// after the question (or keeps it, or the cancellation fails); a member who subscribed in the App
// Store is sent to the store's subscription page in a new tab instead — by mouse and by keyboard.
// The real server knows only card subscriptions: the browser run turns its answer into an App
// Store one on the network, as msw answers it in jsdom.
import assert from "node:assert/strict"
import { HttpResponse, http } from "msw"
import { createMachine } from "xstate"
import { STORE_SUBSCRIPTION_URLS } from "../../src/domain/billing/plans.ts"
import type { SubscriptionView } from "../../src/domain/billing/subscription.ts"
import { API, dashboard } from "../ui/support/api-data.ts"
import { dashboardHandler, onPage, openSettingsPage, serverFailure, toastSays } from "./support/account-steps.ts"
import type { Target, Ui } from "./support/driver.ts"
import { defineModel } from "./support/model.ts"
import { press } from "./support/steps.ts"

const machine = createMachine({
  id: "membership",
  initial: "elsewhere",
  states: {
    elsewhere: {
      on: {
        "membership.open": "trial",
        "membership.openFailing": "loadFailed",
        "membership.openFromStore": "storeTrial",
      },
    },
    loadFailed: { on: { "membership.retry": "trial" } },
    trial: { on: { "cancel.request": "asking" } },
    asking: {
      on: { "cancel.dismiss": "trial", "cancel.confirm": "cancelled", "cancel.confirmFailing": "cancelFailed" },
    },
    cancelFailed: { on: { "cancel.request": "asking" } },
    cancelled: {},
    storeTrial: { on: { "store.manage": "atStore" } },
    atStore: {},
  },
})

/** The member's subscription as the server holds it. */
const serverSubscription = async (ui: Ui): Promise<SubscriptionView> => {
  const { status, body } = await ui.api.request("GET", "/api/subscription")
  assert.equal(status, 200)
  const { subscription } = body as { readonly subscription: SubscriptionView | null }
  assert.ok(subscription, "the member has a subscription")
  return subscription
}

const facts = (ui: Ui) => ui.role("main").css("dl.facts")
const cancelButton = (ui: Ui) => ui.role("button", { name: "Cancel subscription" })
const storeButton = (ui: Ui) => ui.role("button", { name: "Manage in the app store" })
const question = (ui: Ui) => ui.role("alertdialog", { name: /^Cancel your subscription\? Pro stays open until / })
const answer = (ui: Ui, name: string): Target => question(ui).role("button", { name })

/** The Pro facts the page lists, with the status and platform given. */
const showsPro = async (ui: Ui, status: string, platform: string) => {
  await onPage(ui, "My membership")
  await ui.expect(facts(ui)).toHaveText(new RegExp(`^Plan\\s*Pro\\s*Status\\s*${status}`))
  await ui.expect(facts(ui)).toHaveText(`Paid through${platform}`)
  await ui.expect(facts(ui)).toHaveText("Price")
}

/** A card trial as the server holds it, not cancelled. */
const cardTrial = async (ui: Ui) => {
  const subscription = await serverSubscription(ui)
  assert.equal(subscription.status, "trialing")
  assert.equal(subscription.payment_platform, "card")
  return subscription
}

/** msw's side: a Pro member in a card trial, cancelled as the real server cancels it. */
const fakeServer = () => {
  let subscription: typeof SubscriptionView.Encoded = {
    plan_id: 3,
    plan_name: "Pro",
    status: "trialing",
    cancel_at_period_end: false,
    trial_ends_at: "2026-04-02T09:00:00.000Z",
    current_period_end: "2026-04-02T09:00:00.000Z",
    price: { price_id: "pro-yearly", interval: "year", unit_amt: 4999, currency: "gbp" },
    payment_platform: "card",
  }
  return [
    dashboardHandler(() => ({
      user_profile: { ...dashboard.user_profile, purchased_subscription: true },
      user_subscription: { plan_name: "Pro", plan_id: 3 },
      payment_platform: "card",
      user_subscription_cancelled: subscription.cancel_at_period_end ? 1 : 0,
    })),
    http.get(`${API}/api/subscription`, () => HttpResponse.json({ subscription })),
    http.post(`${API}/api/cancel/subscription`, () => {
      subscription = { ...subscription, cancel_at_period_end: true }
      return HttpResponse.json({ message: "Cancelled.", subscription })
    }),
  ]
}

export default defineModel<null, null>({
  id: "membership",
  title: "My membership and cancelling",
  machine,
  inputs: ["mouse", "keyboard"],
  path: "/account-settings/change-my-password",
  covers: ["membership"],
  skips: {
    "membership showing membership.reload": "the page offers to load again only after loading failed",
  },
  context: () => null,
  ready: (ui) => onPage(ui, "Change password"),
  states: {
    elsewhere: {
      means: "another settings page (Change password), with the settings navigation",
      check: (ui) => ui.expect(facts(ui)).toHaveCount(0),
    },
    loadFailed: {
      means: "the page says something went wrong, offers to try again, and shows no plan",
      check: async (ui) => {
        await onPage(ui, "My membership")
        await ui.expect(ui.role("main").role("alert")).toHaveText("Something went wrong. Please try again.")
        await ui.expect(ui.role("button", { name: "Try again" })).toBeVisible()
        await ui.expect(facts(ui)).toHaveCount(0)
        await ui.expect(ui.role("main").role("button", { name: "Upgrade to Pro" })).toHaveCount(0)
      },
    },
    trial: {
      means: "Pro in its free trial, paid by card on the website, and “Cancel subscription”",
      check: async (ui) => {
        await cardTrial(ui)
        await showsPro(ui, "Free trial", "Card on the website")
        await ui.expect(facts(ui)).toHaveText("Trial ends")
        await ui.expect(cancelButton(ui)).toBeEnabled()
        await ui.expect(ui.role("alertdialog")).toHaveCount(0)
      },
    },
    asking: {
      means: "the question whether to cancel, naming the day Pro ends; the cursor on “Yes, cancel”",
      check: async (ui) => {
        await ui.expect(answer(ui, "Yes, cancel")).toBeFocused()
        await ui.expect(answer(ui, "Keep my subscription")).toBeVisible()
        await ui.expect(cancelButton(ui)).toHaveCount(0)
      },
    },
    cancelFailed: {
      means: "the server's message in a toast and that something went wrong above; still a trial, cancellable",
      check: async (ui) => {
        await toastSays(ui, "Cancelling is unavailable, c9")
        await ui.expect(ui.role("main").role("alert")).toHaveText("Something went wrong. Please try again.")
        assert.equal((await cardTrial(ui)).cancel_at_period_end, false)
        await showsPro(ui, "Free trial", "Card on the website")
        await ui.expect(cancelButton(ui)).toBeEnabled()
      },
    },
    cancelled: {
      means: "the notice that it is cancelled, Pro until the period ends, no way to cancel again",
      check: async (ui) => {
        await ui
          .expect(ui.role("main").role("status"))
          .toHaveText("Your subscription is cancelled. Pro stays open until the end of the current period.")
        assert.equal((await serverSubscription(ui)).cancel_at_period_end, true)
        await showsPro(ui, "Cancelled — ends at the end of the period", "Card on the website")
        await ui.expect(facts(ui)).toHaveText("Pro until")
        await ui.expect(cancelButton(ui)).toHaveCount(0)
        await ui.expect(ui.role("main").role("button", { name: "Upgrade to Pro" })).toHaveCount(0)
      },
    },
    storeTrial: {
      means: "Pro in its trial, paid through the App Store, and “Manage in the app store” instead of cancelling",
      check: async (ui) => {
        await showsPro(ui, "Free trial", "Apple App Store")
        await ui.expect(storeButton(ui)).toBeEnabled()
        await ui.expect(cancelButton(ui)).toHaveCount(0)
      },
    },
    atStore: {
      means: "the App Store's subscriptions page in a new tab; the page unchanged, nothing asked or cancelled",
      check: async (ui) => {
        await ui.eventually(async () => assert.deepEqual(await ui.tabs(), [STORE_SUBSCRIPTION_URLS.apple]))
        await ui.expect(ui.role("alertdialog")).toHaveCount(0)
        await ui.expect(storeButton(ui)).toBeEnabled()
        assert.equal((await ui.network.calls("POST", "/api/cancel/subscription")).length, 0)
        await showsPro(ui, "Free trial", "Apple App Store")
      },
    },
  },
  events: {
    "membership.open": {
      means: "opens My membership in the settings navigation",
      run: (ui) => openSettingsPage(ui, "My membership"),
    },
    "membership.openFailing": {
      means: "opens My membership, and the subscription fails to load (500)",
      run: async (ui) => {
        await ui.network.answer("GET", "/api/subscription", serverFailure("Subscription unavailable"))
        await openSettingsPage(ui, "My membership")
      },
    },
    "membership.openFromStore": {
      means: "opens My membership of a subscription bought in the App Store",
      run: async (ui) => {
        await ui.network.patch("GET", "/api/subscription", (body) => {
          const { subscription } = body as { readonly subscription: SubscriptionView }
          return { subscription: { ...subscription, payment_platform: "apple" } }
        })
        await openSettingsPage(ui, "My membership")
      },
    },
    "membership.retry": {
      means: "tries again, and the subscription comes",
      run: (ui) => press(ui, ui.role("button", { name: "Try again" })),
    },
    "cancel.request": { means: "asks to cancel", run: (ui) => press(ui, cancelButton(ui)) },
    "cancel.dismiss": {
      means: "keeps the subscription (its button, or Escape); the cursor is back on “Cancel subscription”",
      mouse: async (ui) => {
        await answer(ui, "Keep my subscription").click()
        await ui.expect(cancelButton(ui)).toBeFocused()
      },
      keyboard: async (ui) => {
        await ui.keyboard.press("Escape")
        await ui.expect(cancelButton(ui)).toBeFocused()
      },
    },
    "cancel.confirm": { means: "answers yes, cancel", run: (ui) => press(ui, answer(ui, "Yes, cancel")) },
    "cancel.confirmFailing": {
      means: "answers yes, and the cancellation fails (500)",
      run: async (ui) => {
        await ui.network.answer("POST", "/api/cancel/subscription", serverFailure("Cancelling is unavailable"))
        await press(ui, answer(ui, "Yes, cancel"))
      },
    },
    "store.manage": { means: "manages the subscription in the app store", run: (ui) => press(ui, storeButton(ui)) },
  },
  jsdom: { facts: null, signedIn: true, handlers: () => fakeServer() },
  browser: { facts: null, user: "pro" },
})
