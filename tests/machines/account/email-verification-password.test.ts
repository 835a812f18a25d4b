// The password step of the e-mail verification machine: a right link or code opened away from the
// browser that registered answers `passwordNeeded`; the person then chooses their password (checked
// by the Schema the server uses), which signs them in. Every transition in and out of the step, and
// every failure of §8 the step can meet.
import { beforeAll, describe, expect, it, vi } from "vitest"
import { createActor, waitFor } from "xstate"
import type { ChoosePasswordPayload, VerificationAnswer } from "../../../src/domain/account/email-verification.ts"
import { PASSWORD_MIN_LENGTH } from "../../../src/domain/account/password-limits.ts"
import { signInRules } from "../../../src/domain/account/sign-in-forms.ts"
import { type SignedInUser, USER_DEFAULTS } from "../../../src/domain/account/user.ts"
import {
  NotFound,
  Offline,
  RequestTimeout,
  ServerError,
  TooManyRequests,
  Unauthorized,
  ValidationFailed,
} from "../../../src/domain/shared/errors.ts"
import { MessageKey } from "../../../src/domain/shared/validation.ts"
import { emailVerificationMachine } from "../../../src/machines/account/email-verification-machine.ts"
import { pendingActor } from "../support/pending-actor.ts"

// The forms' rules come in a script of their own; the form kit holds a check until they are in.
beforeAll(() => signInRules.load())

const UUID = "0f8e2a1c-1111-4222-8333-944455556666"
const EMAIL = "ann@example.com"
const CODE = "1234"
const TOKEN = "AbCdEfGhIjKlMnOpQrSt_-"
const PASSWORD = `a1${"b".repeat(PASSWORD_MIN_LENGTH - 2)}`
const SHORT = PASSWORD.slice(1)
const PASSWORD_NEEDED: VerificationAnswer = { message: "Choose your password", passwordNeeded: true }
const user: SignedInUser = { ...USER_DEFAULTS, id: 7, uuid: UUID, email: EMAIL, verification_confirmed: true }

const start = (input: { readonly uuid?: string; readonly code?: string; readonly token?: string }) => {
  const verify = pendingActor<VerificationAnswer, { readonly uuid: string; readonly code: string }>()
  const verifyLink = pendingActor<VerificationAnswer, { readonly token: string }>()
  const resend = pendingActor<{ readonly message: string }, { readonly email: string }>()
  const choosePassword = pendingActor<SignedInUser, ChoosePasswordPayload>()
  const signedIn = vi.fn()
  const actor = createActor(
    emailVerificationMachine.provide({
      actors: {
        verify: verify.logic,
        verifyLink: verifyLink.logic,
        resend: resend.logic,
        choosePassword: choosePassword.logic,
      },
      actions: { signedIn: (_, params) => signedIn(params) },
    }),
    { input: { ...input, email: EMAIL } },
  )
  actor.start()
  return { actor, verify, verifyLink, resend, choosePassword, signedIn }
}

type Started = ReturnType<typeof start>

/** Opened from the mail's link in another browser: the step is asked for. */
const linkStep = async (input: { readonly uuid?: string } = { uuid: UUID }) => {
  const started = start({ ...input, token: TOKEN })
  started.verifyLink.resolve(PASSWORD_NEEDED)
  await waitFor(started.actor, (s) => s.hasTag("passwordStep"))
  return started
}

/** The code typed in another browser: the step is asked for, the code kept for it. */
const codeStep = async () => {
  const started = start({ uuid: UUID, code: CODE })
  started.verify.resolve(PASSWORD_NEEDED)
  await waitFor(started.actor, (s) => s.hasTag("passwordStep"))
  return started
}

const type = ({ actor }: Started, password: string, confirmPassword = password) => {
  actor.send({ type: "field.change", field: "password", value: password })
  actor.send({ type: "field.change", field: "confirmPassword", value: confirmPassword })
}

/** A valid password submitted: the machine is left choosing it. */
const submitted = async (started: Started | Promise<Started>) => {
  const ready = await started
  type(ready, PASSWORD)
  ready.actor.send({ type: "form.submit" })
  expect(ready.actor.getSnapshot().value).toBe("choosingPassword")
  return ready
}

const settled = (actor: Started["actor"]) => waitFor(actor, (s) => !s.hasTag("busy"))

