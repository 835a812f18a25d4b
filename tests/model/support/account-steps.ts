// What the account models (sign-up and sign-in, the settings pages) share: the toasts, the settings
// navigation, the server's answers they read, mailed codes, and the fake server's pieces for jsdom
// (the signed-in user's dashboard, a failure's body). Written once on the `Ui`, like ./steps.ts.
import assert from "node:assert/strict"
import { HttpResponse, http } from "msw"
import type { UserData } from "../../../src/domain/account/user.ts"
import { API, dashboard } from "../../ui/support/api-data.ts"
import type { Mail, Matcher, Outcome, Target, Ui } from "./driver.ts"
import { press, tabTo } from "./steps.ts"

/** The password of every account the models use (the fixture user's, and the browser runs' users'). */
export const PASSWORD = "lotus7root"

let addresses = 0
/** An address no account has yet: the browser runs' database outlives a path. */
export const freshAddress = (label: string) => `${label}-${Date.now()}-${addresses++}@example.com`

/** The toasts' region (sonner's). */
export const toasts = (ui: Ui) => ui.role("region", { name: /Notifications/ })

/** A toast with this text is shown (the same one shown before may still be leaving beside it). */
export const toastSays = (ui: Ui, text: Matcher) => ui.expect(toasts(ui).text(text).nth(0)).toBeVisible()

/** A page of the account-settings navigation opened the walk's way (a click, or Tab to it and Enter). */
export const openSettingsPage = (ui: Ui, name: string) =>
  press(ui, ui.role("navigation", { name: "Account settings" }).role("link", { name }))

/** A text field typed into the walk's way: reached by a click or by Tab, emptied, the text typed. */
export const typeInto = async (ui: Ui, field: Target, text: string) => {
  if (ui.input === "mouse") await field.click()
  else await tabTo(ui, field)
  await field.fill(text)
}

/** A text a field should hold: typed the walk's way unless it is there already. */
export const typeUnlessThere = async (ui: Ui, field: Target, text: string) => {
  if ((await field.value()) !== text) await typeInto(ui, field, text)
}

/** A form sent the walk's way: its button clicked, or Enter in the field the cursor is in. */
export const submitWith = async (ui: Ui, button: Target) => {
  if (ui.input === "mouse") await button.click()
  else await ui.keyboard.press("Enter")
}

/** The page's first heading says `name`. */
export const onPage = (ui: Ui, name: string) => ui.expect(ui.role("heading", { level: 1, name })).toBeVisible()

/** The four-digit code of a mail: it stands on a line of its own. */
export const codeIn = (mail: Mail) => {
  const code = /^(\d{4})$/m.exec(mail.text)?.[1]
  assert.ok(code, `the mail "${mail.subject}" holds a code`)
  return code
}

/** A code that is not the mailed one. */
export const otherCode = (code: string) => (code === "0000" ? "1111" : "0000")

/** The newest mail to `to` for `purpose`, once there are more than `before` of them. */
export const newMail = async (ui: Ui, to: string, purpose: string, before: number) => {
  await ui.eventually(async () => assert.ok((await ui.mail.count(to, purpose)) > before, `a new ${purpose} mail`))
  return ui.mail.latest(to, purpose)
}

/**
 * A verified account with PASSWORD made through the API, as its owner does it (the verification
 * code from the mail the server sent). It does not sign in: the run's session stays as it is.
 */
export const createAccount = async (ui: Ui, email: string) => {
  const registered = await ui.api.request("POST", "/api/register", {
    email,
    firstName: "Ada",
    lastName: "Byron",
    password: PASSWORD,
    confirmPassword: PASSWORD,
    termsChecked: true,
    promotional: false,
  })
  assert.equal(registered.status, 200, JSON.stringify(registered.body))
  const mail = await ui.mail.latest(email, "verify-email")
  const user = new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? "http://x").searchParams.get("user")
  const verified = await ui.api.request("GET", `/api/verify-email/${user}/${codeIn(mail)}`)
  assert.equal(verified.status, 200, JSON.stringify(verified.body))
}

/** The signed-in user's account as the server holds it (GET api/dashboard). */
export const serverAccount = async (ui: Ui) => {
  const { status, body } = await ui.api.request("GET", "/api/dashboard")
  assert.equal(status, 200, "signed in")
  return body as typeof UserData.Encoded
}

/** The server says nobody is signed in with this browser's session any more. */
export const signedOutOnServer = async (ui: Ui) => {
  const { status } = await ui.api.request("GET", "/api/dashboard")
  assert.equal(status, 401, "the session has ended")
}

/** The app is signed out and on the login page. */
export const onLoginSignedOut = async (ui: Ui) => {
  await ui.eventually(async () => assert.equal((await ui.location()).pathname, "/login"))
  await onPage(ui, "Log in")
  await ui.expect(ui.role("banner").role("link", { name: "Sign up" })).toBeVisible()
}

/** A server failure (500) with this message, as the network answers it instead of the server. */
export const serverFailure = (message: string): Outcome => ({
  status: 500,
  body: { _tag: "ServerError", message, correlationId: "c9" },
})

/** Too many tries (429): the answer the sign-in budget gives once it is spent. */
export const tooManyTries: Outcome = {
  status: 429,
  body: { _tag: "TooManyRequests", message: "Too many attempts", retryAfterSeconds: 900 },
}

// The fake server's pieces (jsdom).

/** A refusal with messages at fields (422), as msw answers it. */
export const refused = (errors: Record<string, string>) =>
  HttpResponse.json({ _tag: "ValidationFailed", message: "x", errors }, { status: 422 })

/** 401: the session has ended. */
export const unauthorized = () => HttpResponse.json({ _tag: "Unauthorized", message: "Sign in" }, { status: 401 })

/**
 * The fixture user's dashboard, changed by what `overrides` says now, answered while `signedIn()`
 * holds (otherwise 401).
 */
export const dashboardHandler = (
  overrides: () => Partial<typeof UserData.Encoded> = () => ({}),
  signedIn: () => boolean = () => true,
) =>
  http.get(`${API}/api/dashboard`, () =>
    signedIn() ? HttpResponse.json({ ...dashboard, ...overrides() }) : unauthorized(),
  )
