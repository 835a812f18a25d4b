-- Social sign-in (OpenID Connect). An attempt holds what the browser must not: the PKCE verifier
-- and the nonce, found again by the SHA-256 of its state and bound to the browser that started it
-- (the SHA-256 of an HttpOnly cookie). The state is single use and short-lived; once the provider's
-- ID token has been checked, the attempt carries the verified identity and a single-use ticket for
-- the next step (registration, or proving an existing account before linking).
CREATE TABLE social_sign_in_attempts (
  id uuid PRIMARY KEY,
  provider text NOT NULL,
  state_hash text NOT NULL UNIQUE,
  browser_hash text NOT NULL,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  return_to text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  state_used_at timestamptz,
  -- After the code exchange: the identity the ID token proved.
  issuer text,
  subject text,
  email text,
  first_name text,
  last_name text,
  ticket_hash text UNIQUE,
  ticket_expires_at timestamptz,
  ticket_used_at timestamptz
);
CREATE INDEX social_sign_in_attempts_expires_idx ON social_sign_in_attempts (expires_at);

-- A provider's account (issuer + subject, never the e-mail) linked to one of ours.
CREATE TABLE social_identities (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL,
  issuer text NOT NULL,
  subject text NOT NULL,
  email text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL,
  UNIQUE (issuer, subject)
);
CREATE INDEX social_identities_user_idx ON social_identities (user_id);

