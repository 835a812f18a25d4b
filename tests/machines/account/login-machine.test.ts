import { beforeAll, describe, expect, it, vi } from "vitest"
import { createActor, waitFor } from "xstate"
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../src/domain/account/password-limits.ts"
import type { LoginForm, LoginPayload } from "../../../src/domain/account/sign-in.ts"
import { signInRules } from "../../../src/domain/account/sign-in-forms.ts"
import { type SignedInUser, USER_DEFAULTS } from "../../../src/domain/account/user.ts"
import {
  EmailNotVerified,
  InvalidCredentials,
  Offline,
  RequestTimeout,
  TooManyRequests,
  ValidationFailed,
} from "../../../src/domain/shared/errors.ts"
import { MessageKey } from "../../../src/domain/shared/validation.ts"
import { type LoginContext, loginMachine } from "../../../src/machines/account/login-machine.ts"
import { pendingActor } from "../support/pending-actor.ts"

// The forms' rules come in a script of their own; the form kit holds a check until they are in.
beforeAll(() => signInRules.load())

const VALID: LoginForm = { email: "ann@example.com", password: "secret1" }

const user: SignedInUser = {
  ...USER_DEFAULTS,
  id: 7,
  uuid: "u-7",
  email: VALID.email,
  first_name: "Ann",
  token: "token-7",
  verification_confirmed: true,
}

const start = (
  input?: { readonly email?: string; readonly returnTo?: string },
  snapshotOf?: { value: string; context: LoginContext },
) => {
  const login = pendingActor<SignedInUser, LoginPayload>()
  const resend = pendingActor<{ readonly message: string }, { readonly email: string }>()
  const signedIn = vi.fn()
  const machine = loginMachine.provide({
    actors: { login: login.logic, resendVerification: resend.logic },
    actions: { signedIn },
  })
  const actor = createActor(machine, {
    input,
    ...(snapshotOf ? { snapshot: machine.resolveState(snapshotOf) } : {}),
  })
  actor.start()
  return { actor, login, resend, signedIn }
}

type Actor = ReturnType<typeof start>["actor"]

const fill = (actor: Actor, form: Partial<LoginForm>) => {
  for (const [field, value] of Object.entries(form)) {
    actor.send({ type: "field.change", field: field as keyof LoginForm, value })
  }
}

/** Fills a valid form and submits it: the machine is left in submitting. */
const submitValid = (actor: Actor, form: LoginForm = VALID) => {
  fill(actor, form)
  actor.send({ type: "form.submit" })
  expect(actor.getSnapshot().value).toBe("submitting")
}

/** A sign-in that the server answers with EmailNotVerified: the machine is left in unverified. */
const startUnverified = async () => {
  const started = start()
  submitValid(started.actor)
  started.login.reject(new EmailNotVerified({ message: "x", email: VALID.email }))
  await waitFor(started.actor, (s) => s.matches("unverified"))
  return started
}

