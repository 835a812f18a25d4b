// My membership (§2, §4, §6): loads the subscription; Cancel is offered only to a non-migrated Pro
// user whose cancelled flag is 0; card subscribers cancel through the endpoint and keep Pro to the
// period end, store subscribers are sent to the store's subscription page.
import { assign, setup } from "xstate"
import { type BillingState, canCancelSubscription, cancellationRoute } from "../../domain/billing/plans.ts"
import type { SubscriptionView } from "../../domain/billing/subscription.ts"
import { formErrorKey } from "../../domain/shared/failures.ts"
import { apiCall } from "../shared/api-call.ts"

export interface MembershipContext {
  readonly subscription: SubscriptionView | null
  readonly billing: BillingState
  readonly formError: string | null
  readonly notice: string | null
}

export type MembershipEvent =
  | { readonly type: "cancel.request" }
  | { readonly type: "cancel.confirm" }
  | { readonly type: "cancel.dismiss" }
  | { readonly type: "membership.reload" }

export const membershipMachine = setup({
  types: {
    context: {} as MembershipContext,
    events: {} as MembershipEvent,
    input: {} as { readonly billing: BillingState },
  },
  actors: {
    loadSubscription: apiCall<{ readonly subscription: SubscriptionView | null }>("loadSubscription"),
    cancelSubscription: apiCall<{ readonly message: string; readonly subscription: SubscriptionView }>(
      "cancelSubscription",
    ),
  },
  actions: {
    /** Provided: open the app store's subscription page. */
    openStore: (_, _params: { readonly url: string }) => {},
    /** Provided: refresh the signed-in user (the cancelled flag changed). */
    refreshUser: () => {},
  },
  guards: {
    canCancel: ({ context }) => canCancelSubscription(context.billing),
    isStoreSubscription: ({ context }) =>
      cancellationRoute(context.subscription?.payment_platform ?? null)._tag === "Store",
  },
}).createMachine({
  id: "membership",
  context: ({ input }) => ({ subscription: null, billing: input.billing, formError: null, notice: null }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        src: "loadSubscription",
        onDone: {
          target: "showing",
          actions: assign(({ context, event }) => ({
            subscription: event.output.subscription,
            billing: {
              ...context.billing,
              cancelled: event.output.subscription?.cancel_at_period_end ? 1 : context.billing.cancelled,
            },
          })),
        },
        onError: { target: "failed", actions: assign(({ event }) => ({ formError: formErrorKey(event.error) })) },
      },
    },
    failed: { on: { "membership.reload": { target: "loading", actions: assign({ formError: null }) } } },
    showing: {
      on: {
        "cancel.request": [
          {
            guard: "isStoreSubscription",
            actions: {
              type: "openStore",
              params: ({ context }) => {
                const route = cancellationRoute(context.subscription?.payment_platform ?? null)
                return { url: route._tag === "Store" ? route.url : "" }
              },
            },
          },
          { guard: "canCancel", target: "confirming", actions: assign({ notice: null, formError: null }) },
        ],
        "membership.reload": { target: "loading", actions: assign({ formError: null }) },
      },
    },
    confirming: { on: { "cancel.confirm": "cancelling", "cancel.dismiss": "showing" } },
    cancelling: {
      tags: ["busy"],
      invoke: {
        src: "cancelSubscription",
        onDone: {
          target: "showing",
          actions: [
            assign(({ context, event }) => ({
              subscription: event.output.subscription,
              billing: { ...context.billing, cancelled: 1 },
              notice: "billing:cancelledNotice",
            })),
            "refreshUser",
          ],
        },
        onError: { target: "showing", actions: assign(({ event }) => ({ formError: formErrorKey(event.error) })) },
      },
    },
  },
})
