// Model of deleting an account that has no password (made with a sign-in provider, §4): the
// question offers to mail a code to the account's address; sending can fail (said in the question)
// or be left by closing the question while it is under way; the mailed code is typed — a code of
// too few digits is turned back before anything is sent, a wrong one by the server — and a new
// code can be asked for (that can fail too); the right code deletes the account — by mouse and by
// keyboard. The codes are read from the mails the server sent (the outbox in the browser).
import assert from "node:assert/strict"
import { createMachine } from "xstate"
import {
  codeIn,
  newMail,
  otherCode,
  serverAccount,
  serverFailure,
  submitWith,
  typeInto,
} from "./support/account-steps.ts"
import {
  close,
  confirmButton,
  fakeAccount,
  kept,
  question,
  questionAlert,
  refusedAt,
  request,
  states,
} from "./support/delete-account-steps.ts"
import type { Ui } from "./support/driver.ts"
import { defineModel } from "./support/model.ts"
import { press } from "./support/steps.ts"

interface Ctx {
  /** The newest code mailed on this path. */
  code: string | null
}

const machine = createMachine({
  id: "deleteAccountByCode",
  initial: "page",
  states: {
    page: { on: { "delete.request": "askingCode" } },
    askingCode: {
      on: {
        "code.send": "codeSent",
        "code.sendFailing": "sendFailed",
        "code.sendThenClose": "kept",
        "dialog.close": "kept",
      },
    },
    sendFailed: { on: { "code.send": "codeSent" } },
    codeSent: {
      on: { "code.wrong": "codeRefused", "code.short": "codeTooShort", "code.resendFailing": "resendFailed" },
    },
    codeRefused: { on: { "code.resend": "codeSent" } },
    codeTooShort: { on: { "code.right": "deleted" } },
    resendFailed: { on: { "dialog.close": "kept" } },
    kept: { on: { "delete.request": "askingCode" } },
    deleted: {},
  },
})

const REAUTH = "reauthenticate"
const sendButton = (ui: Ui) => question(ui).role("button", { name: "Send code" })
const resendButton = (ui: Ui) => question(ui).role("button", { name: "Send a new code" })
const codeField = (ui: Ui) => question(ui).label("Code")

const accountEmail = async (ui: Ui) => (await serverAccount(ui)).user_profile.email

/** A code is asked for the walk's way; the new mail's code is remembered once it has come. */
const sendCode = async (ui: Ui, ctx: Ctx, button: (ui: Ui) => ReturnType<typeof sendButton>) => {
  const email = await accountEmail(ui)
  const before = await ui.mail.count(email, REAUTH)
  await press(ui, button(ui))
  ctx.code = codeIn(await newMail(ui, email, REAUTH, before))
}

/** A code typed into the question the walk's way, and the question answered. */
const answerWith = async (ui: Ui, code: string) => {
  await typeInto(ui, codeField(ui), code)
  await submitWith(ui, confirmButton(ui))
}

export default defineModel<null, Ctx>({
  id: "delete-account-by-code",
  title: "Deleting an account without a password, with a mailed code",
  machine,
  inputs: ["mouse", "keyboard"],
  path: "/account-settings/delete-account",
  covers: ["reauth"],
  skips: {
    "reauth performing error.perform [isRequestFailure]":
      "deleting sends nothing but the proof; a new e-mail address refused after its proof is walked by tests/model/email-change.model.ts",
  },
  context: () => ({ code: null }),
  ready: (ui) => ui.expect(ui.role("button", { name: "Delete my account" })).toBeVisible(),
  states: {
    ...states,
    askingCode: {
      means: "the question says a code goes to the account's address, the cursor on “Send code”; no code field",
      check: async (ui) => {
        await ui
          .expect(question(ui).role("status"))
          .toHaveText(`We send a four-digit code to ${await accountEmail(ui)}.`)
        await ui.expect(sendButton(ui)).toBeFocused()
        await ui.expect(codeField(ui)).toHaveCount(0)
      },
    },
    sendFailed: {
      means: "that something went wrong, said in the question; “Send code” again, no code field",
      check: async (ui) => {
        await ui.expect(questionAlert(ui)).toHaveText("Something went wrong. Please try again.")
        await ui.expect(sendButton(ui)).toBeVisible()
        await ui.expect(codeField(ui)).toHaveCount(0)
      },
    },
    codeSent: {
      means: "the code is on its way to the address (valid 10 minutes); the empty code field has the cursor",
      check: async (ui) => {
        await ui
          .expect(question(ui).role("status"))
          .toHaveText(`We have sent a four-digit code to ${await accountEmail(ui)}. It is valid for 10 minutes.`)
        await ui.expect(codeField(ui)).toBeFocused()
        await ui.expect(codeField(ui)).toHaveValue("")
        await ui.expect(questionAlert(ui)).toHaveCount(0)
      },
    },
    codeRefused: {
      means: "“This code is not correct” at the emptied field, the cursor there; the account kept",
      check: async (ui) => {
        await refusedAt(ui, "Code", "This code is not correct")
        await serverAccount(ui)
      },
    },
    codeTooShort: {
      means: "“Enter the 4 digits of the code” at the field, the cursor there; nothing sent",
      check: async (ui) => {
        await ui.expect(codeField(ui)).toHaveAccessibleDescription("Enter the 4 digits of the code")
        await ui.expect(codeField(ui)).toBeFocused()
      },
    },
    resendFailed: {
      means: "that something went wrong, said in the question; the code field stays",
      check: async (ui) => {
        await ui.expect(questionAlert(ui)).toHaveText("Something went wrong. Please try again.")
        await ui.expect(codeField(ui)).toBeVisible()
        await ui.expect(resendButton(ui)).toBeEnabled()
      },
    },
  },
  events: {
    "delete.request": request,
    "dialog.close": close,
    "code.send": { means: "asks for the code", run: (ui, ctx) => sendCode(ui, ctx, sendButton) },
    "code.sendFailing": {
      means: "asks for the code, and sending fails (500)",
      run: async (ui) => {
        await ui.network.answer("POST", "/api/reauthenticate/code", serverFailure("Mail unavailable"))
        await press(ui, sendButton(ui))
      },
    },
    "code.sendThenClose": {
      means: "asks for the code and closes the question before the answer comes",
      run: async (ui, ctx) => {
        const held = await ui.network.hold("POST", "/api/reauthenticate/code")
        await press(ui, sendButton(ui))
        await close[ui.input](ui)
        await kept(ui)
        held.release()
        ctx.code = null
      },
    },
    "code.resend": {
      means: "asks for a new code (the one before no longer counts)",
      run: (ui, ctx) => sendCode(ui, ctx, resendButton),
    },
    "code.resendFailing": {
      means: "asks for a new code, and sending fails (500)",
      run: async (ui) => {
        await ui.network.answer("POST", "/api/reauthenticate/code", serverFailure("Mail unavailable"))
        await press(ui, resendButton(ui))
      },
    },
    "code.wrong": {
      means: "answers with a code that is not the mailed one",
      run: (ui, ctx) => answerWith(ui, otherCode(ctx.code ?? "")),
    },
    "code.short": { means: "answers with two digits", run: (ui) => answerWith(ui, "12") },
    "code.right": {
      means: "answers with the mailed code",
      run: (ui, ctx) => {
        assert.ok(ctx.code, "a code was mailed")
        return answerWith(ui, ctx.code)
      },
    },
  },
  jsdom: { facts: null, signedIn: true, handlers: (_, outbox) => fakeAccount(outbox, false) },
  browser: { facts: null, user: "social" },
})
