// Users table access. SQL and decoding failures are defects: callers see only domain outcomes.
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"

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

const decodeRows = Schema.decodeUnknownEffect(Schema.Array(UserRow))

export interface NewUser {
  readonly uuid: string
  readonly email: string
  readonly firstName: string
  readonly lastName: string
  readonly passwordHash: string
  readonly promotional: boolean
  readonly language: string
}

export class UsersRepo extends Context.Service<
  UsersRepo,
  {
    readonly findByEmail: (email: string) => Effect.Effect<Option.Option<UserRow>>
    readonly findByUuid: (uuid: string) => Effect.Effect<Option.Option<UserRow>>
    readonly findById: (id: number) => Effect.Effect<Option.Option<UserRow>>
    /** None when the e-mail is taken. */
    readonly insert: (user: NewUser) => Effect.Effect<Option.Option<UserRow>>
    readonly markVerified: (id: number, at: Date) => Effect.Effect<void>
    readonly setPassword: (id: number, passwordHash: string) => Effect.Effect<void>
  }
>()("jingluo/server/UsersRepo") {
  static readonly layer = Layer.effect(
    UsersRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const one = <E, R>(query: Effect.Effect<ReadonlyArray<unknown>, E, R>) =>
        query.pipe(
          Effect.flatMap(decodeRows),
          Effect.map((rows) => Option.fromNullishOr(rows[0])),
          Effect.orDie,
        )
      return UsersRepo.of({
        findByEmail: (email) => one(sql`SELECT * FROM users WHERE email = ${email}`),
        findByUuid: (uuid) =>
          /^[0-9a-f-]{36}$/i.test(uuid)
            ? one(sql`SELECT * FROM users WHERE uuid = ${uuid}::uuid`)
            : Effect.succeed(Option.none()),
        findById: (id) => one(sql`SELECT * FROM users WHERE id = ${id}`),
        insert: (user) =>
          one(sql`
            INSERT INTO users (uuid, email, first_name, last_name, password_hash, promotional_emails, language)
            VALUES (${user.uuid}::uuid, ${user.email}, ${user.firstName}, ${user.lastName}, ${user.passwordHash}, ${user.promotional}, ${user.language})
            ON CONFLICT (email) DO NOTHING
            RETURNING *`),
        markVerified: (id, at) =>
          sql`UPDATE users SET email_verified_at = ${at.toISOString()}::timestamptz, updated_at = now() WHERE id = ${id} AND email_verified_at IS NULL`.pipe(
            Effect.asVoid,
            Effect.orDie,
          ),
        setPassword: (id, passwordHash) =>
          sql`UPDATE users SET password_hash = ${passwordHash}, updated_at = now() WHERE id = ${id}`.pipe(
            Effect.asVoid,
            Effect.orDie,
          ),
      })
    }),
  )
}
