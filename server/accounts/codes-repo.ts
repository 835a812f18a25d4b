// One-time codes (e-mail verification, password reset, e-mail change, re-authentication of an
// account without a password) and the link tokens sent with them, stored as hashes. A new code for
// the same purpose replaces the older ones; a used, expired or exhausted code never matches.
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient, SqlSchema } from "effect/sql"
import { orDie } from "../platform/db/queries.ts"

export const CodeRow = Schema.Struct({
  id: Schema.String,
  user_id: Schema.Number,
  code_hash: Schema.String,
  target_email: Schema.NullOr(Schema.String),
  attempts: Schema.Number,
  expires_at: Schema.Date,
})
export type CodeRow = typeof CodeRow.Type

export const CodePurpose = Schema.Literals(["verify-email", "reset-password", "change-email", "reauthenticate"])
export type CodePurpose = typeof CodePurpose.Type

export const NewCode = Schema.Struct({
  id: Schema.String,
  userId: Schema.Number,
  purpose: CodePurpose,
  codeHash: Schema.String,
  tokenHash: Schema.String,
  targetEmail: Schema.NullOr(Schema.String),
  now: Schema.Date,
  expiresAt: Schema.Date,
})
export type NewCode = typeof NewCode.Type

export class CodesRepo extends Context.Service<
  CodesRepo,
  {
    readonly replace: (code: NewCode) => Effect.Effect<void>
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
      const replace = SqlSchema.void({
        Request: NewCode,
        execute: (c) =>
          sql.withTransaction(
            Effect.gen(function* () {
              yield* sql`DELETE FROM one_time_codes WHERE user_id = ${c.userId} AND purpose = ${c.purpose}`
              yield* sql`
                INSERT INTO one_time_codes (id, user_id, purpose, code_hash, token_hash, target_email, created_at, expires_at)
                VALUES (${c.id}::uuid, ${c.userId}, ${c.purpose}, ${c.codeHash}, ${c.tokenHash}, ${c.targetEmail},
                        ${c.now.toISOString()}::timestamptz, ${c.expiresAt.toISOString()}::timestamptz)`
            }),
          ),
      })
      const latest = SqlSchema.findOneOption({
        Request: Schema.Struct({ userId: Schema.Number, purpose: CodePurpose }),
        Result: CodeRow,
        execute: ({ userId, purpose }) => sql`
          SELECT ${columns} FROM one_time_codes
          WHERE user_id = ${userId} AND purpose = ${purpose} AND consumed_at IS NULL
          ORDER BY created_at DESC LIMIT 1`,
      })
      const byToken = SqlSchema.findOneOption({
        Request: Schema.Struct({ tokenHash: Schema.String, purpose: CodePurpose }),
        Result: CodeRow,
        execute: ({ tokenHash, purpose }) => sql`
          SELECT ${columns} FROM one_time_codes
          WHERE token_hash = ${tokenHash} AND purpose = ${purpose} AND consumed_at IS NULL`,
      })
      const countAttempt = SqlSchema.findOneOption({
        Request: Schema.String,
        Result: Schema.Struct({ attempts: Schema.Number }),
        execute: (id) =>
          sql`UPDATE one_time_codes SET attempts = attempts + 1 WHERE id = ${id}::uuid RETURNING attempts`,
      })
      const consume = SqlSchema.findOneOption({
        Request: Schema.Struct({ id: Schema.String, now: Schema.Date }),
        Result: Schema.Struct({ id: Schema.String }),
        execute: ({ id, now }) => sql`
          UPDATE one_time_codes SET consumed_at = ${now.toISOString()}::timestamptz
          WHERE id = ${id}::uuid AND consumed_at IS NULL RETURNING id::text AS id`,
      })
      return CodesRepo.of({
        replace: orDie(replace),
        latest: orDie((userId: number, purpose: CodePurpose) => latest({ userId, purpose })),
        byToken: orDie((tokenHash: string, purpose: CodePurpose) => byToken({ tokenHash, purpose })),
        // A code that is gone counts as out of tries.
        countAttempt: orDie((id: string) =>
          Effect.map(
            countAttempt(id),
            Option.match({ onNone: () => Number.POSITIVE_INFINITY, onSome: (r) => r.attempts }),
          ),
        ),
        consume: orDie((id: string, now: Date) => Effect.map(consume({ id, now }), Option.isSome)),
      })
    }),
  )
}
