-- Self-tests: the learner's settings, each test with its stored questions and the server's clock,
-- the answers as they arrive, and the spaced-review queue of points answered wrongly (FSRS cards).
CREATE TABLE user_settings (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  test_duration integer NOT NULL DEFAULT 10 CHECK (test_duration BETWEEN 1 AND 100),
  test_limit integer NOT NULL DEFAULT 20 CHECK (test_limit BETWEEN 1 AND 100),
  test_difficulty smallint NOT NULL DEFAULT 0 CHECK (test_difficulty IN (0, 1)),
  test_all_points boolean NOT NULL DEFAULT false,
  test_timed boolean NOT NULL DEFAULT true,
  test_extra_time integer NOT NULL DEFAULT 2 CHECK (test_extra_time BETWEEN 1 AND 10),
  continuous_play boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE self_tests (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL,
  difficulty smallint NOT NULL CHECK (difficulty IN (0, 1)),
  -- The questions as generated (Question schema, answers included): never sent before answering,
  -- and what "repeat" copies, so a repeated test asks exactly the same even after a content change.
  questions jsonb NOT NULL,
  total integer NOT NULL,
  -- The server's clock: epoch milliseconds; duration null is practice without a time limit.
  started_at bigint NOT NULL,
  duration_ms integer,
  extensions integer NOT NULL DEFAULT 0,
  extra_time_ms integer NOT NULL,
  repeat_of uuid REFERENCES self_tests (id) ON DELETE SET NULL,
  -- Set once when the test ends (finished by the learner, or found past its deadline).
  finished_at bigint,
  expired boolean,
  score integer,
  answered integer,
  time_used_ms integer,
  review_queued integer
);
-- One running test per learner and type: a second tab or a double click resumes it.
CREATE UNIQUE INDEX self_tests_running_idx ON self_tests (user_id, type) WHERE finished_at IS NULL;
CREATE INDEX self_tests_history_idx ON self_tests (user_id, finished_at);

CREATE TABLE self_test_answers (
  test_id uuid NOT NULL REFERENCES self_tests (id) ON DELETE CASCADE,
  question integer NOT NULL,
  answer jsonb NOT NULL,
  answered_at bigint NOT NULL,
  PRIMARY KEY (test_id, question)
);

CREATE TABLE review_cards (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  point_code text NOT NULL,
  due bigint NOT NULL,
  card jsonb NOT NULL,
  updated_at bigint NOT NULL,
  PRIMARY KEY (user_id, point_code)
);
CREATE INDEX review_cards_due_idx ON review_cards (user_id, due);
