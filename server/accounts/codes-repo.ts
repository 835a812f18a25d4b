// One-time codes (e-mail verification, password reset, e-mail change, re-authentication of an
// account without a password) and the link tokens sent with them, stored as hashes. A code is held
// by an account, or by an address that has none (such a code matches nothing; it stands in for a
// mailed one so both are answered alike). Only the newest code of a purpose is checked; an older
// mail's link keeps working until it expires, unless the codes are replaced (e-mail change). Using
// a code or a link uses up every code and link of its purpose.
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient, SqlSchema } from "effect/sql"
import { orDie } from "../platform/db/queries.ts"

export const CodeRow = Schema.Struct({
  id: Schema.String,
  user_id: Schema.NullOr(Schema.Number),
  code_hash: Schema.NullOr(Schema.String),
  target_email: Schema.NullOr(Schema.String),
  attempts: Schema.Number,
  expires_at: Schema.Date,
  link_expires_at: Schema.Date,
})
export type CodeRow = typeof CodeRow.Type

export const CodePurpose = Schema.Literals(["verify-email", "reset-password", "change-email", "reauthenticate"])
export type CodePurpose = typeof CodePurpose.Type

/** Who holds a code: an account, or an address without one (by its SHA-256). */
export type CodeHolder =
  | { readonly _tag: "User"; readonly userId: number }
  | { readonly _tag: "Address"; readonly addressHash: string }

export interface NewCode {
  readonly id: string
  readonly holder: CodeHolder
  readonly purpose: CodePurpose
  /** None for a mail that carries only a link. */
  readonly codeHash: string | null
  /** None for a code held by an address (it has no link). */
  readonly tokenHash: string | null
  readonly targetEmail: string | null
  readonly now: Date
  readonly expiresAt: Date
  readonly linkExpiresAt: Date
}

export class CodesRepo extends Context.Service<
  CodesRepo,
  {
    /** Stores a code after removing the holder's earlier codes and links of the purpose. */
    readonly replace: (code: NewCode) => Effect.Effect<void>
    /** Stores a code beside the earlier ones: their links keep working, only the newest code counts. */
    readonly add: (code: NewCode) => Effect.Effect<void>
    /** The newest unconsumed code for the purpose, whatever its age or tries. */
    readonly latest: (holder: CodeHolder, purpose: CodePurpose) => Effect.Effect<Option.Option<CodeRow>>
    /** The unconsumed code of an account whose link token has this hash. */
    readonly byToken: (tokenHash: string, purpose: CodePurpose) => Effect.Effect<Option.Option<CodeRow>>
    /** Adds a try and returns the new count. */
    readonly countAttempt: (id: string) => Effect.Effect<number>
    /** Gives a try back (a right code that is not used up yet). */
    readonly returnAttempt: (id: string) => Effect.Effect<void>
    /** Uses up this code, once; with it every other code and link of its holder and purpose. */
    readonly consume: (id: string, now: Date) => Effect.Effect<boolean>
    /** Uses up every code and link of a purpose the holder has, as if used (a change given up). */
    readonly discard: (holder: CodeHolder, purpose: CodePurpose, now: Date) => Effect.Effect<void>
    /** The codes an address held before it got an account become the account's. */
    readonly adopt: (addressHash: string, userId: number) => Effect.Effect<void>
    /** Removes codes that are used up, or whose code and link have both expired. */
    readonly purge: (now: Date) => Effect.Effect<void>
  }
