// Prepares the databases every server test file starts from, once per run: an embedded PGlite
// (migrated and seeded, dumped to a tarball) and, when DATABASE_URL_TEST points at a PostgreSQL
// server, a migrated and seeded template database there.
import { mkdirSync, writeFileSync } from "node:fs"
import { PgClient } from "@effect/sql-pg"
import { PGlite } from "@electric-sql/pglite"
import { Effect, type Layer, Redacted } from "effect"
import { Reactivity } from "effect/reactivity"
import { SqlClient } from "effect/sql"
import { seedContent } from "../../../server/content/seed.ts"
import { migrate } from "../../../server/platform/db/migrate.ts"
import { makePgliteClient, PGLITE_EXTENSIONS } from "../../../server/platform/db/pglite-client.ts"
import { adminUrl, PGLITE_DUMP, POSTGRES_TEMPLATE, TMP_DIR } from "./paths.ts"

const prepare = Effect.gen(function* () {
  yield* migrate()
  yield* seedContent()
})

/** An embedded PGlite, migrated and seeded, dumped to a tarball every file loads. */
const preparePglite = async () => {
  const db = await PGlite.create({ extensions: PGLITE_EXTENSIONS })
  await Effect.runPromise(
    Effect.gen(function* () {
      const sql = yield* makePgliteClient(db)
      yield* Effect.provideService(prepare, SqlClient.SqlClient, sql)
    }).pipe(Effect.scoped, Effect.provide(Reactivity.layer)),
  )
  const dump = await db.dumpDataDir("gzip")
  writeFileSync(PGLITE_DUMP, Buffer.from(await dump.arrayBuffer()))
  await db.close()
}

/** A migrated and seeded template database on the PostgreSQL server, every file's database cloned from it. */
const preparePostgres = async (admin: string) => {
  const adminLayer = PgClient.layer({ url: Redacted.make(admin) })
  await Effect.runPromise(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* sql.unsafe(`DROP DATABASE IF EXISTS ${POSTGRES_TEMPLATE}`)
      yield* sql.unsafe(`CREATE DATABASE ${POSTGRES_TEMPLATE}`)
    }).pipe(Effect.provide(adminLayer)),
  )
  const url = new URL(admin)
  url.pathname = `/${POSTGRES_TEMPLATE}`
  await Effect.runPromise(
    prepare.pipe(
      Effect.provide(PgClient.layer({ url: Redacted.make(url.toString()) }) as Layer.Layer<SqlClient.SqlClient>),
    ),
  )
}

export default async function setup() {
  mkdirSync(TMP_DIR, { recursive: true })
  // Side by side: PostgreSQL does its share of the work in its own processes while PGlite runs here.
  const admin = adminUrl()
  await Promise.all([preparePglite(), ...(admin ? [preparePostgres(admin)] : [])])
}
