// Change my password (§5, §8): the new password's rules and its confirmation, the old password
// only when the account has one. 200 → 'updatePasswordMessage' and the form resets (the server has
// signed out the other sessions); 422 → messages under the fields; any other failure says so above
// the form (the catalogue also shows a 500's message as a toast) and keeps what was typed.
import { assign, setup } from "xstate"
import {
  type ChangePasswordForm,
  type ChangePasswordPayload,
  EMPTY_CHANGE_PASSWORD_FORM,
  validateChangePasswordForm,
} from "../../domain/account/password-change.ts"
import { apiCall } from "../shared/api-call.ts"
import { type FormContext, type FormEvent, formFlow, submitFailed } from "../shared/form-flow.ts"

export interface PasswordChangeContext extends FormContext<ChangePasswordForm> {
  readonly passwordAvailable: boolean
}

export type PasswordChangeEvent = FormEvent<ChangePasswordForm>

const rules = (passwordAvailable: boolean) =>
  formFlow((form: ChangePasswordForm) => validateChangePasswordForm(form, passwordAvailable))

export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
    input: {} as { readonly passwordAvailable: boolean },
  },
  actors: {
    changePassword: apiCall<{ readonly message: string }, ChangePasswordPayload>("changePassword"),
  },
  actions: {
    /** Provided by the wiring: the 'updatePasswordMessage' success toast. */
    announceChanged: () => {},
  },
  guards: {
    isValid: ({ context }) => rules(context.passwordAvailable).isValid(context.form),
  },
}).createMachine({
  id: "passwordChange",
  context: ({ input }) => ({
    form: EMPTY_CHANGE_PASSWORD_FORM,
    errors: {},
    formError: null,
    rejectedSubmits: 0,
    passwordAvailable: input.passwordAvailable,
  }),
  initial: "editing",
  states: {
    editing: {
      on: {
        "field.change": {
          actions: assign(({ context, event }) =>
            rules(context.passwordAvailable).change(context, event.field, event.value),
          ),
        },
        "field.blur": {
          actions: assign(({ context, event }) => rules(context.passwordAvailable).blur(context, event.field)),
        },
        "form.submit": [
          { guard: "isValid", target: "saving" },
          { actions: assign(({ context }) => rules(context.passwordAvailable).reject(context)) },
        ],
      },
    },
    saving: {
      tags: ["busy"],
      invoke: {
        src: "changePassword",
        input: ({ context }) => rules(context.passwordAvailable).payload(context.form),
        onDone: {
          target: "editing",
          // The account has a password now (a social account just set its first one).
          actions: [
            assign({ form: EMPTY_CHANGE_PASSWORD_FORM, errors: {}, formError: null, passwordAvailable: true }),
            "announceChanged",
          ],
        },
        onError: { target: "editing", actions: assign(({ context, event }) => submitFailed(context, event.error)) },
      },
    },
  },
})
