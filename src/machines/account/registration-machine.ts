// Registration (§3, §5): e-mail, names, password and confirmation, terms, promotional e-mails.
// On success the account waits for its e-mail to be verified; the page moves on to /verify-email.
import { assign, fromPromise, setup } from "xstate"
import {
  EMPTY_REGISTER_FORM,
  type RegisterForm,
  type RegisterPayload,
  validateRegisterForm,
} from "../../domain/account/registration.ts"
import { failureFieldErrors, failureTag, formErrorKey } from "../../domain/shared/errors.ts"
import type { FieldErrors } from "../../domain/shared/validation.ts"
import { blurField, changeField, type FormContext, rejectSubmit } from "../shared/form-flow.ts"

export type RegistrationContext = FormContext<RegisterForm>

export type RegistrationEvent =
  | { readonly type: "field.change"; readonly field: keyof RegisterForm; readonly value: string | boolean }
  | { readonly type: "field.blur"; readonly field: keyof RegisterForm }
  | { readonly type: "form.submit" }

export interface Registered {
  readonly uuid: string
  readonly email: string
  readonly message: string
}

const errorsOf = (form: RegisterForm): FieldErrors => {
  const result = validateRegisterForm(form)
  return result._tag === "Valid" ? {} : result.errors
}

export const registrationMachine = setup({
  types: { context: {} as RegistrationContext, events: {} as RegistrationEvent },
  actors: {
    register: fromPromise<Registered, RegisterPayload>(() => Promise.reject(new Error("register actor not provided"))),
  },
  actions: {
    /** Provided by the wiring: go to the verification page for this account. */
    registered: (_, _params: Registered) => {},
  },
  guards: {
    formIsValid: ({ context }) => validateRegisterForm(context.form)._tag === "Valid",
    isFieldFailure: ({ event }) => failureTag((event as { error?: unknown }).error) === "ValidationFailed",
  },
}).createMachine({
  id: "registration",
  context: { form: EMPTY_REGISTER_FORM, errors: {}, formError: null, rejectedSubmits: 0 },
  initial: "editing",
  states: {
    editing: {
      on: {
        "field.change": { actions: assign(({ context, event }) => changeField(context, event.field, event.value)) },
        "field.blur": {
          actions: assign(({ context, event }) => ({
            errors: blurField(context, event.field, errorsOf(context.form)),
          })),
        },
        "form.submit": [
          { guard: "formIsValid", target: "submitting" },
          { actions: assign(({ context }) => rejectSubmit(context, errorsOf(context.form))) },
        ],
      },
    },
    submitting: {
      tags: ["busy"],
      invoke: {
        src: "register",
        input: ({ context }) => {
          const result = validateRegisterForm(context.form)
          if (result._tag === "Invalid") throw new Error("submitting an invalid registration form")
          return result.value
        },
        onDone: { target: "registered", actions: { type: "registered", params: ({ event }) => event.output } },
        onError: [
          {
            guard: "isFieldFailure",
            target: "editing",
            actions: assign(({ context, event }) => rejectSubmit(context, failureFieldErrors(event.error))),
          },
          { target: "editing", actions: assign(({ event }) => ({ formError: formErrorKey(event.error) })) },
        ],
      },
    },
    registered: { type: "final" },
  },
})
