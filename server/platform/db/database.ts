// The database the server talks to: a PostgreSQL server when DATABASE_URL is set, otherwise the
// embedded PGlite in `${DATA_DIR}/db`. Both are plain SqlClient layers; the SQL is the same.
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { PgClient } from "@effect/sql-pg"
import { Effect, Layer, Redacted } from "effect"
import type { SqlClient } from "effect/sql"
import { ServerConfig } from "../config/server-config.ts"
import { pgliteLayer } from "./pglite-client.ts"

export const Database: Layer.Layer<SqlClient.SqlClient, never, ServerConfig> = Layer.unwrap(
  Effect.gen(function* () {
    const config = yield* ServerConfig
    if (config.databaseUrl) {
      return PgClient.layer({ url: Redacted.make(config.databaseUrl), maxConnections: 10 }) as Layer.Layer<
        SqlClient.SqlClient,
        unknown
      >
    }
    const dataDir = join(config.dataDir, "db")
    mkdirSync(dataDir, { recursive: true })
    return pgliteLayer({ dataDir }) as Layer.Layer<SqlClient.SqlClient, unknown>
  }),
).pipe(Layer.orDie)
