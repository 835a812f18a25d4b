// Choosing a plan and paying (§2 upgrade modal, §4): the plans load, the first price after sorting
// is preselected, a card click selects, Continue creates the checkout and leaves for the provider's
// page. A visitor is sent to sign in first. Sign out asks for confirmation. When the server's
// payments are a test mode (no money taken), the plans say so and the view shows it.
import { assign, setup } from "xstate"
import type { Plan, PlanPrice } from "../../domain/billing/plan-schema.ts"
import { isTestMode, preselectedPrice, sortPrices } from "../../domain/billing/plans.ts"
import { failureFieldErrors, formErrorKey } from "../../domain/shared/failures.ts"
import { apiCall, isFailure } from "../shared/api-call.ts"

export interface CheckoutContext {
  readonly signedIn: boolean
  readonly prices: ReadonlyArray<PlanPrice>
  readonly selectedPriceId: string | null
  readonly formError: string | null
  /** Checking out takes no money (the server's built-in checkout). */
  readonly testMode: boolean
}

export type CheckoutEvent =
  | { readonly type: "plan.select"; readonly priceId: string }
  | { readonly type: "checkout.start" }
  | { readonly type: "plans.retry" }
  | { readonly type: "signOut.request" }
  | { readonly type: "signOut.confirm" }
  | { readonly type: "signOut.cancel" }

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as { readonly signedIn: boolean },
  },
  actors: {
    loadPlans: apiCall<ReadonlyArray<Plan>>("loadPlans"),
    createCheckout: apiCall<{ readonly data: string }, { readonly price_id: string }>("createCheckout"),
  },
  actions: {
    /** Provided: leave for the payment provider's page. */
    redirect: (_, _params: { readonly url: string }) => {},
    /** Provided: a visitor signs in or registers before paying. */
    goToLogin: () => {},
    /** Provided: start the app's sign-out. */
    signOut: () => {},
  },
  guards: {
    isKnownPrice: ({ context, event }) =>
      event.type === "plan.select" && context.prices.some((price) => price.price_id === event.priceId),
    hasSelection: ({ context }) => context.selectedPriceId !== null,
    isVisitor: ({ context }) => !context.signedIn,
    isSignedIn: ({ context }) => context.signedIn,
    isFieldFailure: isFailure("ValidationFailed"),
  },
}).createMachine({
  id: "checkout",
  context: ({ input }) => ({
    signedIn: input.signedIn,
    prices: [],
    selectedPriceId: null,
    formError: null,
    testMode: false,
  }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        src: "loadPlans",
        onDone: {
          target: "choosing",
          actions: assign(({ event }) => {
            const prices = sortPrices(event.output.flatMap((plan) => plan.prices))
            return {
              prices,
              selectedPriceId: preselectedPrice(prices)?.price_id ?? null,
              testMode: isTestMode(event.output),
            }
          }),
        },
        onError: { target: "failed", actions: assign(({ event }) => ({ formError: formErrorKey(event.error) })) },
      },
    },
    failed: { on: { "plans.retry": { target: "loading", actions: assign({ formError: null }) } } },
    choosing: {
      on: {
        "plan.select": {
          guard: "isKnownPrice",
          actions: assign(({ event }) => ({ selectedPriceId: event.priceId, formError: null })),
        },
        "checkout.start": [
          { guard: "isVisitor", target: "leaving", actions: "goToLogin" },
          { guard: "hasSelection", target: "creating", actions: assign({ formError: null }) },
        ],
        "signOut.request": { guard: "isSignedIn", target: "confirmingSignOut" },
      },
    },
    creating: {
      tags: ["busy"],
      invoke: {
        src: "createCheckout",
        input: ({ context }) => ({ price_id: context.selectedPriceId ?? "" }),
        onDone: {
          target: "leaving",
          actions: { type: "redirect", params: ({ event }) => ({ url: event.output.data }) },
        },
        onError: [
          {
            guard: "isFieldFailure",
            target: "choosing",
            actions: assign(({ event }) => ({
              formError: failureFieldErrors(event.error).price_id ? "billing:unknownPrice" : "errors.checkFields",
            })),
          },
          { target: "choosing", actions: assign(({ event }) => ({ formError: formErrorKey(event.error) })) },
        ],
      },
    },
    confirmingSignOut: {
      on: {
        "signOut.confirm": { target: "leaving", actions: "signOut" },
        "signOut.cancel": "choosing",
      },
    },
    leaving: { type: "final" },
  },
})
