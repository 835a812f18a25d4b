// A SqlClient (effect/sql) over PGlite, the embedded PostgreSQL: the default database for
// `npm start` and the server tests. PGlite has one connection, so statements and transactions take
// turns through a semaphore; the statement compiler is the PostgreSQL one, so SQL is identical.

import { PgClient } from "@effect/sql-pg"
import { PGlite, type PGliteOptions } from "@electric-sql/pglite"
import { unaccent } from "@electric-sql/pglite/contrib/unaccent"
import { Effect, Layer, type Scope, Semaphore, Stream } from "effect"
import { Reactivity } from "effect/reactivity"
import { SqlClient, type SqlConnection, SqlError } from "effect/sql"

const classify = (cause: unknown, operation: string) => {
  const code = typeof cause === "object" && cause !== null && "code" in cause ? String(cause.code) : ""
  const message = cause instanceof Error ? cause.message : "PGlite query failed"
  const props = { cause, message, operation }
  if (code === "23505") {
    const constraint =
      typeof cause === "object" && cause !== null && "constraint" in cause ? String(cause.constraint) : "unknown"
    return new SqlError.UniqueViolation({ ...props, constraint })
  }
  if (code.startsWith("23")) return new SqlError.ConstraintError(props)
  if (code === "40001") return new SqlError.SerializationError(props)
  if (code === "40P01") return new SqlError.DeadlockError(props)
  if (code.startsWith("42")) return new SqlError.SqlSyntaxError(props)
  return new SqlError.UnknownError(props)
}

const toSqlError = (operation: string) => (cause: unknown) =>
  new SqlError.SqlError({ reason: classify(cause, operation) })

/**
 * Postgres settings for the embedded database. PGlite's default buffer pool is 128 MB of WebAssembly
 * memory that fills as pages are read and never shrinks; the whole knowledge base is ~40 MB on
 * disk and its hot pages fit in 16 MB, while the files themselves stay in the system's page cache
 * (which is not the server's memory). Index builds of the seed get 16 MB instead of 64.
 */
export const PGLITE_SETTINGS: Record<string, string> = {
  shared_buffers: "16MB",
  maintenance_work_mem: "16MB",
  temp_buffers: "2MB",
}

const startParams = [
  ...PGlite.defaultStartParams,
  ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
]

/** Contrib extensions the migrations create (`unaccent` for search); PGlite loads them on open. */
export const PGLITE_EXTENSIONS = { unaccent }

export interface PgliteClientOptions {
  /** A directory to persist to; memory when absent. */
  readonly dataDir?: string | undefined
  /** A tarball made by `dumpDataDir`, to start from a prepared database. */
  readonly loadDataDir?: Blob | File | undefined
}

export const openPglite = (options: PgliteClientOptions) =>
  Effect.acquireRelease(
    Effect.tryPromise({
      try: () => {
        const pgOptions: PGliteOptions = { startParams: [...startParams], extensions: PGLITE_EXTENSIONS }
        if (options.loadDataDir) pgOptions.loadDataDir = options.loadDataDir
        return options.dataDir ? PGlite.create(options.dataDir, pgOptions) : PGlite.create(pgOptions)
      },
      catch: (cause) =>
        new SqlError.SqlError({
          reason: new SqlError.ConnectionError({ cause, message: "Cannot open PGlite", operation: "open" }),
        }),
    }),
    (db) => Effect.promise(() => db.close()),
  )

export const makePgliteClient = Effect.fnUntraced(function* (db: PGlite) {
  const semaphore = yield* Semaphore.make(1)

  const rows = (sql: string, params: ReadonlyArray<unknown>) =>
    Effect.tryPromise({
      try: () => db.query<Record<string, unknown>>(sql, params as Array<unknown>),
      catch: toSqlError("execute"),
    }).pipe(Effect.map((result) => result.rows))

  const values = (sql: string, params: ReadonlyArray<unknown>) =>
    Effect.tryPromise({
      try: () => db.query<Array<unknown>>(sql, params as Array<unknown>, { rowMode: "array" }),
      catch: toSqlError("executeValues"),
    }).pipe(Effect.map((result) => result.rows))

  const transform = <A extends object>(
    result: ReadonlyArray<A>,
    transformRows: (<B extends object>(row: ReadonlyArray<B>) => ReadonlyArray<B>) | undefined,
  ) => (transformRows ? transformRows(result) : result)

  const connection: SqlConnection.Connection = {
    execute: (sql, params, transformRows) => Effect.map(rows(sql, params), (r) => transform(r, transformRows)),
    executeUnprepared: (sql, params, transformRows) =>
      params.length === 0
        ? Effect.tryPromise({ try: () => db.exec(sql), catch: toSqlError("exec") }).pipe(
            Effect.map((results) => transform((results.at(-1)?.rows ?? []) as ReadonlyArray<object>, transformRows)),
          )
        : Effect.map(rows(sql, params), (r) => transform(r, transformRows)),
    executeRaw: (sql, params) =>
      Effect.tryPromise({ try: () => db.query(sql, params as Array<unknown>), catch: toSqlError("executeRaw") }),
    executeValues: values,
    executeValuesUnprepared: values,
    executeStream: (sql, params, transformRows) =>
      Stream.fromIterableEffect(Effect.map(rows(sql, params), (r) => transform(r, transformRows))),
  }

  // One lease at a time: a transaction keeps the lease until it commits or rolls back.
  const acquirer: Effect.Effect<SqlConnection.Connection, never, Scope.Scope> = Effect.acquireRelease(
    semaphore.take(1),
    () => semaphore.release(1),
  ).pipe(Effect.as(connection))

  return yield* SqlClient.make({
    acquirer,
    compiler: PgClient.makeCompiler(),
    driver: "pglite",
    spanAttributes: [["db.system.name", "postgresql"]],
    releaseSavepoint: (name) => `RELEASE SAVEPOINT ${name}`,
  })
})

export const pgliteLayer = (options: PgliteClientOptions): Layer.Layer<SqlClient.SqlClient, SqlError.SqlError> =>
  Layer.effect(SqlClient.SqlClient)(Effect.flatMap(openPglite(options), makePgliteClient)).pipe(
    Layer.provide(Reactivity.layer),
  )
