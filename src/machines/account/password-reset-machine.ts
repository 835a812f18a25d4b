// Password reset (§3): ask for a code by e-mail, then enter the code with a new password and its
// confirmation. Opened from the reset mail's link (?email=…&token=…) only the new password is
// asked for: the link's single-use token stands in for the code. A link that no longer works
// falls back to the code step, keeping what was typed.
import { assign, setup } from "xstate"
import { isAccountEmail } from "../../domain/account/email-formats.ts"
import type {
  ForgotPasswordPayload,
  LinkResetPasswordPayload,
  ResetPasswordPayload,
} from "../../domain/account/password-reset.ts"
import { EMPTY_RESET_FORM, type ResetForm, signInRules } from "../../domain/account/sign-in-forms.ts"
import { isLinkToken, sanitizeCodeInput } from "../../domain/account/verification-formats.ts"
import { failureFieldErrors, formErrorKey } from "../../domain/shared/failures.ts"
import { MessageKey } from "../../domain/shared/message-keys.ts"
import { MESSAGE_DELAY_MS } from "../../domain/shared/timing.ts"
import { apiCall, isFailure } from "../shared/api-call.ts"
import { type FormContext, type FormEvent, formFlow, rejectSubmit, submitFailed } from "../shared/form-flow.ts"

export interface PasswordResetContext extends FormContext<ResetForm> {
  readonly notice: string | null
  /** The token of the mail's link, while the link step is shown. */
  readonly linkToken: string | null
}

export type PasswordResetEvent =
  | FormEvent<ResetForm>
  | { readonly type: "code.resend" }
  | { readonly type: "email.edit" }

/** The three steps' rules: the address alone, the code with the new password, the link's new password. */
const request = formFlow((form: ResetForm) => signInRules.get().validateForgotPasswordForm({ email: form.email }))
const reset = formFlow((form: ResetForm) => signInRules.get().validateResetForm(form))
const viaLink = (token: string | null) =>
  formFlow((form: ResetForm) => signInRules.get().validateLinkResetForm(form, token ?? ""))
const normalize = (field: keyof ResetForm, value: string) => (field === "code" ? sanitizeCodeInput(value) : value)

