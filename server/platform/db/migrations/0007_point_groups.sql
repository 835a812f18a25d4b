-- A learner's point groups (issue 13, §3 "Point group"): named sets of points, each point once per
-- group, kept in the order they were added. A group belongs to its user and goes with the account;
-- a point leaves every group if the knowledge base ever drops it.
CREATE TABLE point_groups (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX point_groups_user_idx ON point_groups (user_id, id);

-- The mapping id (`id`) is what removing a point from a group names (§7 mapping_id).
CREATE TABLE point_group_points (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES point_groups (id) ON DELETE CASCADE,
  point_code text NOT NULL REFERENCES points (code) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (group_id, point_code)
);

-- A point-group test (issue 14) remembers its group, so each group can have its own running test;
-- a group's tests go with the group.
ALTER TABLE self_tests ADD COLUMN group_id integer REFERENCES point_groups (id) ON DELETE CASCADE;
DROP INDEX self_tests_running_idx;
CREATE UNIQUE INDEX self_tests_running_idx ON self_tests (user_id, type, (coalesce(group_id, 0)))
  WHERE finished_at IS NULL;
