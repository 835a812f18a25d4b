// The flows that change the account's keys through the re-authentication flow, transition by
// transition: deleting the account (500 ms to /login), the password change (the old password, or the
// mailed code of an account without one) — and the undo link of an e-mail change.
import { describe, expect, it, vi } from "vitest"
import { createActor, SimulatedClock, waitFor } from "xstate"
import type { EmailRestorePayload, EmailRestoreResponse } from "../../../src/domain/account/email-restore.ts"
import type { ChangePasswordPayload } from "../../../src/domain/account/password-change.ts"
import type { ReauthMethod } from "../../../src/domain/account/reauthentication.ts"
import { Offline, ServerError, ValidationFailed } from "../../../src/domain/shared/errors.ts"
import { DELETE_ACCOUNT_REDIRECT_DELAY_MS } from "../../../src/domain/shared/timing.ts"
import { deleteAccountMachine, deleteReauthMachine } from "../../../src/machines/account/delete-account-machine.ts"
import { emailRestoreMachine } from "../../../src/machines/account/email-restore-machine.ts"
import { passwordChangeMachine, passwordReauthMachine } from "../../../src/machines/account/password-change-machine.ts"
import { pendingActor } from "../support/pending-actor.ts"
import { reauthCalls, send, tooMany } from "./settings-fixtures.ts"

const TOKEN = "abcdefghijklmnopqrstuv"
type Sendable = Parameters<typeof send>[0]

describe("delete-account machine", () => {
  const start = (method: ReauthMethod = "password") => {
    const clock = new SimulatedClock()
    const calls = reauthCalls<void, { message: string }>()
    const clearSession = vi.fn()
    const goToLogin = vi.fn()
    const actor = createActor(
      deleteAccountMachine.provide({
        actors: {
          reauth: deleteReauthMachine.provide({
            actors: { sendCode: calls.sendCode.logic, perform: calls.perform.logic },
          }),
        },
        actions: { clearSession, goToLogin },
      }),
      { clock, input: { method, email: "lin@example.com" } },
    )
    actor.start()
    return { actor, clock, clearSession, goToLogin, ...calls }
  }

  it("asks for the password, deletes with it, then clears the session and goes to /login after 500 ms", async () => {
    const { actor, clock, perform, clearSession, goToLogin } = start()
    actor.send({ type: "delete.request" })
    const reauth = actor.getSnapshot().children.reauth
    expect(reauth?.getSnapshot().context).toMatchObject({ method: "password", email: "lin@example.com" })
    send(reauth, { type: "proof.change", value: "lotus7root" })
    send(reauth, { type: "proof.submit" })
    expect(perform.inputs).toEqual([{ request: undefined, proof: { current_password: "lotus7root" } }])
    perform.resolve({ message: "Deleted." })
    await waitFor(actor, (s) => s.hasTag("deleted"))
    expect(actor.getSnapshot().context.message).toBe("Deleted.")
    clock.increment(DELETE_ACCOUNT_REDIRECT_DELAY_MS - 1)
    expect(goToLogin).not.toHaveBeenCalled()
    clock.increment(1)
    expect(clearSession).toHaveBeenCalledTimes(1)
    expect(goToLogin).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().status).toBe("done")
  })

  it("keeps the account when the dialog is closed, and says why when the deletion is refused", async () => {
    const { actor, perform } = start("code")
    actor.send({ type: "delete.request" })
    expect(actor.getSnapshot().children.reauth?.getSnapshot().context.method).toBe("code")
    send(actor.getSnapshot().children.reauth, { type: "dialog.close" })
    await waitFor(actor, (s) => s.matches("idle"))
    expect(actor.getSnapshot().context.formError).toBeNull()
    const password = start()
    password.actor.send({ type: "delete.request" })
    send(password.actor.getSnapshot().children.reauth, { type: "proof.change", value: "lotus7root" })
    send(password.actor.getSnapshot().children.reauth, { type: "proof.submit" })
    password.perform.reject(new ValidationFailed({ message: "x", errors: { "": "validation.invalid" } }))
    await waitFor(password.actor, (s) => s.matches("idle"))
    expect(password.actor.getSnapshot().context.formError).toBe("errors.checkFields")
    expect(perform.inputs).toHaveLength(0)
  })
})

