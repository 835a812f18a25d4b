// What the Billing service needs from whoever takes the money: a checkout page for a price, a
// verified webhook that reports what happened to a subscription in the app's own words
// (`ProviderEvent`, whatever the provider calls it), and cancelling. The adapters (stripe-provider.ts,
// local-provider.ts) implement it; payment-provider.ts chooses one.
import type { Effect } from "effect"
import type { SubscriptionStatus } from "../../src/domain/billing/subscription.ts"
import { hasUnsafeCharacters } from "../../src/domain/shared/input-rules.ts"

/** The longest id a provider gives (Stripe: 255 characters). */
export const PROVIDER_ID_MAX_LENGTH = 255

/** An id or name as a provider writes it: text the database can store, of a sane length. */
export const isProviderText = (value: unknown): value is string =>
  typeof value === "string" && value.length <= PROVIDER_ID_MAX_LENGTH && !hasUnsafeCharacters(value)

export interface CheckoutRequest {
  readonly checkoutId: string
  readonly userId: number
  readonly email: string
  readonly priceId: string
  /** The 7-day trial, only for a user who never had a subscription. */
  readonly trial: boolean
}

/** What a provider reported about a subscription, in the app's words. */
export type ProviderReport =
  /** Our checkout `checkoutId` was paid and became the provider's subscription `subscriptionId`. */
  | { readonly _tag: "CheckoutCompleted"; readonly checkoutId: string; readonly subscriptionId: string }
  /** The provider's current view of a subscription; `userId` is the one we gave it, when it kept it. */
  | {
      readonly _tag: "SubscriptionChanged"
      readonly subscriptionId: string
      readonly userId: number | null
      readonly priceId: string
      readonly status: SubscriptionStatus
      readonly trialEndsAt: Date | null
      readonly currentPeriodEnd: Date | null
      readonly cancelAtPeriodEnd: boolean
    }
  /** A renewal payment failed: the subscription is past due. */
  | { readonly _tag: "PaymentFailed"; readonly subscriptionId: string }
  /** Anything else the provider tells: recorded as seen, changes nothing. */
  | { readonly _tag: "Ignored" }

/** One verified event of a provider: its id (events are applied once) and type, and what it reports. */
export interface ProviderEvent {
  readonly id: string
  readonly type: string
  readonly report: ProviderReport
}

export interface PaymentProviderService {
  readonly kind: "stripe" | "local"
  readonly testMode: boolean
  /** The provider's page to send the user to, and its id for this checkout. */
  readonly createCheckout: (
    request: CheckoutRequest,
  ) => Effect.Effect<{ readonly url: string; readonly providerSessionId: string }>
  /** Verifies a webhook's signature and age on the raw body; undefined when it does not verify. */
  readonly verifyWebhook: (rawBody: string, signature: string) => Effect.Effect<ProviderEvent | undefined>
  /** Stripe subscriptions are cancelled at Stripe; the local provider has nothing to call. */
  readonly cancelAtPeriodEnd: (providerSubscriptionId: string) => Effect.Effect<void>
  /** Ends a subscription at once (a second one that must not exist). */
  readonly cancelNow: (providerSubscriptionId: string) => Effect.Effect<void>
  /** Closes a checkout page that a newer checkout replaced. */
  readonly expireCheckout: (providerSessionId: string) => Effect.Effect<void>
  /**
   * The fingerprint of the card that pays a subscription (the same for the same card in any
   * account), or null where the provider has none or could not be asked.
   */
  readonly cardFingerprint: (providerSubscriptionId: string) => Effect.Effect<string | null>
  /** Ends a subscription's trial at once: its card pays now (a card that had a trial before). */
  readonly endTrialNow: (providerSubscriptionId: string) => Effect.Effect<void>
}
