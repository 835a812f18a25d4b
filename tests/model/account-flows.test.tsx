// Model-based test of account entry (xstate/graph): a small abstract machine of what a user can see
// — registration, verification, sign-in, password reset and sign-out — whose shortest paths are
// each walked through the real app (machines, ApiClient, views) against an in-memory API (msw).
import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { createMachine } from "xstate"
import { createTestModel } from "xstate/graph"
import type { RegisterResponse } from "../../src/domain/account/registration.ts"
import type { SignedInUser } from "../../src/domain/account/user.ts"
import type { Plan } from "../../src/domain/billing/plans.ts"
import type { EmailNotVerified, InvalidCredentials, ValidationFailed } from "../../src/domain/shared/errors.ts"
import { API, dashboard, renderApp, server, signedInUser } from "../ui/support/render-app.tsx"

const EMAIL = "mei@example.com"
const PASSWORD = "lotus7root"
const NEW_PASSWORD = "bamboo9grove"
const CODE = "4321"

/**
 * What the user can observe, and what they can do from there. A Standard user who signs in meets
 * the payment modal once (§2), and dismisses it — by its close button or by Escape.
 */
const accountModel = createMachine({
  id: "account",
  initial: "visitorHome",
  states: {
    visitorHome: { on: { "register.open": "registerForm", "login.open": "loginForm" } },
    registerForm: { on: { "register.submitEmpty": "registerErrors", "register.submit": "verifyPending" } },
    registerErrors: { on: { "register.submit": "verifyPending" } },
    verifyPending: { on: { "verification.enterCode": "verified" } },
    verified: { on: { "login.open": "loginForm" } },
    loginForm: {
      on: { "login.submitWrong": "loginRejected", "login.submit": "paymentOffer", "reset.open": "resetRequest" },
    },
    loginRejected: { on: { "login.submit": "paymentOffer" } },
    resetRequest: { on: { "reset.submitEmail": "resetCode" } },
    resetCode: { on: { "reset.submitCode": "resetDone" } },
    resetDone: { on: { "login.submitNewPassword": "paymentOffer" } },
    paymentOffer: { on: { "offer.close": "signedIn", "offer.escape": "signedIn" } },
    signedIn: { on: { "logout.request": "logoutConfirm" } },
    logoutConfirm: { on: { "logout.cancel": "signedIn", "logout.confirm": "signedOut" } },
    signedOut: {},
  },
})

/** An in-memory account service for one path. */
const makeBackend = () => {
  const account = { registered: false, verified: false, password: PASSWORD }
  // The model's sign-in paths start from an existing, verified account unless they register first.
  const existing = () =>
    account.registered ? account : { registered: true, verified: true, password: account.password }
  let current = existing()
  return [
    http.post(`${API}/api/register`, async ({ request }) => {
      const body = (await request.json()) as { email: string }
      Object.assign(account, { registered: true, verified: false })
      current = account
      return HttpResponse.json({
        message: "ok",
        uuid: signedInUser.uuid,
        email: body.email,
      } satisfies typeof RegisterResponse.Encoded)
    }),
    http.get(`${API}/api/verify-email/:uuid/:code`, ({ params }) => {
      if (params.code !== CODE) {
        return HttpResponse.json(
          {
            _tag: "ValidationFailed",
            message: "x",
            errors: { code: "validation.codeInvalid" },
          } satisfies typeof ValidationFailed.Encoded,
          { status: 422 },
        )
      }
      current.verified = true
      return HttpResponse.json({ message: "verified" })
    }),
    http.post(`${API}/api/login`, async ({ request }) => {
      const body = (await request.json()) as { email: string; password: string }
      if (body.email !== EMAIL || body.password !== current.password) {
        return HttpResponse.json(
          { _tag: "InvalidCredentials", message: "Invalid credentials" } satisfies typeof InvalidCredentials.Encoded,
          { status: 422 },
        )
      }
      if (!current.verified)
        return HttpResponse.json(
          { _tag: "EmailNotVerified", message: "verify", email: EMAIL } satisfies typeof EmailNotVerified.Encoded,
          { status: 403 },
        )
      // Like the server: the session goes into an HttpOnly cookie; the app's answer holds no token.
      return HttpResponse.json(signedInUser satisfies typeof SignedInUser.Encoded)
    }),
    http.post(`${API}/api/logout`, () => HttpResponse.json({ message: "bye" })),
    http.get(`${API}/api/plan-list`, () =>
      HttpResponse.json([
        { id: 3, name: "Pro", prices: [{ price_id: "pro-yearly", interval: "year", unit_amt: 4999, currency: "gbp" }] },
      ] satisfies ReadonlyArray<typeof Plan.Encoded>),
    ),
    http.get(`${API}/api/dashboard`, () => HttpResponse.json(dashboard)),
    http.post(`${API}/api/forgot-password/email`, () => HttpResponse.json({ message: "sent" })),
    http.post(`${API}/api/password/reset`, async ({ request }) => {
      const body = (await request.json()) as { code: string; password: string }
      if (body.code !== CODE) {
        return HttpResponse.json(
          {
            _tag: "ValidationFailed",
            message: "x",
            errors: { code: "validation.codeInvalid" },
          } satisfies typeof ValidationFailed.Encoded,
          { status: 422 },
        )
      }
      current.password = body.password
      return HttpResponse.json({ message: "changed" })
    }),
  ]
}

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const heading = (name: string | RegExp) => screen.findByRole("heading", { level: 1, name })
const header = () => within(screen.getByRole("banner"))