describe("password change machine", () => {
  const start = (passwordAvailable = true) => {
    const changePassword = pendingActor<{ message: string }, ChangePasswordPayload>()
    const calls = reauthCalls<ChangePasswordPayload, { message: string }>()
    const announceChanged = vi.fn()
    const actor = createActor(
      passwordChangeMachine.provide({
        actors: {
          changePassword: changePassword.logic,
          reauth: passwordReauthMachine.provide({
            actors: { sendCode: calls.sendCode.logic, perform: calls.perform.logic },
          }),
        },
        actions: { announceChanged },
      }),
      { input: { passwordAvailable, email: "lin@example.com" } },
    )
    actor.start()
    return { actor, changePassword, announceChanged, ...calls }
  }
  const fill = (actor: Sendable, form: Record<string, string>) => {
    for (const [field, value] of Object.entries(form)) send(actor, { type: "field.change", field, value })
  }

  it("asks for the old password when the account has one", () => {
    const { actor, changePassword } = start(true)
    fill(actor, { password: "lotus8root", password_confirmation: "lotus8root" })
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().context.errors).toEqual({ old_password: "validation.required" })
    expect(changePassword.inputs).toHaveLength(0)
  })

  it("checks the rules: length, letter and digit, confirmation, differs from the old", () => {
    const { actor } = start()
    fill(actor, { old_password: "lotus7root", password: "lotus7root", password_confirmation: "other" })
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().context.errors).toMatchObject({
      password: "validation.passwordSameAsOld",
      password_confirmation: "validation.passwordMismatch",
    })
    fill(actor, { password: "abc", password_confirmation: "abc" })
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().context.errors.password).toBe("validation.passwordMin")
    fill(actor, { password: "abcdefgh", password_confirmation: "abcdefgh" })
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().context.errors.password).toBe("validation.passwordLetterAndDigit")
  })

  it("announces success and resets the form; a wrong old password shows at its field; too many tries above", async () => {
    const { actor, changePassword, announceChanged } = start()
    fill(actor, { old_password: "wrong1pass", password: "lotus8root", password_confirmation: "lotus8root" })
    actor.send({ type: "form.submit" })
    changePassword.reject(
      new ValidationFailed({ message: "x", errors: { old_password: "account:validation.oldPasswordWrong" } }),
    )
    await waitFor(actor, (s) => s.matches("editing"))
    expect(actor.getSnapshot().context.errors).toEqual({ old_password: "account:validation.oldPasswordWrong" })
    expect(actor.getSnapshot().context.form.password).toBe("lotus8root")
    actor.send({ type: "form.submit" })
    changePassword.reject(tooMany())
    await waitFor(actor, (s) => s.context.formError !== null)
    expect(actor.getSnapshot().context.formError).toBe("errors.tooManyRequests")
    fill(actor, { old_password: "lotus7root" })
    actor.send({ type: "form.submit" })
    changePassword.resolve({ message: "ok" })
    await waitFor(actor, (s) => s.matches("editing") && s.context.form.password === "")
    expect(announceChanged).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().context.form).toEqual({ old_password: "", password: "", password_confirmation: "" })
    fill(actor, { old_password: "lotus8root", password: "lotus9root", password_confirmation: "lotus9root" })
    actor.send({ type: "form.submit" })
    changePassword.reject(new ServerError({ message: "boom", correlationId: "c" }))
    await waitFor(actor, (s) => s.context.formError === "errors.generic")
  })

  it("an account without a password confirms with a mailed code, then has one", async () => {
    const { actor, changePassword, sendCode, perform, announceChanged } = start(false)
    fill(actor, { password: "lotus8root", password_confirmation: "lotus8root" })
    actor.send({ type: "form.submit" })
    const reauth = actor.getSnapshot().children.reauth
    expect(reauth?.getSnapshot().context).toMatchObject({
      method: "code",
      email: "lin@example.com",
      request: { password: "lotus8root", password_confirmation: "lotus8root" },
    })
    // A rule of the new password the server refuses: back at the form's field.
    send(reauth, { type: "code.send" })
    sendCode.resolve({ message: "sent" })
    await waitFor(reauth!, (s) => s.context.codeSent)
    send(reauth, { type: "proof.change", value: "1234" })
    send(reauth, { type: "proof.submit" })
    perform.reject(new ValidationFailed({ message: "x", errors: { password: "validation.passwordCharacters" } }))
    await waitFor(actor, (s) => s.matches("editing"))
    expect(actor.getSnapshot().context.errors).toEqual({ password: "validation.passwordCharacters" })
    // Closed: nothing changes, the typing stays.
    actor.send({ type: "form.submit" })
    send(actor.getSnapshot().children.reauth, { type: "dialog.close" })
    await waitFor(actor, (s) => s.matches("editing"))
    expect(actor.getSnapshot().context.form.password).toBe("lotus8root")
    actor.send({ type: "form.submit" })
    const again = actor.getSnapshot().children.reauth
    send(again, { type: "code.send" })
    sendCode.resolve({ message: "sent" })
    await waitFor(again!, (s) => s.context.codeSent)
    send(again, { type: "proof.change", value: "4321" })
    send(again, { type: "proof.submit" })
    expect(perform.inputs.at(-1)?.proof).toEqual({ code: "4321" })
    perform.resolve({ message: "ok" })
    await waitFor(actor, (s) => s.context.form.password === "")
    expect(actor.getSnapshot().context.passwordAvailable).toBe(true)
    expect(announceChanged).toHaveBeenCalledTimes(1)
    expect(changePassword.inputs).toHaveLength(0)
  })
})

