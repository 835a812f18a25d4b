// Model-based test of social sign-in (xstate/graph): a small abstract machine of what a user can
// see — the provider's button, coming back from the provider as a new user, as the owner of an
// existing password account, or with a forged or cancelled answer — whose shortest paths are each
// walked through the real app (machines, ApiClient, views) against an in-memory API (msw). Coming
// back from the provider is the browser arriving at /social/callback, as the server's callback sends it.
import { act, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { createMachine } from "xstate"
import { createTestModel } from "xstate/graph"
import type { SocialLoginResult } from "../../src/domain/account/social-sign-in.ts"
import type { Plan } from "../../src/domain/billing/plans.ts"
import { API, dashboard, renderApp, server, signedInUser } from "../ui/support/render-app.tsx"

const PASSWORD = "lotus7root"

const socialModel = createMachine({
  id: "social",
  initial: "loginPage",
  states: {
    loginPage: {
      on: {
        "provider.returnNewUser": "registerForm",
        "provider.returnExistingAccount": "linkForm",
        "provider.returnForged": "refused",
        "provider.cancelled": "refused",
      },
    },
    registerForm: { on: { "register.submitWithoutTerms": "registerErrors", "register.submit": "paymentOffer" } },
    registerErrors: { on: { "register.submit": "paymentOffer" } },
    linkForm: { on: { "link.submitWrong": "linkRejected", "link.submit": "paymentOffer" } },
    linkRejected: { on: { "link.submit": "paymentOffer" } },
    refused: { on: { "refused.back": "loginPage" } },
    paymentOffer: { on: { "offer.close": "signedIn" } },
    signedIn: {},
  },
})

const makeBackend = () => [
  http.get(`${API}/api/social-providers`, () => HttpResponse.json({ providers: [{ id: "local", name: "Local ID" }] })),
  http.post(`${API}/api/social-login`, async ({ request }) => {
    const { code } = (await request.json()) as { code: string }
    const answers: Record<string, typeof SocialLoginResult.Encoded> = {
      "code-new": {
        step: "register",
        ticket: "t-new",
        provider: "Local ID",
        email: "mei@example.com",
        firstName: "Mei",
        lastName: "Chen",
      },
      "code-existing": { step: "link", ticket: "t-link", provider: "Local ID", email: "mei@example.com" },
    }
    const answer = answers[code]
    return answer
      ? HttpResponse.json(answer)
      : HttpResponse.json({ _tag: "SocialSignInRefused", message: "no", reason: "state" }, { status: 422 })
  }),
  // Like the server: the session goes into an HttpOnly cookie; the answer holds no token.
  http.post(`${API}/api/social-register`, () => HttpResponse.json(signedInUser)),
  http.post(`${API}/api/social-link`, async ({ request }) => {
    const { password } = (await request.json()) as { password: string }
    return password === PASSWORD
      ? HttpResponse.json(signedInUser)
      : HttpResponse.json({ _tag: "InvalidCredentials", message: "Invalid credentials" }, { status: 422 })
  }),
  http.get(`${API}/api/dashboard`, () => HttpResponse.json(dashboard)),
  http.get(`${API}/api/plan-list`, () =>
    HttpResponse.json([
      { id: 3, name: "Pro", prices: [{ price_id: "pro-yearly", interval: "year", unit_amt: 4999, currency: "gbp" }] },
    ] satisfies ReadonlyArray<typeof Plan.Encoded>),
  ),
]

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const heading = (name: string | RegExp) => screen.findByRole("heading", { level: 1, name })

/** The provider sends the browser back: the app opens at the callback page with its answer. */
const returnFromProvider = async (query: string) => {
  const button = await screen.findByRole("link", { name: "Continue with Local ID" })
  expect(button).toHaveAttribute("href", "/api/social/local/start")
  act(() => {
    window.history.pushState(null, "", `/social/callback?${query}`)
    window.dispatchEvent(new PopStateEvent("popstate"))
  })
}

const model = createTestModel(socialModel)

describe("social sign-in flows (model-based)", () => {
  const paths = model.getShortestPaths()

  it("walks through every state the model has", () => {
    const reached = new Set(
      paths.flatMap((p) => [...p.steps.map((step) => String(step.state.value)), String(p.state.value)]),
    )
    expect([...reached].sort()).toEqual(Object.keys(socialModel.config.states ?? {}).sort())
  })

  for (const path of paths) {
    it(path.description, async () => {
      server.use(...makeBackend())
      const user = userEvent.setup()
      await renderApp("/login")
      await path.test({
        states: {
          loginPage: async () => {
            expect(await heading("Log in")).toBeInTheDocument()
            expect(await screen.findByRole("link", { name: "Continue with Local ID" })).toBeInTheDocument()
          },
          registerForm: async () => {
            expect(await heading("Create your account")).toHaveFocus()
            expect(screen.getByRole("textbox", { name: "E-mail" })).toHaveValue("mei@example.com")
            expect(screen.getByRole("textbox", { name: "Last name" })).toHaveValue("Chen")
          },
          registerErrors: async () => {
            expect(
              await screen.findByRole("checkbox", { name: "I accept the terms and conditions" }),
            ).toHaveAccessibleDescription("Please accept the terms and conditions")
          },
          linkForm: async () => {
            expect(await heading("Link your account")).toHaveFocus()
            expect(document.cookie).not.toContain("userdata=")
          },
          linkRejected: async () => {
            expect(await screen.findByRole("alert")).toHaveTextContent("Invalid credentials")
            expect(screen.getByLabelText("Password of your Jingluo account")).toHaveValue("")
          },
          refused: async () => {
            expect(await heading("Sign-in did not work")).toHaveFocus()
            expect(screen.getByRole("alert")).toBeInTheDocument()
            expect(document.cookie).not.toContain("userdata=")
          },
          paymentOffer: async () => {
            expect(await screen.findByRole("dialog", { name: "Upgrade to Jingluo Pro" })).toBeInTheDocument()
            expect(document.cookie).toContain("userdata=")
            expect(document.cookie).not.toContain("token=")
          },
          signedIn: async () => {
            await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
            expect(await heading("Welcome back, Mei")).toBeInTheDocument()
            expect(window.location.pathname).toBe("/")
          },
        },
        events: {
          "provider.returnNewUser": () => returnFromProvider("code=code-new&state=s1"),
          "provider.returnExistingAccount": () => returnFromProvider("code=code-existing&state=s2"),
          "provider.returnForged": () => returnFromProvider("code=stolen&state=forged"),
          "provider.cancelled": () => returnFromProvider("error=access_denied&state=s3"),
          "register.submitWithoutTerms": async () => {
            await user.click(await screen.findByRole("button", { name: "Create account" }))
          },
          "register.submit": async () => {
            const terms = await screen.findByRole("checkbox", { name: "I accept the terms and conditions" })
            if (!(terms as HTMLInputElement).checked) await user.click(terms)
            await user.click(screen.getByRole("button", { name: "Create account" }))
          },
          "link.submitWrong": async () => {
            await user.type(await screen.findByLabelText("Password of your Jingluo account"), "wrong9pass{Enter}")
          },
          "link.submit": async () => {
            const field = await screen.findByLabelText("Password of your Jingluo account")
            await user.clear(field)
            await user.type(field, PASSWORD)
            await user.click(screen.getByRole("button", { name: "Link and sign in" }))
          },
          "refused.back": async () => {
            await user.click(screen.getByRole("link", { name: "Back to sign-in" }))
          },
          "offer.close": async () => {
            await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Close" }))
          },
        },
      })
    })
  }
})
