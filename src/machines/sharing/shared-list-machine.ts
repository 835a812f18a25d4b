// The sharing page's list of what the member shared (§7 `GET /api/jing/patient_shares`): each share
// with the patient's address masked, when it went, its videos and whether its link still works, and
// how many more shares today. An active link is revoked after a question (`DELETE
// /api/jing/patient_shares/{id}`); the list the server answers with replaces the shown one. A load
// failure says so with a retry; a new share refreshes the list in place.
import { assign, setup } from "xstate"
import type { ShareList } from "../../domain/acupressure/patient-sharing.ts"
import { formErrorKey } from "../../domain/shared/failures.ts"
import { apiCall, isFailure } from "../shared/api-call.ts"

export interface SharedListContext {
  readonly list: ShareList | null
  readonly loadError: string | null
  /** The share asked about, then being revoked. */
  readonly revoking: string | null
  /** The share revoked last; the view announces it and moves focus to its status. */
  readonly revoked: string | null
  readonly revokeError: string | null
}

export type SharedListEvent =
  | { readonly type: "shares.retry" }
  | { readonly type: "shares.refresh" }
  | { readonly type: "share.revoke"; readonly id: string }
  | { readonly type: "revoke.confirm" }
  | { readonly type: "revoke.dismiss" }

export const sharedListMachine = setup({
  types: { context: {} as SharedListContext, events: {} as SharedListEvent },
  actors: {
    loadShares: apiCall<ShareList>("loadShares"),
    revokeShare: apiCall<ShareList, { readonly id: string }>("revokeShare"),
  },
  guards: {
    isActive: ({ context, event }) =>
      event.type === "share.revoke" &&
      (context.list?.shares.some((share) => share.id === event.id && share.status === "active") ?? false),
    alreadyGone: isFailure("NotFound"),
  },
}).createMachine({
  id: "sharedList",
  context: { list: null, loadError: null, revoking: null, revoked: null, revokeError: null },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy", "loading"],
      invoke: {
        src: "loadShares",
        onDone: { target: "ready", actions: assign(({ event }) => ({ list: event.output, loadError: null })) },
        onError: { target: "loadFailed", actions: assign(({ event }) => ({ loadError: formErrorKey(event.error) })) },
      },
    },
    loadFailed: { tags: ["loadFailed"], on: { "shares.retry": "loading" } },
    ready: {
      on: {
        "shares.refresh": "refreshing",
        "share.revoke": {
          guard: "isActive",
          target: "confirming",
          actions: assign(({ event }) => ({ revoking: event.id, revokeError: null })),
        },
      },
    },
    /** The list stays shown while it loads again; a failure keeps it (the catalogue says why). */
    refreshing: {
      tags: ["busy"],
      invoke: {
        src: "loadShares",
        onDone: { target: "ready", actions: assign(({ event }) => ({ list: event.output })) },
        onError: "ready",
      },
    },
    confirming: {
      tags: ["confirming"],
      on: {
        "revoke.confirm": "revoking",
        "revoke.dismiss": { target: "ready", actions: assign({ revoking: null }) },
      },
    },
    revoking: {
      tags: ["busy"],
      invoke: {
        src: "revokeShare",
        input: ({ context }) => ({ id: context.revoking ?? "" }),
        onDone: {
          target: "ready",
          actions: assign(({ context, event }) => ({ list: event.output, revoked: context.revoking, revoking: null })),
        },
        onError: [
          // Revoked or gone meanwhile (another tab): the list as the server has it now.
          {
            guard: "alreadyGone",
            target: "refreshing",
            actions: assign({ revoking: null, revokeError: "list.alreadyGone" }),
          },
          {
            target: "ready",
            actions: assign(({ event }) => ({ revoking: null, revokeError: formErrorKey(event.error) })),
          },
        ],
      },
    },
  },
})
