// The payment modal opening by itself after a sign-in (§2), by the rule of
// src/domain/payment-prompt.ts: the wiring reports the sign-in, then every page the user visits
// with the billing facts and the time; the first page where the rule says "show" opens the modal
// and remembers when. Sign-out forgets the pending prompt.
import { assign, setup } from "xstate"
import { type PromptMemory, paymentPromptDecision, rememberPrompt } from "../../domain/billing/payment-prompt.ts"
import type { BillingState } from "../../domain/billing/plans.ts"

export interface PaymentPromptContext {
  readonly memory: PromptMemory
  readonly uuid: string | null
}

export type PaymentPromptEvent =
  | { readonly type: "session.signedIn"; readonly uuid: string }
  | { readonly type: "session.signedOut" }
  | {
      readonly type: "page.visit"
      readonly path: string
      readonly billing: BillingState | null
      readonly now: number
    }

const decision = (context: PaymentPromptContext, event: PaymentPromptEvent) =>
  event.type === "page.visit" && context.uuid !== null
    ? paymentPromptDecision({
        billing: event.billing,
        path: event.path,
        lastShownAt: context.memory[context.uuid],
        now: event.now,
      })
    : "wait"

export const paymentPromptMachine = setup({
  types: {
    context: {} as PaymentPromptContext,
    events: {} as PaymentPromptEvent,
    input: {} as { readonly memory: PromptMemory },
  },
  actions: {
    /** Provided: open the payment modal (full version) unless it is open already. */
    openModal: () => {},
    /** Provided: keep the memory in local storage. */
    storeMemory: (_, _params: { readonly memory: PromptMemory }) => {},
  },
  guards: {
    shows: ({ context, event }) => decision(context, event) === "show",
    skips: ({ context, event }) => decision(context, event) === "skip",
  },
}).createMachine({
  id: "paymentPrompt",
  context: ({ input }) => ({ memory: input.memory, uuid: null }),
  initial: "idle",
  on: {
    "session.signedIn": { target: ".waiting", actions: assign(({ event }) => ({ uuid: event.uuid })) },
    "session.signedOut": { target: ".idle", actions: assign({ uuid: null }) },
  },
  states: {
    idle: {},
    waiting: {
      on: {
        "page.visit": [
          {
            guard: "shows",
            target: "settled",
            actions: [
              assign(({ context, event }) => ({ memory: rememberPrompt(context.memory, context.uuid!, event.now) })),
              "openModal",
              { type: "storeMemory", params: ({ context }) => ({ memory: context.memory }) },
            ],
          },
          { guard: "skips", target: "settled" },
        ],
      },
    },
    settled: {},
  },
})