describe("email verification: the password step", () => {
  describe("into the step", () => {
    it("a link answered passwordNeeded asks for the password, with earlier messages gone", async () => {
      const { actor } = await linkStep()
      expect(actor.getSnapshot().value).toBe("passwordNeeded")
      expect(actor.getSnapshot().hasTag("passwordStep")).toBe(true)
      expect(actor.getSnapshot().context).toMatchObject({
        token: TOKEN,
        formError: null,
        notice: null,
        form: { password: "", confirmPassword: "" },
        errors: {},
      })
    })

    it("a code answered passwordNeeded asks for the password and keeps the code for it", async () => {
      const { actor } = await codeStep()
      expect(actor.getSnapshot().value).toBe("passwordNeeded")
      expect(actor.getSnapshot().context).toMatchObject({ code: CODE, codeError: null, formError: null })
    })

    it("a verification that needs no password finishes without the step", async () => {
      const { actor, verifyLink } = start({ uuid: UUID, token: TOKEN })
      verifyLink.resolve({ message: "Verified", passwordNeeded: false })
      await waitFor(actor, (s) => s.status === "done")
      expect(actor.getSnapshot().hasTag("verified")).toBe(true)
      expect(actor.getSnapshot().hasTag("passwordStep")).toBe(false)
    })
  })

  describe("passwordNeeded", () => {
    it("keeps what is typed and clears a field's message as it changes", async () => {
      const started = await linkStep()
      started.actor.send({ type: "form.submit" })
      expect(started.actor.getSnapshot().context.errors.password).toBe(MessageKey.required)
      type(started, PASSWORD, "")
      expect(started.actor.getSnapshot().context.form).toEqual({ password: PASSWORD, confirmPassword: "" })
      expect(started.actor.getSnapshot().context.errors.password).toBeUndefined()
    })

    it(`checks a password on leaving it: fewer than ${PASSWORD_MIN_LENGTH} characters is too short`, async () => {
      const started = await linkStep()
      started.actor.send({ type: "field.blur", field: "password" })
      expect(started.actor.getSnapshot().context.errors).toEqual({})
      started.actor.send({ type: "field.change", field: "password", value: SHORT })
      started.actor.send({ type: "field.blur", field: "password" })
      expect(started.actor.getSnapshot().context.errors).toEqual({ password: MessageKey.passwordMin })
      expect(started.actor.getSnapshot().context.rejectedSubmits).toBe(0)
    })

    it("turns back a submit with every field's message and asks nothing of the server", async () => {
      const started = await linkStep()
      type(started, SHORT, PASSWORD)
      started.actor.send({ type: "form.submit" })
      expect(started.actor.getSnapshot().value).toBe("passwordNeeded")
      expect(started.actor.getSnapshot().context.errors).toEqual({
        password: MessageKey.passwordMin,
        confirmPassword: MessageKey.passwordMismatch,
      })
      expect(started.actor.getSnapshot().context.rejectedSubmits).toBe(1)
      expect(started.choosePassword.inputs).toHaveLength(0)
    })

    it("sends the link's token with a valid password", async () => {
      const { choosePassword } = await submitted(linkStep())
      expect(choosePassword.inputs).toEqual([{ token: TOKEN, password: PASSWORD, confirmPassword: PASSWORD }])
    })

    it("sends the account and the code with a valid password", async () => {
      const { choosePassword } = await submitted(codeStep())
      expect(choosePassword.inputs).toEqual([{ uuid: UUID, code: CODE, password: PASSWORD, confirmPassword: PASSWORD }])
    })

    it("ignores the code and resend events of the other steps", async () => {
      const { actor, resend, verify } = await codeStep()
      actor.send({ type: "code.change", value: "9999" })
      actor.send({ type: "code.submit" })
      actor.send({ type: "verification.resend" })
      expect(actor.getSnapshot().value).toBe("passwordNeeded")
      expect(actor.getSnapshot().context.code).toBe(CODE)
      expect(verify.inputs).toHaveLength(1)
      expect(resend.inputs).toHaveLength(0)
    })
  })

  describe("choosingPassword", () => {
    it("is busy and ignores typing and another submit", async () => {
      const { actor, choosePassword } = await submitted(linkStep())
      expect(actor.getSnapshot().hasTag("busy")).toBe(true)
      actor.send({ type: "field.change", field: "password", value: "" })
      actor.send({ type: "form.submit" })
      expect(actor.getSnapshot().context.form.password).toBe(PASSWORD)
      expect(choosePassword.inputs).toHaveLength(1)
    })

    it("signs the user in and is done", async () => {
      const { actor, choosePassword, signedIn } = await submitted(linkStep())
      choosePassword.resolve(user)
      await waitFor(actor, (s) => s.status === "done")
      expect(actor.getSnapshot().value).toBe("done")
      expect(actor.getSnapshot().hasTag("signedIn")).toBe(true)
      expect(signedIn).toHaveBeenCalledWith(user)
    })

    it("puts the server's password messages under their fields, keeps what was typed and can try again", async () => {
      const { actor, choosePassword } = await submitted(linkStep())
      choosePassword.reject(
        new ValidationFailed({ message: "x", errors: { password: MessageKey.passwordLetterAndDigit } }),
      )
      await settled(actor)
      expect(actor.getSnapshot().value).toBe("passwordNeeded")
      expect(actor.getSnapshot().context).toMatchObject({
        errors: { password: MessageKey.passwordLetterAndDigit },
        form: { password: PASSWORD, confirmPassword: PASSWORD },
        rejectedSubmits: 1,
      })
      actor.send({ type: "form.submit" })
      expect(choosePassword.inputs).toHaveLength(2)
    })

    it("a link used up or expired meanwhile goes back to the code, saying so, with the step's form emptied", async () => {
      const { actor, choosePassword, verify } = await submitted(linkStep())
      choosePassword.reject(new ValidationFailed({ message: "x", errors: { token: MessageKey.linkExpired } }))
      await settled(actor)
      expect(actor.getSnapshot().value).toBe("awaitingCode")
      expect(actor.getSnapshot().context).toMatchObject({
        token: null,
        formError: MessageKey.linkExpired,
        form: { password: "", confirmPassword: "" },
        errors: {},
      })
      actor.send({ type: "code.change", value: CODE })
      actor.send({ type: "code.submit" })
      expect(verify.inputs).toEqual([{ uuid: UUID, code: CODE }])
    })

    it("a refused link without the account goes back to the address to resend to", async () => {
      const { actor, choosePassword } = await submitted(linkStep({}))
      choosePassword.reject(new ValidationFailed({ message: "x", errors: { token: MessageKey.linkExpired } }))
      await settled(actor)
      expect(actor.getSnapshot().value).toBe("awaitingEmail")
      expect(actor.getSnapshot().context.formError).toBe(MessageKey.linkExpired)
    })

    it("a code that has expired meanwhile goes back to the code field with its message, to type afresh", async () => {
      const { actor, choosePassword } = await submitted(codeStep())
      choosePassword.reject(new ValidationFailed({ message: "x", errors: { code: MessageKey.codeExpired } }))
      await settled(actor)
      expect(actor.getSnapshot().value).toBe("awaitingCode")
      expect(actor.getSnapshot().context).toMatchObject({
        code: "",
        codeError: MessageKey.codeExpired,
        formError: null,
        rejectedSubmits: 1,
        form: { password: "", confirmPassword: "" },
      })
    })

    it.each([
      ["401", new Unauthorized({ message: "ended" }), "errors.generic"],
      ["404", new NotFound({ message: "gone" }), "errors.generic"],
      ["429", new TooManyRequests({ message: "slow", retryAfterSeconds: 60 }), "errors.tooManyRequests"],
      [
        "429 (codes paused)",
        new TooManyRequests({ message: "paused", retryAfterSeconds: 60, reason: "codesPaused" }),
        "errors.codesPaused",
      ],
      ["500", new ServerError({ message: "boom", correlationId: "c0ffee" }), "errors.generic"],
      ["a timeout", new RequestTimeout(), "errors.timeout"],
      ["no network", new Offline(), "errors.offline"],
    ])("after %s it says so above the form, keeps the password typed and can try again", async (_, error, key) => {
      const { actor, choosePassword } = await submitted(codeStep())
      choosePassword.reject(error)
      await settled(actor)
      expect(actor.getSnapshot().value).toBe("passwordNeeded")
      expect(actor.getSnapshot().context).toMatchObject({
        formError: key,
        form: { password: PASSWORD, confirmPassword: PASSWORD },
        errors: {},
        code: CODE,
      })
      actor.send({ type: "form.submit" })
      expect(actor.getSnapshot().value).toBe("choosingPassword")
      expect(choosePassword.inputs).toHaveLength(2)
    })

    it("typing after a failure clears the form's message", async () => {
      const { actor, choosePassword } = await submitted(linkStep())
      choosePassword.reject(new Offline())
      await settled(actor)
      actor.send({ type: "field.change", field: "password", value: `${PASSWORD}x` })
      expect(actor.getSnapshot().context.formError).toBeNull()
    })
  })
})
