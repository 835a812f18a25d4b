// Who takes the money: Stripe Checkout when STRIPE_SECRET_KEY is set, otherwise the built-in local
// checkout page that plays the provider's part (pay or decline, with test cards like Stripe's) and
// takes no money: it says "test mode", and production refuses it unless LOCAL_CHECKOUT=on.
import { Context, Effect, Layer } from "effect"
import Stripe from "stripe"
import { TRIAL_DAYS } from "../../src/domain/billing/plans.ts"
import { ServerConfig, type ServerSettings } from "../platform/config/server-config.ts"

/** Local test cards: one that always pays, one that pays now and is declined at renewal. */
export const LOCAL_CARDS = {
  "4242": { label: "Visa •••• 4242", renews: true },
  "0341": { label: "Visa •••• 0341", renews: false },
} as const
export type LocalCard = keyof typeof LOCAL_CARDS
export const isLocalCard = (value: unknown): value is LocalCard => typeof value === "string" && value in LOCAL_CARDS

export interface CheckoutRequest {
  readonly checkoutId: string
  readonly userId: number
  readonly email: string
  readonly priceId: string
  /** The 7-day trial, only for a user who never had a subscription. */
  readonly trial: boolean
}

/** No money is taken: the built-in checkout, or Stripe with test keys. */
export const isTestMode = (settings: Pick<ServerSettings, "stripeSecretKey">) =>
  !settings.stripeSecretKey || /^(sk|rk)_test_/.test(settings.stripeSecretKey)

/** The line the server logs at start about who takes the money. */
export const describePayments = (settings: Pick<ServerSettings, "stripeSecretKey" | "nodeEnv">) =>
  !settings.stripeSecretKey
    ? `Payments: built-in local checkout — TEST MODE, no money is taken and anyone can get Pro${
        settings.nodeEnv === "production" ? " (allowed by LOCAL_CHECKOUT=on)" : ""
      }. Set STRIPE_SECRET_KEY to take payments.`
    : isTestMode(settings)
      ? "Payments: Stripe with test keys — TEST MODE, no money is taken."
      : "Payments: Stripe (live keys)."

export class PaymentProvider extends Context.Service<
  PaymentProvider,
  {
    readonly kind: "stripe" | "local"
    readonly testMode: boolean
    /** The provider's page to send the user to, and its id for this checkout. */
    readonly createCheckout: (
      request: CheckoutRequest,
    ) => Effect.Effect<{ readonly url: string; readonly providerSessionId: string }>
    /** Verifies a webhook's signature and age on the raw body; undefined when it does not verify. */
    readonly verifyWebhook: (rawBody: string, signature: string) => Effect.Effect<Stripe.Event | undefined>
    /** Stripe subscriptions are cancelled at Stripe; the local provider has nothing to call. */
    readonly cancelAtPeriodEnd: (providerSubscriptionId: string) => Effect.Effect<void>
    /** Ends a subscription at once (a second one that must not exist). */
    readonly cancelNow: (providerSubscriptionId: string) => Effect.Effect<void>
    /** Closes a checkout page that a newer checkout replaced. */
    readonly expireCheckout: (providerSessionId: string) => Effect.Effect<void>
  }
>()("jingluo/server/PaymentProvider") {
  static readonly layer = Layer.effect(
    PaymentProvider,
    Effect.gen(function* () {
      const config = yield* ServerConfig
      if (!config.stripeSecretKey) {
        return PaymentProvider.of({
          kind: "local",
          testMode: true,
          createCheckout: ({ checkoutId }) =>
            Effect.succeed({ url: `${config.appOrigin}/checkout/${checkoutId}`, providerSessionId: checkoutId }),
          verifyWebhook: () => Effect.succeed(undefined),
          cancelAtPeriodEnd: () => Effect.void,
          cancelNow: () => Effect.void,
          expireCheckout: () => Effect.void,
        })
      }
      const stripe = new Stripe(config.stripeSecretKey)
      const webhookSecret = config.stripeWebhookSecret
      return PaymentProvider.of({
        kind: "stripe",
        testMode: isTestMode(config),
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
              return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, 300)
            } catch {
              return undefined
            }
          }),
        cancelAtPeriodEnd: (id) =>
          Effect.promise(() => stripe.subscriptions.update(id, { cancel_at_period_end: true })).pipe(Effect.asVoid),
        cancelNow: (id) => Effect.promise(() => stripe.subscriptions.cancel(id)).pipe(Effect.asVoid),
        expireCheckout: (id) => Effect.promise(() => stripe.checkout.sessions.expire(id)).pipe(Effect.asVoid),
      })
    }),
  )
}
