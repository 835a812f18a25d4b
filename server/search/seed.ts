// Builds the search index as part of the content seed: whenever the content files or the index
// format changed since the index was last written, every row of `search_documents` is written
// again in one transaction. Otherwise it does nothing, so a restart costs one query.
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { CONTENT_DIR, type Content, contentVersion, loadContent } from "../content/load-content.ts"
import { SEARCH_INDEX_FORMAT, searchDocuments } from "./documents.ts"
import { writeSearchIndex } from "./repo.ts"

const INDEX_KEY = "search_index"

/** Rebuilds the index when it is not of these files and this format; returns whether it did. */
export const seedSearchIndex = Effect.fn("seedSearchIndex")(function* (
  dir: string = CONTENT_DIR,
  options: { readonly content?: Content } = {},
) {
  const sql = yield* SqlClient.SqlClient
  const version = `${contentVersion(dir)}:${SEARCH_INDEX_FORMAT}`
  const stored = yield* sql<{ value: string }>`SELECT value FROM content_meta WHERE key = ${INDEX_KEY}`
  if (stored[0]?.value === version) return false
  const rows = searchDocuments(options.content ?? loadContent(dir))
  yield* sql.withTransaction(
    Effect.gen(function* () {
      yield* writeSearchIndex(rows)
      yield* sql`INSERT INTO content_meta (key, value) VALUES (${INDEX_KEY}, ${version})
                 ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`
    }),
  )
  // The new rows wait in the full-text index's pending list (GIN's fast update), which every search
  // would read through row by row until a vacuum merges it, and PGlite runs no autovacuum: with the
  // whole knowledge base pending, finding "cough" took 5–7 ms in the index instead of 0.1 ms.
  yield* sql`SELECT gin_clean_pending_list('search_documents_document_idx'::regclass)`
  return true
})
