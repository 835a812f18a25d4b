// After the provider sends the user back to /payment-success: the user is refreshed from the
// dashboard until the plan shows Pro (the provider's confirmation may lag a few seconds), then Pro
// content opens without a reload. The page itself grants nothing, and the wait is bounded: when no
// Pro plan shows after about half a minute, the page says no payment was found.
import { assign, type SnapshotFrom, setup } from "xstate"
import type { UserData } from "../../domain/account/user.ts"
import { isProPlan } from "../../domain/billing/plans.ts"
import { MESSAGE_DELAY_MS } from "../../domain/shared/timing.ts"
import { apiCall } from "../shared/api-call.ts"

/** How long the page keeps looking for the subscription before it says no payment was found. */
export const PAYMENT_CONFIRMATION_WAIT_MS = 30_000
/** One refresh every MESSAGE_DELAY_MS for the whole wait. */
export const PAYMENT_CONFIRMATION_ATTEMPTS = Math.ceil(PAYMENT_CONFIRMATION_WAIT_MS / MESSAGE_DELAY_MS)
/** After this many refreshes without Pro the page says the confirmation takes longer than usual. */
export const PAYMENT_SLOW_AFTER_ATTEMPTS = 5

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
          { target: "notFound" },
        ],
        onError: [{ guard: "mayRetry", target: "waiting" }, { target: "notFound" }],
      },
    },
    waiting: { tags: ["busy"], after: { retryDelay: "refreshing" } },
    /** The whole wait passed without a Pro plan: no payment was found; the user may look once more. */
    notFound: {
      tags: ["notFound"],
      on: { "outcome.retry": { target: "refreshing", actions: assign({ attempts: 0 }) } },
    },
    confirmed: { type: "final", tags: ["confirmed"] },
  },
})

/** Still looking, but for longer than a confirmation usually takes. */
export const isConfirmationSlow = (snapshot: SnapshotFrom<typeof paymentOutcomeMachine>) =>
  snapshot.hasTag("busy") && snapshot.context.attempts > PAYMENT_SLOW_AFTER_ATTEMPTS
