// What the two models of deleting the account share (with the password: ../delete-account.model.ts;
// with a mailed code: ../delete-account-by-code.model.ts): the page and its question, the account
// kept or deleted, and msw's account that checks the proof as the server does.
import assert from "node:assert/strict"
import { HttpResponse, http } from "msw"
import type { ReauthProof } from "../../../src/domain/account/reauthentication.ts"
import { PASSWORD_NOT_CORRECT } from "../../../src/domain/account/reauthentication.ts"
import { API, dashboard } from "../../ui/support/api-data.ts"
import {
  dashboardHandler,
  onLoginSignedOut,
  onPage,
  PASSWORD,
  refused,
  serverAccount,
  signedOutOnServer,
} from "./account-steps.ts"
import type { Ui } from "./driver.ts"
import type { Outbox, StateCheck } from "./model.ts"
import { press } from "./steps.ts"

export const deleteButton = (ui: Ui) => ui.role("button", { name: "Delete my account" })
export const question = (ui: Ui) => ui.role("dialog", { name: "Delete your account and all its data for good?" })
export const confirmButton = (ui: Ui) => question(ui).role("button", { name: "Yes, delete my account" })
export const questionAlert = (ui: Ui) => question(ui).role("alert")

/** The page with its button, no question: the account is still there. */
export const kept = async (ui: Ui) => {
  await onPage(ui, "Delete account")
  await ui.expect(ui.role("dialog")).toHaveCount(0)
  await ui.expect(deleteButton(ui)).toBeVisible()
  await serverAccount(ui)
}

export const states = {
  page: {
    means: "what deleting means, and “Delete my account”",
    check: kept,
  },
  kept: {
    means: "the question closed, the cursor back on “Delete my account”; the account is still there",
    check: async (ui) => {
      await kept(ui)
      await ui.expect(deleteButton(ui)).toBeFocused()
    },
  },
  deleted: {
    means:
      "signed out on the login page (after the moment “Your account has been deleted.” shows); the server has no session",
    check: async (ui) => {
      await ui.eventually(async () =>
        assert.equal((await ui.network.calls("DELETE", "/api/account/delete")).at(-1)?.status, 200),
      )
      await onLoginSignedOut(ui)
      await signedOutOnServer(ui)
    },
  },
} satisfies Record<string, StateCheck<unknown>>

/** Asking to delete: the page's button pressed the walk's way. */
export const request = { means: "asks to delete the account", run: (ui: Ui) => press(ui, deleteButton(ui)) }

/** The question closed: “Keep my account” clicked, or Escape. */
export const close = {
  means: "keeps the account (“Keep my account”, or Escape)",
  mouse: (ui: Ui) => question(ui).role("button", { name: "Keep my account" }).click(),
  keyboard: (ui: Ui) => ui.keyboard.press("Escape"),
}

/** The question's field (password or code) is empty, has the cursor and says `message`. */
export const refusedAt = async (ui: Ui, label: string, message: string) => {
  const field = question(ui).label(label)
  await ui.expect(field).toHaveAccessibleDescription(message)
  await ui.expect(field).toHaveValue("")
  await ui.expect(field).toBeFocused()
}

/**
 * msw's account: with a password, or without one (then a code goes to its address with each
 * `POST api/reauthenticate/code`, the newest one good). Deleting it signs everything out.
 */
export const fakeAccount = (outbox: Outbox, passwordAvailable: boolean) => {
  const email = dashboard.user_profile.email
  let code: string | null = null
  let codes = 0
  let deleted = false
  const wrongProof = (proof: ReauthProof) =>
    passwordAvailable
      ? proof.current_password === PASSWORD
        ? null
        : refused({ current_password: PASSWORD_NOT_CORRECT })
      : proof.code !== undefined && proof.code === code
        ? null
        : refused({ code: "validation.codeInvalid" })
  return [
    dashboardHandler(
      () => ({ user_profile: { ...dashboard.user_profile, password_available: passwordAvailable } }),
      () => !deleted,
    ),
    http.post(`${API}/api/reauthenticate/code`, () => {
      assert.ok(!passwordAvailable, "an account with a password is asked for it")
      codes++
      code = String(4000 + codes * 111)
      outbox.send({ to: email, purpose: "reauthenticate", subject: "Your code", text: `Your code:\n${code}\n` })
      return HttpResponse.json({ message: "Code sent." })
    }),
    http.delete(`${API}/api/account/delete`, async ({ request }) => {
      const failure = wrongProof((await request.json()) as ReauthProof)
      if (failure) return failure
      deleted = true
      return HttpResponse.json({ message: "Your account and all its data have been deleted." })
    }),
  ]
}