describe("e-mail restore machine", () => {
  const start = (token: string | null) => {
    const restore = pendingActor<EmailRestoreResponse, EmailRestorePayload>()
    const signedOut = vi.fn()
    const actor = createActor(
      emailRestoreMachine.provide({ actors: { restore: restore.logic }, actions: { signedOut } }),
      { input: { token } },
    )
    actor.start()
    return { actor, restore, signedOut }
  }

  it("refuses a missing or malformed link at once", () => {
    for (const token of [null, "", "short", `${TOKEN}=`]) {
      const { actor } = start(token)
      expect(actor.getSnapshot().hasTag("linkRefused"), String(token)).toBe(true)
    }
  })

  it("restores only when asked, then signs this browser out", async () => {
    const { actor, restore, signedOut } = start(TOKEN)
    expect(actor.getSnapshot().can({ type: "restore.confirm" })).toBe(true)
    expect(restore.inputs).toHaveLength(0)
    actor.send({ type: "restore.confirm" })
    expect(actor.getSnapshot().hasTag("busy")).toBe(true)
    expect(restore.inputs).toEqual([{ token: TOKEN }])
    restore.resolve({ message: "Back.", email: "lin@example.com" })
    await waitFor(actor, (s) => s.hasTag("restored"))
    expect(actor.getSnapshot().context.email).toBe("lin@example.com")
    expect(signedOut).toHaveBeenCalledTimes(1)
  })

  it("says when the link is used or expired, when the address is taken, and lets a failed call be tried again", async () => {
    const used = start(TOKEN)
    used.actor.send({ type: "restore.confirm" })
    used.restore.reject(new ValidationFailed({ message: "x", errors: { token: "validation.linkExpired" } }))
    await waitFor(used.actor, (s) => s.hasTag("linkRefused"))
    const taken = start(TOKEN)
    taken.actor.send({ type: "restore.confirm" })
    taken.restore.reject(new ValidationFailed({ message: "x", errors: { email: "validation.emailTaken" } }))
    await waitFor(taken.actor, (s) => s.hasTag("addressTaken"))
    const offline = start(TOKEN)
    offline.actor.send({ type: "restore.confirm" })
    offline.restore.reject(new Offline())
    await waitFor(offline.actor, (s) => s.context.formError === "errors.offline")
    expect(offline.actor.getSnapshot().can({ type: "restore.confirm" })).toBe(true)
    expect(offline.signedOut).not.toHaveBeenCalled()
  })
})
