// Users table access. SQL and decoding failures are defects: callers see only domain outcomes.
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient, SqlSchema } from "effect/sql"
import { orDie } from "../platform/db/queries.ts"

export const UserRow = Schema.Struct({
  id: Schema.Number,
  uuid: Schema.String,
  email: Schema.String,
  first_name: Schema.String,
  last_name: Schema.String,
  password_hash: Schema.NullOr(Schema.String),
  promotional_emails: Schema.Boolean,
  email_verified_at: Schema.NullOr(Schema.Date),
  language: Schema.String,
  role: Schema.String,
  beta_tester: Schema.Boolean,
  plan_id: Schema.Number,
  migrated_user: Schema.Boolean,
  show_notes: Schema.Boolean,
})
export type UserRow = typeof UserRow.Type

/** An account as registration creates it (sign-ups-repo.ts inserts it with its sign-up). */
export const NewUser = Schema.Struct({
  uuid: Schema.String,
  email: Schema.String,
  firstName: Schema.String,
  lastName: Schema.String,
  passwordHash: Schema.String,
  promotional: Schema.Boolean,
  language: Schema.String,
})
export type NewUser = typeof NewUser.Type

const UUID = /^[0-9a-f-]{36}$/i

export class UsersRepo extends Context.Service<
  UsersRepo,
  {
    readonly findByEmail: (email: string) => Effect.Effect<Option.Option<UserRow>>
    readonly findByUuid: (uuid: string) => Effect.Effect<Option.Option<UserRow>>
    readonly findById: (id: number) => Effect.Effect<Option.Option<UserRow>>
    readonly markVerified: (id: number, at: Date) => Effect.Effect<void>
    /** Sets the account's password; null leaves it without one (a provider vouches for its owner). */
    readonly setPassword: (id: number, passwordHash: string | null) => Effect.Effect<void>
  }
>()("jingluo/server/UsersRepo") {
  static readonly layer = Layer.effect(
    UsersRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const findByUuid = orDie(
        SqlSchema.findOneOption({
          Request: Schema.String,
          Result: UserRow,
          execute: (uuid) => sql`SELECT * FROM users WHERE uuid = ${uuid}::uuid`,
        }),
      )
      const markVerified = orDie(
        SqlSchema.void({
          Request: Schema.Struct({ id: Schema.Number, at: Schema.Date }),
          execute: ({ id, at }) =>
            sql`UPDATE users SET email_verified_at = ${at.toISOString()}::timestamptz, updated_at = now() WHERE id = ${id} AND email_verified_at IS NULL`,
        }),
      )
      const setPassword = orDie(
        SqlSchema.void({
          Request: Schema.Struct({ id: Schema.Number, passwordHash: Schema.NullOr(Schema.String) }),
          execute: ({ id, passwordHash }) =>
            sql`UPDATE users SET password_hash = ${passwordHash}, updated_at = now() WHERE id = ${id}`,
        }),
      )
      return UsersRepo.of({
        findByEmail: orDie(
          SqlSchema.findOneOption({
            Request: Schema.String,
            Result: UserRow,
            execute: (email) => sql`SELECT * FROM users WHERE email = ${email}`,
          }),
        ),
        findByUuid: (uuid) => (UUID.test(uuid) ? findByUuid(uuid) : Effect.succeed(Option.none())),
        findById: orDie(
          SqlSchema.findOneOption({
            Request: Schema.Number,
            Result: UserRow,
            execute: (id) => sql`SELECT * FROM users WHERE id = ${id}`,
          }),
        ),
        markVerified: (id, at) => markVerified({ id, at }),
        setPassword: (id, passwordHash) => setPassword({ id, passwordHash }),
      })
    }),
  )
}
