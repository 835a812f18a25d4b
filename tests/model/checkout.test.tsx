// Model-based test of choosing a plan and paying (xstate/graph), walked through the real app's
// upgrade modal against msw: preselection, selecting, a failed and a successful checkout (which
// leaves for the provider's page), and the sign-out confirmation.
import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { createMachine } from "xstate"
import { createTestModel } from "xstate/graph"
import type { Plan } from "../../src/domain/billing/plans.ts"
import { API, dashboard, renderApp, server } from "../ui/support/render-app.tsx"

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

const checkoutModel = createMachine({
  id: "checkout",
  initial: "home",
  states: {
    home: { on: { "upgrade.open": "yearlySelected" } },
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
    confirmingSignOut: { on: { "signOut.cancel": "yearlySelected" } },
    atProvider: {},
  },
})

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe("checkout (model-based)", () => {
  const paths = createTestModel(checkoutModel).getShortestPaths()

  it("walks through every state of the model", () => {
    const reached = new Set(paths.flatMap((p) => [...p.steps.map((s) => String(s.state.value)), String(p.state.value)]))
    expect([...reached].sort()).toEqual(Object.keys(checkoutModel.config.states ?? {}).sort())
  })

  for (const path of paths) {
    it(path.description, async () => {
      let outcome: "fail" | "succeed" = "succeed"
      const requested: Array<string> = []
      server.use(
        http.get(`${API}/api/dashboard`, () => HttpResponse.json(dashboard)),
        http.get(`${API}/api/plan-list`, () => HttpResponse.json(plans)),
        http.post(`${API}/api/stripe-checkout`, async ({ request }) => {
          requested.push(((await request.json()) as { price_id: string }).price_id)
          return outcome === "succeed"
            ? HttpResponse.json({ data: "https://pay.example.test/session/123" })
            : HttpResponse.json(
                { _tag: "ServerError", message: "Checkout unavailable", correlationId: "c1" },
                { status: 500 },
              )
        }),
      )
      const user = userEvent.setup()
      const { reloads } = await renderApp("/", { signedIn: true })
      await screen.findByRole("heading", { level: 1, name: /Welcome back/ })
      const dialog = () => screen.getByRole("dialog", { name: "Upgrade to Jingluo Pro" })
      const radio = (name: RegExp) => within(dialog()).getByRole("radio", { name })

      await path.test({
        states: {
          home: async () => {
            await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
            expect(screen.getByRole("button", { name: "Upgrade to Pro" })).toBeInTheDocument()
          },
          yearlySelected: async () => {
            await waitFor(() => expect(radio(/Yearly/)).toBeChecked())
            expect(radio(/Monthly/)).not.toBeChecked()
            const radios = within(dialog()).getAllByRole("radio")
            expect(radios[0]).toBe(radio(/Yearly/))
            expect(within(dialog()).getByText("Best value")).toBeInTheDocument()
          },
          monthlySelected: () => {
            expect(radio(/Monthly/)).toBeChecked()
          },
          checkoutFailed: async () => {
            const region = screen.getByRole("region", { name: /Notifications/ })
            expect(await within(region).findByText("Checkout unavailable, c1")).toBeInTheDocument()
            expect(radio(/Yearly/)).toBeChecked()
          },
          confirmingSignOut: () => {
            expect(within(dialog()).getByText("Do you want to sign out?")).toBeInTheDocument()
          },
          atProvider: async () => {
            await waitFor(() => expect(reloads).toEqual(["https://pay.example.test/session/123"]))
            expect(requested.at(-1)).toMatch(/^pro-(yearly|monthly)$/)
          },
        },
        events: {
          "upgrade.open": async () => {
            await user.click(screen.getByRole("button", { name: "Upgrade to Pro" }))
            await within(dialog()).findByRole("radio", { name: /Yearly/ })
          },
          "plan.monthly": async () => {
            await user.click(within(dialog()).getByText("Monthly", { exact: true }))
          },
          "plan.yearly": async () => {
            await user.click(within(dialog()).getByText("Yearly", { exact: true }))
          },
          "checkout.fail": async () => {
            outcome = "fail"
            await user.click(within(dialog()).getByRole("button", { name: "Continue" }))
          },
          "checkout.succeed": async () => {
            outcome = "succeed"
            const expected = (radio(/Yearly/) as HTMLInputElement).checked ? "pro-yearly" : "pro-monthly"
            await user.click(within(dialog()).getByRole("button", { name: "Continue" }))
            await waitFor(() => expect(requested.at(-1)).toBe(expected))
          },
          "signOut.request": async () => {
            await user.click(within(dialog()).getByRole("button", { name: "Sign out" }))
          },
          "signOut.cancel": async () => {
            await user.click(within(dialog()).getByRole("button", { name: "Stay signed in" }))
          },
          "modal.close": async () => {
            await user.click(within(dialog()).getByRole("button", { name: "Close" }))
          },
        },
      })
    })
  }
})
