// Sign-in (§3): e-mail and password; a wrong pair shows "Invalid credentials" on the form, an
// unverified account offers to resend the verification mail. Use for the /login page. A signed-in
// user goes back to the page they came from (`returnTo`, already checked as safe) or home.
import { assign, fromPromise, setup } from "xstate"
import { EMPTY_LOGIN_FORM, type LoginForm, type LoginPayload, validateLoginForm } from "../../domain/account/sign-in.ts"
import type { SignedInUser } from "../../domain/account/user.ts"
import { failureFieldErrors, failureTag, formErrorKey } from "../../domain/shared/errors.ts"
import type { FieldErrors } from "../../domain/shared/validation.ts"
import { blurField, changeField, type FormContext, rejectSubmit } from "../shared/form-flow.ts"

export interface LoginContext extends FormContext<LoginForm> {
  readonly unverifiedEmail: string | null
  readonly notice: string | null
  /** The app path to go back to once signed in; null goes home. */
  readonly returnTo: string | null
}

export type LoginEvent =
  | { readonly type: "field.change"; readonly field: keyof LoginForm; readonly value: string }
  | { readonly type: "field.blur"; readonly field: keyof LoginForm }
  | { readonly type: "form.submit" }
  | { readonly type: "verification.resend" }

const validErrors = (form: LoginForm): FieldErrors => {
  const result = validateLoginForm(form)
  return result._tag === "Valid" ? {} : result.errors
}

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as { readonly email?: string; readonly returnTo?: string | null } | undefined,
  },
  actors: {
    login: fromPromise<SignedInUser, LoginPayload>(() => Promise.reject(new Error("login actor not provided"))),
    resendVerification: fromPromise<{ readonly message: string }, { readonly email: string }>(() =>
      Promise.reject(new Error("resendVerification actor not provided")),
    ),
  },
  actions: {
    /** Provided by the wiring: keep the session and leave the page for `returnTo` (or home). */
    signedIn: (_, _params: { readonly user: SignedInUser; readonly returnTo: string | null }) => {},
  },
  guards: {
    formIsValid: ({ context }) => validateLoginForm(context.form)._tag === "Valid",
    isUnverified: ({ event }) => failureTag((event as { error?: unknown }).error) === "EmailNotVerified",
    isFieldFailure: ({ event }) => failureTag((event as { error?: unknown }).error) === "ValidationFailed",
  },
}).createMachine({
  id: "login",
  context: ({ input }) => ({
    form: { ...EMPTY_LOGIN_FORM, email: input?.email ?? "" },
    errors: {},
    formError: null,
    rejectedSubmits: 0,
    unverifiedEmail: null,
    notice: null,
    returnTo: input?.returnTo ?? null,
  }),
  initial: "editing",
  on: {
    "field.blur": {
      actions: assign(({ context, event }) => ({ errors: blurField(context, event.field, validErrors(context.form)) })),
    },
  },
  states: {
    editing: {
      on: {
        "field.change": {
          actions: assign(({ context, event }) => ({
            ...changeField(context, event.field, event.value),
            notice: null,
          })),
        },
        "form.submit": [
          { guard: "formIsValid", target: "submitting" },
          { actions: assign(({ context }) => rejectSubmit(context, validErrors(context.form))) },
        ],
      },
    },
    submitting: {
      tags: ["busy"],
      invoke: {
        src: "login",
        input: ({ context }) => {
          const result = validateLoginForm(context.form)
          return result._tag === "Valid" ? result.value : { email: context.form.email, password: context.form.password }
        },
        onDone: {
          target: "signedIn",
          actions: {
            type: "signedIn",
            params: ({ context, event }) => ({ user: event.output, returnTo: context.returnTo }),
          },
        },
        onError: [
          {
            guard: "isUnverified",
            target: "unverified",
            actions: assign(({ context }) => ({ unverifiedEmail: context.form.email.trim(), formError: null })),
          },
          {
            guard: "isFieldFailure",
            target: "editing",
            actions: assign(({ context, event }) => rejectSubmit(context, failureFieldErrors(event.error))),
          },
          {
            target: "editing",
            // The password is cleared after a failed attempt; the e-mail stays.
            actions: assign(({ context, event }) => ({
              formError: formErrorKey(event.error),
              form: failureTag(event.error) === "InvalidCredentials" ? { ...context.form, password: "" } : context.form,
            })),
          },
        ],
      },
    },
    unverified: {
      on: {
        "field.change": {
          target: "editing",
          actions: assign(({ context, event }) => ({
            ...changeField(context, event.field, event.value),
            notice: null,
          })),
        },
        "verification.resend": "resending",
        "form.submit": [
          { guard: "formIsValid", target: "submitting" },
          { target: "editing", actions: assign(({ context }) => rejectSubmit(context, validErrors(context.form))) },
        ],
      },
    },
    resending: {
      tags: ["busy"],
      invoke: {
        src: "resendVerification",
        input: ({ context }) => ({ email: context.unverifiedEmail ?? context.form.email }),
        onDone: { target: "unverified", actions: assign({ notice: "notices.verificationSent", formError: null }) },
        onError: {
          target: "unverified",
          actions: assign(({ event }) => ({ formError: formErrorKey(event.error), notice: null })),
        },
      },
    },
    signedIn: { type: "final" },
  },
})
