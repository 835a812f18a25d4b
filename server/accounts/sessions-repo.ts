// Sessions: one row per sign-in holding the SHA-256 of the bearer token and a device name.
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"

export const SessionRow = Schema.Struct({
  id: Schema.String,
  user_id: Schema.Number,
  uuid: Schema.String,
  device_name: Schema.String,
  expires_at: Schema.Date,
  /** The user's plan, read with the session so a request needs one query to know its caller. */
  plan_id: Schema.Number,
})
export type SessionRow = typeof SessionRow.Type

const decodeRows = Schema.decodeUnknownEffect(Schema.Array(SessionRow))

export class SessionsRepo extends Context.Service<
  SessionsRepo,
  {
    readonly create: (session: {
      readonly id: string
      readonly userId: number
      readonly tokenHash: string
      readonly deviceName: string
      readonly now: Date
      readonly expiresAt: Date
    }) => Effect.Effect<void>
    /** The live session for a token hash, touched as used now. */
    readonly findLive: (tokenHash: string, now: Date) => Effect.Effect<Option.Option<SessionRow>>
    readonly delete: (id: string) => Effect.Effect<void>
    readonly deleteAllForUser: (userId: number) => Effect.Effect<number>
  }
>()("jingluo/server/SessionsRepo") {
  static readonly layer = Layer.effect(
    SessionsRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      return SessionsRepo.of({
        create: (s) =>
          sql`
            INSERT INTO sessions (id, user_id, token_hash, device_name, created_at, last_used_at, expires_at)
            VALUES (${s.id}::uuid, ${s.userId}, ${s.tokenHash}, ${s.deviceName}, ${s.now.toISOString()}::timestamptz,
                    ${s.now.toISOString()}::timestamptz, ${s.expiresAt.toISOString()}::timestamptz)`.pipe(
            Effect.asVoid,
            Effect.orDie,
          ),
        findLive: (tokenHash, now) =>
          sql`
            UPDATE sessions s SET last_used_at = ${now.toISOString()}::timestamptz
            FROM users u
            WHERE s.token_hash = ${tokenHash} AND s.expires_at > ${now.toISOString()}::timestamptz AND u.id = s.user_id
            RETURNING s.id::text AS id, s.user_id, u.uuid::text AS uuid, s.device_name, s.expires_at, u.plan_id`.pipe(
            Effect.flatMap(decodeRows),
            Effect.map((rows) => Option.fromNullishOr(rows[0])),
            Effect.orDie,
          ),
        delete: (id) => sql`DELETE FROM sessions WHERE id = ${id}::uuid`.pipe(Effect.asVoid, Effect.orDie),
        deleteAllForUser: (userId) =>
          sql<{ id: string }>`DELETE FROM sessions WHERE user_id = ${userId} RETURNING id::text AS id`.pipe(
            Effect.map((rows) => rows.length),
            Effect.orDie,
          ),
      })
    }),
  )
}
