// Applying what a payment provider reports (provider-port.ts), for the Billing service: each event
// once, recorded in the same transaction that applies it, so an event that fails to apply is applied
// when the provider retries it. An event about a user who no longer exists (an account deleted
// meanwhile), or with an id the database cannot store, is acknowledged with a log line: no retry
// could apply it. A second live subscription is recorded as canceled and ended at the provider; a
// trial whose card (or address) had a trial before is ended at the provider, its card paying now.
import { Effect, Option } from "effect"
import { TRIAL_DAYS } from "../../src/domain/billing/plans.ts"
import { DAY_MS } from "../../src/domain/shared/timing.ts"
import { isProviderText, type PaymentProviderService, type ProviderEvent } from "./provider-port.ts"
import type {
  SubscriptionChange,
  SubscriptionRow,
  SubscriptionStatus,
  SubscriptionsRepo,
} from "./subscriptions-repo.ts"
import type { Trials } from "./trials.ts"

export type EventOutcome = "applied" | "duplicate" | "ignored"

interface Dependencies {
  readonly repo: SubscriptionsRepo["Service"]
  readonly provider: PaymentProviderService
  readonly trials: Trials
  readonly live: ReadonlyArray<SubscriptionStatus>
  readonly now: Effect.Effect<Date>
  /** The one grant path: records the subscription and recomputes the user's plan. */
  readonly applySubscription: (change: SubscriptionChange) => Effect.Effect<SubscriptionRow>
}

/** What applying a report leaves to do at the provider once its transaction has committed. */
interface Applied {
  readonly outcome: EventOutcome
  /** A second live subscription to end. */
  readonly second: Option.Option<string>
  /** A trial to end now: its card or address had one before. */
  readonly endTrial: Option.Option<string>
}

const nothing = (outcome: EventOutcome): Applied => ({ outcome, second: Option.none(), endTrial: Option.none() })
const applied = (end: { readonly second?: string; readonly endTrial?: string }): Applied => ({
  outcome: "applied",
  second: Option.fromNullishOr(end.second),
  endTrial: Option.fromNullishOr(end.endTrial),
})

