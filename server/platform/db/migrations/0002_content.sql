-- The knowledge base, seeded from content/. Rows are keyed by their content ids (point codes,
-- slugs), so re-seeding updates them in place and user data that refers to them stays attached.
CREATE TABLE content_meta (
  key text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE channels (
  code text PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  position integer NOT NULL,
  free boolean NOT NULL,
  data jsonb NOT NULL
);

CREATE TABLE points (
  code text PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  channel_code text REFERENCES channels (code),
  kind text NOT NULL CHECK (kind IN ('standard', 'extra')),
  position integer NOT NULL,
  free boolean NOT NULL,
  data jsonb NOT NULL
);
CREATE INDEX points_channel_idx ON points (channel_code, position);

CREATE TABLE vessels (
  id text PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  position integer NOT NULL,
  free boolean NOT NULL,
  data jsonb NOT NULL
);

CREATE TABLE categories (
  id text PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  position integer NOT NULL,
  free boolean NOT NULL,
  data jsonb NOT NULL
);

CREATE TABLE category_points (
  category_id text NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  point_code text NOT NULL REFERENCES points (code) ON DELETE CASCADE,
  position integer NOT NULL,
  data jsonb NOT NULL,
  PRIMARY KEY (category_id, position)
);
CREATE INDEX category_points_point_idx ON category_points (point_code);

CREATE TABLE body_areas (
  id text PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  position integer NOT NULL,
  free boolean NOT NULL,
  data jsonb NOT NULL
);

CREATE TABLE body_area_points (
  body_area_id text NOT NULL REFERENCES body_areas (id) ON DELETE CASCADE,
  point_code text NOT NULL REFERENCES points (code) ON DELETE CASCADE,
  PRIMARY KEY (body_area_id, point_code)
);

CREATE TABLE quotes (
  id text PRIMARY KEY,
  position integer NOT NULL,
  point_code text NOT NULL REFERENCES points (code),
  data jsonb NOT NULL
);

CREATE TABLE pages (
  slug text PRIMARY KEY,
  position integer NOT NULL,
  free boolean NOT NULL,
  data jsonb NOT NULL
);
