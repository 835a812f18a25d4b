// The database the server talks to: a PostgreSQL server when DATABASE_URL is set, otherwise the
// embedded PGlite in `${DATA_DIR}/db`. Both are plain SqlClient layers; the SQL is the same.
import { spawn } from "node:child_process"
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { PgClient } from "@effect/sql-pg"
import { Effect, Layer, Redacted } from "effect"
import type { SqlClient } from "effect/sql"
import { ServerConfig } from "../config/server-config.ts"
import { pgliteLayer } from "./pglite-client.ts"

const PREPARE_SCRIPT = join(import.meta.dirname, "prepare.ts")

/**
 * Migrates and seeds a PGlite data directory in a child process (server/platform/db/prepare.ts says why),
 * so the server opens an instance that never held the seed: ~300 MB instead of ~600 MB idle. The
 * server's own migrate-and-seed then finds nothing to do.
 */
const preparePglite = (dataDir: string, contentDir: string) =>
  Effect.callback<void, Error>((resume) => {
    const child = spawn(process.execPath, [PREPARE_SCRIPT, dataDir, contentDir], { stdio: "inherit" })
    child.once("error", (error) => resume(Effect.fail(error)))
    child.once("exit", (code, signal) =>
      resume(
        code === 0
          ? Effect.void
          : Effect.fail(new Error(`Preparing the database failed (${signal ?? `exit code ${code}`}); see above.`)),
      ),
    )
    return Effect.sync(() => child.kill("SIGTERM"))
  })

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
    yield* preparePglite(dataDir, config.contentDir)
    return pgliteLayer({ dataDir }) as Layer.Layer<SqlClient.SqlClient, unknown>
  }),
).pipe(Layer.orDie)
