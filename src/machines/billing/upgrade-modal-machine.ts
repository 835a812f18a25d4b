// The payment modal (§2): opened by the floating upgrade button (full) or by a locked item (lite,
// without the trial heading and text), or offered by itself — the full version after a sign-in,
// never in place of one the user opened, and the lite version when a locked page opens, at most
// once a session (the wiring remembers it in the tab's session storage); closed by its close
// button or Escape.
import { assign, setup } from "xstate"

export type UpgradeModalEvent =
  | { readonly type: "upgrade.open"; readonly lite: boolean }
  | { readonly type: "upgrade.close" }
  /** The modal offering itself: opens the full version when closed, leaves an open one alone. */
  | { readonly type: "upgrade.offer" }
  /** A locked page offering Pro: opens the lite version once a session, when closed. */
  | { readonly type: "upgrade.offerLite" }

export interface UpgradeModalContext {
  readonly lite: boolean
  /** The lite version has offered itself this session already. */
  readonly liteOffered: boolean
}

export const upgradeModalMachine = setup({
  types: {
    context: {} as UpgradeModalContext,
    events: {} as UpgradeModalEvent,
    input: {} as { readonly liteOffered?: boolean } | undefined,
  },
  actions: {
    /** Provided: remember for the rest of the session that the lite version offered itself. */
    rememberLiteOffer: () => {},
  },
  guards: {
    liteNotOfferedYet: ({ context }) => !context.liteOffered,
  },
}).createMachine({
  id: "upgradeModal",
  context: ({ input }) => ({ lite: false, liteOffered: input?.liteOffered ?? false }),
  initial: "closed",
  states: {
    closed: {
      on: {
        "upgrade.open": { target: "open", actions: assign(({ event }) => ({ lite: event.lite })) },
        "upgrade.offer": { target: "open", actions: assign({ lite: false }) },
        "upgrade.offerLite": {
          guard: "liteNotOfferedYet",
          target: "open",
          actions: [assign({ lite: true, liteOffered: true }), "rememberLiteOffer"],
        },
      },
    },
    open: {
      on: {
        "upgrade.close": "closed",
        "upgrade.open": { actions: assign(({ event }) => ({ lite: event.lite })) },
      },
    },
  },
})