>()("jingluo/server/CodesRepo") {
  static readonly layer = Layer.effect(
    CodesRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const columns = sql`id::text AS id, user_id, code_hash, target_email, attempts, expires_at, link_expires_at`
      const heldBy = (holder: CodeHolder) =>
        holder._tag === "User" ? sql`user_id = ${holder.userId}` : sql`address_hash = ${holder.addressHash}`

      const insert = (c: NewCode) => sql`
        INSERT INTO one_time_codes
          (id, user_id, address_hash, purpose, code_hash, token_hash, target_email, created_at, expires_at, link_expires_at)
        VALUES (${c.id}::uuid, ${c.holder._tag === "User" ? c.holder.userId : null},
                ${c.holder._tag === "Address" ? c.holder.addressHash : null}, ${c.purpose}, ${c.codeHash},
                ${c.tokenHash}, ${c.targetEmail}, ${c.now.toISOString()}::timestamptz,
                ${c.expiresAt.toISOString()}::timestamptz, ${c.linkExpiresAt.toISOString()}::timestamptz)`

      const replace = (c: NewCode) =>
        sql.withTransaction(
          Effect.gen(function* () {
            yield* sql`DELETE FROM one_time_codes WHERE ${heldBy(c.holder)} AND purpose = ${c.purpose}`
            yield* insert(c)
          }),
        )

      const latest = SqlSchema.findOneOption({
        Request: Schema.Any,
        Result: CodeRow,
        execute: ({ holder, purpose }: { readonly holder: CodeHolder; readonly purpose: CodePurpose }) => sql`
          SELECT ${columns} FROM one_time_codes
          WHERE ${heldBy(holder)} AND purpose = ${purpose} AND consumed_at IS NULL AND code_hash IS NOT NULL
          ORDER BY seq DESC LIMIT 1`,
      })
      const byToken = SqlSchema.findOneOption({
        Request: Schema.Struct({ tokenHash: Schema.String, purpose: CodePurpose }),
        Result: CodeRow,
        execute: ({ tokenHash, purpose }) => sql`
          SELECT ${columns} FROM one_time_codes
          WHERE token_hash = ${tokenHash} AND purpose = ${purpose} AND consumed_at IS NULL AND user_id IS NOT NULL`,
      })
      const countAttempt = SqlSchema.findOneOption({
        Request: Schema.String,
        Result: Schema.Struct({ attempts: Schema.Number }),
        execute: (id) =>
          sql`UPDATE one_time_codes SET attempts = attempts + 1 WHERE id = ${id}::uuid RETURNING attempts`,
      })
      const consume = (id: string, now: Date) =>
        sql.withTransaction(
          Effect.gen(function* () {
            const used = yield* sql<{ readonly id: string }>`
              UPDATE one_time_codes SET consumed_at = ${now.toISOString()}::timestamptz
              WHERE id = ${id}::uuid AND consumed_at IS NULL
              RETURNING id::text AS id`
            if (used.length === 0) return false
            yield* sql`
              UPDATE one_time_codes o SET consumed_at = ${now.toISOString()}::timestamptz
              FROM one_time_codes c
              WHERE c.id = ${id}::uuid AND o.purpose = c.purpose AND o.consumed_at IS NULL
                AND (o.user_id = c.user_id OR o.address_hash = c.address_hash)`
            return true
          }),
        )
      const discard = (holder: CodeHolder, purpose: CodePurpose, now: Date) => sql`
        UPDATE one_time_codes SET consumed_at = ${now.toISOString()}::timestamptz
        WHERE ${heldBy(holder)} AND purpose = ${purpose} AND consumed_at IS NULL`
      const adopt = (addressHash: string, userId: number) =>
        sql`UPDATE one_time_codes SET user_id = ${userId}, address_hash = NULL WHERE address_hash = ${addressHash}`
      const purge = (now: Date) => sql`
        DELETE FROM one_time_codes
        WHERE consumed_at IS NOT NULL
           OR (expires_at <= ${now.toISOString()}::timestamptz AND link_expires_at <= ${now.toISOString()}::timestamptz)`

      return CodesRepo.of({
        replace: (code) => Effect.orDie(replace(code)),
        add: (code) => Effect.orDie(Effect.asVoid(insert(code))),
        latest: (holder, purpose) => Effect.orDie(latest({ holder, purpose })),
        byToken: orDie((tokenHash: string, purpose: CodePurpose) => byToken({ tokenHash, purpose })),
        // A code that is gone counts as out of tries.
        countAttempt: orDie((id: string) =>
          Effect.map(
            countAttempt(id),
            Option.match({ onNone: () => Number.POSITIVE_INFINITY, onSome: (r) => r.attempts }),
          ),
        ),
        returnAttempt: (id) =>
          Effect.orDie(
            Effect.asVoid(
              sql`UPDATE one_time_codes SET attempts = attempts - 1 WHERE id = ${id}::uuid AND attempts > 0`,
            ),
          ),
        consume: (id, now) => Effect.orDie(consume(id, now)),
        discard: (holder, purpose, now) => Effect.orDie(Effect.asVoid(discard(holder, purpose, now))),
        adopt: (addressHash, userId) => Effect.orDie(Effect.asVoid(adopt(addressHash, userId))),
        purge: (now) => Effect.orDie(Effect.asVoid(purge(now))),
      })
    }),
  )
}
