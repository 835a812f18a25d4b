// Ordered SQL migrations from server/platform/db/migrations, each applied once in its own
// transaction and recorded in schema_migrations. An advisory lock keeps concurrent server starts
// from racing.
//
// Why not effect/sql's Migrator (it would run on our PGlite adapter, whose dialect is pg): it
// applies only migrations numbered above the newest one recorded, so with features landing from
// parallel branches a migration merged later under a lower number would be skipped for good on a
// database that already has a higher one; this one applies every file not yet recorded. It also
// keeps its own table (effect_sql_migrations, by number), while every existing database records
// its migrations in schema_migrations by name, and it loads migrations as modules, where ours are
// plain .sql files that PGlite and PostgreSQL run alike.
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export const MIGRATIONS_DIR = join(import.meta.dirname, "migrations")
const LOCK_ID = 7_304_112

/** Splits a migration into statements at semicolons that end a line outside dollar quotes. */
export const splitStatements = (source: string): Array<string> => {
  const statements: Array<string> = []
  let current: Array<string> = []
  let inDollar = false
  for (const line of source.split("\n")) {
    if (line.trim().startsWith("--") && current.length === 0) continue
    current.push(line)
    const dollars = line.match(/\$\$/g)?.length ?? 0
    if (dollars % 2 === 1) inDollar = !inDollar
    if (!inDollar && /;\s*$/.test(line)) {
      const statement = current.join("\n").trim().replace(/;\s*$/, "")
      if (statement.length > 0) statements.push(statement)
      current = []
    }
  }
  const rest = current.join("\n").trim()
  if (rest.length > 0) statements.push(rest)
  return statements
}

export const listMigrations = (dir = MIGRATIONS_DIR) =>
  readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      id: file.replace(/\.sql$/, ""),
      statements: splitStatements(readFileSync(join(dir, file), "utf8")),
    }))

export const migrate = Effect.fn("migrate")(function* (dir: string = MIGRATIONS_DIR) {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`
  const applied: Array<string> = []
  for (const migration of listMigrations(dir)) {
    const ran = yield* sql.withTransaction(
      Effect.gen(function* () {
        yield* sql`SELECT pg_advisory_xact_lock(${LOCK_ID})`
        const done = yield* sql<{ id: string }>`SELECT id FROM schema_migrations WHERE id = ${migration.id}`
        if (done.length > 0) return false
        for (const statement of migration.statements) yield* sql.unsafe(statement)
        yield* sql`INSERT INTO schema_migrations (id) VALUES (${migration.id})`
        return true
      }),
    )
    if (ran) applied.push(migration.id)
  }
  return applied
})
