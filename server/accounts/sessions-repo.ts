// Sessions: one row per sign-in holding the SHA-256 of the bearer token, a device name and the rough
// place it signed in from; the registered-devices page lists them and ends them one by one or all
// but the current one. The last use is written at most once per LAST_USED_PRECISION_MINUTES, so an
// ordinary request only reads its session.
import { Context, Effect, Layer, type Option, Schema } from "effect"
import { SqlClient, SqlSchema } from "effect/sql"
import { orDie } from "../platform/db/queries.ts"

const MINUTE_MS = 60_000

/** How stale a session's last use may get before a request writes it again. */
export const LAST_USED_PRECISION_MINUTES = 5

export const SessionRow = Schema.Struct({
  id: Schema.String,
  user_id: Schema.Number,
  uuid: Schema.String,
  device_name: Schema.String,
  expires_at: Schema.Date,
  last_used_at: Schema.Date,
  /** The user's plan, read with the session so a request needs one query to know its caller. */
  plan_id: Schema.Number,
})
export type SessionRow = typeof SessionRow.Type

export const NewSession = Schema.Struct({
  id: Schema.String,
  userId: Schema.Number,
  tokenHash: Schema.String,
  deviceName: Schema.String,
  /** The client address's country code, "local", or null (see client-place.ts). */
  place: Schema.NullOr(Schema.String),
  now: Schema.Date,
  expiresAt: Schema.Date,
})
export type NewSession = typeof NewSession.Type

/** A sign-in as the registered-devices page lists it. */
export const DeviceRow = Schema.Struct({
  id: Schema.String,
  device_name: Schema.String,
  created_at: Schema.Date,
  last_used_at: Schema.Date,
  place: Schema.NullOr(Schema.String),
})
export type DeviceRow = typeof DeviceRow.Type

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export class SessionsRepo extends Context.Service<
  SessionsRepo,
  {
    readonly create: (session: NewSession) => Effect.Effect<void>
    /** The live session for a token hash; its last use is written when older than the precision. */
    readonly findLive: (tokenHash: string, now: Date) => Effect.Effect<Option.Option<SessionRow>>
    readonly delete: (id: string) => Effect.Effect<void>
    readonly deleteAllForUser: (userId: number) => Effect.Effect<number>
    /** The user's live sign-ins, most recently used first. */
    readonly listForUser: (userId: number, now: Date) => Effect.Effect<ReadonlyArray<DeviceRow>>
    /** Ends one of the user's sign-ins; false when the user has none with this id. */
    readonly deleteForUser: (userId: number, id: string) => Effect.Effect<boolean>
    /** Ends every sign-in of the user but one (the session that asked). */
    readonly deleteOthers: (userId: number, keepId: string) => Effect.Effect<number>
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
            SELECT s.id::text AS id, s.user_id, u.uuid::text AS uuid, s.device_name, s.expires_at, s.last_used_at,
                   u.plan_id
            FROM sessions s JOIN users u ON u.id = s.user_id
            WHERE s.token_hash = ${tokenHash} AND s.expires_at > ${now.toISOString()}::timestamptz`,
        }),
      )
      // The condition is repeated in SQL so parallel requests write it once.
      const touch = (id: string, now: Date) => {
        const stale = new Date(now.getTime() - LAST_USED_PRECISION_MINUTES * MINUTE_MS).toISOString()
        return sql`
          UPDATE sessions SET last_used_at = ${now.toISOString()}::timestamptz
          WHERE id = ${id}::uuid AND last_used_at <= ${stale}::timestamptz`.pipe(Effect.asVoid, Effect.orDie)
      }
      const deleteAllForUser = orDie(
        SqlSchema.findAll({
          Request: Schema.Number,
          Result: Schema.Struct({ id: Schema.String }),
          execute: (userId) => sql`DELETE FROM sessions WHERE user_id = ${userId} RETURNING id::text AS id`,
        }),
      )
      const listForUser = orDie(
        SqlSchema.findAll({
          Request: Schema.Struct({ userId: Schema.Number, now: Schema.Date }),
          Result: DeviceRow,
          execute: ({ userId, now }) => sql`
            SELECT id::text AS id, device_name, created_at, last_used_at, place FROM sessions
            WHERE user_id = ${userId} AND expires_at > ${now.toISOString()}::timestamptz
            ORDER BY last_used_at DESC, created_at DESC`,
        }),
      )
      const deleteForUser = orDie(
        SqlSchema.findAll({
          Request: Schema.Struct({ userId: Schema.Number, id: Schema.String }),
          Result: Schema.Struct({ id: Schema.String }),
          execute: ({ userId, id }) =>
            sql`DELETE FROM sessions WHERE user_id = ${userId} AND id = ${id}::uuid RETURNING id::text AS id`,
        }),
      )
      const deleteOthers = orDie(
        SqlSchema.findAll({
          Request: Schema.Struct({ userId: Schema.Number, keepId: Schema.String }),
          Result: Schema.Struct({ id: Schema.String }),
          execute: ({ userId, keepId }) =>
            sql`DELETE FROM sessions WHERE user_id = ${userId} AND id <> ${keepId}::uuid RETURNING id::text AS id`,
        }),
      )
      return SessionsRepo.of({
        create: orDie(
          SqlSchema.void({
            Request: NewSession,
            execute: (s) => sql`
              INSERT INTO sessions (id, user_id, token_hash, device_name, place, created_at, last_used_at, expires_at)
              VALUES (${s.id}::uuid, ${s.userId}, ${s.tokenHash}, ${s.deviceName}, ${s.place},
                      ${s.now.toISOString()}::timestamptz, ${s.now.toISOString()}::timestamptz,
                      ${s.expiresAt.toISOString()}::timestamptz)`,
          }),
        ),
        findLive: (tokenHash, now) =>
          Effect.tap(findLive({ tokenHash, now }), (found) =>
            found._tag === "Some" &&
            found.value.last_used_at.getTime() <= now.getTime() - LAST_USED_PRECISION_MINUTES * MINUTE_MS
              ? touch(found.value.id, now)
              : Effect.void,
          ),
        delete: orDie(
          SqlSchema.void({ Request: Schema.String, execute: (id) => sql`DELETE FROM sessions WHERE id = ${id}::uuid` }),
        ),
        deleteAllForUser: (userId) => Effect.map(deleteAllForUser(userId), (rows) => rows.length),
        listForUser: (userId, now) => listForUser({ userId, now }),
        // An id that is no uuid names no session (and never reaches the database as a bad cast).
        deleteForUser: (userId, id) =>
          UUID.test(id) ? Effect.map(deleteForUser({ userId, id }), (rows) => rows.length > 0) : Effect.succeed(false),
        deleteOthers: (userId, keepId) => Effect.map(deleteOthers({ userId, keepId }), (rows) => rows.length),
      })
    }),
  )
}