describe("login machine", () => {
  describe("start", () => {
    it("starts editing an empty form with no messages", () => {
      const { actor } = start()
      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toBe("editing")
      expect(snapshot.context).toEqual({
        form: { email: "", password: "" },
        errors: {},
        formError: null,
        rejectedSubmits: 0,
        unverifiedEmail: null,
        notice: null,
        returnTo: null,
      })
      expect(snapshot.hasTag("busy")).toBe(false)
    })

    it("prefills the e-mail from its input and leaves the password empty", () => {
      const { actor } = start({ email: VALID.email })
      expect(actor.getSnapshot().context.form).toEqual({ email: VALID.email, password: "" })
    })
  })

  describe("editing", () => {
    it("stores a changed field and clears that field's message only", () => {
      const { actor } = start()
      actor.send({ type: "form.submit" })
      expect(actor.getSnapshot().context.errors).toEqual({ email: MessageKey.required, password: MessageKey.required })

      actor.send({ type: "field.change", field: "email", value: "ann@" })

      const { context } = actor.getSnapshot()
      expect(context.form.email).toBe("ann@")
      expect(context.errors).toEqual({ password: MessageKey.required })
    })

    it("clears the form message when a field changes", async () => {
      const { actor, login } = start()
      submitValid(actor)
      login.reject(new Offline())
      await waitFor(actor, (s) => s.matches("editing"))
      expect(actor.getSnapshot().context.formError).toBe("errors.offline")

      actor.send({ type: "field.change", field: "email", value: "bob@example.com" })

      expect(actor.getSnapshot().context.formError).toBeNull()
    })

    it("clears a notice left from resending when a field changes", async () => {
      const { actor, login, resend } = await startUnverified()
      actor.send({ type: "verification.resend" })
      resend.resolve({ message: "sent" })
      await waitFor(actor, (s) => !s.matches("resending"))
      actor.send({ type: "form.submit" })
      login.reject(new InvalidCredentials({ message: "Invalid credentials" }))
      await waitFor(actor, (s) => s.matches("editing"))
      expect(actor.getSnapshot().context.notice).toBe("notices.verificationSent")

      actor.send({ type: "field.change", field: "password", value: "other1" })

      expect(actor.getSnapshot().context.notice).toBeNull()
    })

    it("shows every field's message and stays when an empty form is submitted", () => {
      const { actor, login } = start()
      actor.send({ type: "form.submit" })
      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toBe("editing")
      expect(snapshot.context.errors).toEqual({ email: MessageKey.required, password: MessageKey.required })
      expect(snapshot.context.rejectedSubmits).toBe(1)
      expect(login.inputs).toHaveLength(0)
      actor.send({ type: "form.submit" })
      expect(actor.getSnapshot().context.rejectedSubmits).toBe(2)
    })

    it("rejects an address that does not match the e-mail pattern", () => {
      const { actor } = start()
      fill(actor, { email: "ann@example", password: VALID.password })
      actor.send({ type: "form.submit" })
      expect(actor.getSnapshot().value).toBe("editing")
      expect(actor.getSnapshot().context.errors).toEqual({ email: MessageKey.email })
    })

    it("rejects a password one character over PASSWORD_MAX_LENGTH", () => {
      const { actor } = start()
      fill(actor, { email: VALID.email, password: "a".repeat(PASSWORD_MAX_LENGTH + 1) })
      actor.send({ type: "form.submit" })
      expect(actor.getSnapshot().value).toBe("editing")
      expect(actor.getSnapshot().context.errors).toEqual({ password: MessageKey.tooLong })
    })

    it("accepts a password of exactly PASSWORD_MAX_LENGTH", () => {
      const { actor } = start()
      submitValid(actor, { email: VALID.email, password: "a".repeat(PASSWORD_MAX_LENGTH) })
    })

    it("signs in with a password shorter than PASSWORD_MIN_LENGTH, since old passwords predate the rules", () => {
      const { actor } = start()
      submitValid(actor, { email: VALID.email, password: "a".repeat(PASSWORD_MIN_LENGTH - 1) })
    })

    it("submits a valid form with the e-mail trimmed", () => {
      const { actor, login } = start()
      submitValid(actor, { email: `  ${VALID.email} `, password: VALID.password })
      expect(actor.getSnapshot().hasTag("busy")).toBe(true)
      expect(login.inputs).toEqual([{ email: VALID.email, password: VALID.password }])
    })

    it("does not offer to resend the verification mail", () => {
      const { actor, resend } = start()
      expect(actor.getSnapshot().can({ type: "verification.resend" })).toBe(false)
      actor.send({ type: "verification.resend" })
      expect(actor.getSnapshot().value).toBe("editing")
      expect(resend.inputs).toHaveLength(0)
    })
  })

  describe("field.blur (handled in every state)", () => {
    it("shows no message for a field left empty", () => {
      const { actor } = start()
      actor.send({ type: "field.blur", field: "email" })
      expect(actor.getSnapshot().context.errors).toEqual({})
    })

    it("shows the message of the blurred field only, and counts no turned-back submit", () => {
      const { actor } = start()
      fill(actor, { email: "ann" })
      actor.send({ type: "field.blur", field: "email" })
      expect(actor.getSnapshot().context.errors).toEqual({ email: MessageKey.email })
      expect(actor.getSnapshot().context.rejectedSubmits).toBe(0)
    })

    it("clears the blurred field's message once it is valid", () => {
      const { actor } = start()
      fill(actor, { email: "ann" })
      actor.send({ type: "field.blur", field: "email" })
      fill(actor, { email: VALID.email })
      actor.send({ type: "field.blur", field: "email" })
      expect(actor.getSnapshot().context.errors).toEqual({})
    })

    it("keeps an empty field's existing message", () => {
      const { actor } = start()
      actor.send({ type: "form.submit" })
      actor.send({ type: "field.blur", field: "password" })
      expect(actor.getSnapshot().context.errors).toEqual({ email: MessageKey.required, password: MessageKey.required })
    })

    it("does not leave submitting", () => {
      const { actor } = start()
      submitValid(actor)
      actor.send({ type: "field.blur", field: "email" })
      expect(actor.getSnapshot().value).toBe("submitting")
      expect(actor.getSnapshot().context.errors).toEqual({})
    })
  })

  describe("submitting", () => {
    it("is busy and ignores edits, a second submit and resend", () => {
      const { actor, login, resend } = start()
      submitValid(actor)

      actor.send({ type: "field.change", field: "email", value: "bob@example.com" })
      actor.send({ type: "form.submit" })
      actor.send({ type: "verification.resend" })

      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toBe("submitting")
      expect(snapshot.hasTag("busy")).toBe(true)
      expect(snapshot.context.form).toEqual(VALID)
      expect(snapshot.can({ type: "form.submit" })).toBe(false)
      expect(login.inputs).toHaveLength(1)
      expect(resend.inputs).toHaveLength(0)
    })

    it("hands the user to signedIn and stops on success", async () => {
      const { actor, login, signedIn } = start()
      submitValid(actor)
      login.resolve(user)
      await waitFor(actor, (s) => s.matches("signedIn"))

      expect(actor.getSnapshot().status).toBe("done")
      expect(signedIn).toHaveBeenCalledTimes(1)
      expect(signedIn.mock.calls[0]?.[1]).toEqual({ user, returnTo: null })
    })

    it("hands signedIn the page to go back to", async () => {
      const { actor, login, signedIn } = start({ returnTo: "/point/st-36-zusanli" })
      submitValid(actor)
      login.resolve(user)
      await waitFor(actor, (s) => s.matches("signedIn"))

      expect(actor.getSnapshot().status).toBe("done")
      expect(signedIn).toHaveBeenCalledTimes(1)
      expect(signedIn.mock.calls[0]?.[1]).toEqual({ user, returnTo: "/point/st-36-zusanli" })
    })

    it("offers to resend the mail when the e-mail is not verified", async () => {
      const { actor, login, signedIn } = start()
      submitValid(actor, { email: ` ${VALID.email} `, password: VALID.password })
      login.reject(new EmailNotVerified({ message: "x", email: VALID.email }))
      await waitFor(actor, (s) => s.matches("unverified"))

      const snapshot = actor.getSnapshot()
      expect(snapshot.hasTag("busy")).toBe(false)
      expect(snapshot.context.unverifiedEmail).toBe(VALID.email)
      expect(snapshot.context.formError).toBeNull()
      expect(snapshot.context.form.password).toBe(VALID.password)
      expect(signedIn).not.toHaveBeenCalled()
    })

    it("shows the server's field messages, keeps the form and drops an older form message", async () => {
      const { actor, login } = start()
      submitValid(actor)
      login.reject(new Offline())
      await waitFor(actor, (s) => s.matches("editing"))
      actor.send({ type: "form.submit" })
      login.reject(new ValidationFailed({ message: "x", errors: { email: MessageKey.email } }))
      await waitFor(actor, (s) => !s.matches("submitting"))

      expect(actor.getSnapshot().value).toBe("editing")
      const { context } = actor.getSnapshot()
      expect(context.errors).toEqual({ email: MessageKey.email })
      expect(context.form).toEqual(VALID)
      expect(context.formError).toBeNull()
      expect(context.rejectedSubmits).toBe(1)
    })

    it("shows Invalid credentials and clears the password but not the e-mail", async () => {
      const { actor, login } = start()
      submitValid(actor)
      login.reject(new InvalidCredentials({ message: "Invalid credentials" }))
      await waitFor(actor, (s) => s.matches("editing"))

      const { context } = actor.getSnapshot()
      expect(context.formError).toBe("errors.invalidCredentials")
      expect(context.form).toEqual({ email: VALID.email, password: "" })
      expect(context.unverifiedEmail).toBeNull()
    })

    it.each([
      ["TooManyRequests", new TooManyRequests({ message: "x", retryAfterSeconds: 60 }), "errors.tooManyRequests"],
      ["Offline", new Offline(), "errors.offline"],
      ["RequestTimeout", new RequestTimeout(), "errors.timeout"],
      ["an unknown failure", new Error("boom"), "errors.generic"],
    ])("shows the form message for %s and keeps the password", async (_, error, key) => {
      const { actor, login } = start()
      submitValid(actor)
      login.reject(error)
      await waitFor(actor, (s) => s.matches("editing"))

      expect(actor.getSnapshot().context.formError).toBe(key)
      expect(actor.getSnapshot().context.form).toEqual(VALID)
    })
  })

  describe("unverified", () => {
    it("resends the mail to the address that was signed in with", async () => {
      const { actor, resend } = await startUnverified()
      expect(actor.getSnapshot().can({ type: "verification.resend" })).toBe(true)

      actor.send({ type: "verification.resend" })

      expect(actor.getSnapshot().value).toBe("resending")
      expect(actor.getSnapshot().hasTag("busy")).toBe(true)
      expect(resend.inputs).toEqual([{ email: VALID.email }])
    })

    it("goes back to editing when a field changes", async () => {
      const { actor } = await startUnverified()
      actor.send({ type: "field.change", field: "email", value: "bob@example.com" })

      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toBe("editing")
      expect(snapshot.context.form.email).toBe("bob@example.com")
      expect(snapshot.can({ type: "verification.resend" })).toBe(false)
    })

    it("signs in again when the form is submitted", async () => {
      const { actor, login } = await startUnverified()
      actor.send({ type: "form.submit" })
      expect(actor.getSnapshot().value).toBe("submitting")
      expect(login.inputs).toHaveLength(2)
    })

    // No event changes the form in unverified, so this branch is reached from a restored snapshot.
    it("goes back to editing with the field messages when the form is not valid", () => {
      const { actor, login } = start(undefined, {
        value: "unverified",
        context: {
          form: { email: VALID.email, password: "" },
          errors: {},
          formError: null,
          rejectedSubmits: 0,
          unverifiedEmail: VALID.email,
          notice: null,
          returnTo: null,
        },
      })
      actor.send({ type: "form.submit" })

      expect(actor.getSnapshot().value).toBe("editing")
      expect(actor.getSnapshot().context.errors).toEqual({ password: MessageKey.required })
      expect(login.inputs).toHaveLength(0)
    })
  })

  describe("resending", () => {
    it("ignores edits, submit and a second resend", async () => {
      const { actor, login, resend } = await startUnverified()
      actor.send({ type: "verification.resend" })

      actor.send({ type: "field.change", field: "email", value: "bob@example.com" })
      actor.send({ type: "form.submit" })
      actor.send({ type: "verification.resend" })

      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toBe("resending")
      expect(snapshot.context.form).toEqual(VALID)
      expect(login.inputs).toHaveLength(1)
      expect(resend.inputs).toHaveLength(1)
    })

    it("says the mail was sent and drops an older form message", async () => {
      const { actor, resend } = await startUnverified()
      actor.send({ type: "verification.resend" })
      resend.reject(new Offline())
      await waitFor(actor, (s) => s.matches("unverified"))
      expect(actor.getSnapshot().context.formError).toBe("errors.offline")

      actor.send({ type: "verification.resend" })
      resend.resolve({ message: "sent" })
      await waitFor(actor, (s) => !s.matches("resending"))

      expect(actor.getSnapshot().value).toBe("unverified")
      expect(actor.getSnapshot().context.notice).toBe("notices.verificationSent")
      expect(actor.getSnapshot().context.formError).toBeNull()
    })

    it("shows the form message and drops an older notice when sending fails", async () => {
      const { actor, resend } = await startUnverified()
      actor.send({ type: "verification.resend" })
      resend.resolve({ message: "sent" })
      await waitFor(actor, (s) => s.matches("unverified"))
      expect(actor.getSnapshot().context.notice).toBe("notices.verificationSent")

      actor.send({ type: "verification.resend" })
      resend.reject(new TooManyRequests({ message: "x", retryAfterSeconds: 60 }))
      await waitFor(actor, (s) => !s.matches("resending"))

      expect(actor.getSnapshot().value).toBe("unverified")
      expect(actor.getSnapshot().context.formError).toBe("errors.tooManyRequests")
      expect(actor.getSnapshot().context.notice).toBeNull()
    })
  })
})
