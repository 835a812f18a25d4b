// Subscriptions: the plan list, checkout, the one grant path shared by the Stripe webhook and the
// local checkout, cancellation, and the clock-driven end of trials and periods. A user's plan
// (users.plan_id) is always recomputed from their subscriptions, never set by a page visit.
import { Clock, Context, Effect, Layer, Option, Schema } from "effect"
import type Stripe from "stripe"
import {
  PLAN_ID_PRO,
  PLAN_ID_STANDARD,
  PLAN_NAME_PRO,
  PLAN_NAME_STANDARD,
  type Plan,
  TRIAL_DAYS,
} from "../../src/domain/plans.ts"
import type { SubscriptionView } from "../../src/domain/subscription.ts"
import { findPrice, planCatalogue } from "../billing/catalogue.ts"
import { ServerConfig } from "../config.ts"
import {
  type SubscriptionChange,
  type SubscriptionRow,
  type SubscriptionStatus,
  SubscriptionsRepo,
} from "../repositories/subscriptions-repo.ts"
import { UsersRepo } from "../repositories/users-repo.ts"
import { LOCAL_CARDS, type LocalCard, PaymentProvider } from "./payment-provider.ts"
import { Secrets } from "./secrets.ts"

export class UnknownPrice extends Schema.TaggedError<UnknownPrice>()("UnknownPrice", {}) {}
export class AlreadySubscribed extends Schema.TaggedError<AlreadySubscribed>()("AlreadySubscribed", {}) {}
export class NotCancellable extends Schema.TaggedError<NotCancellable>()("NotCancellable", {
  reason: Schema.Literals(["noSubscription", "store", "alreadyCancelled", "migrated"]),
}) {}

const DAY_MS = 24 * 60 * 60 * 1000
const LIVE: ReadonlyArray<SubscriptionStatus> = ["trialing", "active", "past_due"]

export const addInterval = (from: Date, interval: "year" | "month") => {
  const next = new Date(from.getTime())
  if (interval === "year") next.setUTCFullYear(next.getUTCFullYear() + 1)
  else next.setUTCMonth(next.getUTCMonth() + 1)
  return next
}

const stripeStatus = (status: Stripe.Subscription.Status): SubscriptionStatus => {
  switch (status) {
    case "trialing":
      return "trialing"
    case "active":
      return "active"
    case "past_due":
    case "unpaid":
    case "incomplete":
      return "past_due"
    default:
      return "canceled"
  }
}

const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null)

export class Billing extends Context.Service<
  Billing,
  {
    readonly plans: ReadonlyArray<Plan>
    readonly startCheckout: (
      user: { readonly id: number; readonly email: string },
      priceId: string,
    ) => Effect.Effect<string, UnknownPrice | AlreadySubscribed>
    /** The one grant path: record the provider's view of a subscription and recompute the plan. */
    readonly applySubscription: (change: SubscriptionChange) => Effect.Effect<SubscriptionRow>
    readonly completeLocalCheckout: (
      checkoutId: string,
      outcome: { readonly _tag: "Pay"; readonly card: LocalCard } | { readonly _tag: "Decline" },
    ) => Effect.Effect<"completed" | "declined" | "closed">
    readonly localCheckout: (
      checkoutId: string,
    ) => Effect.Effect<Option.Option<{ readonly priceId: string; readonly open: boolean }>>
    readonly handleStripeEvent: (event: Stripe.Event) => Effect.Effect<"applied" | "duplicate" | "ignored">
    readonly cancel: (userId: number) => Effect.Effect<SubscriptionView, NotCancellable>
    readonly view: (userId: number) => Effect.Effect<SubscriptionView | null>
    /** Ends due trials and periods of local subscriptions; returns how many changed. */
    readonly processDue: Effect.Effect<number>
  }
