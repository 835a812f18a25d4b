// Model of signing in with another service (§2, §7 social-login): coming back from the provider
// with a forged or incomplete answer or after cancelling there is refused with a way back; a new
// user completes the sign-up form (the terms turned back first, a failing server, an answer that
// expired while the form was open); the owner of a password account links it after giving its
// password (none, a wrong one, too late first); then the payment offer, dismissed; signed out, the
// provider signs the known identity straight in — by mouse and by keyboard. The provider is the real one on this machine ("Local ID") in the browser; in jsdom the
// browser arrives at /social/callback with its answer, as the server's callback sends it.
import assert from "node:assert/strict"
import { HttpResponse, http } from "msw"
import { createMachine } from "xstate"
import type { SocialLoginResult } from "../../src/domain/account/social-sign-in.ts"
import type { Plan } from "../../src/domain/billing/plan-schema.ts"
import { API, dashboard, signedInUser } from "../ui/support/api-data.ts"
import {
  createAccount,
  onLoginSignedOut,
  onPage,
  PASSWORD,
  serverAccount,
  serverFailure,
  submitWith,
  typeInto,
  unauthorized,
} from "./support/account-steps.ts"
import type { Ui } from "./support/driver.ts"
import { defineModel } from "./support/model.ts"
import { press, tabTo } from "./support/steps.ts"

/**
 * What the provider answers: a new identity, one with an existing account's address, one it knows
 * (signed up or linked before, and still signed in there), a forgery, a cancel.
 */
type Answer = "new" | "existing" | "known" | "forged" | "cancelled"

interface Facts {
  /** An address whose name the provider tells as "Grace Hopper" (`first.last@…`), fresh in the browser. */
  readonly address: (first: string, last: string) => string
  /** The browser comes back from the provider with `answer`. */
  readonly returnFrom: (ui: Ui, ctx: Ctx, answer: Answer) => Promise<void>
}

interface Ctx {
  readonly facts: Facts
  /** The provider's address of a new user. */
  readonly newEmail: string
  /** The address of an existing password account. */
  existingEmail: string
  /** The browser: the provider's origin once its sign-in page was seen, and whom it knows then. */
  provider?: { readonly origin: string; signedInAs: string }
}

const machine = createMachine({
  id: "social",
  initial: "loginPage",
  states: {
    loginPage: {
      on: {
        "provider.returnForged": "refusedForged",
        "provider.returnIncomplete": "refusedForged",
        "provider.cancel": "refusedCancelled",
        "provider.returnNewUser": "registerForm",
        "provider.returnExistingAccount": "linkForm",
      },
    },
    refusedForged: { on: { "refused.back": "loginPage" } },
    refusedCancelled: { on: { "refused.back": "loginPage" } },
    refusedExpired: { on: { "refused.back": "loginPage" } },
    registerForm: { on: { "register.submitWithoutTerms": "registerErrors" } },
    registerErrors: { on: { "register.submitFailing": "registerFailed", "register.submitLate": "refusedExpired" } },
    registerFailed: { on: { "register.submit": "paymentOffer" } },
    linkForm: { on: { "link.submitEmpty": "linkEmpty" } },
    linkEmpty: { on: { "link.submitWrong": "linkRejected" } },
    linkRejected: { on: { "link.submitLate": "refusedExpired", "link.submit": "paymentOffer" } },
    paymentOffer: { on: { "offer.close": "signedIn" } },
    signedIn: { on: { "signOut.confirm": "signedOut" } },
    signedOut: { on: { "provider.returnKnown": "signedInDirectly" } },
    signedInDirectly: {},
  },
})

const providerLink = (ui: Ui) => ui.role("link", { name: "Continue with Local ID" })
const terms = (ui: Ui) => ui.role("checkbox", { name: "I accept the terms and conditions" })
const linkPassword = (ui: Ui) => ui.label("Password of your Jingluo account")
const offer = (ui: Ui) => ui.role("dialog", { name: "Upgrade to Jingluo Pro" })

/** Nobody is signed in: the server knows no session of this browser. */
const notSignedIn = async (ui: Ui) => {
  const { status } = await ui.api.request("GET", "/api/dashboard")
  assert.equal(status, 401)
}

const refused = (message: string) => async (ui: Ui) => {
  await ui.expect(ui.role("heading", { level: 1, name: "Sign-in did not work" })).toBeFocused()
  await ui.expect(ui.role("main").role("alert")).toHaveText(message)
  await notSignedIn(ui)
}

