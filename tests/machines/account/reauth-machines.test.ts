// The flows that ask for the account's proof, transition by transition: the re-authentication
// dialog itself (password or mailed code, wrong proof cleared, too many tries, a refusal of the
// request, closing), the profile saving a new address through it (and its availability check giving
// way when limited), deleting the account (500 ms to /login), the password change (old password, or
// the mailed code of an account without one) and the undo link of an e-mail change.
import { describe, expect, it, vi } from "vitest"
import { type AnyActorRef, createActor, SimulatedClock, waitFor } from "xstate"
import type { EmailRestorePayload, EmailRestoreResponse } from "../../../src/domain/account/email-restore.ts"
import type { ChangePasswordPayload } from "../../../src/domain/account/password-change.ts"
import type {
  EmailValidatePayload,
  ProfileOptions,
  ProfileUpdatePayload,
  ProfileUpdateResponse,
} from "../../../src/domain/account/profile.ts"
import type { ReauthMethod } from "../../../src/domain/account/reauthentication.ts"
import type { UserData } from "../../../src/domain/account/user.ts"
import { Offline, ServerError, TooManyRequests, ValidationFailed } from "../../../src/domain/shared/errors.ts"
import { DELETE_ACCOUNT_REDIRECT_DELAY_MS, EMAIL_CHECK_DEBOUNCE_MS } from "../../../src/domain/shared/timing.ts"
import { deleteAccountMachine, deleteReauthMachine } from "../../../src/machines/account/delete-account-machine.ts"
import { emailRestoreMachine } from "../../../src/machines/account/email-restore-machine.ts"
import { passwordChangeMachine, passwordReauthMachine } from "../../../src/machines/account/password-change-machine.ts"
import { profileMachine, profileReauthMachine } from "../../../src/machines/account/profile-machine.ts"
import { makeReauthMachine, type ReauthCall } from "../../../src/machines/account/reauth-machine.ts"
import { pendingActor } from "../support/pending-actor.ts"
import { OPTIONS, userData } from "./settings-fixtures.ts"

const TOKEN = "abcdefghijklmnopqrstuv"
const tooMany = () => new TooManyRequests({ message: "x", retryAfterSeconds: 900 })
const wrongPassword = () =>
  new ValidationFailed({ message: "x", errors: { current_password: "account:validation.oldPasswordWrong" } })

/** Fakes for a re-authentication flow's calls. */
const reauthCalls = <Request, Result>() => ({
  sendCode: pendingActor<{ message: string }, void>(),
  perform: pendingActor<Result, ReauthCall<Request>>(),
})

type Sendable = { readonly send: (event: never) => void }
const send = (actor: Sendable | undefined, event: object) => actor?.send(event as never)

