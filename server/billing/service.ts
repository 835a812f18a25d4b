// Subscriptions: the plan list, checkout, the one grant path shared by the provider's webhook and the
// local checkout, cancellation, and the clock-driven end of trials and periods. A user's plan
// (users.plan_id) is always recomputed from their subscriptions, never set by a page visit.
// A user has at most one open checkout (a new one expires the old) and one live subscription, and
// gets the trial only once per person (trials.ts). A provider's event (in the provider-neutral words
// of provider-port.ts) is applied by provider-events.ts.
import { Clock, Context, Effect, Layer, Option, Schema } from "effect"
import type { Plan } from "../../src/domain/billing/plan-schema.ts"
import {
  isStorePlatform,
  PLAN_ID_PRO,
  PLAN_ID_STANDARD,
  PLAN_NAME_PRO,
  PLAN_NAME_STANDARD,
  TRIAL_DAYS,
} from "../../src/domain/billing/plans.ts"
import type { SubscriptionView } from "../../src/domain/billing/subscription.ts"
import { DAY_MS } from "../../src/domain/shared/timing.ts"
import { ServerConfig } from "../platform/config/server-config.ts"
import { Secrets } from "../platform/security/secrets.ts"
import { findPrice, planCatalogue } from "./catalogue.ts"
import { LOCAL_CARDS, type LocalCard } from "./local-provider.ts"
import { PaymentProvider } from "./payment-provider.ts"
import { makeProviderEvents } from "./provider-events.ts"
import type { ProviderEvent } from "./provider-port.ts"
import {
  type SubscriptionChange,
  type SubscriptionRow,
  type SubscriptionStatus,
  SubscriptionsRepo,
} from "./subscriptions-repo.ts"
import { makeTrials } from "./trials.ts"

export class UnknownPrice extends Schema.TaggedError<UnknownPrice>()("UnknownPrice", {}) {}
export class AlreadySubscribed extends Schema.TaggedError<AlreadySubscribed>()("AlreadySubscribed", {}) {}
export class NotCancellable extends Schema.TaggedError<NotCancellable>()("NotCancellable", {
  reason: Schema.Literals(["noSubscription", "store", "alreadyCancelled", "migrated"]),
}) {}

const LIVE: ReadonlyArray<SubscriptionStatus> = ["trialing", "active", "past_due"]

export const addInterval = (from: Date, interval: "year" | "month") => {
  const next = new Date(from.getTime())
  if (interval === "year") next.setUTCFullYear(next.getUTCFullYear() + 1)
  else next.setUTCMonth(next.getUTCMonth() + 1)
  return next
}

export class Billing extends Context.Service<
  Billing,
  {
    readonly plans: ReadonlyArray<Plan>
    /** The provider's page where this user pays for this price. */
    readonly startCheckout: (userId: number, priceId: string) => Effect.Effect<string, UnknownPrice | AlreadySubscribed>
    /** The one grant path: record the provider's view of a subscription and recompute the plan. */
    readonly applySubscription: (change: SubscriptionChange) => Effect.Effect<SubscriptionRow>
    readonly completeLocalCheckout: (
      checkoutId: string,
      outcome: { readonly _tag: "Pay"; readonly card: LocalCard } | { readonly _tag: "Decline" },
    ) => Effect.Effect<"completed" | "declined" | "closed">
    readonly localCheckout: (
      checkoutId: string,
    ) => Effect.Effect<Option.Option<{ readonly priceId: string; readonly open: boolean; readonly trial: boolean }>>
    /** Applies a verified provider event once: a second delivery of the same id is a duplicate. */
    readonly handleProviderEvent: (event: ProviderEvent) => Effect.Effect<"applied" | "duplicate" | "ignored">
    readonly cancel: (userId: number) => Effect.Effect<SubscriptionView, NotCancellable>
    readonly view: (userId: number) => Effect.Effect<SubscriptionView | null>
    /**
     * Before an account is deleted: a live subscription the current provider runs is ended there at
     * once, so nothing is charged again; a store subscription can only be ended by the user there.
     */
    readonly endForDeletion: (userId: number) => Effect.Effect<void>
    /** Ends due trials and periods of local subscriptions; returns how many changed. */
    readonly processDue: Effect.Effect<number>
  }
