// Patient shares in SQL (migration 0019): a member's shares, newest first; one share found by its
// link's token hash; a new share inserted only within the day's limits, with its mail enqueued in
// the same transaction; revoking; the unsubscribed addresses. Every query that names a share also
// names its member, so another member's id finds nothing. A member's shares take turns, and so do
// the shares to one address (transaction-scoped advisory locks), so the limits hold under parallel
// requests. SQL and decoding failures are defects.
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"

const ShareRow = Schema.Struct({
  id: Schema.String,
  user_id: Schema.Number,
  patient_masked: Schema.String,
  videos: Schema.Array(Schema.String),
  sent_at: Schema.String,
  expires_at: Schema.String,
  revoked_at: Schema.NullOr(Schema.String),
  sender: Schema.String,
})
export type ShareRow = typeof ShareRow.Type

const decodeShares = Schema.decodeUnknownEffect(Schema.Array(ShareRow))
const decodeCounts = Schema.decodeUnknownEffect(
  Schema.Array(
    Schema.Struct({
      member: Schema.Number,
      member_oldest: Schema.NullOr(Schema.String),
      address: Schema.Number,
      address_oldest: Schema.NullOr(Schema.String),
      unsubscribed: Schema.Boolean,
    }),
  ),
)

/** The first keys of the advisory locks: one member's shares, and the shares to one address. */
const MEMBER_LOCK = 7_304_121
const ADDRESS_LOCK = 7_304_122

export interface NewShare {
  readonly id: string
  readonly userId: number
  readonly tokenHash: string
  readonly patientMasked: string
  readonly patientKey: string
  readonly videos: ReadonlyArray<string>
  readonly sentAt: Date
  readonly expiresAt: Date
}

/** Why a share was not inserted; for a limit, the oldest share it counted (ISO time). */
export type ShareRefusal =
  | { readonly _tag: "Unsubscribed" }
  | { readonly _tag: "MemberLimit"; readonly oldest: string }
  | { readonly _tag: "AddressLimit"; readonly oldest: string }

export interface ShareLimits {
  readonly perMember: number
  readonly perAddress: number
  /** The start of the window the limits count in. */
  readonly since: Date
}

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

export class SharingRepo extends Context.Service<
  SharingRepo,
  {
    /** The member's shares, newest first. */
    readonly shares: (userId: number) => Effect.Effect<ReadonlyArray<ShareRow>>
    /** The share a patient link's token hash names, whoever sent it. */
    readonly byToken: (tokenHash: string) => Effect.Effect<Option.Option<ShareRow>>
    /** How many shares the member sent since `since`. */
    readonly sentSince: (userId: number, since: Date) => Effect.Effect<number>
    /**
     * Inserts the share and runs `then` (the mail) in one transaction, unless the address
     * unsubscribed or a limit is reached.
     */
    readonly insertWithin: <E>(
      share: NewShare,
      limits: ShareLimits,
      then: Effect.Effect<void, E>,
    ) => Effect.Effect<Option.Option<ShareRefusal>, E>
    /** The member's name as a patient would know them: first and last name. */
    readonly memberName: (userId: number) => Effect.Effect<string>
    /** Revokes one of the member's shares at `now` (an ended one stays as it is); false when it is not theirs. */
    readonly revoke: (userId: number, shareId: string, now: Date) => Effect.Effect<boolean>
    /** Adds an address's key to the unsubscribed ones (again is fine). */
    readonly unsubscribe: (patientKey: string, now: Date) => Effect.Effect<void>
    /**
     * Forgets the address's key of every share whose link has ended: expired, or revoked and more
     * than a day old (until then the key still counts for the limit per address).
     */
    readonly forgetEnded: (now: Date, dayAgo: Date) => Effect.Effect<void>
  }
