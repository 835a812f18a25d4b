// Change my password (§5, §8): the new password's rules and its confirmation, and the proof that
// it is the account's owner — the old password when the account has one (wrong guesses count with
// the sign-in attempts: too many say so above the form), otherwise a code mailed to its address,
// asked for in a dialog once the form is valid (reauth-machine.ts, invoked as `reauth`, which sends
// the change itself). 200 → 'updatePasswordMessage' and the form resets (the server has signed out
// the other sessions); 422 → messages under the fields; any other failure says so above the form
// (the catalogue also shows a 500's message as a toast) and keeps what was typed.
import { and, assign, enqueueActions, not, setup } from "xstate"
import {
  type ChangePasswordForm,
  type ChangePasswordPayload,
  EMPTY_CHANGE_PASSWORD_FORM,
  validateChangePasswordForm,
} from "../../domain/account/password-change.ts"
import { apiCall } from "../shared/api-call.ts"
import { type FormContext, type FormEvent, formFlow, submitFailed } from "../shared/form-flow.ts"
import { makeReauthMachine, reauthEnded, reauthFailure } from "./reauth-machine.ts"

export interface PasswordChangeContext extends FormContext<ChangePasswordForm> {
  readonly passwordAvailable: boolean
  /** The account's address, where the code of an account without a password goes. */
  readonly email: string
}

export type PasswordChangeEvent = FormEvent<ChangePasswordForm>

const rules = (passwordAvailable: boolean) =>
  formFlow((form: ChangePasswordForm) => validateChangePasswordForm(form, passwordAvailable))

/** The code of an account without a password, and the change it allows. */
export const passwordReauthMachine = makeReauthMachine<ChangePasswordPayload, { readonly message: string }>()

export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
    input: {} as { readonly passwordAvailable: boolean; readonly email: string },
    children: {} as { readonly reauth: "reauth" },
  },
  actors: {
    changePassword: apiCall<{ readonly message: string }, ChangePasswordPayload>("changePassword"),
    reauth: passwordReauthMachine,
  },
  actions: {
    /** Provided by the wiring: the 'updatePasswordMessage' success toast. */
    announceChanged: () => {},
    // The account has a password now (a social account just set its first one).
    changed: enqueueActions(({ enqueue }) => {
      enqueue.assign({ form: EMPTY_CHANGE_PASSWORD_FORM, errors: {}, formError: null, passwordAvailable: true })
      enqueue("announceChanged")
    }),
  },
  guards: {
    isValid: ({ context }) => rules(context.passwordAvailable).isValid(context.form),
    hasPassword: ({ context }) => context.passwordAvailable,
    reauthDone: reauthEnded("done"),
    reauthFailed: reauthEnded("failed"),
  },
}).createMachine({
  id: "passwordChange",
  context: ({ input }) => ({
    form: EMPTY_CHANGE_PASSWORD_FORM,
    errors: {},
    formError: null,
    rejectedSubmits: 0,
    passwordAvailable: input.passwordAvailable,
    email: input.email,
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
          { guard: and(["isValid", "hasPassword"]), target: "saving" },
          { guard: and(["isValid", not("hasPassword")]), target: "reauthenticating" },
          { actions: assign(({ context }) => rules(context.passwordAvailable).reject(context)) },
        ],
      },
    },
    saving: {
      tags: ["busy"],
      invoke: {
        src: "changePassword",
        input: ({ context }) => rules(context.passwordAvailable).payload(context.form),
        onDone: { target: "editing", actions: "changed" },
        onError: { target: "editing", actions: assign(({ context, event }) => submitFailed(context, event.error)) },
      },
    },
    // An account without a password: the dialog asks for the mailed code and sends the change.
    reauthenticating: {
      tags: ["busy"],
      invoke: {
        id: "reauth",
        src: "reauth",
        input: ({ context }) => ({
          method: "code" as const,
          email: context.email,
          request: rules(context.passwordAvailable).payload(context.form),
        }),
        onDone: [
          { guard: "reauthDone", target: "editing", actions: "changed" },
          {
            guard: "reauthFailed",
            target: "editing",
            actions: assign(({ context, event }) => submitFailed(context, reauthFailure(event.output))),
          },
          { target: "editing" },
        ],
      },
    },
  },
})