describe("re-authentication machine", () => {
  const machine = makeReauthMachine<{ readonly name: string }, { readonly ok: true }>()
  const start = (method: ReauthMethod) => {
    const calls = reauthCalls<{ readonly name: string }, { readonly ok: true }>()
    const actor = createActor(
      machine.provide({ actors: { sendCode: calls.sendCode.logic, perform: calls.perform.logic } }),
      { input: { method, email: "lin@example.com", request: { name: "Mei" } } },
    )
    actor.start()
    return { actor, ...calls }
  }

  it("asks for the password at once; an empty one is turned back at the field", () => {
    const { actor, perform } = start("password")
    expect(actor.getSnapshot().matches("entering")).toBe(true)
    actor.send({ type: "proof.submit" })
    expect(actor.getSnapshot().context).toMatchObject({ error: "validation.required", rejectedSubmits: 1 })
    // There is no code to send for an account with a password.
    expect(actor.getSnapshot().can({ type: "code.send" })).toBe(false)
    actor.send({ type: "proof.change", value: " lotus 7root" })
    expect(actor.getSnapshot().context).toMatchObject({ value: " lotus 7root", error: null })
    expect(perform.inputs).toHaveLength(0)
  })

  it("sends the request with the password and ends done with the answer", async () => {
    const { actor, perform } = start("password")
    actor.send({ type: "proof.change", value: "lotus7root" })
    actor.send({ type: "proof.submit" })
    expect(actor.getSnapshot().hasTag("busy")).toBe(true)
    expect(perform.inputs).toEqual([{ request: { name: "Mei" }, proof: { current_password: "lotus7root" } }])
    perform.resolve({ ok: true })
    await waitFor(actor, (s) => s.status === "done")
    expect(actor.getSnapshot().output).toEqual({ _tag: "done", result: { ok: true } })
  })

  it("clears a wrong password with the server's word and stays; too many tries say so and keep it", async () => {
    const { actor, perform } = start("password")
    actor.send({ type: "proof.change", value: "wrong1pass" })
    actor.send({ type: "proof.submit" })
    perform.reject(wrongPassword())
    await waitFor(actor, (s) => s.matches("entering"))
    expect(actor.getSnapshot().context).toMatchObject({
      value: "",
      error: "account:validation.oldPasswordWrong",
      rejectedSubmits: 1,
    })
    actor.send({ type: "proof.change", value: "lotus7root" })
    actor.send({ type: "proof.submit" })
    perform.reject(tooMany())
    await waitFor(actor, (s) => s.matches("entering"))
    expect(actor.getSnapshot().context).toMatchObject({ value: "lotus7root", formError: "errors.tooManyRequests" })
    actor.send({ type: "proof.submit" })
    perform.reject(new Offline())
    await waitFor(actor, (s) => s.matches("entering"))
    expect(actor.getSnapshot().context.formError).toBe("errors.offline")
    actor.send({ type: "proof.change", value: "lotus7root!" })
    expect(actor.getSnapshot().context.formError).toBeNull()
  })

  it("ends failed when the request itself is refused, for its flow to show", async () => {
    const { actor, perform } = start("password")
    actor.send({ type: "proof.change", value: "lotus7root" })
    actor.send({ type: "proof.submit" })
    const taken = new ValidationFailed({ message: "x", errors: { email: "validation.emailTaken" } })
    perform.reject(taken)
    await waitFor(actor, (s) => s.status === "done")
    expect(actor.getSnapshot().output).toEqual({ _tag: "failed", error: taken })
  })

  it("ends cancelled when closed, whether typing or waiting for a code", () => {
    for (const method of ["password", "code"] as const) {
      const { actor } = start(method)
      actor.send({ type: "dialog.close" })
      expect(actor.getSnapshot().output).toEqual({ _tag: "cancelled" })
    }
    const sending = start("code")
    sending.actor.send({ type: "code.send" })
    sending.actor.send({ type: "dialog.close" })
    expect(sending.actor.getSnapshot().output).toEqual({ _tag: "cancelled" })
  })

  it("an account without a password: sends a code first, then takes four digits", async () => {
    const { actor, sendCode, perform } = start("code")
    expect(actor.getSnapshot().matches("requesting")).toBe(true)
    // Nothing to submit before a code was sent.
    actor.send({ type: "proof.submit" })
    expect(perform.inputs).toHaveLength(0)
    actor.send({ type: "code.send" })
    expect(actor.getSnapshot().hasTag("sending")).toBe(true)
    sendCode.reject(tooMany())
    await waitFor(actor, (s) => s.matches("requesting"))
    expect(actor.getSnapshot().context).toMatchObject({ formError: "errors.tooManyRequests", codeSent: false })
    actor.send({ type: "code.send" })
    sendCode.resolve({ message: "sent" })
    await waitFor(actor, (s) => s.matches("entering"))
    expect(actor.getSnapshot().context).toMatchObject({ codeSent: true, formError: null })
    actor.send({ type: "proof.change", value: "1a2" })
    expect(actor.getSnapshot().context.value).toBe("12")
    actor.send({ type: "proof.submit" })
    expect(actor.getSnapshot().context.error).toBe("validation.codeFormat")
    actor.send({ type: "proof.change", value: "12345" })
    actor.send({ type: "proof.submit" })
    expect(perform.inputs).toEqual([{ request: { name: "Mei" }, proof: { code: "1234" } }])
    perform.reject(new ValidationFailed({ message: "x", errors: { code: "validation.codeInvalid" } }))
    await waitFor(actor, (s) => s.matches("entering"))
    expect(actor.getSnapshot().context).toMatchObject({ value: "", error: "validation.codeInvalid" })
  })

  it("sends a new code on request; a failed resend keeps the code field", async () => {
    const { actor, sendCode } = start("code")
    actor.send({ type: "code.send" })
    sendCode.resolve({ message: "sent" })
    await waitFor(actor, (s) => s.matches("entering"))
    actor.send({ type: "code.send" })
    sendCode.reject(new TooManyRequests({ message: "x", retryAfterSeconds: 86_400, reason: "codesPaused" }))
    await waitFor(actor, (s) => s.matches("entering"))
    expect(actor.getSnapshot().context).toMatchObject({ codeSent: true, formError: "errors.codesPaused" })
    expect(sendCode.inputs).toHaveLength(2)
  })
})