>()("jingluo/server/Billing") {
  static readonly layer = Layer.effect(
    Billing,
    Effect.gen(function* () {
      const repo = yield* SubscriptionsRepo
      const users = yield* UsersRepo
      const provider = yield* PaymentProvider
      const secrets = yield* Secrets
      const config = yield* ServerConfig
      const plans = planCatalogue(config)
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

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
          payment_platform: row.provider === "apple" || row.provider === "google" ? row.provider : "card",
        }
      }

      const startCheckout = Effect.fn("Billing.startCheckout")(function* (
        user: { readonly id: number; readonly email: string },
        priceId: string,
      ) {
        if (!findPrice(plans, priceId)) return yield* new UnknownPrice()
        const current = yield* repo.current(user.id)
        if (Option.isSome(current) && LIVE.includes(current.value.status)) return yield* new AlreadySubscribed()
        const checkoutId = yield* secrets.uuid
        yield* repo.createCheckout({
          id: checkoutId,
          userId: user.id,
          provider: provider.kind,
          priceId,
          now: yield* now,
        })
        const session = yield* provider.createCheckout({ checkoutId, userId: user.id, email: user.email, priceId })
        yield* repo.setCheckoutProviderId(checkoutId, session.providerSessionId)
        return session.url
      })

      const localCheckout = (checkoutId: string) =>
        Effect.map(
          repo.findCheckout(checkoutId),
          Option.flatMap((c) =>
            c.provider === "local" ? Option.some({ priceId: c.price_id, open: c.status === "open" }) : Option.none(),
          ),
        )

      const completeLocalCheckout = Effect.fn("Billing.completeLocalCheckout")(function* (
        checkoutId: string,
        outcome: { readonly _tag: "Pay"; readonly card: LocalCard } | { readonly _tag: "Decline" },
      ) {
        const checkout = yield* repo.findCheckout(checkoutId)
        if (Option.isNone(checkout) || checkout.value.provider !== "local") return "closed" as const
        const at = yield* now
        const closed = yield* repo.closeCheckout(checkoutId, outcome._tag === "Pay" ? "completed" : "declined", at)
        if (!closed) return "closed" as const
        if (outcome._tag === "Decline") return "declined" as const
        // The same path a provider's webhook takes: a subscription on trial for TRIAL_DAYS.
        yield* applySubscription({
          userId: checkout.value.user_id,
          provider: "local",
          providerSubscriptionId: `local_${checkoutId}`,
          priceId: checkout.value.price_id,
          status: "trialing",
          trialEndsAt: new Date(at.getTime() + TRIAL_DAYS * DAY_MS),
          currentPeriodEnd: null,
          cancelAtPeriodEnd: false,
          paymentMethod: outcome.card,
          now: at,
        })
        return "completed" as const
      })

      const stripeSubscriptionChange = (
        subscription: Stripe.Subscription,
        userId: number,
        at: Date,
      ): SubscriptionChange => {
        const item = subscription.items?.data?.[0]
        const periodEnd = (item as { current_period_end?: number } | undefined)?.current_period_end
        return {
          userId,
          provider: "stripe",
          providerSubscriptionId: subscription.id,
          priceId: item?.price?.id ?? "",
          status: stripeStatus(subscription.status),
          trialEndsAt: fromUnix(subscription.trial_end),
          currentPeriodEnd: fromUnix(periodEnd ?? (subscription as { current_period_end?: number }).current_period_end),
          cancelAtPeriodEnd: subscription.cancel_at_period_end,
          paymentMethod: null,
          now: at,
        }
      }

      const userForStripeSubscription = (subscriptionId: string, metadata: Stripe.Metadata | null | undefined) =>
        Effect.gen(function* () {
          const known = yield* repo.findByProviderId("stripe", subscriptionId)
          if (Option.isSome(known)) return Option.some(known.value.user_id)
          const fromMetadata = Number(metadata?.user_id)
          return Number.isInteger(fromMetadata) && fromMetadata > 0 ? Option.some(fromMetadata) : Option.none<number>()
        })

      const handleStripeEvent = Effect.fn("Billing.handleStripeEvent")(function* (event: Stripe.Event) {
        const at = yield* now
        if (!(yield* repo.recordEvent(event.id, event.type, at))) return "duplicate" as const
        switch (event.type) {
          case "checkout.session.completed": {
            const session = event.data.object
            const checkout = session.client_reference_id
              ? yield* repo.findCheckout(session.client_reference_id)
              : Option.none()
            const subscriptionId =
              typeof session.subscription === "string" ? session.subscription : session.subscription?.id
            if (Option.isNone(checkout) || !subscriptionId) return "ignored" as const
            yield* repo.closeCheckout(checkout.value.id, "completed", at)
            const existing = yield* repo.findByProviderId("stripe", subscriptionId)
            // A subscription event may have arrived first and carries the authoritative dates.
            if (Option.isSome(existing)) return "applied" as const
            yield* applySubscription({
              userId: checkout.value.user_id,
              provider: "stripe",
              providerSubscriptionId: subscriptionId,
              priceId: checkout.value.price_id,
              status: "trialing",
              trialEndsAt: new Date(at.getTime() + TRIAL_DAYS * DAY_MS),
              currentPeriodEnd: null,
              cancelAtPeriodEnd: false,
              paymentMethod: null,
              now: at,
            })
            return "applied" as const
          }
          case "customer.subscription.created":
          case "customer.subscription.updated":
          case "customer.subscription.deleted": {
            const subscription = event.data.object
            const userId = yield* userForStripeSubscription(subscription.id, subscription.metadata)
            if (Option.isNone(userId)) return "ignored" as const
            const change = stripeSubscriptionChange(subscription, userId.value, at)
            yield* applySubscription(
              event.type === "customer.subscription.deleted" ? { ...change, status: "canceled" } : change,
            )
            return "applied" as const
          }
          case "invoice.payment_failed": {
            const invoice = event.data.object as Stripe.Invoice & { subscription?: string | { id: string } | null }
            const parent = (
              invoice as { parent?: { subscription_details?: { subscription?: string | { id: string } } } }
            ).parent
            const ref = invoice.subscription ?? parent?.subscription_details?.subscription
            const subscriptionId = typeof ref === "string" ? ref : ref?.id
            if (!subscriptionId) return "ignored" as const
            const existing = yield* repo.findByProviderId("stripe", subscriptionId)
            if (Option.isNone(existing)) return "ignored" as const
            const row = existing.value
            yield* applySubscription({
              userId: row.user_id,
              provider: "stripe",
              providerSubscriptionId: subscriptionId,
              priceId: row.price_id,
              status: "past_due",
              trialEndsAt: row.trial_ends_at,
              currentPeriodEnd: row.current_period_end,
              cancelAtPeriodEnd: row.cancel_at_period_end,
              paymentMethod: row.payment_method,
              now: at,
            })
            return "applied" as const
          }
          default:
            return "ignored" as const
        }
      })

      const cancel = Effect.fn("Billing.cancel")(function* (userId: number) {
        const user = yield* users.findById(userId)
        if (Option.isSome(user) && user.value.migrated_user) return yield* new NotCancellable({ reason: "migrated" })
        const current = yield* repo.current(userId)
        if (Option.isNone(current) || !LIVE.includes(current.value.status))
          return yield* new NotCancellable({ reason: "noSubscription" })
        const row = current.value
        if (row.provider === "apple" || row.provider === "google") return yield* new NotCancellable({ reason: "store" })
        if (row.cancel_at_period_end) return yield* new NotCancellable({ reason: "alreadyCancelled" })
        if (row.provider === "stripe") yield* provider.cancelAtPeriodEnd(row.provider_subscription_id)
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

      return Billing.of({
        plans,
        startCheckout,
        applySubscription,
        completeLocalCheckout,
        localCheckout,
        handleStripeEvent,
        cancel,
        view,
        processDue,
      })
    }),
  )
}
