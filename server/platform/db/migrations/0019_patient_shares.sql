-- Acupressure videos a Pro member e-mailed to a patient (src/domain/acupressure/patient-sharing.ts).
-- The patient's address itself is never stored: the mail carries it once. A share keeps the address
-- masked for its member's list and a keyed hash of it (HMAC with the server's secret) for the limit
-- per address; the hash is cleared when the link ends (expired, or revoked a day after sending, so a
-- revoke does not reset the limit). The link's token is stored as its SHA-256 only.
CREATE TABLE patient_shares (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  patient_masked text NOT NULL,
  patient_key text,
  videos jsonb NOT NULL,
  sent_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX patient_shares_user_idx ON patient_shares (user_id, sent_at DESC);
CREATE INDEX patient_shares_key_idx ON patient_shares (patient_key, sent_at) WHERE patient_key IS NOT NULL;

-- Addresses whose owner followed a patient mail's unsubscribe line: no member may e-mail them again.
-- Kept as the same keyed hash, never the address.
CREATE TABLE patient_unsubscribes (
  patient_key text PRIMARY KEY,
  created_at timestamptz NOT NULL
);
