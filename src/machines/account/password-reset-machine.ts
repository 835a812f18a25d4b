// Password reset (§3): ask for a code by e-mail, then enter the code with a new password and its
// confirmation. Opened from the reset mail's link (?email=…&token=…) only the new password is
// asked for: the link's single-use token stands in for the code. A link that no longer works
// falls back to the code step, keeping what was typed.
import { assign, fromPromise, setup } from "xstate"
import {
  EMPTY_RESET_FORM,
  type ForgotPasswordPayload,
  type LinkResetPasswordPayload,
  type ResetForm,
  type ResetPasswordPayload,
  validateForgotPasswordForm,
  validateLinkResetForm,
  validateResetForm,
} from "../../domain/account/password-reset.ts"
import { isLinkToken, sanitizeCodeInput } from "../../domain/account/verification-code.ts"
import { failureFieldErrors, failureTag, formErrorKey } from "../../domain/shared/errors.ts"
import { MESSAGE_DELAY_MS } from "../../domain/shared/timing.ts"
import { type FieldErrors, MessageKey } from "../../domain/shared/validation.ts"
import { blurField, changeField, type FormContext, rejectSubmit } from "../shared/form-flow.ts"

export interface PasswordResetContext extends FormContext<ResetForm> {
  readonly notice: string | null
  /** The token of the mail's link, while the link step is shown. */
  readonly linkToken: string | null
}

export type PasswordResetEvent =
  | { readonly type: "field.change"; readonly field: keyof ResetForm; readonly value: string }
  | { readonly type: "field.blur"; readonly field: keyof ResetForm }
  | { readonly type: "form.submit" }
  | { readonly type: "code.resend" }
  | { readonly type: "email.edit" }

const requestErrors = (form: ResetForm): FieldErrors => {
  const result = validateForgotPasswordForm({ email: form.email })
  return result._tag === "Valid" ? {} : result.errors
}
const resetErrors = (form: ResetForm): FieldErrors => {
  const result = validateResetForm(form)
  return result._tag === "Valid" ? {} : result.errors
}
const linkErrors = (form: ResetForm, token: string): FieldErrors => {
  const result = validateLinkResetForm(form, token)
  return result._tag === "Valid" ? {} : result.errors
}
const normalize = (field: keyof ResetForm, value: string) => (field === "code" ? sanitizeCodeInput(value) : value)

export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as { readonly email?: string; readonly token?: string | null } | undefined,
  },
  actors: {
    requestCode: fromPromise<{ readonly message: string }, ForgotPasswordPayload>(() =>
      Promise.reject(new Error("requestCode actor not provided")),
    ),
    resetPassword: fromPromise<{ readonly message: string }, ResetPasswordPayload>(() =>
      Promise.reject(new Error("resetPassword actor not provided")),
    ),
    resetPasswordWithLink: fromPromise<{ readonly message: string }, LinkResetPasswordPayload>(() =>
      Promise.reject(new Error("resetPasswordWithLink actor not provided")),
    ),
  },
  actions: {
    /** Provided by the wiring: on to /login once the success message has been read. */
    goToLogin: () => {},
  },
  delays: { messageDelay: MESSAGE_DELAY_MS },
  guards: {
    hasLinkToken: ({ context }) => context.linkToken !== null,
    linkResetIsValid: ({ context }) => validateLinkResetForm(context.form, context.linkToken ?? "")._tag === "Valid",
    isLinkRefused: ({ event }) => failureFieldErrors((event as { error?: unknown }).error).token !== undefined,
    emailIsValid: ({ context }) => validateForgotPasswordForm({ email: context.form.email })._tag === "Valid",
    resetIsValid: ({ context }) => validateResetForm(context.form)._tag === "Valid",
    isFieldFailure: ({ event }) => failureTag((event as { error?: unknown }).error) === "ValidationFailed",
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
        { guard: "emailIsValid", target: "codeSent" },
        { target: "requesting" },
      ],
    },
    linkStep: {
      on: {
        "field.change": { actions: assign(({ context, event }) => changeField(context, event.field, event.value)) },
        "field.blur": {
          actions: assign(({ context, event }) => ({
            errors: blurField(context, event.field, linkErrors(context.form, context.linkToken ?? "")),
          })),
        },
        "form.submit": [
          { guard: "linkResetIsValid", target: "resettingWithLink" },
          {
            actions: assign(({ context }) => ({
              errors: linkErrors(context.form, context.linkToken ?? ""),
              formError: null,
            })),
          },
        ],
      },
    },
    resettingWithLink: {
      tags: ["busy"],
      invoke: {
        src: "resetPasswordWithLink",
        input: ({ context }) => {
          const result = validateLinkResetForm(context.form, context.linkToken ?? "")
          if (result._tag === "Invalid") throw new Error("submitting an invalid reset form")
          return result.value
        },
        onDone: { target: "done" },
        onError: [
          // The link is used or expired: the code from the same mail (or a new one) still works,
          // and the new password typed so far stays.
          {
            guard: "isLinkRefused",
            target: "start",
            actions: assign({ linkToken: null, errors: {}, formError: MessageKey.linkExpired, notice: null }),
          },
          {
            guard: "isFieldFailure",
            target: "linkStep",
            actions: assign(({ event }) => ({ errors: failureFieldErrors(event.error), formError: null })),
          },
          { target: "linkStep", actions: assign(({ event }) => ({ formError: formErrorKey(event.error) })) },
        ],
      },
    },
    requesting: {
      on: {
        "field.change": { actions: assign(({ context, event }) => changeField(context, event.field, event.value)) },
        "field.blur": {
          actions: assign(({ context, event }) => ({
            errors: blurField(context, event.field, requestErrors(context.form)),
          })),
        },
        "form.submit": [
          { guard: "emailIsValid", target: "sendingCode" },
          { actions: assign(({ context }) => rejectSubmit(context, requestErrors(context.form))) },
        ],
      },
    },
    sendingCode: {
      tags: ["busy"],
      invoke: {
        src: "requestCode",
        input: ({ context }) => ({ email: context.form.email.trim() }),
        onDone: { target: "codeSent", actions: assign({ notice: "notices.resetCodeSent", formError: null }) },
        onError: [
          {
            guard: "isFieldFailure",
            target: "requesting",
            actions: assign(({ context, event }) => rejectSubmit(context, failureFieldErrors(event.error))),
          },
          { target: "requesting", actions: assign(({ event }) => ({ formError: formErrorKey(event.error) })) },
        ],
      },
    },
    codeSent: {
      on: {
        "field.change": {
          actions: assign(({ context, event }) => ({
            ...changeField(context, event.field, normalize(event.field, event.value)),
            notice: null,
          })),
        },
        "field.blur": {
          actions: assign(({ context, event }) => ({
            errors: blurField(context, event.field, resetErrors(context.form)),
          })),
        },
        "form.submit": [
          { guard: "resetIsValid", target: "resetting" },
          { actions: assign(({ context }) => rejectSubmit(context, resetErrors(context.form))) },
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
        input: ({ context }) => {
          const result = validateResetForm(context.form)
          if (result._tag === "Invalid") throw new Error("submitting an invalid reset form")
          return result.value
        },
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
