// Stripe Checkout through the `stripe` SDK, and the one place that knows Stripe's types: its
// webhook events are verified on the raw body (five minutes of tolerance) and translated into the
// provider-neutral reports of payment-provider.ts — a completed checkout, a subscription's current
// state, a failed renewal — so the Billing service never reads a Stripe object. A report whose ids
// are no plain text, or whose user id or dates are out of range, is ignored: nothing could apply it.
import { Effect } from "effect"
import Stripe from "stripe"
import { TRIAL_DAYS } from "../../src/domain/billing/plans.ts"
import type { SubscriptionStatus } from "../../src/domain/billing/subscription.ts"
import { INT4_MAX } from "../../src/domain/shared/input-rules.ts"
import { isStripeTestKey, type ServerSettings } from "../platform/config/server-config.ts"
import {
  isProviderText,
  type PaymentProviderService,
  type ProviderEvent,
  type ProviderReport,
} from "./provider-port.ts"

/** Stripe's statuses in ours: unpaid and incomplete count as past due, anything final as canceled. */
const statusOf = (status: Stripe.Subscription.Status): SubscriptionStatus => {
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

/** The latest instant a JavaScript date can hold, in seconds (the year 275760). */
const MAX_UNIX_SECONDS = 8.64e12

const fromUnix = (seconds: number | null | undefined) =>
  typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0 && seconds <= MAX_UNIX_SECONDS
    ? new Date(seconds * 1000)
    : null

const idOf = (ref: string | { readonly id: string } | null | undefined) => (typeof ref === "string" ? ref : ref?.id)

/** The user id we put into the subscription's metadata at checkout, when it is still there. */
const metadataUserId = (metadata: Stripe.Metadata | null | undefined) => {
  const id = Number(metadata?.user_id)
  return Number.isInteger(id) && id > 0 && id <= INT4_MAX ? id : null
}

const subscriptionReport = (subscription: Stripe.Subscription, deleted: boolean): ProviderReport => {
  const item = subscription.items?.data?.[0]
  // The period end moved from the subscription to its items in newer API versions; read either.
  const periodEnd =
    (item as { current_period_end?: number } | undefined)?.current_period_end ??
    (subscription as { current_period_end?: number }).current_period_end
  return {
    _tag: "SubscriptionChanged",
    subscriptionId: subscription.id,
    userId: metadataUserId(subscription.metadata),
    priceId: item?.price?.id ?? "",
    status: deleted ? "canceled" : statusOf(subscription.status),
    trialEndsAt: fromUnix(subscription.trial_end),
    currentPeriodEnd: fromUnix(periodEnd),
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
  }
}

const reportOf = (event: Stripe.Event): ProviderReport => {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object
      const subscriptionId = idOf(session.subscription)
      return session.client_reference_id && subscriptionId
        ? { _tag: "CheckoutCompleted", checkoutId: session.client_reference_id, subscriptionId }
        : { _tag: "Ignored" }
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
      return subscriptionReport(event.data.object, false)
    case "customer.subscription.deleted":
      return subscriptionReport(event.data.object, true)
    case "invoice.payment_failed": {
      // Older API versions name the subscription on the invoice, newer ones under its parent.
      const invoice = event.data.object as Stripe.Invoice & {
        subscription?: string | { id: string } | null
        parent?: { subscription_details?: { subscription?: string | { id: string } } }
      }
      const subscriptionId = idOf(invoice.subscription ?? invoice.parent?.subscription_details?.subscription)
      return subscriptionId ? { _tag: "PaymentFailed", subscriptionId } : { _tag: "Ignored" }
    }
    default:
      return { _tag: "Ignored" }
  }
}

/** Whether every id a report names could be stored and looked up. */
const isUsable = (report: ProviderReport): boolean => {
  switch (report._tag) {
    case "CheckoutCompleted":
      return isProviderText(report.checkoutId) && isProviderText(report.subscriptionId)
    case "SubscriptionChanged":
      return isProviderText(report.subscriptionId) && isProviderText(report.priceId)
    case "PaymentFailed":
      return isProviderText(report.subscriptionId)
    case "Ignored":
      return true
  }
}

/** A verified Stripe event as the Billing service reads it. */
export const fromStripeEvent = (event: Stripe.Event): ProviderEvent => {
  const report = reportOf(event)
  return { id: event.id, type: event.type, report: isUsable(report) ? report : { _tag: "Ignored" } }
}

export const stripeProvider = (
  config: Pick<ServerSettings, "appOrigin" | "stripeWebhookSecret">,
  secretKey: string,
): PaymentProviderService => {
  const stripe = new Stripe(secretKey)
  const webhookSecret = config.stripeWebhookSecret
  return {
    kind: "stripe",
    testMode: isStripeTestKey(secretKey),
    createCheckout: ({ checkoutId, userId, email, priceId, trial }) =>
      Effect.promise(() =>
        stripe.checkout.sessions.create(
          {
            mode: "subscription",
            line_items: [{ price: priceId, quantity: 1 }],
            customer_email: email,
            client_reference_id: checkoutId,
            subscription_data: {
              ...(trial ? { trial_period_days: TRIAL_DAYS } : {}),
              metadata: { user_id: String(userId), checkout_id: checkoutId },
            },
            success_url: `${config.appOrigin}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${config.appOrigin}/payment-failure`,
          },
          { idempotencyKey: `checkout-${checkoutId}` },
        ),
      ).pipe(
        Effect.map((session) => ({
          url: session.url ?? `${config.appOrigin}/payment-failure`,
          providerSessionId: session.id,
        })),
      ),
    verifyWebhook: (rawBody, signature) =>
      Effect.sync(() => {
        if (!webhookSecret) return undefined
        try {
          // Five minutes of tolerance: an older signature is a replay.
          return fromStripeEvent(stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, 300))
        } catch {
          return undefined
        }
      }),
    cancelAtPeriodEnd: (id) =>
      Effect.promise(() => stripe.subscriptions.update(id, { cancel_at_period_end: true })).pipe(Effect.asVoid),
    cancelNow: (id) => Effect.promise(() => stripe.subscriptions.cancel(id)).pipe(Effect.asVoid),
    expireCheckout: (id) => Effect.promise(() => stripe.checkout.sessions.expire(id)).pipe(Effect.asVoid),
    cardFingerprint: (id) =>
      Effect.promise(() => stripe.subscriptions.retrieve(id, { expand: ["default_payment_method"] })).pipe(
        Effect.map((subscription) => {
          const method = subscription.default_payment_method
          return typeof method === "object" && method?.card?.fingerprint ? method.card.fingerprint : null
        }),
        // Without an answer the trial is decided by the address alone, never by a failed request.
        Effect.catchCause((cause) =>
          Effect.as(Effect.logWarning(`Could not read the card of subscription ${id}`, cause), null),
        ),
      ),
    endTrialNow: (id) =>
      Effect.promise(() => stripe.subscriptions.update(id, { trial_end: "now" })).pipe(Effect.asVoid),
  }
}
