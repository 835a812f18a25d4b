// Model of My profile's name and e-mail change (§4, §5): a name too short is refused at its field
// and a right one saved; a new address that is taken is said at its field as it is left, or — when
// someone took it meanwhile — after the proof; a free one asks for the current password (a wrong
// one refused, too many tries (429) said, the question closed), then for the code mailed to the
// new address (too few digits, a wrong code, a failing check, the dialog closed for now — the change
// then waits on the page, through a reload, to be resumed or given up) until the address changes —
// by mouse and by keyboard. Codes are read from the mails the server sent.
import assert from "node:assert/strict"
import { HttpResponse, http } from "msw"
import { createMachine } from "xstate"
import type { ProfileUpdatePayload } from "../../src/domain/account/profile.ts"
import { PASSWORD_NOT_CORRECT } from "../../src/domain/account/reauthentication.ts"
import { API, dashboard } from "../ui/support/api-data.ts"
import {
  codeIn,
  createAccount,
  freshAddress,
  newMail,
  onPage,
  otherCode,
  PASSWORD,
  refused,
  serverAccount,
  serverFailure,
  submitWith,
  toastSays,
  tooManyTries,
  typeInto,
  typeUnlessThere,
} from "./support/account-steps.ts"
import type { Target, Ui } from "./support/driver.ts"
import { defineModel, type Outbox } from "./support/model.ts"
import { press, tabTo } from "./support/steps.ts"

interface Facts {
  /** A fresh address for `label` (the browser's database outlives a path). */
  readonly address: (label: string) => string
}

interface Ctx {
  /** Another account's address. */
  readonly taken: string
  /** The address the user changes to. */
  readonly next: string
  /** The code last mailed to it. */
  code: string | null
  /** The first name the server should hold. */
  firstName: string | null
}

const machine = createMachine({
  id: "emailChange",
  initial: "form",
  states: {
    form: { on: { "name.tooShort": "nameRefused", "email.taken": "emailTaken" } },
    nameRefused: { on: { "name.save": "saved" } },
    saved: { on: { "email.takenMeanwhile": "takenAfterProof" } },
    emailTaken: { on: { "email.new": "proofDialog" } },
    takenAfterProof: { on: { "email.new": "proofDialog" } },
    proofDialog: {
      on: { "password.wrong": "proofRefused", "password.right": "codeDialog", "proof.close": "proofClosed" },
    },
    proofRefused: { on: { "password.right": "codeDialog", "password.tooOften": "proofLimited" } },
    proofLimited: { on: { "proof.close": "givenUp" } },
    proofClosed: { on: { "email.new": "proofDialog" } },
    givenUp: {},
    codeDialog: { on: { "code.short": "codeTooShort", "dialog.close": "dialogClosed" } },
    codeTooShort: { on: { "code.wrong": "codeRefused" } },
    codeRefused: { on: { "code.confirmFailing": "codeFailed" } },
    codeFailed: { on: { "code.right": "emailChanged" } },
    dialogClosed: {
      on: {
        "page.reload": "changeWaiting",
        "email.resume": "codeDialog",
        "email.cancelChange": "changeCancelled",
        "email.new": "proofDialog",
      },
    },
    changeWaiting: { on: { "email.resume": "codeDialog" } },
    changeCancelled: { on: { "email.new": "proofDialog" } },
    emailChanged: {},
  },
})

const CHANGE = "change-email"
const TAKEN_MESSAGE = "An account with this e-mail address already exists"
const field = (ui: Ui, name: string) => ui.role("textbox", { name })
const save = (ui: Ui) => ui.role("button", { name: "Save profile" })
const proof = (ui: Ui) => ui.role("dialog", { name: "Confirm it is you" })
const proofPassword = (ui: Ui) => proof(ui).label("Current password")
const codeDialog = (ui: Ui) => ui.role("dialog", { name: "Confirm your new e-mail address" })
const codeField = (ui: Ui) => codeDialog(ui).role("textbox", { name: "Code" })
const resume = (ui: Ui) => ui.role("button", { name: "Enter the code" })
const cancelChange = (ui: Ui) => ui.role("button", { name: "Cancel the change" })
const escaped = (text: string) => text.replace(/[.+]/g, "\\$&")