>()("jingluo/server/Billing") {
  static readonly layer = Layer.effect(
    Billing,
    Effect.gen(function* () {
      const repo = yield* SubscriptionsRepo
      const provider = yield* PaymentProvider
      const secrets = yield* Secrets
      const config = yield* ServerConfig
      const plans = planCatalogue(config, provider.testMode)
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))
      const trials = makeTrials(repo, config.serverSecret)

      const syncPlan = (userId: number) =>
        Effect.gen(function* () {
          const current = yield* repo.current(userId)
          const pro = Option.isSome(current) && LIVE.includes(current.value.status)
          yield* repo.setPlan(userId, pro ? PLAN_ID_PRO : PLAN_ID_STANDARD)
        })

      const applySubscription = Effect.fn("Billing.applySubscription")(function* (change: SubscriptionChange) {
        const existing = yield* repo.findByProviderId(change.provider, change.providerSubscriptionId)
        const id = Option.isSome(existing) ? existing.value.id : yield* secrets.uuid
        const row = yield* repo.upsert(change, id)
        yield* syncPlan(change.userId)
        return row
      })

      const { handleProviderEvent } = makeProviderEvents({
        repo,
        provider,
        trials,
        live: LIVE,
        now,
        applySubscription,
      })

      const toView = (row: SubscriptionRow): SubscriptionView => {
        const found = findPrice(plans, row.price_id)
        const live = LIVE.includes(row.status)
        return {
          plan_id: live ? PLAN_ID_PRO : PLAN_ID_STANDARD,
          plan_name: live ? PLAN_NAME_PRO : PLAN_NAME_STANDARD,
          status: row.status,
          cancel_at_period_end: row.cancel_at_period_end,
          trial_ends_at: row.trial_ends_at?.toISOString() ?? null,
          current_period_end: row.current_period_end?.toISOString() ?? null,
          price: found?.price ?? null,
          payment_platform: isStorePlatform(row.provider) ? row.provider : "card",
        }
      }

      const startCheckout = Effect.fn("Billing.startCheckout")(function* (userId: number, priceId: string) {
        if (!findPrice(plans, priceId)) return yield* new UnknownPrice()
        const found = yield* repo.billingUser(userId)
        if (Option.isNone(found)) return yield* Effect.die(new Error(`user ${userId} is missing`))
        const user = found.value
        const checkoutId = yield* secrets.uuid
        const at = yield* now
        // One user's checkouts take turns: the new one replaces any open one, atomically.
        const { replaced, trial } = yield* repo.transaction(
          Effect.gen(function* () {
            yield* repo.lockUser(user.id)
            const current = yield* repo.current(user.id)
            if (Option.isSome(current) && LIVE.includes(current.value.status)) return yield* new AlreadySubscribed()
            const replaced = yield* repo.expireOpenCheckouts(user.id, at)
            const trial = yield* trials.allowed(user.id, null, null)
            yield* repo.createCheckout({ id: checkoutId, userId: user.id, provider: provider.kind, priceId, now: at })
            return { replaced, trial }
          }),
        )
        for (const old of replaced) {
          if (old.provider === provider.kind && old.provider_session_id)
            yield* provider
              .expireCheckout(old.provider_session_id)
              .pipe(
                Effect.catchCause((cause) =>
                  Effect.logWarning(`Could not expire the replaced checkout ${old.provider_session_id}`, cause),
                ),
              )
        }
        const session = yield* provider.createCheckout({
          checkoutId,
          userId: user.id,
          email: user.email,
          priceId,
          trial,
        })
        yield* repo.setCheckoutProviderId(checkoutId, session.providerSessionId)
        return session.url
      })

      const localCheckout = (checkoutId: string) =>
        Effect.gen(function* () {
          const found = yield* repo.findCheckout(checkoutId)
          if (Option.isNone(found) || found.value.provider !== "local") return Option.none()
          const trial = yield* trials.allowed(found.value.user_id, null, null)
          return Option.some({ priceId: found.value.price_id, open: found.value.status === "open", trial })
        })

      const completeLocalCheckout = Effect.fn("Billing.completeLocalCheckout")(function* (
        checkoutId: string,
        outcome: { readonly _tag: "Pay"; readonly card: LocalCard } | { readonly _tag: "Decline" },
      ) {
        const checkout = yield* repo.findCheckout(checkoutId)
        if (Option.isNone(checkout) || checkout.value.provider !== "local") return "closed" as const
        const { user_id: userId, price_id: priceId } = checkout.value
        const at = yield* now
        return yield* repo.transaction(
          Effect.gen(function* () {
            yield* repo.lockUser(userId)
            const current = yield* repo.current(userId)
            if (outcome._tag === "Pay" && Option.isSome(current) && LIVE.includes(current.value.status)) {
              yield* repo.closeCheckout(checkoutId, "expired", at)
              return "closed" as const
            }
            const closed = yield* repo.closeCheckout(checkoutId, outcome._tag === "Pay" ? "completed" : "declined", at)
            if (!closed) return "closed" as const
            if (outcome._tag === "Decline") return "declined" as const
            // The same path a provider's webhook takes: a trial for TRIAL_DAYS for a first
            // subscription (trials.ts), otherwise paid now for the first period.
            const subscriptionId = `local_${checkoutId}`
            const trial = yield* trials.allowed(userId, subscriptionId, null)
            const interval = findPrice(plans, priceId)?.price.interval ?? "month"
            if (trial) yield* trials.claim(userId, subscriptionId, null, at)
            yield* applySubscription({
              userId,
              provider: "local",
              providerSubscriptionId: subscriptionId,
              priceId,
              status: trial ? "trialing" : "active",
              trialEndsAt: trial ? new Date(at.getTime() + TRIAL_DAYS * DAY_MS) : null,
              currentPeriodEnd: trial ? null : addInterval(at, interval),
              cancelAtPeriodEnd: false,
              paymentMethod: outcome.card,
              now: at,
            })
            return "completed" as const
          }),
        )
      })

      const cancel = Effect.fn("Billing.cancel")(function* (userId: number) {
        const user = yield* repo.billingUser(userId)
        if (Option.isSome(user) && user.value.migrated_user) return yield* new NotCancellable({ reason: "migrated" })
        const current = yield* repo.current(userId)
        if (Option.isNone(current) || !LIVE.includes(current.value.status))
          return yield* new NotCancellable({ reason: "noSubscription" })
        const row = current.value
        if (isStorePlatform(row.provider)) return yield* new NotCancellable({ reason: "store" })
        if (row.cancel_at_period_end) return yield* new NotCancellable({ reason: "alreadyCancelled" })
        // A subscription the current provider runs is cancelled there too (the local one has nothing to call).
        if (row.provider === provider.kind) yield* provider.cancelAtPeriodEnd(row.provider_subscription_id)
        // Access continues to the end of what was paid for: the trial's end or the period's end.
        const updated = yield* applySubscription({
          userId,
          provider: row.provider,
          providerSubscriptionId: row.provider_subscription_id,
          priceId: row.price_id,
          status: row.status,
          trialEndsAt: row.trial_ends_at,
          currentPeriodEnd: row.current_period_end ?? row.trial_ends_at,
          cancelAtPeriodEnd: true,
          paymentMethod: row.payment_method,
          now: yield* now,
        })
        return toView(updated)
      })

      const view = (userId: number) =>
        Effect.map(repo.current(userId), (current) => (Option.isSome(current) ? toView(current.value) : null))

      /** A local renewal charge: the 0341 test card is declined. */
      const renews = (row: SubscriptionRow) =>
        row.payment_method === null || LOCAL_CARDS[row.payment_method as LocalCard]?.renews !== false

      const processDue = Effect.gen(function* () {
        const at = yield* now
        const due = (yield* repo.due(at)).filter((row) => row.provider === "local")
        for (const row of due) {
          const interval = findPrice(plans, row.price_id)?.price.interval ?? "month"
          const boundary = row.status === "trialing" ? row.trial_ends_at! : row.current_period_end!
          const ending = row.cancel_at_period_end || !renews(row)
          yield* applySubscription({
            userId: row.user_id,
            provider: row.provider,
            providerSubscriptionId: row.provider_subscription_id,
            priceId: row.price_id,
            status: ending ? "canceled" : "active",
            trialEndsAt: row.trial_ends_at,
            currentPeriodEnd: ending ? boundary : addInterval(boundary, interval),
            cancelAtPeriodEnd: row.cancel_at_period_end,
            paymentMethod: row.payment_method,
            now: at,
          })
        }
        return due.length
      }).pipe(Effect.withSpan("Billing.processDue"))

      const endForDeletion = Effect.fn("Billing.endForDeletion")(function* (userId: number) {
        const current = yield* repo.current(userId)
        if (Option.isNone(current) || !LIVE.includes(current.value.status)) return
        const row = current.value
        if (row.provider === provider.kind) yield* provider.cancelNow(row.provider_subscription_id)
        else
          yield* Effect.logWarning(
            `Deleted user ${userId} had a live ${row.provider} subscription ${row.provider_subscription_id}; the provider runs it, not us.`,
          )
      })

      return Billing.of({
        plans,
        endForDeletion,
        startCheckout,
        applySubscription,
        completeLocalCheckout,
        localCheckout,
        handleProviderEvent,
        cancel,
        view,
        processDue,
      })
    }),
  )
}
