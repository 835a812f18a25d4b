// The built-in checkout that plays the payment provider's part when there are no Stripe keys: its
// page is served by this server (routes.ts), paying grants Pro through the same path a provider's
// report takes, and no money is taken. Test cards like Stripe's decide what happens at renewal.
import { Effect } from "effect"
import type { ServerSettings } from "../platform/config/server-config.ts"
import type { PaymentProviderService } from "./provider-port.ts"

/** Local test cards: one that always pays, one that pays now and is declined at renewal. */
export const LOCAL_CARDS = {
  "4242": { label: "Visa •••• 4242", renews: true },
  "0341": { label: "Visa •••• 0341", renews: false },
} as const
export type LocalCard = keyof typeof LOCAL_CARDS
export const isLocalCard = (value: unknown): value is LocalCard => typeof value === "string" && value in LOCAL_CARDS

export const localProvider = (config: Pick<ServerSettings, "appOrigin">): PaymentProviderService => ({
  kind: "local",
  testMode: true,
  createCheckout: ({ checkoutId }) =>
    Effect.succeed({ url: `${config.appOrigin}/checkout/${checkoutId}`, providerSessionId: checkoutId }),
  // Nobody else reports anything: the checkout page completes through the Billing service.
  verifyWebhook: () => Effect.succeed(undefined),
  cancelAtPeriodEnd: () => Effect.void,
  cancelNow: () => Effect.void,
  expireCheckout: () => Effect.void,
  // The test cards are shared by everyone who tries the checkout: no card is remembered.
  cardFingerprint: () => Effect.succeed(null),
  endTrialNow: () => Effect.void,
})