/** The home page greets the user by the account's name, no dialog over it. */
const greeted = async (ui: Ui) => {
  await ui.expect(ui.role("dialog")).toHaveCount(0)
  // The provider's answer may still be on its way back through the server.
  let first_name = ""
  await ui.eventually(async () => {
    first_name = (await serverAccount(ui)).user_profile.first_name
  })
  await onPage(ui, `Welcome back, ${first_name}`)
  assert.equal((await ui.location()).pathname, "/")
}

/** The terms accepted (unless they are), the form sent — each the walk's way. */
const acceptAndSend = async (ui: Ui) => {
  if (!(await terms(ui).checked())) {
    if (ui.input === "mouse") await terms(ui).click()
    else {
      await tabTo(ui, terms(ui))
      await ui.keyboard.press("Space")
    }
  }
  await press(ui, ui.role("button", { name: "Create account" }))
}

/** The provider's answer has expired (the form stayed open too long): the server refuses. */
const expired = {
  status: 422,
  body: { _tag: "SocialSignInRefused", message: "Expired", reason: "expired" },
} as const

/** jsdom: the provider's answers as codes msw's social-login knows, the callback page opened with them. */
const callbackQuery: Record<Answer, string> = {
  new: "code=code-new&state=s1",
  existing: "code=code-existing&state=s2",
  known: "code=code-known&state=s4",
  forged: "code=stolen&state=forged",
  cancelled: "error=access_denied&state=s3",
}

/** The browser: the provider's own pages (any password; then its consent), or a forged callback. */
const atProvider = async (ui: Ui, ctx: Ctx, answer: Answer) => {
  if (answer === "forged") return ui.goto("/api/social/callback?code=stolen-code&state=forged-state")
  const login = answer === "new" ? ctx.newEmail : ctx.existingEmail
  // Someone else signed in at the provider earlier in the walk: sign them out there first, as a
  // person handing over the computer would, and come back to the sign-in page.
  if ((answer === "new" || answer === "existing") && ctx.provider && ctx.provider.signedInAs !== login) {
    await ui.goto(`${ctx.provider.origin}/session/end`)
    await ui.role("button", { name: /Yes, sign me out/ }).click()
    await ui.expect(ui.text(/Sign-out Success/)).toBeVisible()
    await ui.goto("/login")
  }
  await press(ui, providerLink(ui))
  if (answer === "cancelled") return ui.role("link", { name: /Cancel/ }).click()
  // The provider still has this browser's session and grant: it answers at once.
  if (answer === "known") return
  if (ctx.provider?.signedInAs === login) return
  await ui.css('input[name="login"]').fill(login)
  ctx.provider = { origin: (await ui.location()).origin, signedInAs: login }
  await ui.css('input[name="password"]').fill("provider-password")
  await ui.role("button", { name: "Sign-in" }).click()
  await ui.role("button", { name: "Continue" }).click()
}

/** msw's side: the provider's answers as the server's social-login turns them into steps. */
const fakeServer = (ctx: Ctx) => {
  let signedIn = false
  const answers: Record<string, typeof SocialLoginResult.Encoded> = {
    "code-new": {
      step: "register",
      ticket: "t-new",
      provider: "Local ID",
      email: ctx.newEmail,
      firstName: "Grace",
      lastName: "Hopper",
    },
    "code-existing": { step: "link", ticket: "t-link", provider: "Local ID", email: ctx.existingEmail },
  }
  let known: string | null = null
  const signIn = (first_name: string) => {
    signedIn = true
    known = first_name
    // Like the server: the session goes into an HttpOnly cookie; the answer holds no token.
    return HttpResponse.json({ ...signedInUser, first_name })
  }
  return [
    http.get(`${API}/api/social-providers`, () =>
      HttpResponse.json({ providers: [{ id: "local", name: "Local ID" }] }),
    ),
    http.post(`${API}/api/social-login`, async ({ request }) => {
      const { code } = (await request.json()) as { code: string }
      if (code === "code-known" && known) return signIn(known)
      const answer = answers[code]
      return answer
        ? HttpResponse.json(answer)
        : HttpResponse.json({ _tag: "SocialSignInRefused", message: "no", reason: "state" }, { status: 422 })
    }),
    http.post(`${API}/api/social-register`, () => signIn("Grace")),
    http.post(`${API}/api/social-link`, async ({ request }) => {
      const { password } = (await request.json()) as { password: string }
      return password === PASSWORD
        ? signIn("Ada")
        : HttpResponse.json({ _tag: "InvalidCredentials", message: "Invalid credentials" }, { status: 422 })
    }),
    http.post(`${API}/api/logout`, () => {
      signedIn = false
      return HttpResponse.json({ message: "You have been logged out." })
    }),
    http.get(`${API}/api/dashboard`, () =>
      signedIn
        ? HttpResponse.json({ ...dashboard, user_profile: { ...dashboard.user_profile, first_name: known ?? "" } })
        : unauthorized(),
    ),
    http.get(`${API}/api/plan-list`, () =>
      HttpResponse.json([
        { id: 3, name: "Pro", prices: [{ price_id: "pro-yearly", interval: "year", unit_amt: 4999, currency: "gbp" }] },
      ] satisfies ReadonlyArray<typeof Plan.Encoded>),
    ),
  ]
}

