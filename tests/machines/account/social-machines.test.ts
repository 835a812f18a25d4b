// Every transition of the social sign-in machines: the providers' buttons, the callback page, the
// social registration form and the prove-to-link step.
import { beforeAll, describe, expect, it, vi } from "vitest"
import { createActor, waitFor } from "xstate"
import { signInRules } from "../../../src/domain/account/sign-in-forms.ts"
import { SocialSignInRefused } from "../../../src/domain/account/social-errors.ts"
import type {
  SocialLinkPayload,
  SocialLoginPayload,
  SocialLoginResult,
  SocialProviders,
  SocialRegisterPayload,
} from "../../../src/domain/account/social-sign-in.ts"
import { type SignedInUser, USER_DEFAULTS } from "../../../src/domain/account/user.ts"
import {
  InvalidCredentials,
  NotFound,
  Offline,
  RequestTimeout,
  ServerError,
  TooManyRequests,
  ValidationFailed,
} from "../../../src/domain/shared/errors.ts"
import { MessageKey } from "../../../src/domain/shared/validation.ts"
import {
  type SocialCallbackInput,
  socialCallbackMachine,
} from "../../../src/machines/account/social-callback-machine.ts"
import { socialLinkMachine } from "../../../src/machines/account/social-link-machine.ts"
import { socialProvidersMachine } from "../../../src/machines/account/social-providers-machine.ts"
import { socialRegistrationMachine } from "../../../src/machines/account/social-registration-machine.ts"
import { pendingActor } from "../support/pending-actor.ts"

// The forms' rules come in a script of their own; the form kit holds a check until they are in.
beforeAll(() => signInRules.load())

const user: SignedInUser = { ...USER_DEFAULTS, id: 9, uuid: "u-9", email: "grace@example.test", token: "t-9" }
const refused = (reason: SocialSignInRefused["reason"]) => new SocialSignInRefused({ message: "no", reason })

describe("social providers machine", () => {
  const start = () => {
    const load = pendingActor<SocialProviders, void>()
    const actor = createActor(socialProvidersMachine.provide({ actors: { loadProviders: load.logic } }))
    actor.start()
    return { actor, load }
  }

  it("loads the providers for the buttons", async () => {
    const { actor, load } = start()
    expect(actor.getSnapshot().hasTag("busy")).toBe(true)
    load.resolve({ providers: [{ id: "google", name: "Google" }] })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(actor.getSnapshot().context).toEqual({ providers: [{ id: "google", name: "Google" }], error: null })
  })

  it.each([
    [new ServerError({ message: "x", correlationId: "c" }), "errors.generic"],
    [new RequestTimeout(), "errors.timeout"],
    [new Offline(), "errors.offline"],
  ])("a failure (%s) shows no buttons, and a retry loads again", async (error, key) => {
    const { actor, load } = start()
    load.reject(error)
    await waitFor(actor, (s) => s.matches("failed"))
    expect(actor.getSnapshot().context).toEqual({ providers: [], error: key })
    actor.send({ type: "providers.retry" })
    expect(actor.getSnapshot().value).toBe("loading")
  })
})

