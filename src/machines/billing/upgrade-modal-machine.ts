// The payment modal (§2): opened by the floating upgrade button (full) or by a locked item (lite,
// without the trial heading and text), or offered by itself after a sign-in (full, but never in
// place of one the user opened); closed by its close button or Escape.
import { assign, setup } from "xstate"

export type UpgradeModalEvent =
  | { readonly type: "upgrade.open"; readonly lite: boolean }
  | { readonly type: "upgrade.close" }
  /** The modal offering itself: opens the full version when closed, leaves an open one alone. */
  | { readonly type: "upgrade.offer" }

export const upgradeModalMachine = setup({
  types: { context: {} as { readonly lite: boolean }, events: {} as UpgradeModalEvent },
}).createMachine({
  id: "upgradeModal",
  context: { lite: false },
  initial: "closed",
  states: {
    closed: {
      on: {
        "upgrade.open": { target: "open", actions: assign(({ event }) => ({ lite: event.lite })) },
        "upgrade.offer": { target: "open", actions: assign({ lite: false }) },
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
