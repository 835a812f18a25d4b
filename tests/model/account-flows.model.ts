// Model of coming in and going out (§2, §4): a visitor registers (an empty form turned back first),
// verifies the address with the mailed code and signs in; or signs in to an existing account
// (a wrong password first), or resets a forgotten password with the mailed code and signs in with
// the new one; a Standard user meets the payment offer once and dismisses it; signing out asks
// first and can be taken back — by mouse and by keyboard. Codes are read from the mails the server
// sent; the browser run starts with a verified account made through the API.
import assert from "node:assert/strict"
import { HttpResponse, http } from "msw"
import { createMachine } from "xstate"
import type { ResetPasswordPayload } from "../../src/domain/account/password-reset.ts"
import type { RegisterPayload } from "../../src/domain/account/registration.ts"
import type { Plan } from "../../src/domain/billing/plan-schema.ts"
import { API, dashboard, signedInUser } from "../ui/support/api-data.ts"
import {
  codeIn,
  createAccount,
  freshAddress,
  newMail,
  onLoginSignedOut,
  onPage,
  PASSWORD,
  refused,
  serverFailure,
  signedOutOnServer,
  submitWith,
  typeInto,
  typeUnlessThere,
  unauthorized,
} from "./support/account-steps.ts"
import type { Ui } from "./support/driver.ts"
import { defineModel, type Outbox } from "./support/model.ts"
import { press, tabTo } from "./support/steps.ts"

interface Facts {
  /** A fresh address for `label` (the browser's database outlives a path). */
  readonly address: (label: string) => string
}

interface Ctx {
  /** The address the path registers. */
  readonly newEmail: string
  /** The account the path signs in to: an existing one, or the one it registers. */
  email: string
  password: string
  firstName: string
  /** The code of the newest mail the path acts on. */
  code: string | null
}

const machine = createMachine({
  id: "account",
  initial: "visitorHome",
  states: {
    visitorHome: { on: { "register.open": "registerForm", "login.open": "loginForm" } },
    registerForm: { on: { "register.submitEmpty": "registerErrors" } },
    registerErrors: { on: { "register.submitFailing": "registerFailed" } },
    registerFailed: { on: { "register.submit": "verifyPending" } },
    verifyPending: { on: { "verification.enterCode": "verified" } },
    verified: { on: { "login.open": "loginForm" } },
    loginForm: { on: { "login.submitWrong": "loginRejected", "reset.open": "resetRequest" } },
    loginRejected: { on: { "login.submit": "paymentOffer" } },
    resetRequest: { on: { "reset.submitEmail": "resetCode" } },
    resetCode: { on: { "reset.submitCode": "resetDone" } },
    resetDone: { on: { "login.submit": "paymentOffer" } },
    paymentOffer: { on: { "offer.close": "signedIn" } },
    signedIn: { on: { "logout.request": "logoutConfirm" } },
    logoutConfirm: { on: { "logout.cancel": "signedIn", "logout.confirm": "signedOut" } },
    signedOut: {},
  },
})

const NEW_PASSWORD = "bamboo9grove"
const REGISTERED_NAME = "Mei"
const header = (ui: Ui) => ui.role("banner")
const textbox = (ui: Ui, name: string) => ui.role("textbox", { name })
const terms = (ui: Ui) => ui.role("checkbox", { name: "I accept the terms and conditions" })
const offer = (ui: Ui) => ui.role("dialog", { name: "Upgrade to Jingluo Pro" })

/** The sign-in form filled in the walk's way with the path's account and `password`, and sent. */
const signIn = async (ui: Ui, ctx: Ctx, password: string) => {
  await typeInto(ui, textbox(ui, "E-mail"), ctx.email)
  await typeInto(ui, ui.label(/^Password$/), password)
  await submitWith(ui, ui.role("button", { name: "Log in" }))
}

/** The sign-up form filled in the walk's way (what is typed already stays), the terms accepted. */
const fillRegistration = async (ui: Ui, ctx: Ctx) => {
  ctx.email = ctx.newEmail
  ctx.firstName = REGISTERED_NAME
  await typeUnlessThere(ui, textbox(ui, "E-mail"), ctx.email)
  await typeUnlessThere(ui, textbox(ui, "First name"), REGISTERED_NAME)
  await typeUnlessThere(ui, textbox(ui, "Last name"), "Chen")
  await typeUnlessThere(ui, ui.label(/^Password$/), PASSWORD)
  await typeUnlessThere(ui, ui.label("Confirm password"), PASSWORD)
  if (await terms(ui).checked()) return
  if (ui.input === "mouse") await terms(ui).click()
  else {
    await tabTo(ui, terms(ui))
    await ui.keyboard.press("Space")
  }
}

