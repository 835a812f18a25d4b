import { beforeAll, describe, expect, it } from "vitest"
import { createActor, waitFor } from "xstate"
import type { VerificationAnswer } from "../../../src/domain/account/email-verification.ts"
import { signInRules } from "../../../src/domain/account/sign-in-forms.ts"
import { CODE_LENGTH } from "../../../src/domain/account/verification-limits.ts"
import { Offline, RequestTimeout, TooManyRequests, ValidationFailed } from "../../../src/domain/shared/errors.ts"
import { MessageKey } from "../../../src/domain/shared/validation.ts"
import { emailVerificationMachine, offersSignIn } from "../../../src/machines/account/email-verification-machine.ts"
import { pendingActor } from "../support/pending-actor.ts"

// The forms' rules come in a script of their own; the form kit holds a check until they are in.
beforeAll(() => signInRules.load())

const UUID = "0bfdfc3b-a859-4c3e-9fe4-dd0aab9b5026"
const EMAIL = "ann@example.com"
const CODE = "1234567890".slice(0, CODE_LENGTH)
const TOKEN = "AbCdEfGhIjKlMnOpQrSt_-"

type Input = {
  readonly uuid?: string | null
  readonly code?: string | null
  readonly token?: string | null
  readonly email?: string | null
}

const start = (input: Input) => {
  const verify = pendingActor<VerificationAnswer, { readonly uuid: string; readonly code: string }>()
  const verifyLink = pendingActor<VerificationAnswer, { readonly token: string }>()
  const resend = pendingActor<{ readonly message: string }, { readonly email: string }>()
  const actor = createActor(
    emailVerificationMachine.provide({
      actors: { verify: verify.logic, verifyLink: verifyLink.logic, resend: resend.logic },
    }),
    { input },
  )
  actor.start()
  return { actor, verify, verifyLink, resend }
}

/** Opened from a link with the account but no code: the code is typed in. */
const startAwaitingCode = () => {
  const started = start({ uuid: UUID, email: EMAIL })
  expect(started.actor.getSnapshot().value).toBe("awaitingCode")
  return started
}

/** Opened without an account: only the address to resend to can be given. */
const startAwaitingEmail = () => {
  const started = start({})
  expect(started.actor.getSnapshot().value).toBe("awaitingEmail")
  return started
}

const startVerifying = () => {
  const started = start({ uuid: UUID, code: CODE, email: EMAIL })
  expect(started.actor.getSnapshot().value).toBe("verifying")
  return started
}

