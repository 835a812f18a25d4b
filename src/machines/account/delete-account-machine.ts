// Delete account (§4): a confirmation that asks for the current password — or, for an account
// without one, a code mailed to its address (reauth-machine.ts, invoked as `reauth`, which calls
// `DELETE api/account/delete` with the proof) — then the session is cleared and the app goes to
// /login after 500 ms. Closing the confirmation keeps the account; a failure says so on the page.
import { assign, setup } from "xstate"
import type { ReauthMethod } from "../../domain/account/reauthentication.ts"
import { formErrorKey } from "../../domain/shared/failures.ts"
import { DELETE_ACCOUNT_REDIRECT_DELAY_MS } from "../../domain/shared/timing.ts"
import { makeReauthMachine, reauthEnded, reauthFailure, reauthResult } from "./reauth-machine.ts"

export interface DeleteAccountContext {
  readonly method: ReauthMethod
  readonly email: string
  readonly formError: string | null
  readonly message: string | null
}

export type DeleteAccountEvent = { readonly type: "delete.request" }

/** The proof and the deletion it allows. */
export const deleteReauthMachine = makeReauthMachine<void, { readonly message: string }>()

export const deleteAccountMachine = setup({
  types: {
    context: {} as DeleteAccountContext,
    events: {} as DeleteAccountEvent,
    input: {} as { readonly method: ReauthMethod; readonly email: string },
    children: {} as { readonly reauth: "reauth" },
  },
  actors: { reauth: deleteReauthMachine },
  actions: {
    /** Provided by the wiring: cookies and storage cleared, the session signed out. */
    clearSession: () => {},
    /** Provided by the wiring. */
    goToLogin: () => {},
  },
  guards: { reauthDone: reauthEnded("done"), reauthFailed: reauthEnded("failed") },
  delays: { redirect: DELETE_ACCOUNT_REDIRECT_DELAY_MS },
}).createMachine({
  id: "deleteAccount",
  context: ({ input }) => ({ method: input.method, email: input.email, formError: null, message: null }),
  initial: "idle",
  states: {
    idle: { on: { "delete.request": { target: "confirming", actions: assign({ formError: null }) } } },
    confirming: {
      tags: ["busy"],
      invoke: {
        id: "reauth",
        src: "reauth",
        input: ({ context }) => ({ method: context.method, email: context.email, request: undefined }),
        onDone: [
          {
            guard: "reauthDone",
            target: "deleted",
            actions: assign(({ event }) => ({ message: reauthResult(event.output).message })),
          },
          {
            guard: "reauthFailed",
            target: "idle",
            actions: assign(({ event }) => ({ formError: formErrorKey(reauthFailure(event.output)) })),
          },
          { target: "idle" },
        ],
      },
    },
    // The confirmation is read for a moment; then the (already ended) session is cleared here too.
    deleted: {
      tags: ["deleted"],
      after: { redirect: { target: "done", actions: ["clearSession", "goToLogin"] } },
    },
    done: { type: "final", tags: ["deleted"] },
  },
})