export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as { readonly email?: string; readonly token?: string | null } | undefined,
  },
  actors: {
    requestCode: apiCall<{ readonly message: string }, ForgotPasswordPayload>("requestCode"),
    resetPassword: apiCall<{ readonly message: string }, ResetPasswordPayload>("resetPassword"),
    resetPasswordWithLink: apiCall<{ readonly message: string }, LinkResetPasswordPayload>("resetPasswordWithLink"),
  },
  actions: {
    /** Provided by the wiring: on to /login once the success message has been read. */
    goToLogin: () => {},
  },
  delays: { messageDelay: MESSAGE_DELAY_MS },
  guards: {
    hasLinkToken: ({ context }) => context.linkToken !== null,
    linkResetIsValid: ({ context }) => viaLink(context.linkToken).isValid(context.form),
    /** The server refused the link's token (used, expired or unknown), not the new password. */
    isLinkRefused: ({ event }) => "error" in event && failureFieldErrors(event.error).token !== undefined,
    emailIsValid: ({ context }) => request.isValid(context.form),
    /** The address the page was opened with (`?email=`) reads as an account's: the code step at once. */
    startsWithEmail: ({ context }) => isAccountEmail(context.form.email.trim()),
    resetIsValid: ({ context }) => reset.isValid(context.form),
    isFieldFailure: isFailure("ValidationFailed"),
  },
}).createMachine({
  id: "passwordReset",
  context: ({ input }) => ({
    form: { ...EMPTY_RESET_FORM, email: input?.email ?? "" },
    errors: {},
    formError: null,
    rejectedSubmits: 0,
    notice: null,
    linkToken: input?.token && isLinkToken(input.token) ? input.token : null,
  }),
  initial: "start",
  states: {
    start: {
      always: [
        { guard: "hasLinkToken", target: "linkStep" },
        { guard: "startsWithEmail", target: "codeSent" },
        { target: "requesting" },
      ],
    },
    linkStep: {
      on: {
        "field.change": { actions: assign(({ context, event }) => reset.change(context, event.field, event.value)) },
        "field.blur": {
          actions: assign(({ context, event }) => viaLink(context.linkToken).blur(context, event.field)),
        },
        "form.submit": [
          { guard: "linkResetIsValid", target: "resettingWithLink" },
          { actions: assign(({ context }) => viaLink(context.linkToken).reject(context)) },
        ],
      },
    },
    resettingWithLink: {
      tags: ["busy"],
      invoke: {
        src: "resetPasswordWithLink",
        input: ({ context }) => viaLink(context.linkToken).payload(context.form),
        onDone: { target: "done" },
        onError: [
          // The link is used or expired: the code from the same mail (or a new one) still works,
          // and the new password typed so far stays.
          {
            guard: "isLinkRefused",
            target: "start",
            actions: assign({ linkToken: null, errors: {}, formError: MessageKey.linkExpired, notice: null }),
          },
          { target: "linkStep", actions: assign(({ context, event }) => submitFailed(context, event.error)) },
        ],
      },
    },
    requesting: {
      on: {
        "field.change": { actions: assign(({ context, event }) => request.change(context, event.field, event.value)) },
        "field.blur": { actions: assign(({ context, event }) => request.blur(context, event.field)) },
        "form.submit": [
          { guard: "emailIsValid", target: "sendingCode" },
          { actions: assign(({ context }) => request.reject(context)) },
        ],
      },
    },
    sendingCode: {
      tags: ["busy"],
      invoke: {
        src: "requestCode",
        input: ({ context }) => ({ email: context.form.email.trim() }),
        onDone: { target: "codeSent", actions: assign({ notice: "notices.resetCodeSent", formError: null }) },
        onError: { target: "requesting", actions: assign(({ context, event }) => submitFailed(context, event.error)) },
      },
    },
    codeSent: {
      on: {
        "field.change": {
          actions: assign(({ context, event }) => ({
            ...reset.change(context, event.field, normalize(event.field, event.value)),
            notice: null,
          })),
        },
        "field.blur": { actions: assign(({ context, event }) => reset.blur(context, event.field)) },
        "form.submit": [
          { guard: "resetIsValid", target: "resetting" },
          { actions: assign(({ context }) => reset.reject(context)) },
        ],
        "code.resend": "resendingCode",
        "email.edit": { target: "requesting", actions: assign({ notice: null, formError: null, errors: {} }) },
      },
    },
    resendingCode: {
      tags: ["busy"],
      invoke: {
        src: "requestCode",
        input: ({ context }) => ({ email: context.form.email.trim() }),
        onDone: { target: "codeSent", actions: assign({ notice: "notices.resetCodeSent", formError: null }) },
        onError: {
          target: "codeSent",
          actions: assign(({ event }) => ({ formError: formErrorKey(event.error), notice: null })),
        },
      },
    },
    resetting: {
      tags: ["busy"],
      invoke: {
        src: "resetPassword",
        input: ({ context }) => reset.payload(context.form),
        onDone: { target: "done" },
        onError: [
          {
            guard: "isFieldFailure",
            target: "codeSent",
            // A rejected code is cleared so the next one is typed fresh; the passwords stay.
            actions: assign(({ context, event }) => {
              const errors = failureFieldErrors(event.error)
              return {
                ...rejectSubmit(context, errors),
                form: errors.code ? { ...context.form, code: "" } : context.form,
                notice: null,
              }
            }),
          },
          {
            target: "codeSent",
            actions: assign(({ event }) => ({ formError: formErrorKey(event.error), notice: null })),
          },
        ],
      },
    },
    done: { after: { messageDelay: { target: "redirected", actions: "goToLogin" } } },
    redirected: { type: "final" },
  },
})
