-- Full-text search (issue 12): one row per searchable text of a point per language, with its
-- text-search vector precomputed and indexed. Each language searches with its own stemmer
-- (english, german, spanish) after unaccent, so "Kopfschmerzen" finds "Kopfschmerz" and "tos"
-- finds "Tos"; a text not yet translated is indexed in English with the English stemmer.
-- The rows are rebuilt by the content seed whenever the content (or the index format) changes.
CREATE EXTENSION IF NOT EXISTS unaccent;

CREATE TEXT SEARCH CONFIGURATION jingluo_english (COPY = pg_catalog.english);
ALTER TEXT SEARCH CONFIGURATION jingluo_english
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;

CREATE TEXT SEARCH CONFIGURATION jingluo_german (COPY = pg_catalog.german);
ALTER TEXT SEARCH CONFIGURATION jingluo_german
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, german_stem;

CREATE TEXT SEARCH CONFIGURATION jingluo_spanish (COPY = pg_catalog.spanish);
ALTER TEXT SEARCH CONFIGURATION jingluo_spanish
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;

CREATE TABLE search_documents (
  language text NOT NULL CHECK (language IN ('en', 'de', 'es')),
  point_code text NOT NULL REFERENCES points (code) ON DELETE CASCADE,
  field text NOT NULL,
  -- The item of a list field (one indication, one action); 0 for a text.
  position integer NOT NULL,
  -- The configuration the text is stemmed with: its own language's, or English where untranslated.
  config regconfig NOT NULL,
  weight "char" NOT NULL CHECK (weight IN ('A', 'B', 'C', 'D')),
  body text NOT NULL,
  document tsvector GENERATED ALWAYS AS (setweight(to_tsvector(config, body), weight)) STORED,
  PRIMARY KEY (language, point_code, field, position)
);
CREATE INDEX search_documents_document_idx ON search_documents USING gin (document);
