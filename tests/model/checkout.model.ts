// Model of choosing a plan and paying (§2 upgrade modal, §4): the modal opens with Yearly
// preselected (or says the plans could not be loaded, and tries again), the user switches plans, a
// checkout that fails (the server's error in a toast), one that succeeds (the app leaves for the
// provider's page with the chosen price), and the sign-out question asked, taken back and
// answered — by mouse and by keyboard.
import assert from "node:assert/strict"
import { HttpResponse, http } from "msw"
import { createMachine } from "xstate"
import type { Plan } from "../../src/domain/billing/plan-schema.ts"
import { API, dashboard } from "../ui/support/api-data.ts"
import type { Matcher, Ui } from "./support/driver.ts"
import { defineModel } from "./support/model.ts"
import { press, tabTo } from "./support/steps.ts"

interface Facts {
  /** Where the provider's payment page is (msw's made-up one, or the server's test-mode page). */
  readonly provider: RegExp
}

type PriceId = "pro-yearly" | "pro-monthly"

interface Ctx {
  readonly facts: Facts
  /** The price the user has chosen, as the model knows it. */
  selected: PriceId
}

const machine = createMachine({
  id: "checkout",
  initial: "home",
  states: {
    home: { on: { "upgrade.open": "yearlySelected", "upgrade.openFailing": "plansFailed" } },
    plansFailed: { on: { "plans.retry": "yearlySelected" } },
    yearlySelected: {
      on: {
        "plan.monthly": "monthlySelected",
        "checkout.fail": "checkoutFailed",
        "checkout.succeed": "atProvider",
        "signOut.request": "confirmingSignOut",
        "modal.close": "home",
      },
    },
    monthlySelected: { on: { "plan.yearly": "yearlySelected", "checkout.succeed": "atProvider" } },
    checkoutFailed: { on: { "checkout.succeed": "atProvider" } },
    confirmingSignOut: { on: { "signOut.cancel": "yearlySelected", "signOut.confirm": "signedOut" } },
    atProvider: {},
    signedOut: {},
  },
})

const plans = [
  {
    id: 3,
    name: "Pro",
    prices: [
      { price_id: "pro-monthly", interval: "month", unit_amt: 599, currency: "gbp" },
      { price_id: "pro-yearly", interval: "year", unit_amt: 4999, currency: "gbp" },
    ],
  },
] satisfies ReadonlyArray<typeof Plan.Encoded>

const PROVIDER_PAGE = "https://pay.example.test/session/123"
const FAILURE = { _tag: "ServerError", message: "Checkout unavailable", correlationId: "c1" }
const PLANS_FAILURE = { _tag: "ServerError", message: "Plans unavailable", correlationId: "c2" }

const dialog = (ui: Ui) => ui.role("dialog", { name: "Upgrade to Jingluo Pro" })
const radio = (ui: Ui, name: Matcher) => dialog(ui).role("radio", { name })
const button = (ui: Ui, name: string) => dialog(ui).role("button", { name })

/** A plan card chosen: a click on its label, or the arrow keys from the selected card. */
const choose = (plan: "Monthly" | "Yearly", arrow: "ArrowDown" | "ArrowUp") => ({
  mouse: async (ui: Ui, ctx: Ctx) => {
    await dialog(ui).text(plan).click()
    ctx.selected = plan === "Monthly" ? "pro-monthly" : "pro-yearly"
  },
  keyboard: async (ui: Ui, ctx: Ctx) => {
    await tabTo(ui, radio(ui, plan === "Monthly" ? /Yearly/ : /Monthly/))
    await ui.keyboard.press(arrow)
    ctx.selected = plan === "Monthly" ? "pro-monthly" : "pro-yearly"
  },
})

const continueToCheckout = async (ui: Ui) => press(ui, button(ui, "Continue"))

