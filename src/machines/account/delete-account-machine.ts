// Delete account (§4): a confirmation, `DELETE api/account/delete`, then the session is cleared
// and the app goes to /login after 500 ms. A failure says so and keeps the account page open.
import { assign, setup } from "xstate"
import { formErrorKey } from "../../domain/shared/errors.ts"
import { DELETE_ACCOUNT_REDIRECT_DELAY_MS } from "../../domain/shared/timing.ts"
import { apiCall } from "../shared/api-call.ts"

export interface DeleteAccountContext {
  readonly formError: string | null
  readonly message: string | null
}

export type DeleteAccountEvent =
  | { readonly type: "delete.request" }
  | { readonly type: "delete.confirm" }
  | { readonly type: "delete.dismiss" }

export const deleteAccountMachine = setup({
  types: { context: {} as DeleteAccountContext, events: {} as DeleteAccountEvent },
  actors: { deleteAccount: apiCall<{ readonly message: string }>("deleteAccount") },
  actions: {
    /** Provided by the wiring: cookies and storage cleared, the session signed out. */
    clearSession: () => {},
    /** Provided by the wiring. */
    goToLogin: () => {},
  },
  delays: { redirect: DELETE_ACCOUNT_REDIRECT_DELAY_MS },
}).createMachine({
  id: "deleteAccount",
  context: { formError: null, message: null },
  initial: "idle",
  states: {
    idle: { on: { "delete.request": { target: "confirming", actions: assign({ formError: null }) } } },
    confirming: { on: { "delete.confirm": "deleting", "delete.dismiss": "idle" } },
    deleting: {
      tags: ["busy"],
      invoke: {
        src: "deleteAccount",
        onDone: { target: "deleted", actions: assign(({ event }) => ({ message: event.output.message })) },
        onError: { target: "idle", actions: assign(({ event }) => ({ formError: formErrorKey(event.error) })) },
      },
    },
    // The confirmation is read for a moment; then the (already ended) session is cleared here too.
    deleted: { after: { redirect: { target: "done", actions: ["clearSession", "goToLogin"] } } },
    done: { type: "final" },
  },
})
