-- The test setting that leaves out the points contraindicated in pregnancy
-- (src/domain/self-tests/test-settings.ts). NULL, like an absent row, means off.
ALTER TABLE user_settings ADD COLUMN test_leave_out_pregnancy boolean;
