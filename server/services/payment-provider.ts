// Who takes the money: Stripe Checkout when STRIPE_SECRET_KEY is set, otherwise the built-in local
// checkout page that plays the provider's part (pay or decline, with test cards like Stripe's).
import { Context, Effect, Layer } from "effect"
import Stripe from "stripe"
import { TRIAL_DAYS } from "../../src/domain/plans.ts"
import { ServerConfig } from "../config.ts"

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
}

export class PaymentProvider extends Context.Service<
  PaymentProvider,
  {
    readonly kind: "stripe" | "local"
    /** The provider's page to send the user to, and its id for this checkout. */
    readonly createCheckout: (
      request: CheckoutRequest,
    ) => Effect.Effect<{ readonly url: string; readonly providerSessionId: string }>
    /** Verifies a webhook's signature and age on the raw body; undefined when it does not verify. */
    readonly verifyWebhook: (rawBody: string, signature: string) => Effect.Effect<Stripe.Event | undefined>
    /** Stripe subscriptions are cancelled at Stripe; the local provider has nothing to call. */
    readonly cancelAtPeriodEnd: (providerSubscriptionId: string) => Effect.Effect<void>
  }
>()("jingluo/server/PaymentProvider") {
  static readonly layer = Layer.effect(
    PaymentProvider,
    Effect.gen(function* () {
      const config = yield* ServerConfig
      if (!config.stripeSecretKey) {
        return PaymentProvider.of({
          kind: "local",
          createCheckout: ({ checkoutId }) =>
            Effect.succeed({ url: `${config.appOrigin}/checkout/${checkoutId}`, providerSessionId: checkoutId }),
          verifyWebhook: () => Effect.succeed(undefined),
          cancelAtPeriodEnd: () => Effect.void,
        })
      }
      const stripe = new Stripe(config.stripeSecretKey)
      const webhookSecret = config.stripeWebhookSecret
      return PaymentProvider.of({
        kind: "stripe",
        createCheckout: ({ checkoutId, userId, email, priceId }) =>
          Effect.promise(() =>
            stripe.checkout.sessions.create(
              {
                mode: "subscription",
                line_items: [{ price: priceId, quantity: 1 }],
                customer_email: email,
                client_reference_id: checkoutId,
                subscription_data: {
                  trial_period_days: TRIAL_DAYS,
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
      })
    }),
  )
}
