// The knowledge base in the database: everything from content/ is there after the seed, seeding the
// same files again changes nothing, and a changed file updates its rows in place without touching
// user data.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { CONTENT_DIR, contentVersion, loadContent } from "../../server/content/load-content.ts"
import { ContentRepo } from "../../server/content/repo.ts"
import { seedContent, seededVersion } from "../../server/content/seed.ts"
import { POINT_COUNTS, STANDARD_POINT_TOTAL } from "../../src/domain/content/content-schema.ts"
import { insertUser, TestDatabase } from "./support/layers.ts"

const content = loadContent()

const count = (table: string, where = "TRUE") =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.unsafe<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`),
  ).pipe(Effect.map((rows) => rows[0]!.n))

const copyContent = () => {
  const dir = mkdtempSync(join(tmpdir(), "jingluo-content-"))
  cpSync(CONTENT_DIR, dir, { recursive: true })
  return dir
}

layer(ContentRepo.layer.pipe(Layer.provideMerge(TestDatabase)), { timeout: 60_000 })("content seed", (it) => {
  it.effect("holds every channel, point, vessel, category, body area, quote and page", () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* count("channels"), 14)
      assert.strictEqual(yield* count("points", "kind = 'standard'"), STANDARD_POINT_TOTAL)
      assert.strictEqual(yield* count("points", "kind = 'extra'"), content.extraPoints.length)
      for (const [code, n] of Object.entries(POINT_COUNTS))
        assert.strictEqual(yield* count("points", `channel_code = '${code}'`), n)
      assert.strictEqual(yield* count("vessels"), 8)
      assert.strictEqual(yield* count("categories"), content.categories.length)
      assert.strictEqual(yield* count("body_areas"), content.bodyAreas.length)
      assert.strictEqual(yield* count("quotes"), content.quotes.length)
      assert.strictEqual(yield* count("pages"), content.pages.length)
      assert.strictEqual(yield* count("points", "code NOT IN (SELECT point_code FROM body_area_points)"), 0)
      assert.strictEqual(yield* count("points", "free"), POINT_COUNTS.LU + POINT_COUNTS.LI)
    }),
  )

  it.effect("leaves planner statistics and a merged full-text index, so a search reads its index", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const [stats] = yield* sql<{ rows: number }>`
        SELECT reltuples::int AS rows FROM pg_class WHERE relname = 'search_documents'`
      assert.isAbove(stats!.rows, 10_000)
      // Without statistics the planner read every text of the language; with the index's pending
      // list unmerged it judged the index too slow and read the whole table.
      const plan = yield* sql.unsafe<{ "QUERY PLAN": string }>(
        "EXPLAIN SELECT point_code FROM search_documents WHERE language = 'en' AND document @@ to_tsquery('jingluo_english', 'cough:*')",
      )
      assert.include(plan.map((row) => row["QUERY PLAN"]).join("\n"), "search_documents_document_idx")
    }),
  )

  it.effect("keeps every point's, channel's and vessel's German and Spanish texts with its row", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      for (const language of ["de", "es"]) {
        assert.strictEqual(yield* count("points", `NOT (data->'translations' ? '${language}')`), 0)
        assert.strictEqual(yield* count("channels", `NOT (data->'translations' ? '${language}')`), 0)
        assert.strictEqual(yield* count("vessels", `NOT (data->'translations' ? '${language}')`), 0)
      }
      const [row] = yield* sql<{
        location: string
      }>`SELECT data->'translations'->'de'->>'location' AS location FROM points WHERE code = 'LU-9'`
      assert.strictEqual(row!.location, content.translations.de.channels.LU!.points["LU-9"]!.location)
    }),
  )

  it.effect("seeds again a database seeded from the same files by a build that laid rows out otherwise", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      // As the build before the translations left it: the bare digest, rows without translations.
      yield* sql`UPDATE content_meta SET value = ${contentVersion()} WHERE key = 'content_version'`
      yield* sql`UPDATE points SET data = data - 'translations'`
      assert.isTrue(yield* seedContent())
      assert.strictEqual(yield* count("points", `NOT (data->'translations' ? 'de')`), 0)
      const [meta] = yield* sql<{ value: string }>`SELECT value FROM content_meta WHERE key = 'content_version'`
      assert.strictEqual(meta!.value, seededVersion())
      assert.isFalse(yield* seedContent())
    }),
  )

  it.effect("seeding the same files again changes nothing", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const before = yield* sql<{
        digest: string
      }>`SELECT md5(string_agg(code || data::text, ',' ORDER BY code)) AS digest FROM points`
      assert.isFalse(yield* seedContent())
      const after = yield* sql<{
        digest: string
      }>`SELECT md5(string_agg(code || data::text, ',' ORDER BY code)) AS digest FROM points`
      assert.strictEqual(after[0]!.digest, before[0]!.digest)
    }),
  )

  it.effect("a changed point text is updated in place and user data stays", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const userId = yield* insertUser("keeper@example.com")
      const dir = copyContent()
      const file = join(dir, "channels", "HT.json")
      const channel = JSON.parse(readFileSync(file, "utf8"))
      channel.points[6].commentary = `${channel.points[6].commentary} Revised after review.`
      writeFileSync(file, JSON.stringify(channel, null, 2))

      assert.isTrue(yield* seedContent(dir))
      const [row] = yield* sql<{
        commentary: string
      }>`SELECT data->>'commentary' AS commentary FROM points WHERE code = 'HT-7'`
      assert.isTrue(row!.commentary.endsWith("Revised after review."))
      assert.strictEqual(yield* count("users", `id = ${userId}`), 1)
      assert.strictEqual(yield* count("points", "kind = 'standard'"), STANDARD_POINT_TOTAL)
      assert.isFalse(yield* seedContent(dir))

      // Back to the shipped files for the other tests.
      assert.isTrue(yield* seedContent())
    }),
  )

  it.effect("an item removed from the files is removed from the database", () =>
    Effect.gen(function* () {
      const dir = copyContent()
      const file = join(dir, "extra-points.json")
      const extra = JSON.parse(readFileSync(file, "utf8"))
      const removed = extra.points.pop().code as string
      // A category may refer to the removed point; keep the copy consistent.
      const categoriesFile = join(dir, "categories.json")
      const categories = JSON.parse(readFileSync(categoriesFile, "utf8"))
      for (const c of categories.categories) c.members = c.members.filter((m: { point: string }) => m.point !== removed)
      writeFileSync(categoriesFile, JSON.stringify(categories))
      writeFileSync(file, JSON.stringify(extra))
      yield* seedContent(dir)
      assert.strictEqual(yield* count("points", `code = '${removed}'`), 0)
      yield* seedContent()
      assert.strictEqual(yield* count("points", `code = '${removed}'`), 1)
    }),
  )
})
