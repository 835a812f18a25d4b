// The cookie banner (§2): shown until cookieAccepted is 'yes'; accepting stores it for 10 years and
// says so.
import { setup } from "xstate"

export const cookieConsentMachine = setup({
  types: { events: {} as { readonly type: "cookies.accept" }, input: {} as { readonly accepted: boolean } },
  actions: {
    /** Provided: write cookieAccepted=yes. */
    storeConsent: () => {},
    /** Provided: say the choice is kept (a toast, announced politely). */
    announceConsent: () => {},
  },
  guards: { alreadyAccepted: ({ context }) => context.accepted },
}).createMachine({
  id: "cookieConsent",
  context: ({ input }) => ({ accepted: input.accepted }),
  initial: "start",
  states: {
    start: { always: [{ guard: "alreadyAccepted", target: "accepted" }, { target: "pending" }] },
    pending: { on: { "cookies.accept": { target: "accepted", actions: ["storeConsent", "announceConsent"] } } },
    accepted: { type: "final" },
  },
})
