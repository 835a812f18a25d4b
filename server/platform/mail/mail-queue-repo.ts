// The outgoing mail queue table. Rows are claimed with a lease (locked_until) under FOR UPDATE SKIP
// LOCKED, so several server processes can run workers without sending a message twice.
import { Context, Effect, Layer, Schema } from "effect"
import { SqlClient } from "effect/sql"
import type { OutgoingMail } from "./mail-layout.ts"

export const QueuedMailRow = Schema.Struct({
  id: Schema.String,
  recipient: Schema.String,
  purpose: Schema.String,
  subject: Schema.String,
  text_body: Schema.String,
  html_body: Schema.String,
  code: Schema.NullOr(Schema.String),
  attempts: Schema.Number,
})
export type QueuedMailRow = typeof QueuedMailRow.Type

const decodeRows = Schema.decodeUnknownEffect(Schema.Array(QueuedMailRow))

export class MailQueueRepo extends Context.Service<
  MailQueueRepo,
  {
    readonly insert: (mail: OutgoingMail, now: Date) => Effect.Effect<void>
    /** Leases up to `limit` due messages until `leaseUntil`. */
    readonly claimDue: (now: Date, leaseUntil: Date, limit: number) => Effect.Effect<ReadonlyArray<QueuedMailRow>>
    readonly remove: (id: string) => Effect.Effect<void>
    /** Records a failed attempt: try again at `nextAttemptAt`, or give up when it is null. */
    readonly recordFailure: (
      id: string,
      failure: { readonly reason: string; readonly nextAttemptAt: Date | null; readonly now: Date },
    ) => Effect.Effect<void>
  }
>()("jingluo/server/MailQueueRepo") {
  static readonly layer = Layer.effect(
    MailQueueRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      return MailQueueRepo.of({
        insert: (mail, now) =>
          sql`
            INSERT INTO mail_queue (recipient, purpose, subject, text_body, html_body, code, next_attempt_at, created_at)
            VALUES (${mail.to}, ${mail.purpose}, ${mail.subject}, ${mail.text}, ${mail.html}, ${mail.code ?? null},
                    ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`.pipe(
            Effect.asVoid,
            Effect.orDie,
          ),
        claimDue: (now, leaseUntil, limit) =>
          sql`
            UPDATE mail_queue SET locked_until = ${leaseUntil.toISOString()}::timestamptz
            WHERE id IN (
              SELECT id FROM mail_queue
              WHERE failed_at IS NULL AND next_attempt_at <= ${now.toISOString()}::timestamptz
                AND (locked_until IS NULL OR locked_until <= ${now.toISOString()}::timestamptz)
              ORDER BY id LIMIT ${limit}
              FOR UPDATE SKIP LOCKED)
            RETURNING id::text AS id, recipient, purpose, subject, text_body, html_body, code, attempts`.pipe(
            Effect.flatMap(decodeRows),
            Effect.map((rows) => [...rows].sort((a, b) => Number(a.id) - Number(b.id))),
            Effect.orDie,
          ),
        remove: (id) => sql`DELETE FROM mail_queue WHERE id = ${id}::bigint`.pipe(Effect.asVoid, Effect.orDie),
        recordFailure: (id, failure) =>
          sql`
            UPDATE mail_queue SET attempts = attempts + 1, last_error = ${failure.reason}, locked_until = NULL,
              next_attempt_at = COALESCE(${failure.nextAttemptAt?.toISOString() ?? null}::timestamptz, next_attempt_at),
              failed_at = CASE WHEN ${failure.nextAttemptAt === null}::boolean THEN ${failure.now.toISOString()}::timestamptz ELSE NULL END
            WHERE id = ${id}::bigint`.pipe(Effect.asVoid, Effect.orDie),
      })
    }),
  )
}
