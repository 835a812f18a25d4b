// Whether the database answers: the health check's one query.
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

export class HealthRepo extends Context.Service<HealthRepo, { readonly ping: Effect.Effect<void> }>()(
  "jingluo/server/HealthRepo",
) {
  static readonly layer = Layer.effect(
    HealthRepo,
    Effect.map(SqlClient.SqlClient, (sql) =>
      HealthRepo.of({ ping: sql`SELECT 1 AS ok`.pipe(Effect.asVoid, Effect.orDie) }),
    ),
  )
}
