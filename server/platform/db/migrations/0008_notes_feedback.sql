-- Notes on points and the learner's review of the app. A note refers to its point by code without a
-- foreign key on purpose: re-seeding may drop a point that left the knowledge base, and the learner's
-- own words must not go with it (lists join the points that exist). Deleting the user deletes both.
-- Versions come from one sequence, so a note deleted and written again never repeats a version an
-- old tab may still hold.
CREATE SEQUENCE point_note_versions AS integer;

CREATE TABLE point_notes (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  point_code text NOT NULL,
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 10000),
  -- New with every save; a save names the version it was typed on, and a stale one is a conflict.
  version integer NOT NULL DEFAULT nextval('point_note_versions'),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, point_code)
);
CREATE INDEX point_notes_recent_idx ON point_notes (user_id, updated_at DESC);

CREATE TABLE app_reviews (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment text NOT NULL DEFAULT '' CHECK (char_length(comment) <= 2000),
  improve text NOT NULL DEFAULT '' CHECK (char_length(improve) <= 2000),
  language text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
