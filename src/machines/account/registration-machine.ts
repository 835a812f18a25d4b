// Registration (§3, §5): e-mail, names, password and confirmation, terms, promotional e-mails.
// On success the account waits for its e-mail to be verified; the page moves on to /verify-email.
import { assign, setup } from "xstate"
import type { RegisterPayload } from "../../domain/account/registration.ts"
import { EMPTY_REGISTER_FORM, type RegisterForm, signInRules } from "../../domain/account/sign-in-forms.ts"
import { apiCall } from "../shared/api-call.ts"
import { type FormContext, type FormEvent, formFlow, submitFailed } from "../shared/form-flow.ts"

export type RegistrationContext = FormContext<RegisterForm>

export type RegistrationEvent = FormEvent<RegisterForm>

export interface Registered {
  readonly uuid: string
  readonly email: string
  readonly message: string
}

const registration = formFlow((form: RegisterForm) => signInRules.get().validateRegisterForm(form))

export const registrationMachine = setup({
  types: { context: {} as RegistrationContext, events: {} as RegistrationEvent },
  actors: {
    register: apiCall<Registered, RegisterPayload>("register"),
  },
  actions: {
    /** Provided by the wiring: go to the verification page for this account. */
    registered: (_, _params: Registered) => {},
  },
  guards: {
    formIsValid: ({ context }) => registration.isValid(context.form),
  },
}).createMachine({
  id: "registration",
  context: { form: EMPTY_REGISTER_FORM, errors: {}, formError: null, rejectedSubmits: 0 },
  initial: "editing",
  states: {
    editing: {
      on: {
        "field.change": {
          actions: assign(({ context, event }) => registration.change(context, event.field, event.value)),
        },
        "field.blur": { actions: assign(({ context, event }) => registration.blur(context, event.field)) },
        "form.submit": [
          { guard: "formIsValid", target: "submitting" },
          { actions: assign(({ context }) => registration.reject(context)) },
        ],
      },
    },
    submitting: {
      tags: ["busy"],
      invoke: {
        src: "register",
        input: ({ context }) => registration.payload(context.form),
        onDone: { target: "registered", actions: { type: "registered", params: ({ event }) => event.output } },
        onError: { target: "editing", actions: assign(({ context, event }) => submitFailed(context, event.error)) },
      },
    },
    registered: { type: "final" },
  },
})