/** "A code was sent to" the new address, with its two buttons; the account keeps its address. */
const changeWaits = async (ui: Ui, ctx: Ctx) => {
  await ui.expect(ui.role("dialog")).toHaveCount(0)
  await ui.expect(ui.role("status").text(new RegExp(`A code was sent to ${escaped(ctx.next)}`))).toBeVisible()
  await ui.expect(cancelChange(ui)).toBeVisible()
  assert.notEqual((await serverAccount(ui)).user_profile.email, ctx.next)
}

/** A field typed the walk's way, then the form (or dialog) sent the walk's way. */
const typeAndSend = async (ui: Ui, target: Target, text: string, button: Target) => {
  await typeInto(ui, target, text)
  await submitWith(ui, button)
}

/** The current password typed into the question and sent; the code mailed then is remembered. */
const prove = async (ui: Ui, ctx: Ctx, password: string) => {
  const before = await ui.mail.count(ctx.next, CHANGE)
  await typeAndSend(ui, proofPassword(ui), password, proof(ui).role("button", { name: "Continue" }))
  if (password === PASSWORD) ctx.code = codeIn(await newMail(ui, ctx.next, CHANGE, before))
}

/** No dialog, the new address still typed in its field; the account keeps its address. */
const addressNotChanged = async (ui: Ui, ctx: Ctx) => {
  await ui.expect(ui.role("dialog")).toHaveCount(0)
  await ui.expect(field(ui, "E-mail")).toHaveValue(ctx.next)
  assert.notEqual((await serverAccount(ui)).user_profile.email, ctx.next)
}

/** msw's side: the account (its proof is the password) and another one with the taken address. */
const fakeServer = (ctx: Ctx, outbox: Outbox) => {
  const user = {
    ...dashboard,
    country: { id: 1, name: "United Kingdom" },
    currency: { id: 1, title: "Pound sterling" },
    language: { id: 1, name: "English", lang_code: "en" },
  }
  let pending: string | null = null
  let code = 4000
  return [
    http.get(`${API}/api/dashboard`, () => HttpResponse.json(user)),
    http.get(`${API}/api/currency-country-lang`, () =>
      HttpResponse.json({
        countries: [{ id: 1, name: "United Kingdom", code: "GB" }],
        currencies: [{ id: 1, title: "Pound sterling", code: "GBP" }],
        languages: [{ id: 1, name: "English", lang_code: "en" }],
      }),
    ),
    http.post(`${API}/api/email-validate`, async ({ request }) => {
      const { email } = (await request.json()) as { email: string }
      return HttpResponse.json({ available: email !== ctx.taken })
    }),
    http.put(`${API}/api/profile-update`, async ({ request }) => {
      const body = (await request.json()) as typeof ProfileUpdatePayload.Encoded
      const changing = body.email !== user.user_profile.email
      if (changing) {
        if (body.current_password !== PASSWORD) return refused({ current_password: PASSWORD_NOT_CORRECT })
        if (body.email === ctx.taken) return refused({ email: "validation.emailTaken" })
        pending = body.email
        code += 111
        outbox.send({ to: body.email, purpose: CHANGE, subject: "Your code", text: `Your code:\n${code}\n` })
      }
      user.user_profile = { ...user.user_profile, first_name: body.first_name }
      return HttpResponse.json({
        message: changing
          ? "Your profile has been saved. We have sent a four-digit code to your new e-mail address: enter it to confirm the change."
          : "Your profile has been updated.",
        pending_email: changing ? pending : null,
        user,
      })
    }),
    http.get(`${API}/api/email-change`, () => HttpResponse.json({ pending_email: pending })),
    http.post(`${API}/api/email-change/cancel`, () => {
      pending = null
      return HttpResponse.json({
        message: "The change of your e-mail address has been cancelled. Your address stays the same.",
      })
    }),
    http.put(`${API}/api/profile-email-update`, async ({ request }) => {
      const body = (await request.json()) as { email: string; otp: string }
      if (body.otp !== String(code) || body.email !== pending) return refused({ otp: "validation.codeInvalid" })
      pending = null
      user.user_profile = { ...user.user_profile, email: body.email }
      return HttpResponse.json({ message: "Your e-mail address has been changed.", user })
    }),
  ]
}

