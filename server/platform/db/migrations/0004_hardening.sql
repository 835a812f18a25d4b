-- Hardening (issue 8): the outgoing mail queue, link tokens for one-time codes, one open checkout
-- and one live subscription per user enforced by the database.

-- Mail waits here until the background worker has handed it to SMTP or the outbox; a failed
-- delivery is retried later with exponential backoff, so an SMTP outage loses nothing.
CREATE TABLE mail_queue (
  id bigserial PRIMARY KEY,
  recipient text NOT NULL,
  purpose text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  code text,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  locked_until timestamptz,
  last_error text,
  failed_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX mail_queue_due_idx ON mail_queue (next_attempt_at) WHERE failed_at IS NULL;

-- The 128-bit token of the link in a code's e-mail, stored as its SHA-256 like the code.
ALTER TABLE one_time_codes ADD COLUMN token_hash text;
CREATE UNIQUE INDEX one_time_codes_token_idx ON one_time_codes (token_hash) WHERE token_hash IS NOT NULL;

-- A new checkout closes the user's open one ('expired'); at most one is open at a time.
ALTER TABLE checkout_sessions DROP CONSTRAINT checkout_sessions_status_check;
ALTER TABLE checkout_sessions ADD CONSTRAINT checkout_sessions_status_check
  CHECK (status IN ('open', 'completed', 'declined', 'expired'));
UPDATE checkout_sessions c SET status = 'expired'
WHERE c.status = 'open' AND EXISTS (
  SELECT 1 FROM checkout_sessions n
  WHERE n.user_id = c.user_id AND n.status = 'open' AND (n.created_at, n.id::text) > (c.created_at, c.id::text)
);
CREATE UNIQUE INDEX checkout_sessions_one_open_idx ON checkout_sessions (user_id) WHERE status = 'open';

-- At most one live subscription per user. Stacked ones from before keep only the newest live.
UPDATE subscriptions s SET status = 'canceled', cancel_at_period_end = true, updated_at = now()
WHERE s.status IN ('trialing', 'active', 'past_due') AND EXISTS (
  SELECT 1 FROM subscriptions n
  WHERE n.user_id = s.user_id AND n.status IN ('trialing', 'active', 'past_due')
    AND (n.created_at, n.id::text) > (s.created_at, s.id::text)
);
CREATE UNIQUE INDEX subscriptions_one_live_idx ON subscriptions (user_id)
  WHERE status IN ('trialing', 'active', 'past_due');
