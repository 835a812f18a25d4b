import { beforeAll, describe, expect, it, vi } from "vitest"
import { createActor, waitFor } from "xstate"
import { FIRST_NAME_MIN_LENGTH, LAST_NAME_MIN_LENGTH } from "../../../src/domain/account/name-limits.ts"
import { PASSWORD_MIN_LENGTH } from "../../../src/domain/account/password-limits.ts"
import type { RegisterForm, RegisterPayload } from "../../../src/domain/account/registration.ts"
import { signInRules } from "../../../src/domain/account/sign-in-forms.ts"
import { Offline, RequestTimeout, TooManyRequests, ValidationFailed } from "../../../src/domain/shared/errors.ts"
import { MessageKey } from "../../../src/domain/shared/validation.ts"
import { type Registered, registrationMachine } from "../../../src/machines/account/registration-machine.ts"
import { pendingActor } from "../support/pending-actor.ts"

// The forms' rules come in a script of their own; the form kit holds a check until they are in.
beforeAll(() => signInRules.load())

/** A password of exactly PASSWORD_MIN_LENGTH with a letter and a digit. */
const PASSWORD = `a1${"b".repeat(PASSWORD_MIN_LENGTH - 2)}`

const VALID: RegisterForm = {
  email: "ann@example.com",
  firstName: "A".repeat(FIRST_NAME_MIN_LENGTH),
  lastName: "L".repeat(LAST_NAME_MIN_LENGTH),
  password: PASSWORD,
  confirmPassword: PASSWORD,
  termsChecked: true,
  promotional: false,
}

const registered: Registered = { uuid: "u-7", email: VALID.email, message: "Registered" }

const start = () => {
  const register = pendingActor<Registered, RegisterPayload>()
  const registeredSpy = vi.fn()
  const actor = createActor(
    registrationMachine.provide({ actors: { register: register.logic }, actions: { registered: registeredSpy } }),
  )
  actor.start()
  return { actor, register, registered: registeredSpy }
}

type Actor = ReturnType<typeof start>["actor"]

const fill = (actor: Actor, form: Partial<RegisterForm>) => {
  for (const [field, value] of Object.entries(form)) {
    actor.send({ type: "field.change", field: field as keyof RegisterForm, value: value as string | boolean })
  }
}

const submitValid = (actor: Actor) => {
  fill(actor, VALID)
  actor.send({ type: "form.submit" })
  expect(actor.getSnapshot().value).toBe("submitting")
}