describe("profile machine: a new address", () => {
  const start = async (user: UserData = userData()) => {
    const clock = new SimulatedClock()
    const loadProfile = pendingActor<{ user: UserData; options: ProfileOptions }, void>()
    const checkEmail = pendingActor<{ available: boolean }, EmailValidatePayload>()
    const updateProfile = pendingActor<ProfileUpdateResponse, ProfileUpdatePayload>()
    const calls = reauthCalls<ProfileUpdatePayload, ProfileUpdateResponse>()
    const announce = vi.fn()
    const userChanged = vi.fn()
    const actor = createActor(
      profileMachine.provide({
        actors: {
          loadProfile: loadProfile.logic,
          checkEmail: checkEmail.logic,
          updateProfile: updateProfile.logic,
          reauth: profileReauthMachine.provide({
            actors: { sendCode: calls.sendCode.logic, perform: calls.perform.logic },
          }),
        },
        actions: { announce: (_, p) => announce(p.message), userChanged: (_, p) => userChanged(p.user) },
      }),
      { input: { appLanguage: "en" }, clock },
    )
    actor.start()
    loadProfile.resolve({ user, options: OPTIONS })
    await waitFor(actor, (s) => s.matches("editing"))
    const retype = (value: string) => actor.send({ type: "field.change", field: "email", value })
    return { actor, clock, checkEmail, updateProfile, announce, userChanged, retype, ...calls }
  }
  const reauthOf = (actor: { getSnapshot: () => { children: { reauth?: AnyActorRef } } }) =>
    actor.getSnapshot().children.reauth

  it("asks for the password before saving it; the proof goes with the form", async () => {
    const { actor, retype, updateProfile, perform, announce, userChanged } = await start()
    retype("mei@example.com")
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().hasTag("busy")).toBe(true)
    expect(updateProfile.inputs).toHaveLength(0)
    const reauth = reauthOf(actor)
    expect(reauth?.getSnapshot().context).toMatchObject({
      method: "password",
      email: "lin@example.com",
      request: { email: "mei@example.com", first_name: "Lin", country_id: 2 },
    })
    send(reauth, { type: "proof.change", value: "lotus7root" })
    send(reauth, { type: "proof.submit" })
    expect(perform.inputs[0]?.proof).toEqual({ current_password: "lotus7root" })
    perform.resolve({ message: "Code sent.", pending_email: "mei@example.com", user: userData() })
    await waitFor(actor, (s) => s.context.pendingEmail === "mei@example.com")
    expect(reauthOf(actor)).toBeUndefined()
    expect(actor.getSnapshot().context.form.email).toBe("mei@example.com")
    expect(announce).toHaveBeenCalledWith("Code sent.")
    expect(userChanged).toHaveBeenCalledTimes(1)
    actor.send({ type: "email.confirmed", user: userData({ email: "mei@example.com" }) })
    expect(actor.getSnapshot().context).toMatchObject({ pendingEmail: null })
    expect(actor.getSnapshot().context.user?.user_profile.email).toBe("mei@example.com")
    actor.send({ type: "email.dismiss" })
    expect(actor.getSnapshot().context.pendingEmail).toBeNull()
  })

  it("an account without a password is asked for a mailed code", async () => {
    const { actor, retype } = await start(userData({ password_available: false }))
    retype("mei@example.com")
    actor.send({ type: "form.submit" })
    expect(reauthOf(actor)?.getSnapshot().context).toMatchObject({ method: "code", email: "lin@example.com" })
  })

  it("shows a taken address at the field once proven; closing the dialog saves nothing and keeps the typing", async () => {
    const { actor, retype, perform, updateProfile } = await start()
    retype("taken@example.com")
    actor.send({ type: "form.submit" })
    send(reauthOf(actor), { type: "proof.change", value: "lotus7root" })
    send(reauthOf(actor), { type: "proof.submit" })
    perform.reject(new ValidationFailed({ message: "x", errors: { email: "validation.emailTaken" } }))
    await waitFor(actor, (s) => s.matches({ editing: { form: "idle" } }))
    expect(actor.getSnapshot().context).toMatchObject({
      errors: { email: "validation.emailTaken" },
      formError: null,
      rejectedSubmits: 1,
    })
    retype("mei@example.com")
    actor.send({ type: "form.submit" })
    send(reauthOf(actor), { type: "dialog.close" })
    await waitFor(actor, (s) => s.matches({ editing: { form: "idle" } }))
    expect(actor.getSnapshot().context).toMatchObject({ pendingEmail: null, formError: null })
    expect(actor.getSnapshot().context.form.email).toBe("mei@example.com")
    expect(updateProfile.inputs).toHaveLength(0)
  })

  it("saves other changes without asking", async () => {
    const { actor, updateProfile } = await start()
    actor.send({ type: "field.change", field: "first_name", value: "Meiling" })
    actor.send({ type: "form.submit" })
    expect(reauthOf(actor)).toBeUndefined()
    expect(updateProfile.inputs[0]).toMatchObject({ first_name: "Meiling", email: "lin@example.com" })
  })

  it("stops checking addresses when told there were too many checks; the save checks instead", async () => {
    const { actor, clock, checkEmail, retype } = await start()
    retype("mei@example.com")
    checkEmail.reject(tooMany())
    await waitFor(actor, (s) => s.hasTag("emailCheckLimited"))
    clock.increment(EMAIL_CHECK_DEBOUNCE_MS)
    retype("mei2@example.com")
    clock.increment(EMAIL_CHECK_DEBOUNCE_MS)
    expect(checkEmail.inputs).toHaveLength(1)
    expect(actor.getSnapshot().context.errors.email).toBeUndefined()
  })

  it("does not ask again about an address whose check failed", async () => {
    const { actor, clock, checkEmail, retype } = await start()
    retype("mei@example.com")
    checkEmail.reject(new Offline())
    await waitFor(actor, (s) => s.context.emailCheck?.available === null)
    clock.increment(EMAIL_CHECK_DEBOUNCE_MS * 3)
    expect(checkEmail.inputs).toHaveLength(1)
    expect(actor.getSnapshot().hasTag("emailCheckLimited")).toBe(false)
    retype("mei2@example.com")
    expect(checkEmail.inputs).toHaveLength(2)
  })
})

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
