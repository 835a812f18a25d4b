// After the provider sends the user back to /payment-success: the user is refreshed from the
// dashboard until the plan shows Pro (the provider's confirmation may lag a few seconds), then Pro
// content opens without a reload. The page itself grants nothing.
import { assign, setup } from "xstate"
import type { UserData } from "../../domain/account/user.ts"
import { isProPlan } from "../../domain/billing/plans.ts"
import { MESSAGE_DELAY_MS } from "../../domain/shared/timing.ts"
import { apiCall } from "../shared/api-call.ts"

export const PAYMENT_CONFIRMATION_ATTEMPTS = 5

export const paymentOutcomeMachine = setup({
  types: {
    context: {} as { readonly attempts: number },
    events: {} as { readonly type: "outcome.retry" },
  },
  actors: {
    refreshUser: apiCall<UserData>("refreshUser"),
  },
  delays: { retryDelay: MESSAGE_DELAY_MS },
  guards: {
    isPro: (_, params: { readonly user: UserData }) => isProPlan(params.user.user_subscription.plan_id),
    mayRetry: ({ context }) => context.attempts < PAYMENT_CONFIRMATION_ATTEMPTS,
  },
}).createMachine({
  id: "paymentOutcome",
  context: { attempts: 0 },
  initial: "refreshing",
  states: {
    refreshing: {
      tags: ["busy"],
      entry: assign(({ context }) => ({ attempts: context.attempts + 1 })),
      invoke: {
        src: "refreshUser",
        onDone: [
          { guard: { type: "isPro", params: ({ event }) => ({ user: event.output }) }, target: "confirmed" },
          { guard: "mayRetry", target: "waiting" },
          { target: "pending" },
        ],
        onError: [{ guard: "mayRetry", target: "waiting" }, { target: "pending" }],
      },
    },
    waiting: { tags: ["busy"], after: { retryDelay: "refreshing" } },
    pending: { on: { "outcome.retry": { target: "refreshing", actions: assign({ attempts: 0 }) } } },
    confirmed: { type: "final" },
  },
})
