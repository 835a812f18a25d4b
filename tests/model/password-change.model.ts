// Model of changing the password with the current one (§5, §8): a form that breaks the rules is
// turned back at its fields, a wrong current password at that field, too many tries above the
// form (429) — each keeping what was typed where it is still right — and the right one changes it
// (a toast, the form emptied); the new password then changes it again — by mouse and by keyboard.
import assert from "node:assert/strict"
import { HttpResponse, http } from "msw"
import { createMachine } from "xstate"
import type { ChangePasswordPayload } from "../../src/domain/account/password-change.ts"
import { PASSWORD_NOT_CORRECT } from "../../src/domain/account/reauthentication.ts"
import { API } from "../ui/support/api-data.ts"
import {
  dashboardHandler,
  onPage,
  PASSWORD,
  refused,
  submitWith,
  toastSays,
  tooManyTries,
  typeInto,
} from "./support/account-steps.ts"
import type { Ui } from "./support/driver.ts"
import { defineModel } from "./support/model.ts"

interface Ctx {
  /** The account's password now. */
  password: string
  /** Passwords set so far on this path. */
  changes: number
  /** Calls to change it the app had made before the last event. */
  sent: number
}

const machine = createMachine({
  id: "passwordChange",
  initial: "form",
  states: {
    form: { on: { "form.submitInvalid": "fieldErrors" } },
    fieldErrors: { on: { "form.submitWrongCurrent": "wrongCurrent" } },
    wrongCurrent: { on: { "form.submitTooOften": "tooManyTries" } },
    tooManyTries: { on: { "form.submit": "changed" } },
    changed: { on: { "form.submit": "changed", "form.submitInvalid": "fieldErrors" } },
  },
})

const WRONG = "wrong1pass"
const current = (ui: Ui) => ui.label("Current password")
const next = (ui: Ui) => ui.label("New password")
const confirmation = (ui: Ui) => ui.label("Confirm new password")
const save = (ui: Ui) => ui.role("button", { name: "Change password" })
const formAlert = (ui: Ui) => ui.role("main").role("alert")
/** The password the path sets next (different from every one before it). */
const nextPassword = (ctx: Ctx) => `lotus${ctx.changes + 8}root`

const changeCalls = async (ui: Ui) => (await ui.network.calls("POST", "/api/change-password")).length

/** The three fields typed the walk's way, then the form sent. */
const fillAndSend = async (ui: Ui, ctx: Ctx, values: { old: string; password: string; confirmation: string }) => {
  ctx.sent = await changeCalls(ui)
  await typeInto(ui, current(ui), values.old)
  await typeInto(ui, next(ui), values.password)
  await typeInto(ui, confirmation(ui), values.confirmation)
  await submitWith(ui, save(ui))
}

const sendRight = async (ui: Ui, ctx: Ctx) => {
  const password = nextPassword(ctx)
  await fillAndSend(ui, ctx, { old: ctx.password, password, confirmation: password })
  await ui.eventually(async () =>
    assert.equal((await ui.network.calls("POST", "/api/change-password")).at(-1)?.status, 200),
  )
  ctx.password = password
  ctx.changes++
}

/** msw's side: the account's password, checked as the real server checks it. */
const fakeServer = () => {
  let password = PASSWORD
  return [
    dashboardHandler(),
    http.post(`${API}/api/change-password`, async ({ request }) => {
      const body = (await request.json()) as typeof ChangePasswordPayload.Encoded
      if (body.old_password !== password) return refused({ old_password: PASSWORD_NOT_CORRECT })
      password = body.password
      return HttpResponse.json({ message: "Your password has been changed." })
    }),
  ]
}

export default defineModel<null, Ctx>({
  id: "password-change",
  title: "Changing the password",
  machine,
  inputs: ["mouse", "keyboard"],
  path: "/account-settings/change-my-password",
  covers: ["passwordChange"],
  skips: {
    "passwordChange editing form.submit [and(isValid, not(hasPassword))]":
      "an account without a password sets its first one with a mailed code: tests/e2e/account-settings.spec.ts",
    "passwordChange reauthenticating done.reauth":
      "an account without a password sets its first one with a mailed code: tests/e2e/account-settings.spec.ts",
  },
  context: () => ({ password: PASSWORD, changes: 0, sent: 0 }),
  ready: (ui) => onPage(ui, "Change password"),
  states: {
    form: {
      means: "the current password, the new one and its confirmation, empty",
      check: async (ui) => {
        for (const field of [current(ui), next(ui), confirmation(ui)]) await ui.expect(field).toHaveValue("")
        await ui.expect(save(ui)).toBeEnabled()
      },
    },
    fieldErrors: {
      means: "the rules broken said at each field (too short, not the same), the cursor in the first of them",
      check: async (ui, ctx) => {
        await ui.expect(next(ui)).toHaveAccessibleDescription(/use at least 8 characters/)
        await ui.expect(confirmation(ui)).toHaveAccessibleDescription(/The passwords do not match/)
        await ui.expect(next(ui)).toBeFocused()
        await ui.expect(current(ui)).not.toHaveAccessibleDescription(/not correct|required/)
        assert.equal(await changeCalls(ui), ctx.sent, "nothing was sent")
      },
    },
    wrongCurrent: {
      means: "“The current password is not correct” at its field, the cursor there; the new password kept",
      check: async (ui, ctx) => {
        await ui.expect(current(ui)).toHaveAccessibleDescription(/The current password is not correct/)
        await ui.expect(current(ui)).toBeFocused()
        await ui.expect(next(ui)).toHaveValue(nextPassword(ctx))
      },
    },
    tooManyTries: {
      means: "too many attempts said above the form; everything typed kept",
      check: async (ui, ctx) => {
        await ui.expect(formAlert(ui)).toHaveText("Too many attempts. Please wait a few minutes and try again.")
        await ui.expect(current(ui)).toHaveValue(ctx.password)
        await ui.expect(next(ui)).toHaveValue(nextPassword(ctx))
        await ui.expect(confirmation(ui)).toHaveValue(nextPassword(ctx))
      },
    },
    changed: {
      means: "the toast that the password changed and the other devices are signed out; the form empty",
      check: async (ui) => {
        await toastSays(ui, "Your password has been changed. Your other devices have been signed out.")
        for (const field of [current(ui), next(ui), confirmation(ui)]) await ui.expect(field).toHaveValue("")
        await ui.expect(formAlert(ui)).toHaveCount(0)
      },
    },
  },
  events: {
    "form.submitInvalid": {
      means: "sends a new password that is too short and a confirmation that differs",
      run: (ui, ctx) => fillAndSend(ui, ctx, { old: ctx.password, password: "lotus1", confirmation: "lotus2" }),
    },
    "form.submitWrongCurrent": {
      means: "sends a valid new password with a wrong current one",
      run: async (ui, ctx) => {
        const password = nextPassword(ctx)
        await fillAndSend(ui, ctx, { old: WRONG, password, confirmation: password })
      },
    },
    "form.submitTooOften": {
      means: "sends the right current password once too often: the server says too many tries (429)",
      run: async (ui, ctx) => {
        await ui.network.answer("POST", "/api/change-password", tooManyTries)
        const password = nextPassword(ctx)
        await fillAndSend(ui, ctx, { old: ctx.password, password, confirmation: password })
      },
    },
    "form.submit": { means: "sends the right current password and a new one twice", run: sendRight },
  },
  jsdom: { facts: null, signedIn: true, handlers: () => fakeServer() },
  browser: { facts: null, user: "standard" },
})
