// Effect layers over a fresh copy of the prepared PGlite database, for service-level tests that
// control time with TestClock.
import { readFileSync } from "node:fs"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { pgliteLayer } from "../../../server/platform/db/pglite-client.ts"
import { PGLITE_DUMP } from "./paths.ts"

export const TestDatabase = Layer.suspend(() =>
  pgliteLayer({ loadDataDir: new Blob([readFileSync(PGLITE_DUMP)]) }),
).pipe(Layer.orDie)

/** Inserts a bare user row and returns its id. */
export const insertUser = (email: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ id: number }>`
      INSERT INTO users (uuid, email, first_name, last_name, password_hash)
      VALUES (gen_random_uuid(), ${email}, 'Test', 'User', NULL) RETURNING id`
    return rows[0]!.id
  }).pipe(Effect.orDie)
