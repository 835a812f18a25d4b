// Undoing an e-mail change (domain/account/email-restore.ts): the link in the mail to the replaced
// address opens the page with its token; the owner presses the button (mail scanners open links
// too, so opening alone changes nothing), `POST api/email-change/undo` restores the address, and
// the page says that every device was signed out and offers the password reset. This browser's own
// session ended with the others, so it is signed out here too. A used, expired or malformed link
// says so; so does an address another account has taken meanwhile.
import { assign, setup } from "xstate"
import type { EmailRestorePayload, EmailRestoreResponse } from "../../domain/account/email-restore.ts"
import { isLinkToken } from "../../domain/account/verification-formats.ts"
import { failureFieldErrors, formErrorKey } from "../../domain/shared/failures.ts"
import { apiCall, isFailure } from "../shared/api-call.ts"

export interface EmailRestoreContext {
  readonly token: string | null
  /** The address the account has again. */
  readonly email: string | null
  readonly formError: string | null
}

export type EmailRestoreEvent = { readonly type: "restore.confirm" }

export const emailRestoreMachine = setup({
  types: {
    context: {} as EmailRestoreContext,
    events: {} as EmailRestoreEvent,
    input: {} as { readonly token: string | null },
  },
  actors: { restore: apiCall<EmailRestoreResponse, EmailRestorePayload>("restore") },
  actions: {
    /** Provided by the wiring: the session of this browser ended on the server with all the others. */
    signedOut: () => {},
  },
  guards: {
    hasToken: ({ context }) => context.token !== null && isLinkToken(context.token),
    isAddressTaken: ({ event }) => "error" in event && failureFieldErrors(event.error).email !== undefined,
    isLinkRefused: isFailure("ValidationFailed"),
  },
}).createMachine({
  id: "emailRestore",
  context: ({ input }) => ({ token: input.token, email: null, formError: null }),
  initial: "starting",
  states: {
    starting: { always: [{ guard: "hasToken", target: "ready" }, { target: "linkRefused" }] },
    ready: { on: { "restore.confirm": "restoring" } },
    restoring: {
      tags: ["busy"],
      invoke: {
        src: "restore",
        input: ({ context }) => ({ token: context.token ?? "" }),
        onDone: {
          target: "restored",
          actions: [assign(({ event }) => ({ email: event.output.email, formError: null })), "signedOut"],
        },
        onError: [
          { guard: "isAddressTaken", target: "addressTaken" },
          { guard: "isLinkRefused", target: "linkRefused" },
          { target: "ready", actions: assign(({ event }) => ({ formError: formErrorKey(event.error) })) },
        ],
      },
    },
    restored: { tags: ["restored"], type: "final" },
    linkRefused: { tags: ["linkRefused"], type: "final" },
    addressTaken: { tags: ["addressTaken"], type: "final" },
  },
})
