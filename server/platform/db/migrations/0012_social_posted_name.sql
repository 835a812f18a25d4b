-- A provider that sends the user's name only with its answer (Apple posts it once, beside the code,
-- and not in the ID token): the callback keeps it on the attempt until the code is exchanged.
ALTER TABLE social_sign_in_attempts ADD COLUMN posted_first_name text;
ALTER TABLE social_sign_in_attempts ADD COLUMN posted_last_name text;