const login = async (user: ReturnType<typeof userEvent.setup>, password: string) => {
  const email = await screen.findByRole("textbox", { name: "E-mail" })
  await user.clear(email)
  await user.type(email, EMAIL)
  const field = screen.getByLabelText("Password", { exact: true })
  await user.clear(field)
  await user.type(field, password)
  await user.click(screen.getByRole("button", { name: "Log in" }))
}

const model = createTestModel(accountModel)

describe("account flows (model-based)", () => {
  const paths = model.getShortestPaths()

  it("walks through every state the model has", () => {
    const reached = new Set(
      paths.flatMap((p) => [...p.steps.map((step) => String(step.state.value)), String(p.state.value)]),
    )
    expect([...reached].sort()).toEqual(Object.keys(accountModel.config.states ?? {}).sort())
  })

  for (const path of paths) {
    it(path.description, async () => {
      server.use(...makeBackend())
      const user = userEvent.setup()
      await renderApp("/")
      await path.test({
        states: {
          visitorHome: async () => {
            expect(await heading("Learn the acupuncture channels and points")).toBeInTheDocument()
            expect(header().getByRole("link", { name: "Sign up" })).toBeInTheDocument()
          },
          registerForm: async () => {
            expect(await heading("Create your account")).toBeInTheDocument()
          },
          registerErrors: async () => {
            expect(await screen.findByRole("textbox", { name: "E-mail" })).toHaveAccessibleDescription(
              "This field is required",
            )
            expect(
              screen.getByRole("checkbox", { name: "I accept the terms and conditions" }),
            ).toHaveAccessibleDescription("Please accept the terms and conditions")
          },
          verifyPending: async () => {
            expect(await heading("Verify your e-mail address")).toBeInTheDocument()
            expect(
              screen.getByText(
                `We sent a verification mail to ${EMAIL}. Open the link in it, or enter the code from the mail here.`,
              ),
            ).toBeInTheDocument()
          },
          verified: async () => {
            expect(await heading("E-mail address verified")).toBeInTheDocument()
          },
          loginForm: async () => {
            expect(await heading("Log in")).toBeInTheDocument()
          },
          loginRejected: async () => {
            expect(await screen.findByRole("alert")).toHaveTextContent("Invalid credentials")
          },
          resetRequest: async () => {
            expect(await heading("Reset your password")).toBeInTheDocument()
            expect(screen.getByRole("button", { name: "Send code" })).toBeInTheDocument()
          },
          resetCode: async () => {
            expect(await screen.findByRole("heading", { name: "Enter the code and your new password" })).toHaveFocus()
          },
          resetDone: async () => {
            expect(await heading("Password changed")).toBeInTheDocument()
          },
          paymentOffer: async () => {
            const dialog = await screen.findByRole("dialog", { name: "Upgrade to Jingluo Pro" })
            expect(within(dialog).getByRole("heading", { name: "Try Pro free for 7 days" })).toBeInTheDocument()
            expect(window.location.pathname).toBe("/")
          },
          signedIn: async () => {
            await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
            expect(await heading("Welcome back, Mei")).toBeInTheDocument()
            expect(header().getByRole("button", { name: "Sign out" })).toBeInTheDocument()
          },
          logoutConfirm: async () => {
            expect(await screen.findByText("Do you want to sign out?")).toBeInTheDocument()
            expect(screen.getByRole("button", { name: "Yes, sign out" })).toHaveFocus()
          },
          signedOut: async () => {
            expect(await heading("Log in")).toBeInTheDocument()
            expect(header().getByRole("link", { name: "Sign up" })).toBeInTheDocument()
            expect(document.cookie).not.toContain("userdata=")
          },
        },
        events: {
          "register.open": async () => {
            await user.click(header().getByRole("link", { name: "Sign up" }))
          },
          "register.submitEmpty": async () => {
            await user.click(await screen.findByRole("button", { name: "Create account" }))
          },
          "register.submit": async () => {
            const email = await screen.findByRole("textbox", { name: "E-mail" })
            await user.type(email, EMAIL)
            await user.type(screen.getByRole("textbox", { name: "First name" }), "Mei")
            await user.type(screen.getByRole("textbox", { name: "Last name" }), "Chen")
            await user.type(screen.getByLabelText("Password", { exact: true }), PASSWORD)
            await user.type(screen.getByLabelText("Confirm password"), PASSWORD)
            await user.click(screen.getByRole("checkbox", { name: "I accept the terms and conditions" }))
            await user.click(screen.getByRole("button", { name: "Create account" }))
          },
          "verification.enterCode": async () => {
            const code = await screen.findByRole("textbox", { name: "Code" })
            await user.type(code, CODE)
            await user.click(screen.getByRole("button", { name: "Verify" }))
          },
          "login.open": async () => {
            const links = screen.queryAllByRole("link", { name: "Log in" })
            await user.click(links.at(-1)!)
          },
          "login.submitWrong": async () => login(user, "wrong1pass"),
          "login.submit": async () => login(user, PASSWORD),
          "login.submitNewPassword": async () => {
            await waitFor(() => expect(window.location.pathname).toBe("/login"), { timeout: 4000 })
            await login(user, NEW_PASSWORD)
          },
          "reset.open": async () => {
            await user.click(await screen.findByRole("link", { name: "Forgot your password?" }))
          },
          "reset.submitEmail": async () => {
            await user.type(await screen.findByRole("textbox", { name: "E-mail" }), EMAIL)
            await user.click(screen.getByRole("button", { name: "Send code" }))
          },
          "reset.submitCode": async () => {
            await user.type(await screen.findByRole("textbox", { name: "Code" }), CODE)
            await user.type(screen.getByLabelText("New password", { exact: true }), NEW_PASSWORD)
            await user.type(screen.getByLabelText("Confirm password"), NEW_PASSWORD)
            await user.click(screen.getByRole("button", { name: "Set new password" }))
          },
          "offer.close": async () => {
            await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Close" }))
          },
          "offer.escape": async () => {
            await user.keyboard("{Escape}")
          },
          "logout.request": async () => {
            await user.click(header().getByRole("button", { name: "Sign out" }))
          },
          "logout.cancel": async () => {
            await user.click(screen.getByRole("button", { name: "Stay signed in" }))
          },
          "logout.confirm": async () => {
            await user.click(screen.getByRole("button", { name: "Yes, sign out" }))
          },
        },
      })
    })
  }
})