export default defineModel<Facts, Ctx>({
  id: "checkout",
  title: "Choosing a plan and paying",
  machine,
  inputs: ["mouse", "keyboard"],
  path: "/",
  covers: ["checkout", "upgradeModal"],
  skips: {
    "checkout choosing checkout.start [isVisitor]": "a visitor meets checkout on /pricing, not in this signed-in flow",
    "checkout creating error.createCheckout [isFieldFailure]": "an unknown price cannot be chosen in the UI",
    "upgradeModal closed upgrade.offer": "the offer after a sign-in is walked by tests/model/account-flows.test.tsx",
    "upgradeModal open upgrade.open": "a locked item opening the modal over the open modal is not reachable here",
    "upgradeModal closed upgrade.offerLite [liteNotOfferedYet]":
      "a locked page offering Pro once a session is walked by tests/e2e/browse.spec.ts and the machine's tests",
  },
  context: (facts) => ({ facts, selected: "pro-yearly" }),
  ready: (ui) => ui.expect(ui.role("heading", { level: 1, name: /Welcome back/ })).toBeVisible(),
  states: {
    home: {
      means: "the dashboard with no dialog, and the floating “Upgrade to Pro” button",
      check: async (ui) => {
        await ui.expect(ui.role("dialog")).toHaveCount(0)
        await ui.expect(ui.role("button", { name: "Upgrade to Pro" })).toBeVisible()
      },
    },
    yearlySelected: {
      means: "the upgrade modal with Yearly checked, first, marked “Best value”",
      check: async (ui) => {
        await ui.expect(radio(ui, /Yearly/)).toBeChecked()
        await ui.expect(radio(ui, /Monthly/)).not.toBeChecked()
        await ui.expect(dialog(ui).role("radio").nth(0)).toHaveAccessibleName(/Yearly/)
        await ui.expect(dialog(ui).text("Best value")).toBeVisible()
      },
    },
    plansFailed: {
      means: "the modal says the plans could not be loaded and offers to try again",
      check: async (ui) => {
        await ui.expect(dialog(ui).role("alert")).toHaveText("Something went wrong. Please try again.")
        await ui.expect(button(ui, "Try again")).toBeVisible()
        await ui.expect(dialog(ui).role("radio")).toHaveCount(0)
      },
    },
    monthlySelected: {
      means: "the upgrade modal with Monthly checked",
      check: (ui) => ui.expect(radio(ui, /Monthly/)).toBeChecked(),
    },
    checkoutFailed: {
      means: "the server's message and correlation id in a toast; Yearly still checked",
      check: async (ui) => {
        const toasts = ui.role("region", { name: /Notifications/ })
        await ui.expect(toasts.text("Checkout unavailable, c1")).toBeVisible()
        await ui.expect(radio(ui, /Yearly/)).toBeChecked()
      },
    },
    confirmingSignOut: {
      means: "the modal asks “Do you want to sign out?”",
      check: (ui) => ui.expect(dialog(ui).text("Do you want to sign out?")).toBeVisible(),
    },
    signedOut: {
      means: "signed out, on the login page",
      // The toast saying so shows for the one second before the app leaves for /login, which a
      // busy browser may miss: tests/e2e/subscriptions.spec.ts checks it right after the click.
      check: async (ui) => {
        await ui.eventually(async () => assert.equal((await ui.location()).pathname, "/login"))
        await ui.expect(ui.role("heading", { level: 1, name: "Log in" })).toBeVisible()
        await ui.expect(ui.role("banner").role("link", { name: "Sign up" })).toBeVisible()
      },
    },
    atProvider: {
      means: "the provider's payment page, for the price chosen",
      check: async (ui, ctx) => {
        await ui.eventually(async () => assert.match((await ui.location()).href, ctx.facts.provider))
        const sent = (await ui.network.calls("POST", "/api/stripe-checkout")).at(-1)?.body as
          | { price_id: string }
          | undefined
        assert.match(sent?.price_id ?? "", /^pro-(yearly|monthly)$/)
        assert.equal(sent?.price_id, ctx.selected)
      },
    },
  },
  events: {
    "upgrade.open": {
      means: "opens the upgrade modal from the floating button",
      run: async (ui, ctx) => {
        await press(ui, ui.role("button", { name: "Upgrade to Pro" }))
        await ui.expect(radio(ui, /Yearly/)).toBeVisible()
        ctx.selected = "pro-yearly"
      },
    },
    "upgrade.openFailing": {
      means: "opens the upgrade modal, and the plans fail to load (500)",
      run: async (ui) => {
        await ui.network.answer("GET", "/api/plan-list", { status: 500, body: PLANS_FAILURE })
        await press(ui, ui.role("button", { name: "Upgrade to Pro" }))
      },
    },
    "plans.retry": {
      means: "tries loading the plans again, and they come",
      run: async (ui, ctx) => {
        await press(ui, button(ui, "Try again"))
        ctx.selected = "pro-yearly"
      },
    },
    "plan.monthly": { means: "chooses the monthly price", ...choose("Monthly", "ArrowDown") },
    "plan.yearly": { means: "chooses the yearly price again", ...choose("Yearly", "ArrowUp") },
    "checkout.fail": {
      means: "continues, and the server fails to create the checkout (500)",
      run: async (ui) => {
        await ui.network.answer("POST", "/api/stripe-checkout", { status: 500, body: FAILURE })
        await continueToCheckout(ui)
      },
    },
    "checkout.succeed": {
      means: "continues, and the server creates the checkout",
      run: async (ui, ctx) => {
        const before = (await ui.network.calls("POST", "/api/stripe-checkout")).length
        await continueToCheckout(ui)
        await ui.eventually(async () => {
          const calls = await ui.network.calls("POST", "/api/stripe-checkout")
          assert.ok(calls.length > before, "the checkout was asked for")
          const sent = calls.at(-1)?.body as { price_id: string } | undefined
          assert.equal(sent?.price_id, ctx.selected)
        })
      },
    },
    "signOut.request": {
      means: "asks to sign out from the modal",
      run: (ui) => press(ui, button(ui, "Sign out")),
    },
    "signOut.cancel": {
      means: "stays signed in",
      run: (ui) => press(ui, button(ui, "Stay signed in")),
    },
    "signOut.confirm": {
      means: "answers yes, sign out",
      run: (ui) => press(ui, button(ui, "Yes, sign out")),
    },
    "modal.close": {
      means: "closes the modal (its close button, or Escape)",
      mouse: (ui) => button(ui, "Close").click(),
      keyboard: async (ui) => {
        // Focus is inside the modal (Chromium keeps it there when a button it was on goes away;
        // jsdom drops it on the page, and a keyboard user then Tabs back in).
        await tabTo(ui, dialog(ui), { into: true })
        await ui.keyboard.press("Escape")
      },
    },
  },
  jsdom: {
    facts: { provider: new RegExp(`^${PROVIDER_PAGE.replace(/[.]/g, "\\.")}$`) },
    signedIn: true,
    handlers: () => [
      http.get(`${API}/api/dashboard`, () => HttpResponse.json(dashboard)),
      http.get(`${API}/api/plan-list`, () => HttpResponse.json(plans)),
      http.post(`${API}/api/stripe-checkout`, () => HttpResponse.json({ data: PROVIDER_PAGE })),
      http.post(`${API}/api/logout`, () => HttpResponse.json({ message: "bye" })),
    ],
  },
  browser: {
    facts: { provider: /\/checkout\/[0-9a-f-]{36}$/ },
    user: "standard",
  },
})
