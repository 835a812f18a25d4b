import { beforeAll, describe, expect, it, vi } from "vitest"
import { createActor, SimulatedClock, waitFor } from "xstate"
import { PASSWORD_MIN_LENGTH } from "../../../src/domain/account/password-limits.ts"
import type {
  ForgotPasswordPayload,
  LinkResetPasswordPayload,
  ResetForm,
  ResetPasswordPayload,
} from "../../../src/domain/account/password-reset.ts"
import { signInRules } from "../../../src/domain/account/sign-in-forms.ts"
import { CODE_LENGTH } from "../../../src/domain/account/verification-limits.ts"
import { Offline, RequestTimeout, TooManyRequests, ValidationFailed } from "../../../src/domain/shared/errors.ts"
import { MESSAGE_DELAY_MS } from "../../../src/domain/shared/timing.ts"
import { MessageKey } from "../../../src/domain/shared/validation.ts"
import { passwordResetMachine } from "../../../src/machines/account/password-reset-machine.ts"
import { pendingActor } from "../support/pending-actor.ts"

// The forms' rules come in a script of their own; the form kit holds a check until they are in.
beforeAll(() => signInRules.load())

const EMAIL = "ann@example.com"
const CODE = "1234567890".slice(0, CODE_LENGTH)
const PASSWORD = `a1${"b".repeat(PASSWORD_MIN_LENGTH - 2)}`
const VALID_RESET: ResetForm = { email: EMAIL, code: CODE, password: PASSWORD, confirmPassword: PASSWORD }

const TOKEN = "AbCdEfGhIjKlMnOpQrSt_-"

const start = (input?: { readonly email?: string; readonly token?: string }) => {
  const requestCode = pendingActor<{ readonly message: string }, ForgotPasswordPayload>()
  const resetPassword = pendingActor<{ readonly message: string }, ResetPasswordPayload>()
  const resetPasswordWithLink = pendingActor<{ readonly message: string }, LinkResetPasswordPayload>()
  const goToLogin = vi.fn()
  const clock = new SimulatedClock()
  const actor = createActor(
    passwordResetMachine.provide({
      actors: {
        requestCode: requestCode.logic,
        resetPassword: resetPassword.logic,
        resetPasswordWithLink: resetPasswordWithLink.logic,
      },
      actions: { goToLogin },
    }),
    { input, clock },
  )
  actor.start()
  return { actor, requestCode, resetPassword, resetPasswordWithLink, goToLogin, clock }
}

type Actor = ReturnType<typeof start>["actor"]

const fill = (actor: Actor, form: Partial<ResetForm>) => {
  for (const [field, value] of Object.entries(form)) {
    actor.send({ type: "field.change", field: field as keyof ResetForm, value })
  }
}

/** Opened from the reset mail: the code step, with nothing else typed yet. */
const startAtCode = () => {
  const started = start({ email: EMAIL })
  expect(started.actor.getSnapshot().value).toBe("codeSent")
  return started
}

const startResetting = () => {
  const started = startAtCode()
  fill(started.actor, VALID_RESET)
  started.actor.send({ type: "form.submit" })
  expect(started.actor.getSnapshot().value).toBe("resetting")
  return started
}

const startDone = async () => {
  const started = startResetting()
  started.resetPassword.resolve({ message: "Password reset" })
  await waitFor(started.actor, (s) => !s.matches("resetting"))
  expect(started.actor.getSnapshot().value).toBe("done")
  return started
}

