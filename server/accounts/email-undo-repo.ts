// The undo links of e-mail changes, their tokens stored as SHA-256 hashes. Restoring is one
// transaction: the link is used up, the old address comes back (unless another account took it
// meanwhile: then nothing changes), and whatever the person who changed it could still use is
// gone — the password, every session, every pending code and undo link, and the social sign-ins
// linked since the change — and the account's own counters (codes sent, wrong codes) start afresh,
// so what that person spent cannot keep the owner from the password reset. SQL and decoding
// failures are defects.
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient, SqlSchema } from "effect/sql"

export interface NewEmailUndo {
  readonly id: string
  readonly userId: number
  readonly tokenHash: string
  readonly oldEmail: string
  readonly newEmail: string
  readonly now: Date
  readonly expiresAt: Date
}

/** What a restore did: the account, the address it has again and the one that address replaced. */
export type RestoreOutcome =
  | {
      readonly _tag: "Restored"
      readonly userId: number
      readonly restoredEmail: string
      readonly replacedEmail: string
      readonly firstName: string
      readonly language: string
    }
  /** Unknown, used or expired. */
  | { readonly _tag: "Invalid" }
  /** Another account has the old address now. */
  | { readonly _tag: "AddressTaken" }

const Used = Schema.Struct({ user_id: Schema.Number, old_email: Schema.String, created_at: Schema.Date })
const Account = Schema.Struct({ email: Schema.String, first_name: Schema.String, language: Schema.String })

class AddressTaken extends Schema.TaggedError<AddressTaken>()("AddressTaken", {}) {}

export class EmailUndoRepo extends Context.Service<
  EmailUndoRepo,
  {
    /** Stores a new undo link; links expired by `now` (of any account) are removed on the way. */
    readonly create: (undo: NewEmailUndo) => Effect.Effect<void>
    readonly restore: (tokenHash: string, now: Date) => Effect.Effect<RestoreOutcome>
  }
>()("jingluo/server/EmailUndoRepo") {
  static readonly layer = Layer.effect(
    EmailUndoRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const use = SqlSchema.findOneOption({
        Request: Schema.Struct({ tokenHash: Schema.String, now: Schema.Date }),
        Result: Used,
        execute: ({ tokenHash, now }) => sql`
          UPDATE email_change_undos SET used_at = ${now.toISOString()}::timestamptz
          WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${now.toISOString()}::timestamptz
          RETURNING user_id, old_email, created_at`,
      })
      const account = SqlSchema.findOne({
        Request: Schema.Number,
        Result: Account,
        execute: (userId) => sql`SELECT email, first_name, language FROM users WHERE id = ${userId} FOR UPDATE`,
      })
      const giveBack = SqlSchema.findOneOption({
        Request: Schema.Struct({ userId: Schema.Number, email: Schema.String }),
        Result: Schema.Struct({ id: Schema.Number }),
        execute: ({ userId, email }) => sql`
          UPDATE users SET email = ${email}, password_hash = NULL, updated_at = now()
          WHERE id = ${userId} AND NOT EXISTS (SELECT 1 FROM users o WHERE o.email = ${email} AND o.id <> ${userId})
          RETURNING id`,
      })

      const restore = (tokenHash: string, now: Date) =>
        sql
          .withTransaction(
            Effect.gen(function* () {
              const used = yield* use({ tokenHash, now })
              if (Option.isNone(used)) return { _tag: "Invalid" } as const
              const { user_id: userId, old_email: restoredEmail, created_at: changedAt } = used.value
              const before = yield* account(userId)
              const restored = yield* giveBack({ userId, email: restoredEmail })
              // Rolls the used link back too: the owner may try again once the address is free.
              if (Option.isNone(restored)) return yield* new AddressTaken()
              yield* sql`DELETE FROM sessions WHERE user_id = ${userId}`
              yield* sql`DELETE FROM one_time_codes WHERE user_id = ${userId}`
              yield* sql`DELETE FROM email_change_undos WHERE user_id = ${userId} AND token_hash <> ${tokenHash}`
              yield* sql`
                DELETE FROM social_identities
                WHERE user_id = ${userId} AND created_at >= ${changedAt.toISOString()}::timestamptz`
              // Counters keyed by the account (…:user:<id>), as profile-repo.ts erases them, and the code
              // budgets of the restored address (…:address:<its SHA-256>, as codes-service.ts keys them).
              const byUser = `:user:${userId}`
              yield* sql`DELETE FROM rate_limits WHERE right(key, ${byUser.length}) = ${byUser}`
              yield* sql`
                DELETE FROM rate_limits
                WHERE right(key, 73) = ':address:' || encode(sha256(convert_to(${restoredEmail}, 'UTF8')), 'hex')`
              return {
                _tag: "Restored",
                userId,
                restoredEmail,
                replacedEmail: before.email,
                firstName: before.first_name,
                language: before.language,
              } as const
            }),
          )
          .pipe(
            Effect.catchTag("AddressTaken", () => Effect.succeed({ _tag: "AddressTaken" } as const)),
            Effect.orDie,
          )

      return EmailUndoRepo.of({
        create: (undo) =>
          sql
            .withTransaction(
              Effect.gen(function* () {
                yield* sql`DELETE FROM email_change_undos WHERE expires_at <= ${undo.now.toISOString()}::timestamptz`
                yield* sql`
                  INSERT INTO email_change_undos (id, user_id, token_hash, old_email, new_email, created_at, expires_at)
                  VALUES (${undo.id}::uuid, ${undo.userId}, ${undo.tokenHash}, ${undo.oldEmail}, ${undo.newEmail},
                          ${undo.now.toISOString()}::timestamptz, ${undo.expiresAt.toISOString()}::timestamptz)`
              }),
            )
            .pipe(Effect.orDie),
        restore,
      })
    }),
  )
}
