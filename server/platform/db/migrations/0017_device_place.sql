-- Where a sign-in came from, roughly: the ISO country code of the client address at sign-in,
-- 'local' for a loopback or private address, NULL when unknown. The registered-devices page shows
-- it so a learner can tell their own sign-ins from someone else's.
ALTER TABLE sessions ADD COLUMN place text;
