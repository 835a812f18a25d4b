-- Re-authentication for the account's keys: a four-digit code mailed to the current address proves
-- an account without a password (social sign-in) before its e-mail, password or existence changes.
ALTER TABLE one_time_codes DROP CONSTRAINT one_time_codes_purpose_check;
ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_purpose_check
  CHECK (purpose IN ('verify-email', 'reset-password', 'change-email', 'reauthenticate'));

-- The undo link of an e-mail change, mailed to the address that was replaced: its 128-bit token
-- (stored as its SHA-256) restores `old_email` once, within the days of `expires_at`.
CREATE TABLE email_change_undos (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  old_email text NOT NULL,
  new_email text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_change_undos_user_idx ON email_change_undos (user_id);
CREATE INDEX email_change_undos_expires_idx ON email_change_undos (expires_at);