describe("email verification machine", () => {
  describe("start", () => {
    it("verifies at once when the link carries the account and a code", () => {
      const { actor, verify } = startVerifying()
      expect(actor.getSnapshot().hasTag("busy")).toBe(true)
      expect(verify.inputs).toEqual([{ uuid: UUID, code: CODE }])
    })

    it("keeps only the digits of the link's code before deciding", () => {
      const { actor, verify } = start({ uuid: UUID, code: ` ${CODE.slice(0, 1)}-${CODE.slice(1)} ` })
      expect(actor.getSnapshot().value).toBe("verifying")
      expect(verify.inputs).toEqual([{ uuid: UUID, code: CODE }])
    })

    it("says a link with a code cut short is not valid, and keeps its digits to complete", () => {
      const { actor, verify } = start({ uuid: UUID, code: CODE.slice(1) })
      expect(actor.getSnapshot().context.formError).toBe(MessageKey.linkInvalid)
      expect(actor.getSnapshot().context.fromLink).toBe(false)
      expect(verify.inputs).toHaveLength(0)
    })

    it("asks for the code, prefilled, when the link's code is one digit short", () => {
      const { actor, verify } = start({ uuid: UUID, code: CODE.slice(1) })
      expect(actor.getSnapshot().value).toBe("awaitingCode")
      expect(actor.getSnapshot().context.code).toBe(CODE.slice(1))
      expect(verify.inputs).toHaveLength(0)
    })

    it.each([
      ["a malformed account id", { uuid: "not-a-uuid", email: EMAIL }],
      ["a malformed account id and a code", { uuid: "u-7", code: CODE }],
      ["an account id cut short", { uuid: UUID.slice(0, -1), code: CODE }],
    ])("says a link with %s is not valid and asks for the address, without a code field", (_, input) => {
      const { actor, verify } = start(input)
      expect(actor.getSnapshot().value).toBe("awaitingEmail")
      expect(actor.getSnapshot().context).toMatchObject({ uuid: null, formError: MessageKey.linkInvalid })
      expect(actor.getSnapshot().can({ type: "code.submit" })).toBe(false)
      expect(verify.inputs).toHaveLength(0)
    })

    it("asks for the code when the link carries only the account", () => {
      const { actor } = startAwaitingCode()
      expect(actor.getSnapshot().context).toEqual({
        uuid: UUID,
        accountMalformed: false,
        token: null,
        email: EMAIL,
        code: "",
        codeError: null,
        emailError: null,
        formError: null,
        notice: null,
        rejectedSubmits: 0,
        fromLink: false,
        form: { password: "", confirmPassword: "" },
        errors: {},
      })
    })

    it.each<[string, Input]>([
      ["no account", { code: CODE }],
      ["a null account", { uuid: null, code: CODE }],
      ["an empty account", { uuid: "", code: CODE }],
    ])("asks for the address when the link has %s, even with a code", (_, input) => {
      const { actor, verify } = start(input)
      expect(actor.getSnapshot().value).toBe("awaitingEmail")
      expect(actor.getSnapshot().context.uuid).toBeNull()
      expect(verify.inputs).toHaveLength(0)
    })

    it("starts with an empty address when none is given", () => {
      const { actor } = start({ email: null })
      expect(actor.getSnapshot().context.email).toBe("")
    })
  })

  describe("awaitingCode", () => {
    it("keeps only digits of a typed code, at most CODE_LENGTH of them", () => {
      const { actor } = startAwaitingCode()
      actor.send({ type: "code.change", value: `1a2 3-4${"5".repeat(CODE_LENGTH)}` })
      expect(actor.getSnapshot().context.code).toBe(`1234${"5".repeat(CODE_LENGTH)}`.slice(0, CODE_LENGTH))
    })

    it("stays with a format message when a code one digit short is submitted", () => {
      const { actor, verify } = startAwaitingCode()
      actor.send({ type: "code.change", value: CODE.slice(1) })
      actor.send({ type: "code.submit" })

      expect(actor.getSnapshot().value).toBe("awaitingCode")
      expect(actor.getSnapshot().context.codeError).toBe(MessageKey.codeFormat)
      expect(actor.getSnapshot().context.rejectedSubmits).toBe(1)
      expect(verify.inputs).toHaveLength(0)
    })

    it("clears the code message and the form message when the code changes", async () => {
      const { actor, resend } = start({ uuid: UUID, code: CODE.slice(1), email: EMAIL })
      actor.send({ type: "code.submit" })
      actor.send({ type: "verification.resend" })
      resend.reject(new Offline())
      await waitFor(actor, (s) => !s.matches("resending"))
      expect(actor.getSnapshot().context).toMatchObject({
        codeError: MessageKey.codeFormat,
        formError: "errors.offline",
      })

      actor.send({ type: "code.change", value: CODE })

      expect(actor.getSnapshot().context).toMatchObject({ code: CODE, codeError: null, formError: null })
    })

    it("verifies a code of CODE_LENGTH digits", () => {
      const { actor, verify } = startAwaitingCode()
      actor.send({ type: "code.change", value: CODE })
      actor.send({ type: "code.submit" })

      expect(actor.getSnapshot().value).toBe("verifying")
      expect(verify.inputs).toEqual([{ uuid: UUID, code: CODE }])
    })

    it("stores a changed address and clears its message", () => {
      const { actor } = startAwaitingCode()
      actor.send({ type: "email.change", value: "ann" })
      actor.send({ type: "verification.resend" })
      expect(actor.getSnapshot().context.emailError).toBe(MessageKey.email)

      actor.send({ type: "email.change", value: "ann@" })

      expect(actor.getSnapshot().context).toMatchObject({ email: "ann@", emailError: null })
    })

    it("resends to the trimmed address", () => {
      const { actor, resend } = startAwaitingCode()
      actor.send({ type: "email.change", value: ` ${EMAIL} ` })
      actor.send({ type: "verification.resend" })

      expect(actor.getSnapshot().value).toBe("resending")
      expect(actor.getSnapshot().hasTag("busy")).toBe(true)
      expect(resend.inputs).toEqual([{ email: EMAIL }])
    })

    it.each([
      ["empty", " ", MessageKey.required],
      ["not an address", "ann@example", MessageKey.email],
    ])("does not resend when the address is %s", (_, email, key) => {
      const { actor, resend } = startAwaitingCode()
      actor.send({ type: "email.change", value: email })
      actor.send({ type: "verification.resend" })

      expect(actor.getSnapshot().value).toBe("awaitingCode")
      expect(actor.getSnapshot().context.emailError).toBe(key)
      expect(actor.getSnapshot().context.rejectedSubmits).toBe(1)
      expect(resend.inputs).toHaveLength(0)
    })
  })

  describe("awaitingEmail", () => {
    it("ignores code events", () => {
      const { actor, verify } = startAwaitingEmail()
      expect(actor.getSnapshot().can({ type: "code.submit" })).toBe(false)
      actor.send({ type: "code.change", value: CODE })
      actor.send({ type: "code.submit" })

      expect(actor.getSnapshot().value).toBe("awaitingEmail")
      expect(actor.getSnapshot().context.code).toBe("")
      expect(verify.inputs).toHaveLength(0)
    })

    it.each([
      ["empty", " ", MessageKey.required],
      ["not an address", "ann@example", MessageKey.email],
    ])("does not resend when the address is %s", (_, email, key) => {
      const { actor, resend } = startAwaitingEmail()
      actor.send({ type: "email.change", value: email })
      actor.send({ type: "verification.resend" })

      expect(actor.getSnapshot().value).toBe("awaitingEmail")
      expect(actor.getSnapshot().context.emailError).toBe(key)
      expect(resend.inputs).toHaveLength(0)
    })

    it("clears the address message when the address changes", () => {
      const { actor } = start({ email: "ann@example" })
      actor.send({ type: "verification.resend" })
      expect(actor.getSnapshot().context.emailError).toBe(MessageKey.email)

      actor.send({ type: "email.change", value: "ann@example." })

      expect(actor.getSnapshot().context).toMatchObject({ email: "ann@example.", emailError: null })
    })

    it("clears the form message when the address changes", async () => {
      const { actor, resend } = start({ email: EMAIL })
      actor.send({ type: "verification.resend" })
      resend.reject(new Offline())
      await waitFor(actor, (s) => !s.matches("resending"))
      expect(actor.getSnapshot().context.formError).toBe("errors.offline")

      actor.send({ type: "email.change", value: "bob@example.com" })

      expect(actor.getSnapshot().context).toMatchObject({ email: "bob@example.com", formError: null })
    })

    it("resends to the trimmed address", () => {
      const { actor, resend } = startAwaitingEmail()
      actor.send({ type: "email.change", value: ` ${EMAIL} ` })
      actor.send({ type: "verification.resend" })

      expect(actor.getSnapshot().value).toBe("resending")
      expect(resend.inputs).toEqual([{ email: EMAIL }])
    })
  })

  describe("verifying", () => {
    it("ignores code edits, another submit and resend", () => {
      const { actor, verify, resend } = startVerifying()
      actor.send({ type: "code.change", value: "" })
      actor.send({ type: "code.submit" })
      actor.send({ type: "verification.resend" })

      expect(actor.getSnapshot().value).toBe("verifying")
      expect(actor.getSnapshot().context.code).toBe(CODE)
      expect(verify.inputs).toHaveLength(1)
      expect(resend.inputs).toHaveLength(0)
    })

    it("is verified and stops on success", async () => {
      const { actor, verify } = startVerifying()
      verify.resolve({ message: "Verified", passwordNeeded: false })
      await waitFor(actor, (s) => !s.matches("verifying"))

      expect(actor.getSnapshot().value).toBe("verified")
      expect(actor.getSnapshot().status).toBe("done")
    })

    it("clears a rejected code, shows the server's code message and drops an older form message", async () => {
      const { actor, verify } = startVerifying()
      verify.reject(new Offline())
      await waitFor(actor, (s) => !s.matches("verifying"))
      actor.send({ type: "code.submit" })
      verify.reject(new ValidationFailed({ message: "x", errors: { code: MessageKey.codeExpired } }))
      await waitFor(actor, (s) => !s.matches("verifying"))

      expect(actor.getSnapshot().value).toBe("awaitingCode")
      expect(actor.getSnapshot().context).toMatchObject({
        code: "",
        codeError: MessageKey.codeExpired,
        formError: null,
        rejectedSubmits: 1,
      })
    })

    it("reads an invalid code when the server names no code message", async () => {
      const { actor, verify } = startAwaitingCode()
      actor.send({ type: "code.change", value: CODE })
      actor.send({ type: "code.submit" })
      verify.reject(new ValidationFailed({ message: "x", errors: { "": MessageKey.invalid } }))
      await waitFor(actor, (s) => !s.matches("verifying"))

      expect(actor.getSnapshot().value).toBe("awaitingCode")
      expect(actor.getSnapshot().context).toMatchObject({ code: "", codeError: MessageKey.codeInvalid })
    })

    it.each([
      ["not valid (unknown, malformed or replaced)", MessageKey.codeInvalid, MessageKey.linkInvalid],
      ["expired", MessageKey.codeExpired, MessageKey.verificationLinkExpired],
    ])("says the link is %s, not the code, when the link's own code is refused", async (_, server, key) => {
      const { actor, verify } = startVerifying()
      verify.reject(new ValidationFailed({ message: "x", errors: { code: server } }))
      await waitFor(actor, (s) => !s.matches("verifying"))

      expect(actor.getSnapshot().value).toBe("awaitingCode")
      expect(actor.getSnapshot().context).toMatchObject({
        code: "",
        codeError: null,
        formError: key,
        fromLink: false,
        email: EMAIL,
      })
      // The way on is a new link: the resend form is ready for the address.
      expect(actor.getSnapshot().can({ type: "verification.resend" })).toBe(true)
    })

    it.each([
      ["TooManyRequests", new TooManyRequests({ message: "x", retryAfterSeconds: 60 }), "errors.tooManyRequests"],
      [
        "paused codes",
        new TooManyRequests({ message: "x", retryAfterSeconds: 86_400, reason: "codesPaused" }),
        "errors.codesPaused",
      ],
      ["Offline", new Offline(), "errors.offline"],
      ["RequestTimeout", new RequestTimeout(), "errors.timeout"],
      ["an unknown failure", new Error("boom"), "errors.generic"],
    ])("shows the form message for %s and keeps the code", async (_, error, key) => {
      const { actor, verify } = startVerifying()
      verify.reject(error)
      await waitFor(actor, (s) => !s.matches("verifying"))

      expect(actor.getSnapshot().value).toBe("awaitingCode")
      expect(actor.getSnapshot().context).toMatchObject({ code: CODE, codeError: null, formError: key })
    })
  })

  describe("verifyingLink", () => {
    const startVerifyingLink = (input: Input = { uuid: UUID, token: TOKEN, email: EMAIL }) => {
      const started = start(input)
      expect(started.actor.getSnapshot().value).toBe("verifyingLink")
      return started
    }

    it("verifies with the link's token at once, before any code, and is busy", () => {
      const { actor, verify, verifyLink } = startVerifyingLink({ uuid: UUID, token: TOKEN, code: CODE, email: EMAIL })
      expect(actor.getSnapshot().hasTag("busy")).toBe(true)
      expect(verifyLink.inputs).toEqual([{ token: TOKEN }])
      expect(verify.inputs).toHaveLength(0)
    })

    it("says a token cut short is not a valid link, and asks for the code without trying it", () => {
      const { actor, verifyLink } = start({ uuid: UUID, token: "1234", email: EMAIL })
      expect(actor.getSnapshot().value).toBe("awaitingCode")
      expect(actor.getSnapshot().context).toMatchObject({ token: null, formError: MessageKey.linkInvalid })
      expect(verifyLink.inputs).toHaveLength(0)
    })

    it("says a token cut short is not a valid link, and asks for the address when the link names no account", () => {
      const { actor, verifyLink } = start({ token: "1234" })
      expect(actor.getSnapshot().value).toBe("awaitingEmail")
      expect(actor.getSnapshot().context).toMatchObject({ token: null, formError: MessageKey.linkInvalid })
      expect(verifyLink.inputs).toHaveLength(0)
    })

    it("ignores code edits, submit and resend while the link is checked", () => {
      const { actor, verify, resend } = startVerifyingLink()
      actor.send({ type: "code.change", value: CODE })
      actor.send({ type: "code.submit" })
      actor.send({ type: "verification.resend" })
      expect(actor.getSnapshot().value).toBe("verifyingLink")
      expect(verify.inputs).toHaveLength(0)
      expect(resend.inputs).toHaveLength(0)
    })

    it("is verified and stops on success", async () => {
      const { actor, verifyLink } = startVerifyingLink()
      verifyLink.resolve({ message: "Verified", passwordNeeded: false })
      await waitFor(actor, (s) => !s.matches("verifyingLink"))
      expect(actor.getSnapshot().value).toBe("verified")
      expect(actor.getSnapshot().status).toBe("done")
    })

    it("says a used or expired link may have confirmed the address already, and falls back to the code", async () => {
      const { actor, verifyLink, verify } = startVerifyingLink()
      verifyLink.reject(new ValidationFailed({ message: "x", errors: { token: MessageKey.linkExpired } }))
      await waitFor(actor, (s) => !s.matches("verifyingLink"))
      expect(actor.getSnapshot().value).toBe("awaitingCode")
      // The server answers a used link like an expired one: the page offers signing in and a new code.
      expect(actor.getSnapshot().context).toMatchObject({ token: null, formError: MessageKey.verificationLinkUsed })
      expect(offersSignIn(actor.getSnapshot().context)).toBe(true)
      actor.send({ type: "code.change", value: CODE })
      expect(offersSignIn(actor.getSnapshot().context)).toBe(false)
      actor.send({ type: "code.submit" })
      expect(verify.inputs).toEqual([{ uuid: UUID, code: CODE }])
    })

    it("asks for the address to resend to when the refused link had no account", async () => {
      const { actor, verifyLink } = startVerifyingLink({ token: TOKEN })
      verifyLink.reject(new ValidationFailed({ message: "x", errors: { token: MessageKey.linkExpired } }))
      await waitFor(actor, (s) => !s.matches("verifyingLink"))
      expect(actor.getSnapshot().value).toBe("awaitingEmail")
      expect(actor.getSnapshot().context.formError).toBe(MessageKey.verificationLinkUsed)
    })

    it("checks the token of a link whose account id is malformed: the token alone verifies", () => {
      const { actor, verifyLink } = start({ uuid: "not-a-uuid", token: TOKEN })
      expect(actor.getSnapshot().value).toBe("verifyingLink")
      expect(verifyLink.inputs).toEqual([{ token: TOKEN }])
    })

    it.each([
      ["Offline", new Offline(), "errors.offline"],
      ["RequestTimeout", new RequestTimeout(), "errors.timeout"],
    ])("shows the form message for %s", async (_, error, key) => {
      const { actor, verifyLink } = startVerifyingLink()
      verifyLink.reject(error)
      await waitFor(actor, (s) => !s.matches("verifyingLink"))
      expect(actor.getSnapshot().value).toBe("awaitingCode")
      expect(actor.getSnapshot().context.formError).toBe(key)
    })
  })

  describe("resending", () => {
    const startResending = (input: Input) => {
      const started = start({ ...input, email: EMAIL })
      started.actor.send({ type: "verification.resend" })
      expect(started.actor.getSnapshot().value).toBe("resending")
      return started
    }

    it("ignores edits, code submit and another resend", () => {
      const { actor, verify, resend } = startResending({ uuid: UUID })
      actor.send({ type: "email.change", value: "" })
      actor.send({ type: "code.change", value: CODE })
      actor.send({ type: "code.submit" })
      actor.send({ type: "verification.resend" })

      expect(actor.getSnapshot().value).toBe("resending")
      expect(actor.getSnapshot().context).toMatchObject({ email: EMAIL, code: "" })
      expect(verify.inputs).toHaveLength(0)
      expect(resend.inputs).toHaveLength(1)
    })

    it.each([
      ["with an account", { uuid: UUID }, "awaitingCode"],
      ["without an account", {}, "awaitingEmail"],
    ])("says the mail was sent and drops an older form message, %s", async (_, input, target) => {
      const { actor, resend } = startResending(input)
      resend.reject(new Offline())
      await waitFor(actor, (s) => !s.matches("resending"))
      actor.send({ type: "verification.resend" })
      resend.resolve({ message: "sent" })
      await waitFor(actor, (s) => !s.matches("resending"))

      expect(actor.getSnapshot().value).toBe(target)
      expect(actor.getSnapshot().context).toMatchObject({ notice: "notices.verificationSent", formError: null })
    })

    it.each([
      ["with an account", { uuid: UUID }, "awaitingCode"],
      ["without an account", {}, "awaitingEmail"],
    ])("shows the form message and drops an older notice when sending fails, %s", async (_, input, target) => {
      const { actor, resend } = startResending(input)
      resend.resolve({ message: "sent" })
      await waitFor(actor, (s) => !s.matches("resending"))
      actor.send({ type: "verification.resend" })
      resend.reject(new TooManyRequests({ message: "x", retryAfterSeconds: 60 }))
      await waitFor(actor, (s) => !s.matches("resending"))

      expect(actor.getSnapshot().value).toBe(target)
      expect(actor.getSnapshot().context).toMatchObject({ formError: "errors.tooManyRequests", notice: null })
    })
  })
})
