-- Who had the free trial, kept when the account is deleted, so that deleting it and registering
-- again gives no second trial. Never the address or the card itself: a keyed hash (HMAC-SHA-256
-- with SERVER_SECRET) of the normalised address, and with Stripe of the card's fingerprint, each
-- with the provider's subscription that claimed it (a later report of the same subscription is no
-- second trial).
CREATE TABLE trial_claims (
  digest text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('email', 'card')),
  provider_subscription_id text NOT NULL,
  claimed_at timestamptz NOT NULL
);
