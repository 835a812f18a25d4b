// The offer to install Jingluo on this device, in the account menu and never as a pop-up: it shows
// once the browser says the app can be installed (its `beforeinstallprompt`), the browser's own
// question comes when the learner chooses it, and it goes for good on this device once installed
// or once the learner said "Not now".
import { setup } from "xstate"

export type InstallOfferEvent =
  | { readonly type: "install.available" }
  | { readonly type: "install.choose" }
  | { readonly type: "install.dismiss" }
  | { readonly type: "install.installed" }
  | { readonly type: "install.answered"; readonly accepted: boolean }

export const installOfferMachine = setup({
  types: {
    events: {} as InstallOfferEvent,
    input: {} as { readonly settled: boolean },
    context: {} as { readonly settledAtStart: boolean },
  },
  actions: {
    /** Asks the browser's own install question (the event it gave is kept for this). */
    prompt: () => {},
    /** Remembers on this device that the offer is settled, so it never comes back. */
    settle: () => {},
  },
  guards: { settledAtStart: ({ context }) => context.settledAtStart },
}).createMachine({
  id: "installOffer",
  context: ({ input }) => ({ settledAtStart: input.settled }),
  initial: "start",
  on: { "install.installed": { target: ".settled", actions: "settle" } },
  states: {
    start: { always: [{ guard: "settledAtStart", target: "settled" }, { target: "unavailable" }] },
    unavailable: { on: { "install.available": "offered" } },
    offered: {
      tags: ["offered"],
      on: {
        "install.choose": { target: "asking", actions: "prompt" },
        "install.dismiss": { target: "settled", actions: "settle" },
      },
    },
    asking: {
      on: {
        "install.answered": [
          { guard: ({ event }) => event.accepted, target: "settled", actions: "settle" },
          // Turned down in the browser's question: the browser may offer it again another time.
          { target: "unavailable" },
        ],
      },
    },
    settled: {},
  },
})
