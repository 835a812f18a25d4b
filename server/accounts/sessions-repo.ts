// Sessions: one row per sign-in holding the SHA-256 of the bearer token and a device name.
import { Context, Effect, Layer, type Option, Schema } from "effect"
import { SqlClient, SqlSchema } from "effect/sql"
import { orDie } from "../platform/db/queries.ts"

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

export const NewSession = Schema.Struct({
  id: Schema.String,
  userId: Schema.Number,
  tokenHash: Schema.String,
  deviceName: Schema.String,
  now: Schema.Date,
  expiresAt: Schema.Date,
})
export type NewSession = typeof NewSession.Type

export class SessionsRepo extends Context.Service<
  SessionsRepo,
  {
    readonly create: (session: NewSession) => Effect.Effect<void>
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
      const findLive = orDie(
        SqlSchema.findOneOption({
          Request: Schema.Struct({ tokenHash: Schema.String, now: Schema.Date }),
          Result: SessionRow,
          execute: ({ tokenHash, now }) => sql`
            UPDATE sessions s SET last_used_at = ${now.toISOString()}::timestamptz
            FROM users u
            WHERE s.token_hash = ${tokenHash} AND s.expires_at > ${now.toISOString()}::timestamptz AND u.id = s.user_id
            RETURNING s.id::text AS id, s.user_id, u.uuid::text AS uuid, s.device_name, s.expires_at, u.plan_id`,
        }),
      )
      const deleteAllForUser = orDie(
        SqlSchema.findAll({
          Request: Schema.Number,
          Result: Schema.Struct({ id: Schema.String }),
          execute: (userId) => sql`DELETE FROM sessions WHERE user_id = ${userId} RETURNING id::text AS id`,
        }),
      )
      return SessionsRepo.of({
        create: orDie(
          SqlSchema.void({
            Request: NewSession,
            execute: (s) => sql`
              INSERT INTO sessions (id, user_id, token_hash, device_name, created_at, last_used_at, expires_at)
              VALUES (${s.id}::uuid, ${s.userId}, ${s.tokenHash}, ${s.deviceName}, ${s.now.toISOString()}::timestamptz,
                      ${s.now.toISOString()}::timestamptz, ${s.expiresAt.toISOString()}::timestamptz)`,
          }),
        ),
        findLive: (tokenHash, now) => findLive({ tokenHash, now }),
        delete: orDie(
          SqlSchema.void({ Request: Schema.String, execute: (id) => sql`DELETE FROM sessions WHERE id = ${id}::uuid` }),
        ),
        deleteAllForUser: (userId) => Effect.map(deleteAllForUser(userId), (rows) => rows.length),
      })
    }),
  )
}