describe("social callback machine", () => {
  const answer: SocialCallbackInput = {
    code: "c",
    state: "s",
    iss: "https://id.example",
    error: null,
    returnTo: "/book/pages",
  }
  const start = (input: Partial<SocialCallbackInput> = {}) => {
    const complete = pendingActor<SocialLoginResult, SocialLoginPayload>()
    const signedIn = vi.fn()
    const actor = createActor(
      socialCallbackMachine.provide({ actors: { completeSignIn: complete.logic }, actions: { signedIn } }),
      { input: { ...answer, ...input } },
    )
    actor.start()
    return { actor, complete, signedIn }
  }

  it("sends the provider's code, state and issuer, then signs in and goes back", async () => {
    const { actor, complete, signedIn } = start()
    expect(actor.getSnapshot().value).toBe("completing")
    expect(complete.inputs).toEqual([{ code: "c", state: "s", iss: "https://id.example" }])
    complete.resolve(user)
    await waitFor(actor, (s) => s.matches("signedIn"))
    expect(signedIn).toHaveBeenCalledWith(expect.anything(), { user, returnTo: "/book/pages" })
  })

  it("leaves out an absent issuer", () => {
    const { complete } = start({ iss: null })
    expect(complete.inputs).toEqual([{ code: "c", state: "s" }])
  })

  it("hands over to the registration form with the prefilled claims", async () => {
    const { actor, complete, signedIn } = start()
    const next = {
      step: "register",
      ticket: "t",
      provider: "Google",
      email: "g@x.test",
      firstName: "G",
      lastName: "H",
    } as const
    complete.resolve(next)
    await waitFor(actor, (s) => s.matches("registering"))
    expect(actor.getSnapshot().context.next).toEqual(next)
    expect(signedIn).not.toHaveBeenCalled()
  })

  it("hands over to the prove-to-link step", async () => {
    const { actor, complete } = start()
    complete.resolve({ step: "link", ticket: "t", provider: "Google", email: "g@x.test" })
    await waitFor(actor, (s) => s.matches("linking"))
    expect(actor.getSnapshot().context.next?.step).toBe("link")
  })

  it.each([
    [{ error: "access_denied" }, "accessDenied"],
    [{ error: "server_error" }, "providerError"],
    [{ code: null }, "state"],
    [{ state: null }, "state"],
  ] as const)("an answer without a usable code (%o) is refused without a call", (input, reason) => {
    const { actor, complete } = start(input)
    expect(actor.getSnapshot().value).toBe("refused")
    expect(actor.getSnapshot().context.problem).toEqual({ _tag: "Refused", reason })
    expect(complete.inputs).toEqual([])
  })

  it.each([
    [refused("state"), { _tag: "Refused", reason: "state" }],
    [refused("unverifiedEmail"), { _tag: "Refused", reason: "unverifiedEmail" }],
    [new NotFound({ message: "x" }), { _tag: "Refused", reason: "off" }],
    [new TooManyRequests({ message: "x", retryAfterSeconds: 3 }), { _tag: "Failed", key: "errors.tooManyRequests" }],
    [new ServerError({ message: "x", correlationId: "c" }), { _tag: "Failed", key: "errors.generic" }],
    [new RequestTimeout(), { _tag: "Failed", key: "errors.timeout" }],
    [new Offline(), { _tag: "Failed", key: "errors.offline" }],
  ])("a failed completion (%s) is told on the page", async (error, problem) => {
    const { actor, complete, signedIn } = start()
    complete.reject(error)
    await waitFor(actor, (s) => s.matches("refused"))
    expect(actor.getSnapshot().context.problem).toEqual(problem)
    expect(signedIn).not.toHaveBeenCalled()
  })
})

describe("social registration machine", () => {
  const start = () => {
    const register = pendingActor<SignedInUser, SocialRegisterPayload>()
    const signedIn = vi.fn()
    const actor = createActor(
      socialRegistrationMachine.provide({ actors: { register: register.logic }, actions: { signedIn } }),
      { input: { ticket: "t", email: "grace@example.test", firstName: "Grace", lastName: "Hopper", returnTo: null } },
    )
    actor.start()
    return { actor, register, signedIn }
  }

  it("starts prefilled, terms unticked, and refuses to submit without them", () => {
    const { actor, register } = start()
    expect(actor.getSnapshot().context.form).toEqual({
      ticket: "t",
      email: "grace@example.test",
      firstName: "Grace",
      lastName: "Hopper",
      termsChecked: false,
      promotional: false,
    })
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().value).toBe("editing")
    expect(actor.getSnapshot().context.errors).toEqual({ termsChecked: MessageKey.termsRequired })
    expect(actor.getSnapshot().context.rejectedSubmits).toBe(1)
    expect(register.inputs).toEqual([])
  })

  it("checks a field on blur, clears its message when edited", () => {
    const { actor } = start()
    actor.send({ type: "field.change", field: "firstName", value: "Gr" })
    actor.send({ type: "field.blur", field: "firstName" })
    expect(actor.getSnapshot().context.errors).toEqual({ firstName: MessageKey.firstNameMin })
    actor.send({ type: "field.change", field: "firstName", value: "Grace" })
    expect(actor.getSnapshot().context.errors).toEqual({})
  })

  const submit = (actor: ReturnType<typeof start>["actor"]) => {
    actor.send({ type: "field.change", field: "termsChecked", value: true })
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().hasTag("busy")).toBe(true)
  }

  it("sends the trimmed form with the ticket and signs in", async () => {
    const { actor, register, signedIn } = start()
    actor.send({ type: "field.change", field: "lastName", value: " Hopper " })
    submit(actor)
    expect(register.inputs[0]).toMatchObject({ ticket: "t", lastName: "Hopper", termsChecked: true })
    register.resolve(user)
    await waitFor(actor, (s) => s.matches("signedIn"))
    expect(signedIn).toHaveBeenCalledWith(expect.anything(), { user, returnTo: null })
  })

  it("shows the server's field messages and keeps what was typed", async () => {
    const { actor, register } = start()
    submit(actor)
    register.reject(new ValidationFailed({ message: "x", errors: { email: MessageKey.emailTaken } }))
    await waitFor(actor, (s) => s.matches("editing"))
    expect(actor.getSnapshot().context.errors).toEqual({ email: MessageKey.emailTaken })
    expect(actor.getSnapshot().context.form.termsChecked).toBe(true)
  })

  it.each([
    [new ServerError({ message: "x", correlationId: "c" }), "errors.generic"],
    [new RequestTimeout(), "errors.timeout"],
    [new Offline(), "errors.offline"],
    [new TooManyRequests({ message: "x", retryAfterSeconds: 1 }), "errors.tooManyRequests"],
  ])("a failure (%s) shows a form message and allows another try", async (error, key) => {
    const { actor, register } = start()
    submit(actor)
    register.reject(error)
    await waitFor(actor, (s) => s.matches("editing"))
    expect(actor.getSnapshot().context.formError).toBe(key)
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().value).toBe("submitting")
  })

  it("a spent or expired ticket ends the form with the reason", async () => {
    const { actor, register } = start()
    submit(actor)
    register.reject(refused("expired"))
    await waitFor(actor, (s) => s.matches("refused"))
    expect(actor.getSnapshot().context.refusal).toBe("expired")
  })
})