/** msw's side: the accounts, their codes and the one signed in, kept as the real server keeps them. */
const fakeServer = (outbox: Outbox) => {
  const CODE = "4321"
  const accounts = new Map([[dashboard.user_profile.email, { password: PASSWORD, verified: true, firstName: "Ada" }]])
  let signedIn: string | null = null
  const profile = (email: string) => ({ email, first_name: accounts.get(email)?.firstName ?? "" })
  return [
    http.post(`${API}/api/register`, async ({ request }) => {
      const body = (await request.json()) as typeof RegisterPayload.Encoded
      accounts.set(body.email, { password: body.password, verified: false, firstName: body.firstName })
      outbox.send({
        to: body.email,
        purpose: "verify-email",
        subject: "Verify your e-mail address for Jingluo",
        text: `Open http://localhost/verify-email?user=${signedInUser.uuid}&token=t1\nor enter this code:\n${CODE}\n`,
      })
      return HttpResponse.json({ message: "Check your mail.", uuid: signedInUser.uuid, email: body.email })
    }),
    http.get(`${API}/api/verify-email/:uuid/:code`, ({ params }) => {
      if (params.code !== CODE) return refused({ code: "validation.codeInvalid" })
      for (const account of accounts.values()) account.verified = true
      // The browser that registered: no password step.
      return HttpResponse.json({ message: "Your e-mail address is verified.", passwordNeeded: false })
    }),
    http.post(`${API}/api/login`, async ({ request }) => {
      const body = (await request.json()) as { email: string; password: string }
      const account = accounts.get(body.email)
      if (!account || account.password !== body.password || !account.verified)
        return HttpResponse.json({ _tag: "InvalidCredentials", message: "Invalid credentials" }, { status: 422 })
      signedIn = body.email
      // Like the server: the session goes into an HttpOnly cookie; the answer holds no token.
      return HttpResponse.json({ ...signedInUser, ...profile(body.email) })
    }),
    http.post(`${API}/api/logout`, () => {
      signedIn = null
      return HttpResponse.json({ message: "You have been logged out." })
    }),
    http.get(`${API}/api/dashboard`, () =>
      signedIn
        ? HttpResponse.json({ ...dashboard, user_profile: { ...dashboard.user_profile, ...profile(signedIn) } })
        : unauthorized(),
    ),
    http.get(`${API}/api/plan-list`, () =>
      HttpResponse.json([
        { id: 3, name: "Pro", prices: [{ price_id: "pro-yearly", interval: "year", unit_amt: 4999, currency: "gbp" }] },
      ] satisfies ReadonlyArray<typeof Plan.Encoded>),
    ),
    http.post(`${API}/api/forgot-password/email`, async ({ request }) => {
      const { email } = (await request.json()) as { email: string }
      outbox.send({ to: email, purpose: "reset-password", subject: "Your code", text: `Your code:\n${CODE}\n` })
      return HttpResponse.json({ message: "If an account exists, a code is on its way." })
    }),
    http.post(`${API}/api/password/reset`, async ({ request }) => {
      const body = (await request.json()) as typeof ResetPasswordPayload.Encoded
      const account = accounts.get(body.email)
      if (body.code !== CODE || !account) return refused({ code: "validation.codeInvalid" })
      account.password = body.password
      return HttpResponse.json({ message: "Your password has been changed." })
    }),
  ]
}