export const makeProviderEvents = ({ repo, provider, trials, live, now, applySubscription }: Dependencies) => {
  /** The user of a provider's subscription: the one we recorded it for, else the one we told the provider. */
  const userOfSubscription = (subscriptionId: string, toldUserId: number | null) =>
    Effect.map(repo.findByProviderId(provider.kind, subscriptionId), (known) =>
      Option.isSome(known) ? Option.some(known.value.user_id) : Option.fromNullishOr(toldUserId),
    )

  /**
   * A provider's report of a subscription, inside the event's transaction, holding the user's row.
   * `trialCard`: the report may start a trial, paid by this card (null: unknown) — it is checked
   * here. Undefined: nothing to check (the trial was decided before).
   */
  const applyReported = (event: ProviderEvent, change: SubscriptionChange, trialCard?: string | null) =>
    Effect.gen(function* () {
      if (!(yield* repo.lockUser(change.userId))) {
        yield* Effect.logWarning(
          `Provider event ${event.id} (${event.type}) is about user ${change.userId}, who no longer exists: acknowledged, nothing applied.`,
        )
        return nothing("ignored")
      }
      const trialing = change.status === "trialing"
      const card = trialCard ?? null
      const refused =
        trialing &&
        trialCard !== undefined &&
        !(yield* trials.allowed(change.userId, change.providerSubscriptionId, card))
      const current = yield* repo.current(change.userId)
      const second =
        live.includes(change.status) &&
        Option.isSome(current) &&
        live.includes(current.value.status) &&
        !(
          current.value.provider === change.provider &&
          current.value.provider_subscription_id === change.providerSubscriptionId
        )
      if (second) {
        yield* Effect.logWarning(
          `User ${change.userId} already has a live subscription; ${change.provider} subscription ${change.providerSubscriptionId} is recorded as canceled and ended.`,
        )
        yield* applySubscription({ ...change, status: "canceled" })
        return applied({ second: change.providerSubscriptionId })
      }
      yield* applySubscription(change)
      if (refused) {
        yield* Effect.logWarning(
          `Subscription ${change.providerSubscriptionId} of user ${change.userId} started a trial, but its card or address had one before: the trial is ended, the card pays now.`,
        )
        return applied({ endTrial: change.providerSubscriptionId })
      }
      if (trialing) yield* trials.claim(change.userId, change.providerSubscriptionId, card, change.now)
      return nothing("applied")
    })

  /** Applies what a provider reported; `card` pays the subscription the report is about, where known. */
  const applyReport = (event: ProviderEvent, card: string | null, at: Date) =>
    Effect.gen(function* () {
      const report = event.report
      switch (report._tag) {
        case "CheckoutCompleted": {
          const checkout = yield* repo.findCheckout(report.checkoutId)
          if (Option.isNone(checkout)) return nothing("ignored")
          yield* repo.closeCheckout(checkout.value.id, "completed", at)
          const existing = yield* repo.findByProviderId(provider.kind, report.subscriptionId)
          // A subscription report may have arrived first and carries the authoritative dates.
          if (Option.isSome(existing)) return nothing("applied")
          const trial = yield* trials.allowed(checkout.value.user_id, report.subscriptionId, null)
          return yield* applyReported(event, {
            userId: checkout.value.user_id,
            provider: provider.kind,
            providerSubscriptionId: report.subscriptionId,
            priceId: checkout.value.price_id,
            status: trial ? "trialing" : "active",
            trialEndsAt: trial ? new Date(at.getTime() + TRIAL_DAYS * DAY_MS) : null,
            currentPeriodEnd: null,
            cancelAtPeriodEnd: false,
            paymentMethod: null,
            now: at,
          })
        }
        case "SubscriptionChanged": {
          const userId = yield* userOfSubscription(report.subscriptionId, report.userId)
          if (Option.isNone(userId)) return nothing("ignored")
          return yield* applyReported(
            event,
            {
              userId: userId.value,
              provider: provider.kind,
              providerSubscriptionId: report.subscriptionId,
              priceId: report.priceId,
              status: report.status,
              trialEndsAt: report.trialEndsAt,
              currentPeriodEnd: report.currentPeriodEnd,
              cancelAtPeriodEnd: report.cancelAtPeriodEnd,
              paymentMethod: null,
              now: at,
            },
            card,
          )
        }
        case "PaymentFailed": {
          const existing = yield* repo.findByProviderId(provider.kind, report.subscriptionId)
          if (Option.isNone(existing)) return nothing("ignored")
          const row = existing.value
          return yield* applyReported(event, {
            userId: row.user_id,
            provider: row.provider,
            providerSubscriptionId: report.subscriptionId,
            priceId: row.price_id,
            status: row.status === "canceled" ? "canceled" : "past_due",
            trialEndsAt: row.trial_ends_at,
            currentPeriodEnd: row.current_period_end,
            cancelAtPeriodEnd: row.cancel_at_period_end,
            paymentMethod: row.payment_method,
            now: at,
          })
        }
        case "Ignored":
          return nothing("ignored")
      }
    })

  /** Runs a call at the provider after the commit; a failure is logged for a person to finish by hand. */
  const atProvider = (id: Option.Option<string>, call: (id: string) => Effect.Effect<void>, what: string) =>
    Option.isNone(id)
      ? Effect.void
      : call(id.value).pipe(
          Effect.catchCause((cause) =>
            Effect.logError(`Could not ${what} ${id.value} at the provider; do it by hand`, cause),
          ),
        )

  /** Applies a verified provider event once: a second delivery of the same id is a duplicate. */
  const handleProviderEvent = Effect.fn("Billing.handleProviderEvent")(function* (
    event: ProviderEvent,
  ): Effect.fn.Return<EventOutcome> {
    // An id or type the database cannot store could never be recorded, so never applied either.
    if (!isProviderText(event.id) || !isProviderText(event.type)) {
      yield* Effect.logWarning("A provider event with an unreadable id or type was acknowledged and ignored.")
      return "ignored" as const
    }
    const at = yield* now
    // The card of a trial is asked for before the transaction: no lock waits on the provider.
    const report = event.report
    const card =
      report._tag === "SubscriptionChanged" && report.status === "trialing"
        ? yield* provider.cardFingerprint(report.subscriptionId)
        : null
    // The event id and its effects commit together: if applying fails, the id is not recorded
    // either, and the provider's retry applies the event.
    const done = yield* repo.transaction(
      Effect.gen(function* () {
        if (!(yield* repo.recordEvent(event.id, event.type, at))) return nothing("duplicate")
        return yield* applyReport(event, card, at)
      }),
    )
    yield* atProvider(done.second, provider.cancelNow, "end the second subscription")
    yield* atProvider(done.endTrial, provider.endTrialNow, "end the trial of subscription")
    return done.outcome
  })

  return { handleProviderEvent }
}