describe("password reset machine", () => {
  describe("start", () => {
    it("asks for the e-mail when opened without one", () => {
      const { actor } = start()
      expect(actor.getSnapshot().value).toBe("requesting")
      expect(actor.getSnapshot().context).toEqual({
        form: { email: "", code: "", password: "", confirmPassword: "" },
        errors: {},
        formError: null,
        rejectedSubmits: 0,
        notice: null,
        linkToken: null,
      })
    })

    it("asks for the e-mail, prefilled, when the one given is not an address", () => {
      const { actor } = start({ email: "ann@example" })
      expect(actor.getSnapshot().value).toBe("requesting")
      expect(actor.getSnapshot().context.form.email).toBe("ann@example")
    })

    it("starts at the code step when opened from the reset mail with a valid address", () => {
      const { actor, requestCode } = start({ email: EMAIL })
      expect(actor.getSnapshot().value).toBe("codeSent")
      expect(actor.getSnapshot().context.form.email).toBe(EMAIL)
      expect(requestCode.inputs).toHaveLength(0)
    })
  })

  describe("requesting", () => {
    it("stores the e-mail, clears its message, and validates it on blur once filled", () => {
      const { actor } = start()
      actor.send({ type: "field.blur", field: "email" })
      expect(actor.getSnapshot().context.errors).toEqual({})

      fill(actor, { email: "ann" })
      actor.send({ type: "field.blur", field: "email" })
      expect(actor.getSnapshot().context.errors).toEqual({ email: MessageKey.email })

      fill(actor, { email: EMAIL })
      expect(actor.getSnapshot().context.form.email).toBe(EMAIL)
      expect(actor.getSnapshot().context.errors).toEqual({})
    })

    it.each([
      ["empty", "", MessageKey.required],
      ["not an address", "ann@example", MessageKey.email],
    ])("stays with a message when the e-mail is %s", (_, email, key) => {
      const { actor, requestCode } = start()
      fill(actor, { email })
      actor.send({ type: "form.submit" })

      expect(actor.getSnapshot().value).toBe("requesting")
      expect(actor.getSnapshot().context.errors).toEqual({ email: key })
      expect(actor.getSnapshot().context.rejectedSubmits).toBe(1)
      expect(requestCode.inputs).toHaveLength(0)
    })

    it("asks for a code for the trimmed address", () => {
      const { actor, requestCode } = start()
      fill(actor, { email: ` ${EMAIL} ` })
      actor.send({ type: "form.submit" })

      expect(actor.getSnapshot().value).toBe("sendingCode")
      expect(actor.getSnapshot().hasTag("busy")).toBe(true)
      expect(requestCode.inputs).toEqual([{ email: EMAIL }])
    })

    it("ignores code.resend and email.edit", () => {
      const { actor, requestCode } = start()
      expect(actor.getSnapshot().can({ type: "code.resend" })).toBe(false)
      actor.send({ type: "code.resend" })
      actor.send({ type: "email.edit" })
      expect(actor.getSnapshot().value).toBe("requesting")
      expect(requestCode.inputs).toHaveLength(0)
    })
  })

  describe("sendingCode", () => {
    const startSending = () => {
      const started = start()
      fill(started.actor, { email: EMAIL })
      started.actor.send({ type: "form.submit" })
      return started
    }

    it("ignores edits and a second submit", () => {
      const { actor, requestCode } = startSending()
      actor.send({ type: "field.change", field: "email", value: "" })
      actor.send({ type: "form.submit" })

      expect(actor.getSnapshot().value).toBe("sendingCode")
      expect(actor.getSnapshot().context.form.email).toBe(EMAIL)
      expect(requestCode.inputs).toHaveLength(1)
    })

    it("moves to the code step with a notice when the code is sent", async () => {
      const { actor, requestCode } = startSending()
      requestCode.reject(new Offline())
      await waitFor(actor, (s) => !s.matches("sendingCode"))
      actor.send({ type: "form.submit" })
      requestCode.resolve({ message: "sent" })
      await waitFor(actor, (s) => !s.matches("sendingCode"))

      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toBe("codeSent")
      expect(snapshot.hasTag("busy")).toBe(false)
      expect(snapshot.context.notice).toBe("notices.resetCodeSent")
      expect(snapshot.context.formError).toBeNull()
    })

    it("goes back with the server's field messages and drops an older form message", async () => {
      const { actor, requestCode } = startSending()
      requestCode.reject(new Offline())
      await waitFor(actor, (s) => !s.matches("sendingCode"))
      actor.send({ type: "form.submit" })
      requestCode.reject(new ValidationFailed({ message: "x", errors: { email: MessageKey.email } }))
      await waitFor(actor, (s) => !s.matches("sendingCode"))

      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toBe("requesting")
      expect(snapshot.context.errors).toEqual({ email: MessageKey.email })
      expect(snapshot.context.formError).toBeNull()
      expect(snapshot.context.form.email).toBe(EMAIL)
      expect(snapshot.context.rejectedSubmits).toBe(1)
    })

    it.each([
      ["TooManyRequests", new TooManyRequests({ message: "x", retryAfterSeconds: 60 }), "errors.tooManyRequests"],
      ["Offline", new Offline(), "errors.offline"],
      ["RequestTimeout", new RequestTimeout(), "errors.timeout"],
      ["an unknown failure", new Error("boom"), "errors.generic"],
    ])("goes back with the form message for %s", async (_, error, key) => {
      const { actor, requestCode } = startSending()
      requestCode.reject(error)
      await waitFor(actor, (s) => !s.matches("sendingCode"))

      expect(actor.getSnapshot().value).toBe("requesting")
      expect(actor.getSnapshot().context.formError).toBe(key)
      expect(actor.getSnapshot().context.form.email).toBe(EMAIL)
    })
  })

  describe("codeSent", () => {
    it("keeps only digits of a typed code, at most CODE_LENGTH of them", () => {
      const { actor } = startAtCode()
      actor.send({ type: "field.change", field: "code", value: `1a2-3 4${"5".repeat(CODE_LENGTH)}` })
      expect(actor.getSnapshot().context.form.code).toBe(`1234${"5".repeat(CODE_LENGTH)}`.slice(0, CODE_LENGTH))
    })

    it("stores passwords as typed", () => {
      const { actor } = startAtCode()
      actor.send({ type: "field.change", field: "password", value: " a1 b2 " })
      expect(actor.getSnapshot().context.form.password).toBe(" a1 b2 ")
    })

    it("clears the notice and the changed field's message when a field changes", async () => {
      const { actor, requestCode } = startAtCode()
      actor.send({ type: "code.resend" })
      requestCode.resolve({ message: "sent" })
      await waitFor(actor, (s) => !s.matches("resendingCode"))
      actor.send({ type: "form.submit" })
      expect(actor.getSnapshot().context.notice).toBe("notices.resetCodeSent")
      expect(actor.getSnapshot().context.errors.code).toBe(MessageKey.required)

      actor.send({ type: "field.change", field: "code", value: CODE })

      const { context } = actor.getSnapshot()
      expect(context.notice).toBeNull()
      expect(context.errors.code).toBeUndefined()
      expect(context.errors.password).toBe(MessageKey.required)
    })

    it("validates a filled field on blur", () => {
      const { actor } = startAtCode()
      actor.send({ type: "field.blur", field: "code" })
      expect(actor.getSnapshot().context.errors).toEqual({})

      fill(actor, { code: CODE.slice(1) })
      actor.send({ type: "field.blur", field: "code" })
      expect(actor.getSnapshot().context.errors).toEqual({ code: MessageKey.codeFormat })

      fill(actor, { password: PASSWORD.slice(1) })
      actor.send({ type: "field.blur", field: "password" })
      expect(actor.getSnapshot().context.errors).toEqual({
        code: MessageKey.codeFormat,
        password: MessageKey.passwordMin,
      })
      // Messages on blur never count as a turned-back submit: focus stays where the user put it.
      expect(actor.getSnapshot().context.rejectedSubmits).toBe(0)
    })

    it.each<[string, Partial<ResetForm>, Record<string, string>]>([
      ["a code one digit short", { code: CODE.slice(1) }, { code: MessageKey.codeFormat }],
      [
        "a password one under PASSWORD_MIN_LENGTH",
        { password: PASSWORD.slice(1), confirmPassword: PASSWORD.slice(1) },
        { password: MessageKey.passwordMin },
      ],
      [
        "a confirmation that differs",
        { confirmPassword: `${PASSWORD}x` },
        { confirmPassword: MessageKey.passwordMismatch },
      ],
      ["an empty confirmation", { confirmPassword: "" }, { confirmPassword: MessageKey.required }],
    ])("stays with a message for %s", (_, change, errors) => {
      const { actor, resetPassword } = startAtCode()
      fill(actor, { ...VALID_RESET, ...change })
      actor.send({ type: "form.submit" })

      expect(actor.getSnapshot().value).toBe("codeSent")
      expect(actor.getSnapshot().context.errors).toEqual(errors)
      expect(resetPassword.inputs).toHaveLength(0)
    })

    it("resets with the decoded form when it is valid", () => {
      const { actor, resetPassword } = startResetting()
      expect(actor.getSnapshot().hasTag("busy")).toBe(true)
      expect(resetPassword.inputs).toEqual([VALID_RESET])
    })

    it("sends the code again to the same address", () => {
      const { actor, requestCode } = startAtCode()
      actor.send({ type: "code.resend" })

      expect(actor.getSnapshot().value).toBe("resendingCode")
      expect(actor.getSnapshot().hasTag("busy")).toBe(true)
      expect(requestCode.inputs).toEqual([{ email: EMAIL }])
    })

    it("goes back to the e-mail step with every message cleared but the e-mail kept", async () => {
      const { actor, requestCode } = startAtCode()
      actor.send({ type: "code.resend" })
      requestCode.reject(new Offline())
      await waitFor(actor, (s) => !s.matches("resendingCode"))
      actor.send({ type: "form.submit" })

      actor.send({ type: "email.edit" })

      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toBe("requesting")
      expect(snapshot.context.errors).toEqual({})
      expect(snapshot.context.formError).toBeNull()
      expect(snapshot.context.notice).toBeNull()
      expect(snapshot.context.form.email).toBe(EMAIL)
    })
  })

  describe("resendingCode", () => {
    it("ignores edits, submit, another resend and email.edit", () => {
      const { actor, requestCode, resetPassword } = startAtCode()
      fill(actor, VALID_RESET)
      actor.send({ type: "code.resend" })

      actor.send({ type: "field.change", field: "code", value: "" })
      actor.send({ type: "form.submit" })
      actor.send({ type: "code.resend" })
      actor.send({ type: "email.edit" })

      expect(actor.getSnapshot().value).toBe("resendingCode")
      expect(actor.getSnapshot().context.form).toEqual(VALID_RESET)
      expect(requestCode.inputs).toHaveLength(1)
      expect(resetPassword.inputs).toHaveLength(0)
    })

    it("returns to the code step with a notice and no older form message", async () => {
      const { actor, requestCode } = startAtCode()
      actor.send({ type: "code.resend" })
      requestCode.reject(new Offline())
      await waitFor(actor, (s) => !s.matches("resendingCode"))
      actor.send({ type: "code.resend" })
      requestCode.resolve({ message: "sent" })
      await waitFor(actor, (s) => !s.matches("resendingCode"))

      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toBe("codeSent")
      expect(snapshot.context.notice).toBe("notices.resetCodeSent")
      expect(snapshot.context.formError).toBeNull()
    })

    it("returns to the code step with the form message and no older notice", async () => {
      const { actor, requestCode } = startAtCode()
      actor.send({ type: "code.resend" })
      requestCode.resolve({ message: "sent" })
      await waitFor(actor, (s) => !s.matches("resendingCode"))
      actor.send({ type: "code.resend" })
      requestCode.reject(new TooManyRequests({ message: "x", retryAfterSeconds: 60 }))
      await waitFor(actor, (s) => !s.matches("resendingCode"))

      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toBe("codeSent")
      expect(snapshot.context.formError).toBe("errors.tooManyRequests")
      expect(snapshot.context.notice).toBeNull()
    })
  })

  describe("resetting", () => {
    it("ignores edits, submit, resend and email.edit", () => {
      const { actor, requestCode, resetPassword } = startResetting()
      actor.send({ type: "field.change", field: "password", value: "" })
      actor.send({ type: "form.submit" })
      actor.send({ type: "code.resend" })
      actor.send({ type: "email.edit" })

      expect(actor.getSnapshot().value).toBe("resetting")
      expect(actor.getSnapshot().context.form).toEqual(VALID_RESET)
      expect(resetPassword.inputs).toHaveLength(1)
      expect(requestCode.inputs).toHaveLength(0)
    })

    it("is done on success and waits before leaving", async () => {
      const { actor, goToLogin } = await startDone()
      expect(actor.getSnapshot().hasTag("busy")).toBe(false)
      expect(actor.getSnapshot().status).toBe("active")
      expect(goToLogin).not.toHaveBeenCalled()
    })

    it("clears a rejected code, keeps the passwords and drops older messages", async () => {
      const { actor, resetPassword } = startResetting()
      resetPassword.reject(new Offline())
      await waitFor(actor, (s) => !s.matches("resetting"))
      actor.send({ type: "form.submit" })
      resetPassword.reject(new ValidationFailed({ message: "x", errors: { code: MessageKey.codeExpired } }))
      await waitFor(actor, (s) => !s.matches("resetting"))

      const { value, context } = actor.getSnapshot()
      expect(value).toBe("codeSent")
      expect(context.errors).toEqual({ code: MessageKey.codeExpired })
      expect(context.form).toEqual({ ...VALID_RESET, code: "" })
      expect(context.formError).toBeNull()
      expect(context.notice).toBeNull()
      expect(context.rejectedSubmits).toBe(1)
    })

    it("keeps the code when the server's messages are about other fields", async () => {
      const { actor, resetPassword } = startResetting()
      resetPassword.reject(new ValidationFailed({ message: "x", errors: { password: MessageKey.passwordCharacters } }))
      await waitFor(actor, (s) => !s.matches("resetting"))

      expect(actor.getSnapshot().value).toBe("codeSent")
      expect(actor.getSnapshot().context.errors).toEqual({ password: MessageKey.passwordCharacters })
      expect(actor.getSnapshot().context.form).toEqual(VALID_RESET)
    })

    it.each([
      ["TooManyRequests", new TooManyRequests({ message: "x", retryAfterSeconds: 60 }), "errors.tooManyRequests"],
      ["Offline", new Offline(), "errors.offline"],
      ["RequestTimeout", new RequestTimeout(), "errors.timeout"],
      ["an unknown failure", new Error("boom"), "errors.generic"],
    ])("returns to the code step with the form message for %s and keeps the form", async (_, error, key) => {
      const { actor, resetPassword, requestCode } = startResetting()
      actor.send({ type: "code.resend" })
      expect(requestCode.inputs).toHaveLength(0)
      resetPassword.reject(error)
      await waitFor(actor, (s) => !s.matches("resetting"))

      expect(actor.getSnapshot().value).toBe("codeSent")
      expect(actor.getSnapshot().context.formError).toBe(key)
      expect(actor.getSnapshot().context.form).toEqual(VALID_RESET)
    })
  })

  describe("linkStep", () => {
    const startAtLink = (email: string = EMAIL) => {
      const started = start({ email, token: TOKEN })
      expect(started.actor.getSnapshot().value).toBe("linkStep")
      return started
    }

    it("opens at the new password when the mail's link carries a token", () => {
      const { actor } = startAtLink()
      expect(actor.getSnapshot().context.linkToken).toBe(TOKEN)
      expect(actor.getSnapshot().hasTag("busy")).toBe(false)
    })

    it("ignores a token that is not a link token", () => {
      expect(start({ email: EMAIL, token: "1234" }).actor.getSnapshot().value).toBe("codeSent")
    })

    it("asks only for the password and its confirmation", () => {
      const { actor, resetPasswordWithLink } = startAtLink()
      actor.send({ type: "form.submit" })
      expect(actor.getSnapshot().value).toBe("linkStep")
      expect(Object.keys(actor.getSnapshot().context.errors).sort()).toEqual(["confirmPassword", "password"])
      fill(actor, { password: PASSWORD, confirmPassword: `${PASSWORD}x` })
      actor.send({ type: "field.blur", field: "confirmPassword" })
      expect(actor.getSnapshot().context.errors).toEqual({ confirmPassword: MessageKey.passwordMismatch })
      expect(resetPasswordWithLink.inputs).toHaveLength(0)
    })

    it("sends the token with the new password and is done on success", async () => {
      const { actor, resetPasswordWithLink, resetPassword } = startAtLink()
      fill(actor, { password: PASSWORD, confirmPassword: PASSWORD })
      actor.send({ type: "form.submit" })
      expect(actor.getSnapshot().value).toBe("resettingWithLink")
      expect(actor.getSnapshot().hasTag("busy")).toBe(true)
      expect(resetPasswordWithLink.inputs).toEqual([{ token: TOKEN, password: PASSWORD, confirmPassword: PASSWORD }])
      actor.send({ type: "form.submit" })
      expect(resetPasswordWithLink.inputs).toHaveLength(1)
      resetPasswordWithLink.resolve({ message: "Changed" })
      await waitFor(actor, (s) => !s.matches("resettingWithLink"))
      expect(actor.getSnapshot().value).toBe("done")
      expect(resetPassword.inputs).toHaveLength(0)
    })

    it("falls back to the code step when the link was used or expired, keeping the new password", async () => {
      const { actor, resetPasswordWithLink } = startAtLink()
      fill(actor, { password: PASSWORD, confirmPassword: PASSWORD })
      actor.send({ type: "form.submit" })
      resetPasswordWithLink.reject(new ValidationFailed({ message: "x", errors: { token: MessageKey.linkExpired } }))
      await waitFor(actor, (s) => !s.matches("resettingWithLink"))
      const { value, context } = actor.getSnapshot()
      expect(value).toBe("codeSent")
      expect(context).toMatchObject({ linkToken: null, formError: MessageKey.linkExpired, errors: {} })
      expect(context.form).toEqual({ email: EMAIL, code: "", password: PASSWORD, confirmPassword: PASSWORD })
    })

    it("asks for the address when a refused link came without one", async () => {
      const { actor, resetPasswordWithLink } = start({ token: TOKEN })
      fill(actor, { password: PASSWORD, confirmPassword: PASSWORD })
      actor.send({ type: "form.submit" })
      resetPasswordWithLink.reject(new ValidationFailed({ message: "x", errors: { token: MessageKey.linkExpired } }))
      await waitFor(actor, (s) => !s.matches("resettingWithLink"))
      expect(actor.getSnapshot().value).toBe("requesting")
      expect(actor.getSnapshot().context.formError).toBe(MessageKey.linkExpired)
    })

    it("shows the server's password messages at their fields and stays on the link step", async () => {
      const { actor, resetPasswordWithLink } = startAtLink()
      fill(actor, { password: PASSWORD, confirmPassword: PASSWORD })
      actor.send({ type: "form.submit" })
      resetPasswordWithLink.reject(
        new ValidationFailed({ message: "x", errors: { password: MessageKey.passwordCharacters } }),
      )
      await waitFor(actor, (s) => !s.matches("resettingWithLink"))
      expect(actor.getSnapshot().value).toBe("linkStep")
      expect(actor.getSnapshot().context.errors).toEqual({ password: MessageKey.passwordCharacters })
    })

    it.each([
      ["Offline", new Offline(), "errors.offline"],
      ["RequestTimeout", new RequestTimeout(), "errors.timeout"],
    ])("stays on the link step with the form message for %s", async (_, error, key) => {
      const { actor, resetPasswordWithLink } = startAtLink()
      fill(actor, { password: PASSWORD, confirmPassword: PASSWORD })
      actor.send({ type: "form.submit" })
      resetPasswordWithLink.reject(error)
      await waitFor(actor, (s) => !s.matches("resettingWithLink"))
      expect(actor.getSnapshot().value).toBe("linkStep")
      expect(actor.getSnapshot().context.formError).toBe(key)
      expect(actor.getSnapshot().context.form.password).toBe(PASSWORD)
    })
  })

  describe("done", () => {
    it("goes to the login page MESSAGE_DELAY_MS after success, not before", async () => {
      const { actor, clock, goToLogin } = await startDone()

      clock.increment(MESSAGE_DELAY_MS - 1)
      expect(actor.getSnapshot().value).toBe("done")
      expect(goToLogin).not.toHaveBeenCalled()

      clock.increment(1)
      expect(actor.getSnapshot().value).toBe("redirected")
      expect(actor.getSnapshot().status).toBe("done")
      expect(goToLogin).toHaveBeenCalledTimes(1)
    })

    it("ignores every form event while the message shows", async () => {
      const { actor, requestCode, resetPassword } = await startDone()
      actor.send({ type: "field.change", field: "code", value: "" })
      actor.send({ type: "form.submit" })
      actor.send({ type: "code.resend" })
      actor.send({ type: "email.edit" })

      expect(actor.getSnapshot().value).toBe("done")
      expect(actor.getSnapshot().context.form).toEqual(VALID_RESET)
      expect(requestCode.inputs).toHaveLength(0)
      expect(resetPassword.inputs).toHaveLength(1)
    })
  })
})