export default defineModel<Facts, Ctx>({
  id: "account-flows",
  title: "Registering, signing in, resetting the password and signing out",
  machine,
  inputs: ["mouse", "keyboard"],
  path: "/",
  covers: ["registration", "logout"],
  skips: {
    "logout loggingOut error.logout":
      "a failed logout call signs out here just the same (tests/machines/account/logout-machine.test.ts); the server would keep a session no page shows",
  },
  context: (facts) => ({
    newEmail: facts.address("register"),
    email: dashboard.user_profile.email,
    password: PASSWORD,
    firstName: "Ada",
    code: null,
  }),
  ready: (ui) => onPage(ui, "Learn the acupuncture channels and points"),
  states: {
    visitorHome: {
      means: "the home page for visitors, “Sign up” in the header",
      check: async (ui) => {
        await onPage(ui, "Learn the acupuncture channels and points")
        await ui.expect(header(ui).role("link", { name: "Sign up" })).toBeVisible()
      },
    },
    registerForm: {
      means: "the empty sign-up form",
      check: async (ui) => {
        await onPage(ui, "Create your account")
        await ui.expect(textbox(ui, "E-mail")).toHaveValue("")
      },
    },
    registerErrors: {
      means: "the required fields and the terms said at their fields, the cursor in the first",
      check: async (ui) => {
        await ui.expect(textbox(ui, "E-mail")).toHaveAccessibleDescription("This field is required")
        await ui.expect(terms(ui)).toHaveAccessibleDescription("Please accept the terms and conditions")
        await ui.expect(textbox(ui, "E-mail")).toBeFocused()
      },
    },
    registerFailed: {
      means: "that something went wrong, said above the form; everything typed kept",
      check: async (ui, ctx) => {
        await ui.expect(ui.role("main").role("alert")).toHaveText("Something went wrong. Please try again.")
        await ui.expect(textbox(ui, "E-mail")).toHaveValue(ctx.email)
        await ui.expect(terms(ui)).toBeChecked()
      },
    },
    verifyPending: {
      means: "the mail is on its way to the address: open its link or enter its code",
      check: async (ui, ctx) => {
        await onPage(ui, "Verify your e-mail address")
        await ui
          .expect(ui.text(/^We sent a verification mail to /))
          .toHaveText(
            `We sent a verification mail to ${ctx.email}. Open the link in it, or enter the code from the mail here.`,
          )
      },
    },
    verified: { means: "“E-mail address verified”", check: (ui) => onPage(ui, "E-mail address verified") },
    loginForm: {
      means: "the sign-in form",
      check: async (ui) => {
        await onPage(ui, "Log in")
        await ui.expect(ui.role("button", { name: "Log in" })).toBeVisible()
      },
    },
    loginRejected: {
      means: "“Invalid credentials”; the address kept",
      check: async (ui, ctx) => {
        await ui.expect(ui.role("main").role("alert")).toHaveText("Invalid credentials")
        await ui.expect(textbox(ui, "E-mail")).toHaveValue(ctx.email)
      },
    },
    resetRequest: {
      means: "the form that sends a reset code",
      check: async (ui) => {
        await onPage(ui, "Reset your password")
        await ui.expect(ui.role("button", { name: "Send code" })).toBeVisible()
      },
    },
    resetCode: {
      means: "the code and the new password asked for, the cursor on that heading",
      check: (ui) => ui.expect(ui.role("heading", { name: "Enter the code and your new password" })).toBeFocused(),
    },
    resetDone: {
      means: "“Password changed”, then the sign-in form",
      check: async (ui) => {
        await onPage(ui, "Password changed")
        await ui.eventually(async () => assert.equal((await ui.location()).pathname, "/login"))
      },
    },
    paymentOffer: {
      means: "signed in, on the home page, the payment offer with the trial over it",
      check: async (ui) => {
        await ui.expect(offer(ui).role("heading", { name: "Try Pro free for 7 days" })).toBeVisible()
        assert.equal((await ui.location()).pathname, "/")
      },
    },
    signedIn: {
      means: "the home page greets the user by name, “Sign out” in the header, no dialog",
      check: async (ui, ctx) => {
        await ui.expect(ui.role("dialog")).toHaveCount(0)
        await onPage(ui, `Welcome back, ${ctx.firstName}`)
        await ui.expect(header(ui).role("button", { name: "Sign out" })).toBeVisible()
      },
    },
    logoutConfirm: {
      means: "“Do you want to sign out?”, the cursor on “Yes, sign out”",
      check: async (ui) => {
        await ui.expect(ui.text("Do you want to sign out?")).toBeVisible()
        await ui.expect(ui.role("button", { name: "Yes, sign out" })).toBeFocused()
      },
    },
    signedOut: {
      means: "signed out on the login page; the server has ended the session",
      check: async (ui) => {
        await onLoginSignedOut(ui)
        await signedOutOnServer(ui)
      },
    },
  },
  events: {
    "register.open": {
      means: "opens “Sign up” in the header",
      run: (ui) => press(ui, header(ui).role("link", { name: "Sign up" })),
    },
    "register.submitEmpty": {
      means: "sends the empty form",
      run: (ui) => press(ui, ui.role("button", { name: "Create account" })),
    },
    "register.submitFailing": {
      means: "fills in the form, accepts the terms and sends it, and the server fails (500)",
      run: async (ui, ctx) => {
        await ui.network.answer("POST", "/api/register", serverFailure("Sign-ups unavailable"))
        await fillRegistration(ui, ctx)
        await press(ui, ui.role("button", { name: "Create account" }))
      },
    },
    "register.submit": {
      means: "sends the form (filled in and the terms accepted unless they are already)",
      run: async (ui, ctx) => {
        const before = await ui.mail.count(ctx.newEmail, "verify-email")
        await fillRegistration(ui, ctx)
        await press(ui, ui.role("button", { name: "Create account" }))
        ctx.code = codeIn(await newMail(ui, ctx.email, "verify-email", before))
      },
    },
    "verification.enterCode": {
      means: "enters the mailed code",
      run: (ui, ctx) => submitCode(ui, ctx.code ?? "", "Verify"),
    },
    "login.open": {
      means: "opens the sign-in form (the page's “Log in” link)",
      run: (ui) => press(ui, ui.role("link", { name: "Log in" }).nth(-1)),
    },
    "login.submitWrong": {
      means: "signs in with a wrong password",
      run: (ui, ctx) => signIn(ui, ctx, "wrong1pass"),
    },
    "login.submit": {
      means: "signs in with the account's password",
      run: (ui, ctx) => signIn(ui, ctx, ctx.password),
    },
    "reset.open": {
      means: "follows “Forgot your password?”",
      run: (ui) => press(ui, ui.role("link", { name: "Forgot your password?" })),
    },
    "reset.submitEmail": {
      means: "asks for a reset code for the account's address",
      run: async (ui, ctx) => {
        const before = await ui.mail.count(ctx.email, "reset-password")
        await typeInto(ui, textbox(ui, "E-mail"), ctx.email)
        await submitWith(ui, ui.role("button", { name: "Send code" }))
        ctx.code = codeIn(await newMail(ui, ctx.email, "reset-password", before))
      },
    },
    "reset.submitCode": {
      means: "enters the mailed code and a new password twice",
      run: async (ui, ctx) => {
        await typeInto(ui, ui.label("Code"), ctx.code ?? "")
        await typeInto(ui, ui.label(/^New password$/), NEW_PASSWORD)
        await typeInto(ui, ui.label("Confirm password"), NEW_PASSWORD)
        await submitWith(ui, ui.role("button", { name: "Set new password" }))
        ctx.password = NEW_PASSWORD
      },
    },
    "offer.close": {
      means: "dismisses the offer (its close button, or Escape)",
      mouse: (ui) => offer(ui).role("button", { name: "Close" }).click(),
      keyboard: (ui) => ui.keyboard.press("Escape"),
    },
    "logout.request": {
      means: "asks to sign out in the header",
      run: (ui) => press(ui, header(ui).role("button", { name: "Sign out" })),
    },
    "logout.cancel": {
      means: "stays signed in",
      run: (ui) => press(ui, ui.role("button", { name: "Stay signed in" })),
    },
    "logout.confirm": {
      means: "answers yes, sign out",
      run: (ui) => press(ui, ui.role("button", { name: "Yes, sign out" })),
    },
  },
  jsdom: {
    facts: { address: (label) => `${label}@ex.io` },
    signedIn: false,
    handlers: (_, outbox) => fakeServer(outbox),
  },
  browser: {
    facts: { address: freshAddress },
    user: "visitor",
    // The existing account the sign-in paths use.
    prepare: async (ui, ctx) => {
      ctx.email = freshAddress("account")
      await createAccount(ui, ctx.email)
    },
  },
})

/** A code typed into the page's "Code" field the walk's way, and its button pressed. */
const submitCode = async (ui: Ui, code: string, button: string) => {
  await typeInto(ui, textbox(ui, "Code"), code)
  await submitWith(ui, ui.role("button", { name: button }))
}