export default defineModel<Facts, Ctx>({
  id: "email-change",
  title: "My profile: the name and a new e-mail address",
  machine,
  inputs: ["mouse", "keyboard"],
  path: "/account-settings/my-profile",
  covers: ["emailChange"],
  context: (facts) => ({ taken: facts.address("taken"), next: facts.address("new"), code: null, firstName: null }),
  ready: (ui) => ui.expect(field(ui, "First name")).not.toHaveValue(""),
  states: {
    form: {
      means: "the profile form with the account's name and address",
      check: async (ui) => {
        const { user_profile } = await serverAccount(ui)
        await onPage(ui, "My profile")
        await ui.expect(field(ui, "First name")).toHaveValue(user_profile.first_name)
        await ui.expect(field(ui, "E-mail")).toHaveValue(user_profile.email)
      },
    },
    nameRefused: {
      means: "“Enter at least 3 characters” at the first name, the cursor there; nothing saved",
      check: async (ui) => {
        await ui.expect(field(ui, "First name")).toHaveAccessibleDescription("Enter at least 3 characters")
        await ui.expect(field(ui, "First name")).toBeFocused()
        await ui.expect(field(ui, "First name")).toHaveValue("Li")
        assert.notEqual((await serverAccount(ui)).user_profile.first_name, "Li")
      },
    },
    saved: {
      means: "“Your profile has been updated.”; the server holds the new name",
      check: async (ui, ctx) => {
        await toastSays(ui, "Your profile has been updated.")
        assert.equal((await serverAccount(ui)).user_profile.first_name, ctx.firstName)
      },
    },
    emailTaken: {
      means: "the address said to be taken at its field, as it was left",
      check: async (ui, ctx) => {
        await ui.expect(field(ui, "E-mail")).toHaveAccessibleDescription(TAKEN_MESSAGE)
        await ui.expect(field(ui, "E-mail")).toHaveValue(ctx.taken)
        await ui.expect(proof(ui)).toHaveCount(0)
      },
    },
    takenAfterProof: {
      means: "the proof accepted, then the address said to be taken at its field; the question closed",
      check: async (ui, ctx) => {
        await ui.expect(ui.role("dialog")).toHaveCount(0)
        await ui.expect(field(ui, "E-mail")).toHaveAccessibleDescription(TAKEN_MESSAGE)
        await ui.expect(field(ui, "E-mail")).toHaveValue(ctx.taken)
        assert.notEqual((await serverAccount(ui)).user_profile.email, ctx.taken)
      },
    },
    proofDialog: {
      means: "the question asks for the current password to change the address to the new one, the cursor in it",
      check: async (ui, ctx) => {
        await ui
          .expect(proof(ui).text(new RegExp(`To change it to ${ctx.next.replace(/[.+]/g, "\\$&")}`)))
          .toBeVisible()
        await ui.expect(proofPassword(ui)).toBeFocused()
      },
    },
    proofRefused: {
      means: "“The current password is not correct” at the emptied field, the cursor there",
      check: async (ui) => {
        await ui.expect(proofPassword(ui)).toHaveAccessibleDescription("The current password is not correct")
        await ui.expect(proofPassword(ui)).toHaveValue("")
        await ui.expect(proofPassword(ui)).toBeFocused()
      },
    },
    proofLimited: {
      means: "too many attempts said in the question",
      check: (ui) =>
        ui.expect(proof(ui).role("alert")).toHaveText("Too many attempts. Please wait a few minutes and try again."),
    },
    proofClosed: {
      means: "the question closed, nothing saved, the new address still typed; the cursor back where it was",
      check: async (ui, ctx) => {
        await addressNotChanged(ui, ctx)
        // Where the form was sent from: its button (a click), or the e-mail field (Enter).
        await ui.expect(ui.input === "mouse" ? save(ui) : field(ui, "E-mail")).toBeFocused()
      },
    },
    givenUp: {
      means: "the question closed after too many tries, nothing saved",
      check: addressNotChanged,
    },
    codeDialog: {
      means: "the dialog asks for the code sent to the new address",
      check: async (ui, ctx) => {
        await ui
          .expect(codeDialog(ui).text(new RegExp(`We sent a four-digit code to ${ctx.next.replace(/[.+]/g, "\\$&")}`)))
          .toBeVisible()
        await ui.expect(codeField(ui)).toHaveValue("")
      },
    },
    codeTooShort: {
      means: "“Enter the 4 digits of the code” at the field; nothing sent",
      check: (ui) => ui.expect(codeField(ui)).toHaveAccessibleDescription("Enter the 4 digits of the code"),
    },
    codeRefused: {
      means: "“This code is not correct” at the emptied field",
      check: async (ui) => {
        await ui.expect(codeField(ui)).toHaveAccessibleDescription("This code is not correct")
        await ui.expect(codeField(ui)).toHaveValue("")
      },
    },
    codeFailed: {
      means: "that something went wrong, said in the dialog; the code kept",
      check: async (ui, ctx) => {
        await ui.expect(codeDialog(ui).role("alert")).toHaveText("Something went wrong. Please try again.")
        await ui.expect(codeField(ui)).toHaveValue(ctx.code ?? "")
      },
    },
    dialogClosed: {
      means:
        "the code dialog closed for now: “A code was sent to” the new address, the cursor on “Enter the code”; the account keeps the old one",
      check: async (ui, ctx) => {
        await changeWaits(ui, ctx)
        await ui.expect(resume(ui)).toBeFocused()
      },
    },
    changeWaiting: {
      means: "after a reload the change still waits: “A code was sent to” the new address, with both buttons",
      check: async (ui, ctx) => {
        await changeWaits(ui, ctx)
        await ui.expect(resume(ui)).toBeVisible()
      },
    },
    changeCancelled: {
      means:
        "the change given up and said so; no code is waited for, the field (with the cursor) holds the account's address",
      check: async (ui) => {
        await toastSays(ui, "The change of your e-mail address has been cancelled. Your address stays the same.")
        await ui.expect(cancelChange(ui)).toHaveCount(0)
        const { user_profile } = await serverAccount(ui)
        await ui.expect(field(ui, "E-mail")).toHaveValue(user_profile.email)
        await ui.expect(field(ui, "E-mail")).toBeFocused()
        const { body } = await ui.api.request("GET", "/api/email-change")
        assert.deepEqual(body, { pending_email: null })
      },
    },
    emailChanged: {
      means: "“Your e-mail address has been changed.”; the field (with the cursor) and the server hold the new address",
      check: async (ui, ctx) => {
        await ui.expect(ui.role("dialog")).toHaveCount(0)
        await toastSays(ui, "Your e-mail address has been changed.")
        await ui.expect(field(ui, "E-mail")).toHaveValue(ctx.next)
        await ui.expect(field(ui, "E-mail")).toBeFocused()
        assert.equal((await serverAccount(ui)).user_profile.email, ctx.next)
      },
    },
  },
  events: {
    "name.tooShort": {
      means: "saves a first name of two letters",
      run: (ui) => typeAndSend(ui, field(ui, "First name"), "Li", save(ui)),
    },
    "name.save": {
      means: "saves a first name of seven letters",
      run: async (ui, ctx) => {
        ctx.firstName = "Meiling"
        await typeAndSend(ui, field(ui, "First name"), ctx.firstName, save(ui))
      },
    },
    "email.taken": {
      means: "types another account's address and leaves the field",
      mouse: async (ui, ctx) => {
        await typeInto(ui, field(ui, "E-mail"), ctx.taken)
        await field(ui, "Last name").click()
      },
      keyboard: async (ui, ctx) => {
        await typeInto(ui, field(ui, "E-mail"), ctx.taken)
        await ui.keyboard.tab()
      },
    },
    "email.takenMeanwhile": {
      means: "saves an address the check said was free, but someone has taken it meanwhile; proves it is them",
      run: async (ui, ctx) => {
        const free = await ui.network.answer(
          "POST",
          "/api/email-validate",
          { status: 200, body: { available: true } },
          {
            times: 100,
          },
        )
        await typeAndSend(ui, field(ui, "E-mail"), ctx.taken, save(ui))
        await typeAndSend(ui, proofPassword(ui), PASSWORD, proof(ui).role("button", { name: "Continue" }))
        free.stop()
      },
    },
    "email.new": {
      means: "saves a new, free address",
      run: async (ui, ctx) => {
        await typeUnlessThere(ui, field(ui, "E-mail"), ctx.next)
        // Enter goes in the field: the cursor may be on another control (“Enter the code”).
        if (ui.input === "keyboard") await tabTo(ui, field(ui, "E-mail"))
        await submitWith(ui, save(ui))
      },
    },
    "password.wrong": { means: "proves it with a wrong password", run: (ui, ctx) => prove(ui, ctx, "wrong1pass") },
    "password.right": { means: "proves it with the password", run: (ui, ctx) => prove(ui, ctx, PASSWORD) },
    "password.tooOften": {
      means: "proves it once too often: the server says too many tries (429)",
      run: async (ui) => {
        await ui.network.answer("PUT", "/api/profile-update", tooManyTries)
        await typeAndSend(ui, proofPassword(ui), PASSWORD, proof(ui).role("button", { name: "Continue" }))
      },
    },
    "proof.close": {
      means: "closes the question (its Cancel button, or Escape)",
      mouse: (ui) => proof(ui).role("button", { name: "Cancel" }).click(),
      keyboard: (ui) => ui.keyboard.press("Escape"),
    },
    "code.short": {
      means: "confirms two digits",
      run: (ui) => typeAndSend(ui, codeField(ui), "12", codeDialog(ui).role("button", { name: "Confirm" })),
    },
    "code.wrong": {
      means: "confirms a code that is not the mailed one",
      run: (ui, ctx) =>
        typeAndSend(ui, codeField(ui), otherCode(ctx.code ?? ""), codeDialog(ui).role("button", { name: "Confirm" })),
    },
    "code.confirmFailing": {
      means: "confirms the mailed code, and the check fails (500)",
      run: async (ui, ctx) => {
        await ui.network.answer("PUT", "/api/profile-email-update", serverFailure("Codes unavailable"))
        await typeAndSend(ui, codeField(ui), ctx.code ?? "", codeDialog(ui).role("button", { name: "Confirm" }))
      },
    },
    "code.right": {
      means: "confirms the mailed code",
      run: (ui, ctx) =>
        typeAndSend(ui, codeField(ui), ctx.code ?? "", codeDialog(ui).role("button", { name: "Confirm" })),
    },
    "page.reload": {
      means: "loads the page again",
      run: (ui) => ui.goto("/account-settings/my-profile"),
    },
    "email.resume": {
      means: "opens the code dialog again (“Enter the code”)",
      run: (ui) => press(ui, resume(ui)),
    },
    "email.cancelChange": {
      means: "gives the change up (“Cancel the change”)",
      run: (ui) => press(ui, cancelChange(ui)),
    },
    "dialog.close": {
      means: "closes the code dialog for now (“Not now”, or Escape)",
      mouse: (ui) => codeDialog(ui).role("button", { name: "Not now" }).click(),
      keyboard: (ui) => ui.keyboard.press("Escape"),
    },
  },
  jsdom: {
    // Short addresses: jsdom re-renders the whole form at each key typed.
    facts: { address: (label) => `${label}@ex.io` },
    signedIn: true,
    handlers: (ctx, outbox) => fakeServer(ctx, outbox),
  },
  browser: {
    facts: { address: freshAddress },
    user: "standard",
    // Another account holds the taken address; the profile has its country, currency and language
    // (a new account has none yet, and the form needs them to save).
    prepare: async (ui, ctx) => {
      await createAccount(ui, ctx.taken)
      const { user_profile } = await serverAccount(ui)
      const { body } = await ui.api.request("GET", "/api/currency-country-lang")
      const options = body as Record<"countries" | "currencies" | "languages", ReadonlyArray<{ id: number }>>
      const saved = await ui.api.request("PUT", "/api/profile-update", {
        email: user_profile.email,
        first_name: user_profile.first_name,
        last_name: user_profile.last_name,
        country_id: options.countries[0]?.id,
        currency_id: options.currencies[0]?.id,
        language_id: options.languages[0]?.id,
        promotional_emails: false,
      })
      assert.equal(saved.status, 200, JSON.stringify(saved.body))
    },
  },
})
