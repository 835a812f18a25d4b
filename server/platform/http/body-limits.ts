// How much of a request body the server reads. Whatever a person or the app sends fits in
// MAX_BODY_BYTES; a payment provider's webhook carries a whole signed event (a subscription with its
// items, an invoice with its lines), which may be far larger and must never be refused for its size,
// or it would never be applied. Either cap answers 413 before the body is read when the declared
// length is over it, and stops reading where an undeclared body passes it.
import { MAX_BODY_BYTES } from "./request-guard.ts"

/** Where Stripe posts its events (`https://<host>/api/stripe/webhook`). */
export const STRIPE_WEBHOOK_PATH = "/api/stripe/webhook"

/** The webhook's own cap: 1 MiB, well above the largest event Stripe sends. */
export const WEBHOOK_MAX_BODY_BYTES = 1024 * 1024

/** The body cap of a path. */
export const maxBodyBytesOf = (path: string): number =>
  path === STRIPE_WEBHOOK_PATH ? WEBHOOK_MAX_BODY_BYTES : MAX_BODY_BYTES
