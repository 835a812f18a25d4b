-- Subscriptions, checkout sessions and processed provider events. A user's plan (users.plan_id) is
-- derived from their subscriptions by one function on every change.
CREATE TABLE subscriptions (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('stripe', 'local', 'apple', 'google')),
  provider_subscription_id text NOT NULL,
  price_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('trialing', 'active', 'past_due', 'canceled')),
  trial_ends_at timestamptz,
  current_period_end timestamptz,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (provider, provider_subscription_id)
);
CREATE INDEX subscriptions_user_idx ON subscriptions (user_id);
CREATE INDEX subscriptions_due_idx ON subscriptions (status, trial_ends_at, current_period_end);

CREATE TABLE checkout_sessions (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('stripe', 'local')),
  provider_session_id text,
  price_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('open', 'completed', 'declined')),
  created_at timestamptz NOT NULL,
  completed_at timestamptz
);
CREATE INDEX checkout_sessions_user_idx ON checkout_sessions (user_id);

CREATE TABLE provider_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  received_at timestamptz NOT NULL
);

-- The card a local (built-in) checkout was paid with, which decides how its renewals go.
ALTER TABLE subscriptions ADD COLUMN payment_method text;
