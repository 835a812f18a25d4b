-- Every registration leaves a sign-up: the password chosen for an address (hashed) and how long
-- the sign-up waits for the address to be verified. A new address also gets its account
-- (user_id); a known one gets nothing else, and its sign-up answers sign-in and code guesses the
-- way an unverified new account would, so neither tells whether the address had an account.
-- The address is kept only as its SHA-256. One sign-up per address at a time.
CREATE TABLE sign_ups (
  id uuid PRIMARY KEY,
  email_hash text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX sign_ups_expires_idx ON sign_ups (expires_at);

-- A code can be held by an address without an account (address_hash instead of user_id): the
-- verification code of a known address's sign-up and the reset code of an unknown address. Such a
-- code matches no input and has no link; it only counts tries and expires like a mailed one.
ALTER TABLE one_time_codes ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE one_time_codes ADD COLUMN address_hash text;
ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_holder_check
  CHECK ((user_id IS NULL) <> (address_hash IS NULL));
CREATE INDEX one_time_codes_address_purpose_idx ON one_time_codes (address_hash, purpose)
  WHERE address_hash IS NOT NULL;

-- A mail may carry a link without a code (the account's codes for the day are spent), and a link
-- lives longer than its code; a newer mail no longer ends an older mail's link.
ALTER TABLE one_time_codes ALTER COLUMN code_hash DROP NOT NULL;
ALTER TABLE one_time_codes ADD COLUMN link_expires_at timestamptz;
UPDATE one_time_codes SET link_expires_at = expires_at;
ALTER TABLE one_time_codes ALTER COLUMN link_expires_at SET NOT NULL;
-- The order codes were issued in, to find the newest one (several can share a timestamp).
ALTER TABLE one_time_codes ADD COLUMN seq bigserial;
