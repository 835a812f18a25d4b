// Model of deleting an account that has a password (§4): the question asks for the current
// password; a wrong one is refused at its field, too many tries (429) are said in the question
// with the typed password kept; closing the question keeps the account; the right password deletes
// it and signs out — by mouse and by keyboard. An account without a password confirms with a
// mailed code instead: ./delete-account-by-code.model.ts.
import { createMachine } from "xstate"
import { PASSWORD, serverAccount, submitWith, tooManyTries, typeInto } from "./support/account-steps.ts"
import {
  close,
  confirmButton,
  fakeAccount,
  question,
  questionAlert,
  refusedAt,
  request,
  states,
} from "./support/delete-account-steps.ts"
import type { Ui } from "./support/driver.ts"
import { defineModel } from "./support/model.ts"

const machine = createMachine({
  id: "deleteAccount",
  initial: "page",
  states: {
    page: { on: { "delete.request": "asking" } },
    asking: {
      on: { "password.wrong": "wrongPassword", "password.right": "deleted", "dialog.close": "kept" },
    },
    wrongPassword: { on: { "password.tooOften": "tooManyTries" } },
    tooManyTries: { on: { "password.right": "deleted" } },
    kept: { on: { "delete.request": "asking" } },
    deleted: {},
  },
})

const password = (ui: Ui) => question(ui).label("Current password")

/** The password typed into the question the walk's way, and the question answered. */
const answerWith = async (ui: Ui, typed: string) => {
  await typeInto(ui, password(ui), typed)
  await submitWith(ui, confirmButton(ui))
}

export default defineModel<null, null>({
  id: "delete-account",
  title: "Deleting the account with its password",
  machine,
  inputs: ["mouse", "keyboard"],
  path: "/account-settings/delete-account",
  covers: ["deleteAccount"],
  skips: {
    "deleteAccount confirming done.reauth [reauthFailed]":
      "deleting sends nothing but the proof, so the server has no other field to refuse",
  },
  context: () => null,
  ready: (ui) => ui.expect(ui.role("button", { name: "Delete my account" })).toBeVisible(),
  states: {
    ...states,
    asking: {
      means: "the question asks for the current password, the cursor in its field",
      check: async (ui) => {
        await ui.expect(question(ui).text(/Enter your password to confirm that it is you/)).toBeVisible()
        await ui.expect(password(ui)).toBeFocused()
        await ui.expect(password(ui)).toHaveValue("")
      },
    },
    wrongPassword: {
      means: "“The current password is not correct” at the emptied field, the cursor there; the account kept",
      check: (ui) => refusedAt(ui, "Current password", "The current password is not correct"),
    },
    tooManyTries: {
      means: "too many attempts said in the question; the typed password kept; the account kept",
      check: async (ui) => {
        await ui.expect(questionAlert(ui)).toHaveText("Too many attempts. Please wait a few minutes and try again.")
        await ui.expect(password(ui)).toHaveValue(PASSWORD)
        await serverAccount(ui)
      },
    },
  },
  events: {
    "delete.request": request,
    "dialog.close": close,
    "password.wrong": { means: "answers with a wrong password", run: (ui) => answerWith(ui, "wrong1pass") },
    "password.tooOften": {
      means: "answers with the right password once too often: the server says too many tries (429)",
      run: async (ui) => {
        await ui.network.answer("DELETE", "/api/account/delete", tooManyTries)
        await answerWith(ui, PASSWORD)
      },
    },
    "password.right": {
      means: "answers with the right password",
      run: async (ui) => {
        if ((await password(ui).value()) === PASSWORD) await submitWith(ui, confirmButton(ui))
        else await answerWith(ui, PASSWORD)
      },
    },
  },
  jsdom: { facts: null, signedIn: true, handlers: (_, outbox) => fakeAccount(outbox, true) },
  browser: { facts: null, user: "standard" },
})
