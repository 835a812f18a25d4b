// Sign-in (§3): e-mail and password; a wrong pair shows "Invalid credentials" on the form, an
// unverified account offers to resend the verification mail. Use for the /login page. A signed-in
// user goes back to the page they came from (`returnTo`, already checked as safe) or home.
import { assign, setup } from "xstate"
import type { LoginPayload } from "../../domain/account/sign-in.ts"
import { EMPTY_LOGIN_FORM, type LoginForm, signInRules } from "../../domain/account/sign-in-forms.ts"
import type { SignedInUser } from "../../domain/account/user.ts"
import { failureOf, formErrorKey } from "../../domain/shared/failures.ts"
import { apiCall, isFailure } from "../shared/api-call.ts"
import { type FormContext, type FormEvent, formFlow, submitFailed } from "../shared/form-flow.ts"

export interface LoginContext extends FormContext<LoginForm> {
  readonly unverifiedEmail: string | null
  readonly notice: string | null
  /** The app path to go back to once signed in; null goes home. */
  readonly returnTo: string | null
}

export type LoginEvent = FormEvent<LoginForm> | { readonly type: "verification.resend" }

const login = formFlow((form: LoginForm) => signInRules.get().validateLoginForm(form))

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as { readonly email?: string; readonly returnTo?: string | null } | undefined,
  },
  actors: {
    login: apiCall<SignedInUser, LoginPayload>("login"),
    resendVerification: apiCall<{ readonly message: string }, { readonly email: string }>("resendVerification"),
  },
  actions: {
    /** Provided by the wiring: keep the session and leave the page for `returnTo` (or home). */
    signedIn: (_, _params: { readonly user: SignedInUser; readonly returnTo: string | null }) => {},
  },
  guards: {
    formIsValid: ({ context }) => login.isValid(context.form),
    isUnverified: isFailure("EmailNotVerified"),
    isFieldFailure: isFailure("ValidationFailed"),
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
      actions: assign(({ context, event }) => login.blur(context, event.field)),
    },
  },
  states: {
    editing: {
      on: {
        "field.change": {
          actions: assign(({ context, event }) => ({
            ...login.change(context, event.field, event.value),
            notice: null,
          })),
        },
        "form.submit": [
          { guard: "formIsValid", target: "submitting" },
          { actions: assign(({ context }) => login.reject(context)) },
        ],
      },
    },
    submitting: {
      tags: ["busy"],
      invoke: {
        src: "login",
        input: ({ context }) => login.payload(context.form),
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
            actions: assign(({ context, event }) => submitFailed(context, event.error)),
          },
          {
            target: "editing",
            // The password is cleared after a failed attempt; the e-mail stays.
            actions: assign(({ context, event }) => ({
              formError: formErrorKey(event.error),
              form:
                failureOf(event.error)?._tag === "InvalidCredentials"
                  ? { ...context.form, password: "" }
                  : context.form,
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
            ...login.change(context, event.field, event.value),
            notice: null,
          })),
        },
        "verification.resend": "resending",
        "form.submit": [
          { guard: "formIsValid", target: "submitting" },
          { target: "editing", actions: assign(({ context }) => login.reject(context)) },
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
