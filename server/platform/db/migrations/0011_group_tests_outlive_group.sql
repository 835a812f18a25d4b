-- Deleting a point group keeps the scores of its finished tests in the learner's history: the test
-- forgets its group (group_id becomes null) instead of going with it. A test still running on the
-- group cannot go on without it and is removed with the group.
ALTER TABLE self_tests DROP CONSTRAINT self_tests_group_id_fkey;
ALTER TABLE self_tests
  ADD CONSTRAINT self_tests_group_id_fkey FOREIGN KEY (group_id) REFERENCES point_groups (id) ON DELETE SET NULL;

CREATE FUNCTION delete_running_group_tests() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM self_tests WHERE group_id = OLD.id AND finished_at IS NULL;
  RETURN OLD;
END;
$$;

CREATE TRIGGER point_groups_delete_running_tests
  BEFORE DELETE ON point_groups
  FOR EACH ROW EXECUTE FUNCTION delete_running_group_tests();