>()("jingluo/server/SharingRepo") {
  static readonly layer = Layer.effect(
    SharingRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const columns = sql.literal(
        `s.id::text AS id, s.user_id, s.patient_masked, s.videos, ${iso("s.sent_at")} AS sent_at,
         ${iso("s.expires_at")} AS expires_at, ${iso("s.revoked_at")} AS revoked_at,
         trim(u.first_name || ' ' || u.last_name) AS sender`,
      )
      const sharesOf = <E, R>(query: Effect.Effect<ReadonlyArray<unknown>, E, R>) =>
        query.pipe(Effect.flatMap(decodeShares), Effect.orDie)

      return SharingRepo.of({
        shares: (userId) =>
          sharesOf(sql`
            SELECT ${columns} FROM patient_shares s JOIN users u ON u.id = s.user_id
            WHERE s.user_id = ${userId} ORDER BY s.sent_at DESC, s.id`),
        byToken: (tokenHash) =>
          sharesOf(sql`
            SELECT ${columns} FROM patient_shares s JOIN users u ON u.id = s.user_id
            WHERE s.token_hash = ${tokenHash}`).pipe(Effect.map((rows) => Option.fromNullishOr(rows[0]))),
        sentSince: (userId, since) =>
          sql`SELECT count(*)::int AS n FROM patient_shares WHERE user_id = ${userId} AND sent_at > ${since}`.pipe(
            Effect.map((rows) => Number((rows[0] as { n: number } | undefined)?.n ?? 0)),
            Effect.orDie,
          ),
        insertWithin: (share, limits, then) =>
          sql
            .withTransaction(
              Effect.gen(function* () {
                // The counts are read after the locks, in statements of their own, so they see every
                // share that took the locks before.
                yield* sql`SELECT pg_advisory_xact_lock(${MEMBER_LOCK}, ${share.userId})`
                yield* sql`SELECT pg_advisory_xact_lock(${ADDRESS_LOCK}, hashtext(${share.patientKey}))`
                const [counts] = yield* sql`
                  SELECT
                    (SELECT count(*)::int FROM patient_shares
                      WHERE user_id = ${share.userId} AND sent_at > ${limits.since}) AS member,
                    (SELECT ${sql.literal(iso("min(sent_at)"))} FROM patient_shares
                      WHERE user_id = ${share.userId} AND sent_at > ${limits.since}) AS member_oldest,
                    (SELECT count(*)::int FROM patient_shares
                      WHERE patient_key = ${share.patientKey} AND sent_at > ${limits.since}) AS address,
                    (SELECT ${sql.literal(iso("min(sent_at)"))} FROM patient_shares
                      WHERE patient_key = ${share.patientKey} AND sent_at > ${limits.since}) AS address_oldest,
                    EXISTS (SELECT 1 FROM patient_unsubscribes WHERE patient_key = ${share.patientKey})
                      AS unsubscribed`.pipe(Effect.flatMap(decodeCounts), Effect.orDie)
                if (!counts) return yield* Effect.die(new Error("share limits not read"))
                const refusal: ShareRefusal | undefined = counts.unsubscribed
                  ? { _tag: "Unsubscribed" }
                  : counts.member >= limits.perMember
                    ? { _tag: "MemberLimit", oldest: counts.member_oldest ?? limits.since.toISOString() }
                    : counts.address >= limits.perAddress
                      ? { _tag: "AddressLimit", oldest: counts.address_oldest ?? limits.since.toISOString() }
                      : undefined
                if (refusal) return Option.some(refusal)
                yield* sql`
                  INSERT INTO patient_shares
                    (id, user_id, token_hash, patient_masked, patient_key, videos, sent_at, expires_at)
                  VALUES (${share.id}, ${share.userId}, ${share.tokenHash}, ${share.patientMasked},
                    ${share.patientKey}, ${JSON.stringify(share.videos)}::jsonb, ${share.sentAt},
                    ${share.expiresAt})`.pipe(Effect.orDie)
                yield* then
                return Option.none<ShareRefusal>()
              }),
            )
            .pipe(Effect.catchTag("SqlError", (e) => Effect.die(e))),
        memberName: (userId) =>
          sql`SELECT trim(first_name || ' ' || last_name) AS name FROM users WHERE id = ${userId}`.pipe(
            Effect.map((rows) => String((rows[0] as { name?: unknown } | undefined)?.name ?? "")),
            Effect.orDie,
          ),
        revoke: (userId, shareId, now) =>
          sql`
            UPDATE patient_shares
            SET revoked_at = CASE WHEN revoked_at IS NULL AND expires_at > ${now} THEN ${now} ELSE revoked_at END
            WHERE id::text = ${shareId} AND user_id = ${userId}
            RETURNING id`.pipe(
            Effect.map((rows) => rows.length > 0),
            Effect.orDie,
          ),
        unsubscribe: (patientKey, now) =>
          sql`
            INSERT INTO patient_unsubscribes (patient_key, created_at) VALUES (${patientKey}, ${now})
            ON CONFLICT (patient_key) DO NOTHING`.pipe(Effect.asVoid, Effect.orDie),
        forgetEnded: (now, dayAgo) =>
          sql`
            UPDATE patient_shares SET patient_key = NULL
            WHERE patient_key IS NOT NULL
              AND (expires_at <= ${now} OR (revoked_at IS NOT NULL AND sent_at <= ${dayAgo}))`.pipe(
            Effect.asVoid,
            Effect.orDie,
          ),
      })
    }),
  )
}
