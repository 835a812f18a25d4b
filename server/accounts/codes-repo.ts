// One-time codes (e-mail verification, password reset, e-mail change) and the link tokens sent with
// them, stored as hashes. A new code for the same purpose replaces the older ones; a used, expired
// or exhausted code never matches.
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"

export type CodePurpose = "verify-email" | "reset-password" | "change-email"

export const CodeRow = Schema.Struct({
  id: Schema.String,
  user_id: Schema.Number,
  code_hash: Schema.String,
  target_email: Schema.NullOr(Schema.String),
  attempts: Schema.Number,
  expires_at: Schema.Date,
})
export type CodeRow = typeof CodeRow.Type

const decodeRows = Schema.decodeUnknownEffect(Schema.Array(CodeRow))

export class CodesRepo extends Context.Service<
  CodesRepo,
  {
    readonly replace: (code: {
      readonly id: string
      readonly userId: number
      readonly purpose: CodePurpose
      readonly codeHash: string
      readonly tokenHash: string
      readonly targetEmail: string | null
      readonly now: Date
      readonly expiresAt: Date
    }) => Effect.Effect<void>
    /** The newest unconsumed code for the purpose, whatever its age or tries. */
    readonly latest: (userId: number, purpose: CodePurpose) => Effect.Effect<Option.Option<CodeRow>>
    /** The unconsumed code whose link token has this hash. */
    readonly byToken: (tokenHash: string, purpose: CodePurpose) => Effect.Effect<Option.Option<CodeRow>>
    /** Adds a try and returns the new count. */
    readonly countAttempt: (id: string) => Effect.Effect<number>
    readonly consume: (id: string, now: Date) => Effect.Effect<boolean>
  }
>()("jingluo/server/CodesRepo") {
  static readonly layer = Layer.effect(
    CodesRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const columns = sql`id::text AS id, user_id, code_hash, target_email, attempts, expires_at`
      const one = <E, R>(query: Effect.Effect<ReadonlyArray<unknown>, E, R>) =>
        query.pipe(
          Effect.flatMap(decodeRows),
          Effect.map((rows) => Option.fromNullishOr(rows[0])),
          Effect.orDie,
        )
      return CodesRepo.of({
        replace: (c) =>
          sql
            .withTransaction(
              Effect.gen(function* () {
                yield* sql`DELETE FROM one_time_codes WHERE user_id = ${c.userId} AND purpose = ${c.purpose}`
                yield* sql`
                INSERT INTO one_time_codes (id, user_id, purpose, code_hash, token_hash, target_email, created_at, expires_at)
                VALUES (${c.id}::uuid, ${c.userId}, ${c.purpose}, ${c.codeHash}, ${c.tokenHash}, ${c.targetEmail},
                        ${c.now.toISOString()}::timestamptz, ${c.expiresAt.toISOString()}::timestamptz)`
              }),
            )
            .pipe(Effect.orDie),
        latest: (userId, purpose) =>
          one(sql`
            SELECT ${columns} FROM one_time_codes
            WHERE user_id = ${userId} AND purpose = ${purpose} AND consumed_at IS NULL
            ORDER BY created_at DESC LIMIT 1`),
        byToken: (tokenHash, purpose) =>
          one(sql`
            SELECT ${columns} FROM one_time_codes
            WHERE token_hash = ${tokenHash} AND purpose = ${purpose} AND consumed_at IS NULL`),
        countAttempt: (id) =>
          sql<{
            attempts: number
          }>`UPDATE one_time_codes SET attempts = attempts + 1 WHERE id = ${id}::uuid RETURNING attempts`.pipe(
            Effect.map((rows) => rows[0]?.attempts ?? Number.POSITIVE_INFINITY),
            Effect.orDie,
          ),
        consume: (id, now) =>
          sql<{ id: string }>`
            UPDATE one_time_codes SET consumed_at = ${now.toISOString()}::timestamptz
            WHERE id = ${id}::uuid AND consumed_at IS NULL RETURNING id::text AS id`.pipe(
            Effect.map((rows) => rows.length === 1),
            Effect.orDie,
          ),
      })
    }),
  )
}