describe("registration machine", () => {
  describe("editing", () => {
    it("starts with an empty form and no messages", () => {
      const snapshot = start().actor.getSnapshot()
      expect(snapshot.value).toBe("editing")
      expect(snapshot.context).toEqual({
        form: {
          email: "",
          firstName: "",
          lastName: "",
          password: "",
          confirmPassword: "",
          termsChecked: false,
          promotional: false,
        },
        errors: {},
        formError: null,
        rejectedSubmits: 0,
      })
      expect(snapshot.hasTag("busy")).toBe(false)
    })

    it("stores text and checkbox changes and clears only the changed field's message", () => {
      const { actor } = start()
      actor.send({ type: "form.submit" })

      actor.send({ type: "field.change", field: "firstName", value: "Ann" })
      actor.send({ type: "field.change", field: "termsChecked", value: true })

      const { context } = actor.getSnapshot()
      expect(context.form.firstName).toBe("Ann")
      expect(context.form.termsChecked).toBe(true)
      expect(context.errors).toEqual({
        email: MessageKey.required,
        lastName: MessageKey.required,
        password: MessageKey.required,
        confirmPassword: MessageKey.required,
      })
    })

    it("clears the form message when a field changes", async () => {
      const { actor, register } = start()
      submitValid(actor)
      register.reject(new Offline())
      await waitFor(actor, (s) => s.matches("editing"))
      expect(actor.getSnapshot().context.formError).toBe("errors.offline")

      actor.send({ type: "field.change", field: "promotional", value: true })

      expect(actor.getSnapshot().context.formError).toBeNull()
    })

    it("validates a filled field when it loses focus, and only that field", () => {
      const { actor } = start()
      fill(actor, { firstName: "A".repeat(FIRST_NAME_MIN_LENGTH - 1) })
      actor.send({ type: "field.blur", field: "firstName" })
      expect(actor.getSnapshot().context.errors).toEqual({ firstName: MessageKey.firstNameMin })

      fill(actor, { firstName: "A".repeat(FIRST_NAME_MIN_LENGTH) })
      actor.send({ type: "field.blur", field: "firstName" })
      expect(actor.getSnapshot().context.errors).toEqual({})
      expect(actor.getSnapshot().context.rejectedSubmits).toBe(0)
    })

    it("shows no message for an empty field or an unticked box that loses focus", () => {
      const { actor } = start()
      actor.send({ type: "field.blur", field: "email" })
      actor.send({ type: "field.blur", field: "termsChecked" })
      expect(actor.getSnapshot().context.errors).toEqual({})
    })

    it("shows every missing field when an empty form is submitted", () => {
      const { actor, register } = start()
      actor.send({ type: "form.submit" })

      expect(actor.getSnapshot().value).toBe("editing")
      expect(actor.getSnapshot().context.errors).toEqual({
        email: MessageKey.required,
        firstName: MessageKey.required,
        lastName: MessageKey.required,
        password: MessageKey.required,
        confirmPassword: MessageKey.required,
        termsChecked: MessageKey.termsRequired,
      })
      expect(register.inputs).toHaveLength(0)
    })

    it.each<[string, Partial<RegisterForm>, Record<string, string>]>([
      ["an invalid e-mail", { email: "ann@example" }, { email: MessageKey.email }],
      [
        "a first name one under FIRST_NAME_MIN_LENGTH",
        { firstName: "A".repeat(FIRST_NAME_MIN_LENGTH - 1) },
        { firstName: MessageKey.firstNameMin },
      ],
      [
        "a last name one under LAST_NAME_MIN_LENGTH after trimming",
        { lastName: ` ${"L".repeat(LAST_NAME_MIN_LENGTH - 1)} ` },
        { lastName: MessageKey.lastNameMin },
      ],
      [
        "a password one under PASSWORD_MIN_LENGTH",
        { password: PASSWORD.slice(1), confirmPassword: PASSWORD.slice(1) },
        { password: MessageKey.passwordMin },
      ],
      [
        "a password without a digit",
        { password: "a".repeat(PASSWORD_MIN_LENGTH), confirmPassword: "a".repeat(PASSWORD_MIN_LENGTH) },
        { password: MessageKey.passwordLetterAndDigit },
      ],
      [
        "a confirmation that differs",
        { confirmPassword: `${PASSWORD}x` },
        { confirmPassword: MessageKey.passwordMismatch },
      ],
      ["unaccepted terms", { termsChecked: false }, { termsChecked: MessageKey.termsRequired }],
    ])("stays editing with one message for %s", (_, change, errors) => {
      const { actor, register } = start()
      fill(actor, { ...VALID, ...change })
      actor.send({ type: "form.submit" })

      expect(actor.getSnapshot().value).toBe("editing")
      expect(actor.getSnapshot().context.errors).toEqual(errors)
      expect(register.inputs).toHaveLength(0)
    })

    it("submits a valid form at the minimum lengths with the names and e-mail trimmed", () => {
      const { actor, register } = start()
      fill(actor, { ...VALID, email: ` ${VALID.email} `, firstName: ` ${VALID.firstName} ` })
      actor.send({ type: "form.submit" })

      expect(actor.getSnapshot().value).toBe("submitting")
      expect(actor.getSnapshot().hasTag("busy")).toBe(true)
      expect(register.inputs).toEqual([VALID])
    })
  })

  describe("submitting", () => {
    it("ignores edits, blur and a second submit", () => {
      const { actor, register } = start()
      submitValid(actor)

      actor.send({ type: "field.change", field: "email", value: "" })
      actor.send({ type: "field.blur", field: "email" })
      actor.send({ type: "form.submit" })

      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toBe("submitting")
      expect(snapshot.context.form).toEqual(VALID)
      expect(snapshot.context.errors).toEqual({})
      expect(register.inputs).toHaveLength(1)
    })

    it("hands the new account to registered and stops on success", async () => {
      const { actor, register, registered: registeredSpy } = start()
      submitValid(actor)
      register.resolve(registered)
      await waitFor(actor, (s) => s.matches("registered"))

      expect(actor.getSnapshot().status).toBe("done")
      expect(registeredSpy).toHaveBeenCalledTimes(1)
      expect(registeredSpy.mock.calls[0]?.[1]).toEqual(registered)
    })

    it("shows the server's field messages, keeps the form and drops an older form message", async () => {
      const { actor, register } = start()
      submitValid(actor)
      register.reject(new Offline())
      await waitFor(actor, (s) => s.matches("editing"))
      actor.send({ type: "form.submit" })
      register.reject(new ValidationFailed({ message: "x", errors: { email: MessageKey.emailTaken } }))
      await waitFor(actor, (s) => !s.matches("submitting"))

      expect(actor.getSnapshot().value).toBe("editing")
      const { context } = actor.getSnapshot()
      expect(context.errors).toEqual({ email: MessageKey.emailTaken })
      expect(context.form).toEqual(VALID)
      expect(context.formError).toBeNull()
      expect(context.rejectedSubmits).toBe(1)
    })

    it.each([
      ["TooManyRequests", new TooManyRequests({ message: "x", retryAfterSeconds: 60 }), "errors.tooManyRequests"],
      ["Offline", new Offline(), "errors.offline"],
      ["RequestTimeout", new RequestTimeout(), "errors.timeout"],
      ["an unknown failure", new Error("boom"), "errors.generic"],
    ])("shows the form message for %s and keeps everything typed", async (_, error, key) => {
      const { actor, register, registered: registeredSpy } = start()
      submitValid(actor)
      register.reject(error)
      await waitFor(actor, (s) => s.matches("editing"))

      expect(actor.getSnapshot().context.formError).toBe(key)
      expect(actor.getSnapshot().context.form).toEqual(VALID)
      expect(registeredSpy).not.toHaveBeenCalled()
    })
  })
})
