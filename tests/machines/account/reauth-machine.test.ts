// The re-authentication flow, transition by transition: the dialog's password or mailed code, a
// wrong proof cleared, too many tries, a refusal of the request, closing — and the profile saving a
// new address through it (its availability check giving way when limited).
import { describe, expect, it, vi } from "vitest"
import { type AnyActorRef, createActor, SimulatedClock, waitFor } from "xstate"
import type {
  EmailValidatePayload,
  ProfileOptions,
  ProfileUpdatePayload,
  ProfileUpdateResponse,
} from "../../../src/domain/account/profile.ts"
import type { ReauthMethod } from "../../../src/domain/account/reauthentication.ts"
import type { UserData } from "../../../src/domain/account/user.ts"
import { Offline, TooManyRequests, ValidationFailed } from "../../../src/domain/shared/errors.ts"
import { EMAIL_CHECK_DEBOUNCE_MS } from "../../../src/domain/shared/timing.ts"
import { profileMachine, profileReauthMachine } from "../../../src/machines/account/profile-machine.ts"
import { makeReauthMachine } from "../../../src/machines/account/reauth-machine.ts"
import { pendingActor } from "../support/pending-actor.ts"
import { OPTIONS, reauthCalls, send, tooMany, userData } from "./settings-fixtures.ts"

const wrongPassword = () =>
  new ValidationFailed({ message: "x", errors: { current_password: "account:validation.oldPasswordWrong" } })

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
    const loadProfile = pendingActor<{ user: UserData; options: ProfileOptions; pendingEmail: string | null }, void>()
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
    loadProfile.resolve({ user, options: OPTIONS, pendingEmail: null })
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

  it("keeps the save's word that an address is taken when a check answers 'free' after it", async () => {
    const { actor, retype, perform, checkEmail } = await start()
    retype("taken@example.com")
    expect(checkEmail.inputs.at(-1)?.email).toBe("taken@example.com")
    actor.send({ type: "form.submit" })
    send(reauthOf(actor), { type: "proof.change", value: "lotus7root" })
    send(reauthOf(actor), { type: "proof.submit" })
    perform.reject(new ValidationFailed({ message: "x", errors: { email: "validation.emailTaken" } }))
    await waitFor(actor, (s) => s.matches({ editing: { form: "idle" } }))
    checkEmail.resolve({ available: true })
    await waitFor(actor, (s) => s.matches({ editing: { emailCheck: "pausing" } }))
    expect(actor.getSnapshot().context.errors.email).toBe("validation.emailTaken")
    expect(actor.getSnapshot().context.emailCheck).toEqual({ email: "taken@example.com", available: false })
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
