// Stripe as far as the server tests need it: webhook signatures verified like Stripe's (the real
// SDK, offline), every call the server makes recorded, and nothing sent over the network.
import { Effect, Layer } from "effect"
import Stripe from "stripe"
import { PaymentProvider } from "../../../server/billing/payment-provider.ts"
import type { CheckoutRequest } from "../../../server/billing/provider-port.ts"
import { fromStripeEvent } from "../../../server/billing/stripe-provider.ts"
import type { ServerConfig } from "../../../server/platform/config/server-config.ts"
import type { TestServer } from "./harness.ts"

const stripe = new Stripe("sk_test_dummy")

/** What the server asked of Stripe, and the card (fingerprint) that pays each subscription. */
export interface StripeCalls {
  readonly checkouts: Array<CheckoutRequest>
  readonly expired: Array<string>
  readonly cancelled: Array<string>
  readonly trialsEnded: Array<string>
  readonly cards: Map<string, string>
}

export const stripeCalls = (): StripeCalls => ({
  checkouts: [],
  expired: [],
  cancelled: [],
  trialsEnded: [],
  cards: new Map(),
})

export const fakeStripe = (secret: string, calls: StripeCalls): Layer.Layer<PaymentProvider, never, ServerConfig> =>
  Layer.succeed(PaymentProvider, {
    kind: "stripe",
    testMode: true,
    createCheckout: (request) =>
      Effect.sync(() => {
        calls.checkouts.push(request)
        const id = `cs_test_${calls.checkouts.length}`
        return { url: `https://checkout.stripe.test/${id}`, providerSessionId: id }
      }),
    verifyWebhook: (raw, signature) =>
      Effect.sync(() => {
        try {
          return fromStripeEvent(stripe.webhooks.constructEvent(raw, signature, secret, 300))
        } catch {
          return undefined
        }
      }),
    cancelAtPeriodEnd: () => Effect.die(new Error("cancelAtPeriodEnd is not expected here")),
    cancelNow: (id) => Effect.sync(() => void calls.cancelled.push(id)),
    expireCheckout: (id) => Effect.sync(() => void calls.expired.push(id)),
    cardFingerprint: (id) => Effect.sync(() => calls.cards.get(id) ?? null),
    endTrialNow: (id) => Effect.sync(() => void calls.trialsEnded.push(id)),
  })

/** The headers Stripe sends with `body`: its signature with `secret`, now. */
export const signedHeaders = (secret: string, body: string) => ({
  "stripe-signature": stripe.webhooks.generateTestHeaderString({ payload: body, secret }),
  "content-type": "application/json",
})

/** Sends `payload` (an event, or its JSON text) to the webhook, signed with `secret`. */
export const sendSignedEvent = (server: TestServer, secret: string, payload: object | string) => {
  const body = typeof payload === "string" ? payload : JSON.stringify(payload)
  return server.request("/api/stripe/webhook", { method: "POST", body, headers: signedHeaders(secret, body) })
}
