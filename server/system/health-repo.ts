// Whether the database answers: the health check's one query.
import { Context, Effect, Layer, Schema } from "effect"
import { SqlClient, SqlSchema } from "effect/sql"
import { orDie } from "../platform/db/queries.ts"

export class HealthRepo extends Context.Service<HealthRepo, { readonly ping: Effect.Effect<void> }>()(
  "jingluo/server/HealthRepo",
) {
  static readonly layer = Layer.effect(
    HealthRepo,
    Effect.map(SqlClient.SqlClient, (sql) =>
      HealthRepo.of({ ping: orDie(SqlSchema.void({ Request: Schema.Void, execute: () => sql`SELECT 1 AS ok` }))() }),
    ),
  )
}
