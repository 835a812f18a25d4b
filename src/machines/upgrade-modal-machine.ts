// The payment modal (§2): opened by the floating upgrade button (full) or by a locked item (lite,
// without the trial heading and text); closed by its close button or Escape.
import { assign, setup } from "xstate"

export type UpgradeModalEvent =
  | { readonly type: "upgrade.open"; readonly lite: boolean }
  | { readonly type: "upgrade.close" }

export const upgradeModalMachine = setup({
  types: { context: {} as { readonly lite: boolean }, events: {} as UpgradeModalEvent },
}).createMachine({
  id: "upgradeModal",
  context: { lite: false },
  initial: "closed",
  states: {
    closed: { on: { "upgrade.open": { target: "open", actions: assign(({ event }) => ({ lite: event.lite })) } } },
    open: {
      on: {
        "upgrade.close": "closed",
        "upgrade.open": { actions: assign(({ event }) => ({ lite: event.lite })) },
      },
    },
  },
})