describe("social link machine", () => {
  const start = () => {
    const link = pendingActor<SignedInUser, SocialLinkPayload>()
    const signedIn = vi.fn()
    const actor = createActor(socialLinkMachine.provide({ actors: { link: link.logic }, actions: { signedIn } }), {
      input: { ticket: "t", email: "ada@example.test", returnTo: "/point/x" },
    })
    actor.start()
    return { actor, link, signedIn }
  }

  it("needs the password before it sends anything", () => {
    const { actor, link } = start()
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().context.errors).toEqual({ password: MessageKey.required })
    expect(link.inputs).toEqual([])
  })

  it("sends the ticket and password, then signs in", async () => {
    const { actor, link, signedIn } = start()
    actor.send({ type: "field.change", field: "password", value: "lotus7root" })
    actor.send({ type: "form.submit" })
    expect(link.inputs).toEqual([{ ticket: "t", password: "lotus7root" }])
    link.resolve(user)
    await waitFor(actor, (s) => s.matches("linked"))
    expect(signedIn).toHaveBeenCalledWith(expect.anything(), { user, returnTo: "/point/x" })
  })

  it("a wrong password says so and clears the field", async () => {
    const { actor, link } = start()
    actor.send({ type: "field.change", field: "password", value: "wrong9" })
    actor.send({ type: "form.submit" })
    link.reject(new InvalidCredentials({ message: "Invalid credentials" }))
    await waitFor(actor, (s) => s.matches("editing"))
    expect(actor.getSnapshot().context.formError).toBe("errors.invalidCredentials")
    expect(actor.getSnapshot().context.form.password).toBe("")
  })

  it.each([
    [new ServerError({ message: "x", correlationId: "c" }), "errors.generic"],
    [new RequestTimeout(), "errors.timeout"],
    [new Offline(), "errors.offline"],
    [new TooManyRequests({ message: "x", retryAfterSeconds: 1 }), "errors.tooManyRequests"],
  ])("a failure (%s) keeps the password for another try", async (error, key) => {
    const { actor, link } = start()
    actor.send({ type: "field.change", field: "password", value: "lotus7root" })
    actor.send({ type: "form.submit" })
    link.reject(error)
    await waitFor(actor, (s) => s.matches("editing"))
    expect(actor.getSnapshot().context).toMatchObject({ formError: key, form: { password: "lotus7root" } })
  })

  it("field messages from the server are shown at the field", async () => {
    const { actor, link } = start()
    actor.send({ type: "field.change", field: "password", value: "x1" })
    actor.send({ type: "form.submit" })
    link.reject(new ValidationFailed({ message: "x", errors: { password: MessageKey.tooLong } }))
    await waitFor(actor, (s) => s.matches("editing"))
    expect(actor.getSnapshot().context.errors).toEqual({ password: MessageKey.tooLong })
  })

  it("a spent ticket ends the step", async () => {
    const { actor, link } = start()
    actor.send({ type: "field.change", field: "password", value: "lotus7root" })
    actor.send({ type: "form.submit" })
    link.reject(refused("expired"))
    await waitFor(actor, (s) => s.matches("refused"))
    expect(actor.getSnapshot().context.refusal).toBe("expired")
  })
})
