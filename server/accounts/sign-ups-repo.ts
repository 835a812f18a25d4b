// Sign-ups: what each registration leaves for PENDING_SIGN_UP_DAYS — the address (as its SHA-256),
// the password's hash, the registering browser's cookie (as its SHA-256) and, for a new address, the
// account it created. One per address at a time,
// claimed in one transaction with the account, so parallel registrations of an address agree on
// which sign-up they got. An expired sign-up goes, and with it its account if still unverified.
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient, SqlSchema } from "effect/sql"
import { orDie } from "../platform/db/queries.ts"
import { type NewUser, UserRow } from "./users-repo.ts"

export const SignUpRow = Schema.Struct({
  id: Schema.String,
  email_hash: Schema.String,
  password_hash: Schema.String,
  user_id: Schema.NullOr(Schema.Number),
  /** The SHA-256 of the sign-up cookie of the browser that registered. */
  browser_hash: Schema.NullOr(Schema.String),
})
export type SignUpRow = typeof SignUpRow.Type

export interface NewSignUp {
  readonly emailHash: string
  readonly now: Date
  readonly expiresAt: Date
  /** The SHA-256 of the sign-up cookie this registration's answer sets. */
  readonly browserHash: string
  /** The account to create when the address has none; its uuid is the sign-up's id. */
  readonly user: NewUser
}

/** What a registration became. */
export type Claimed =
  /** The address was new: the sign-up and its account. */
  | { readonly _tag: "Created"; readonly signUpId: string; readonly user: UserRow }
  /** The address has an account: a sign-up without one. */
  | { readonly _tag: "Known"; readonly signUpId: string }
  /** The address already has a sign-up waiting: nothing new was kept. */
  | { readonly _tag: "Pending"; readonly signUpId: string; readonly browserHash: string | null }

export class SignUpsRepo extends Context.Service<
  SignUpsRepo,
  {
    readonly claim: (signUp: NewSignUp) => Effect.Effect<Claimed>
    readonly byId: (id: string) => Effect.Effect<Option.Option<SignUpRow>>
    readonly byAddress: (emailHash: string) => Effect.Effect<Option.Option<SignUpRow>>
    /** The address has been proven: its sign-up has done its work. */
    readonly clear: (emailHash: string) => Effect.Effect<void>
    /** Removes expired sign-ups and the unverified accounts they created. */
    readonly purge: (now: Date) => Effect.Effect<void>
  }
>()("jingluo/server/SignUpsRepo") {
  static readonly layer = Layer.effect(
    SignUpsRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const columns = sql`id::text AS id, email_hash, password_hash, user_id, browser_hash`
      const decodeSignUps = Schema.decodeUnknownEffect(Schema.Array(SignUpRow))
      const decodeUsers = Schema.decodeUnknownEffect(Schema.Array(UserRow))

      /** Deletes expired sign-ups (all, or one address's) and the unverified accounts they made. */
      const expire = (now: Date, emailHash?: string) =>
        Effect.gen(function* () {
          const only = emailHash === undefined ? sql`true` : sql`email_hash = ${emailHash}`
          yield* sql`
            DELETE FROM users u USING sign_ups s
            WHERE s.user_id = u.id AND u.email_verified_at IS NULL AND ${only}
              AND s.expires_at <= ${now.toISOString()}::timestamptz`
          yield* sql`DELETE FROM sign_ups WHERE ${only} AND expires_at <= ${now.toISOString()}::timestamptz`
        })

      const claim = (s: NewSignUp) =>
        sql.withTransaction(
          Effect.gen(function* () {
            yield* expire(s.now, s.emailHash)
            const id = s.user.uuid
            const keep = sql`
              INSERT INTO sign_ups (id, email_hash, password_hash, browser_hash, created_at, expires_at)
              VALUES (${id}::uuid, ${s.emailHash}, ${s.user.passwordHash}, ${s.browserHash},
                      ${s.now.toISOString()}::timestamptz, ${s.expiresAt.toISOString()}::timestamptz)
              ON CONFLICT (email_hash) DO NOTHING
              RETURNING id::text AS id`
            let kept = yield* keep
            if (kept.length === 0) {
              // A sign-up left behind by an account that has since gone (deleted, or moved to another
              // address) holds the address for nobody: it makes way.
              const orphan = yield* sql`
                DELETE FROM sign_ups
                WHERE email_hash = ${s.emailHash}
                  AND NOT EXISTS (SELECT 1 FROM users WHERE email = ${s.user.email})
                RETURNING id`
              if (orphan.length > 0) kept = yield* keep
            }
            if (kept.length === 0) {
              const [waiting] = yield* sql`SELECT ${columns} FROM sign_ups WHERE email_hash = ${s.emailHash}`.pipe(
                Effect.flatMap(decodeSignUps),
              )
              return {
                _tag: "Pending",
                signUpId: waiting?.id ?? id,
                browserHash: waiting?.browser_hash ?? null,
              } satisfies Claimed
            }
            const [user] = yield* sql`
              INSERT INTO users (uuid, email, first_name, last_name, password_hash, promotional_emails, language)
              VALUES (${id}::uuid, ${s.user.email}, ${s.user.firstName}, ${s.user.lastName}, ${s.user.passwordHash},
                      ${s.user.promotional}, ${s.user.language})
              ON CONFLICT (email) DO NOTHING
              RETURNING *`.pipe(Effect.flatMap(decodeUsers))
            if (user === undefined) return { _tag: "Known", signUpId: id } satisfies Claimed
            yield* sql`UPDATE sign_ups SET user_id = ${user.id} WHERE id = ${id}::uuid`
            return { _tag: "Created", signUpId: id, user } satisfies Claimed
          }),
        )

      const byId = SqlSchema.findOneOption({
        Request: Schema.String,
        Result: SignUpRow,
        execute: (id) => sql`SELECT ${columns} FROM sign_ups WHERE id = ${id}::uuid`,
      })
      const byAddress = SqlSchema.findOneOption({
        Request: Schema.String,
        Result: SignUpRow,
        execute: (emailHash) => sql`SELECT ${columns} FROM sign_ups WHERE email_hash = ${emailHash}`,
      })
      const clear = (emailHash: string) => sql`DELETE FROM sign_ups WHERE email_hash = ${emailHash}`

      return SignUpsRepo.of({
        claim: (signUp) => Effect.orDie(claim(signUp)),
        byId: (id) => (/^[0-9a-f-]{36}$/i.test(id) ? orDie(byId)(id) : Effect.succeed(Option.none())),
        byAddress: orDie(byAddress),
        clear: (emailHash) => Effect.orDie(Effect.asVoid(clear(emailHash))),
        purge: (now) => Effect.orDie(sql.withTransaction(expire(now))),
      })
    }),
  )
}