let addresses = 0

export default defineModel<Facts, Ctx>({
  id: "social-flows",
  title: "Signing in with another service",
  machine,
  inputs: ["mouse", "keyboard"],
  path: "/login",
  covers: ["socialCallback", "socialLink", "socialRegistration"],
  skips: {
    "socialLink editing field.blur":
      "the form has one field, and leaving it for its button waits for the submit (validateOnBlur); only a click outside the form would",
    "socialLink submitting error.link [isFieldFailure]":
      "the app checks the password's bounds with the server's own rule before sending it, so the server never refuses it at the field",
  },
  context: (facts) => ({
    facts,
    newEmail: facts.address("grace", "hopper"),
    existingEmail: facts.address("ada", "lovelace"),
  }),
  ready: (ui) => ui.expect(providerLink(ui)).toBeVisible(),
  states: {
    loginPage: {
      means: "the sign-in page with “Continue with Local ID”",
      check: async (ui) => {
        await onPage(ui, "Log in")
        await ui.expect(providerLink(ui)).toBeVisible()
      },
    },
    refusedForged: {
      means: "“Sign-in did not work”, with the cursor: this sign-in was not started in this browser; nobody signed in",
      check: refused(
        "This sign-in was not started in this browser, or it was already used. Please start again from the sign-in page.",
      ),
    },
    refusedCancelled: {
      means: "“Sign-in did not work”, with the cursor: cancelled at the service, nothing changed; nobody signed in",
      check: refused("You cancelled the sign-in at the service. Nothing was changed."),
    },
    refusedExpired: {
      means: "“Sign-in did not work”, with the cursor: the provider's answer expired while the form was open",
      check: refused("This sign-in took too long and has expired. Please start again."),
    },
    registerForm: {
      means: "the sign-up form with the provider's address and name, the cursor on its heading; no password",
      check: async (ui, ctx) => {
        await ui.expect(ui.role("heading", { level: 1, name: "Create your account" })).toBeFocused()
        await ui.expect(ui.role("textbox", { name: "E-mail" })).toHaveValue(ctx.newEmail)
        await ui.expect(ui.role("textbox", { name: "Last name" })).toHaveValue("Hopper")
        await ui.expect(ui.label(/^Password$/)).toHaveCount(0)
      },
    },
    registerErrors: {
      means: "the terms said at their checkbox, the cursor on it; nobody signed in",
      check: async (ui) => {
        await ui.expect(terms(ui)).toHaveAccessibleDescription("Please accept the terms and conditions")
        await ui.expect(terms(ui)).toBeFocused()
        await notSignedIn(ui)
      },
    },
    registerFailed: {
      means: "that something went wrong, said above the form; the terms still accepted; nobody signed in",
      check: async (ui) => {
        await ui.expect(ui.role("main").role("alert")).toHaveText("Something went wrong. Please try again.")
        await ui.expect(terms(ui)).toBeChecked()
        await notSignedIn(ui)
      },
    },
    linkForm: {
      means: "“Link your account”, with the cursor: an account for the address exists; nobody signed in",
      check: async (ui, ctx) => {
        await ui.expect(ui.role("heading", { level: 1, name: "Link your account" })).toBeFocused()
        await ui
          .expect(ui.text(new RegExp(`^An account for ${ctx.existingEmail.replace(/[.+]/g, "\\$&")} already exists`)))
          .toBeVisible()
        await notSignedIn(ui)
      },
    },
    linkEmpty: {
      means: "“This field is required” at the password, the cursor there; nothing sent",
      check: async (ui) => {
        await ui.expect(linkPassword(ui)).toHaveAccessibleDescription("This field is required")
        await ui.expect(linkPassword(ui)).toBeFocused()
        await notSignedIn(ui)
      },
    },
    linkRejected: {
      means: "“Invalid credentials”, the password field emptied; nobody signed in",
      check: async (ui) => {
        await ui.expect(ui.role("main").role("alert")).toHaveText("Invalid credentials")
        await ui.expect(linkPassword(ui)).toHaveValue("")
        await notSignedIn(ui)
      },
    },
    paymentOffer: {
      means: "signed in, with the payment offer over the page",
      check: async (ui) => {
        await ui.expect(offer(ui)).toBeVisible()
        await serverAccount(ui)
      },
    },
    signedIn: { means: "the home page greets the user by the account's name, no dialog", check: (ui) => greeted(ui) },
    signedOut: {
      means: "signed out on the login page",
      check: async (ui) => {
        await onLoginSignedOut(ui)
        await notSignedIn(ui)
      },
    },
    signedInDirectly: {
      means: "signed in at once, without a form or the offer (it showed today): the home page greets the user",
      check: (ui) => greeted(ui),
    },
  },
  events: {
    "provider.returnForged": {
      means: "arrives back with an answer this browser never asked for",
      run: (ui, ctx) => ctx.facts.returnFrom(ui, ctx, "forged"),
    },
    "provider.returnIncomplete": {
      means: "arrives back with an answer that lacks its code",
      run: (ui) => ui.goto("/social/callback?state=s9"),
    },
    "provider.returnKnown": {
      means: "signs in at the provider, which knows this identity: straight in",
      run: (ui, ctx) => ctx.facts.returnFrom(ui, ctx, "known"),
    },
    "provider.cancel": {
      means: "goes to the provider and cancels there",
      run: (ui, ctx) => ctx.facts.returnFrom(ui, ctx, "cancelled"),
    },
    "provider.returnNewUser": {
      means: "signs in at the provider as someone new",
      run: (ui, ctx) => ctx.facts.returnFrom(ui, ctx, "new"),
    },
    "provider.returnExistingAccount": {
      means: "signs in at the provider with the address of a password account",
      run: (ui, ctx) => ctx.facts.returnFrom(ui, ctx, "existing"),
    },
    "refused.back": {
      means: "goes back to sign-in",
      run: (ui) => press(ui, ui.role("link", { name: "Back to sign-in" })),
    },
    "register.submitWithoutTerms": {
      means: "sends the form without accepting the terms",
      run: (ui) => press(ui, ui.role("button", { name: "Create account" })),
    },
    "register.submit": { means: "sends the form with the terms accepted", run: acceptAndSend },
    "register.submitFailing": {
      means: "accepts the terms and sends the form, and the server fails (500)",
      run: async (ui) => {
        await ui.network.answer("POST", "/api/social-register", serverFailure("Sign-ups unavailable"))
        await acceptAndSend(ui)
      },
    },
    "register.submitLate": {
      means: "accepts the terms and sends the form after the provider's answer has expired",
      run: async (ui) => {
        await ui.network.answer("POST", "/api/social-register", expired)
        await acceptAndSend(ui)
      },
    },
    "link.submitEmpty": {
      means: "sends the form without the password",
      run: (ui) => press(ui, ui.role("button", { name: "Link and sign in" })),
    },
    "link.submitLate": {
      means: "gives the account's password after the provider's answer has expired",
      run: async (ui) => {
        await ui.network.answer("POST", "/api/social-link", expired)
        await typeInto(ui, linkPassword(ui), PASSWORD)
        await submitWith(ui, ui.role("button", { name: "Link and sign in" }))
      },
    },
    "link.submitWrong": {
      means: "gives a wrong password",
      run: async (ui) => {
        await typeInto(ui, linkPassword(ui), "wrong9pass")
        await submitWith(ui, ui.role("button", { name: "Link and sign in" }))
      },
    },
    "link.submit": {
      means: "gives the account's password",
      run: async (ui) => {
        await typeInto(ui, linkPassword(ui), PASSWORD)
        await submitWith(ui, ui.role("button", { name: "Link and sign in" }))
      },
    },
    "offer.close": {
      means: "dismisses the offer (its close button, or Escape)",
      mouse: (ui) => offer(ui).role("button", { name: "Close" }).click(),
      keyboard: (ui) => ui.keyboard.press("Escape"),
    },
    "signOut.confirm": {
      means: "signs out in the header, and answers yes",
      run: async (ui) => {
        await press(ui, ui.role("banner").role("button", { name: "Sign out" }))
        await press(ui, ui.role("button", { name: "Yes, sign out" }))
      },
    },
  },
  jsdom: {
    facts: {
      address: (first, last) => `${first}.${last}@ex.io`,
      returnFrom: async (ui, _ctx, answer) => {
        await ui.expect(providerLink(ui)).toHaveAttribute("href", "/api/social/local/start")
        await ui.goto(`/social/callback?${callbackQuery[answer]}`)
      },
    },
    signedIn: false,
    handlers: (ctx) => fakeServer(ctx),
  },
  browser: {
    // The provider tells the name from the address's local part (first.last); the domain makes it fresh.
    facts: {
      address: (first, last) => `${first}.${last}@t${Date.now()}${addresses++}.example.test`,
      returnFrom: atProvider,
    },
    user: "visitor",
    prepare: (ui, ctx) => createAccount(ui, ctx.existingEmail),
  },
})
