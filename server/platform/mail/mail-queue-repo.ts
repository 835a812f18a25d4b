// The outgoing mail queue table. Rows are claimed with a lease (locked_until) under FOR UPDATE SKIP
// LOCKED, so several server processes can run workers without sending a message twice.
import { Context, Effect, Layer, Schema } from "effect"
import { SqlClient, SqlSchema } from "effect/sql"
import { orDie } from "../db/queries.ts"
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
      const claimDue = SqlSchema.findAll({
        Request: Schema.Struct({ now: Schema.Date, leaseUntil: Schema.Date, limit: Schema.Number }),
        Result: QueuedMailRow,
        execute: ({ now, leaseUntil, limit }) => sql`
          UPDATE mail_queue SET locked_until = ${leaseUntil.toISOString()}::timestamptz
          WHERE id IN (
            SELECT id FROM mail_queue
            WHERE failed_at IS NULL AND next_attempt_at <= ${now.toISOString()}::timestamptz
              AND (locked_until IS NULL OR locked_until <= ${now.toISOString()}::timestamptz)
            ORDER BY id LIMIT ${limit}
            FOR UPDATE SKIP LOCKED)
          RETURNING id::text AS id, recipient, purpose, subject, text_body, html_body, code, attempts`,
      })
      const insert = SqlSchema.void({
        Request: Schema.Struct({
          to: Schema.String,
          purpose: Schema.String,
          subject: Schema.String,
          text: Schema.String,
          html: Schema.String,
          code: Schema.NullOr(Schema.String),
          now: Schema.Date,
        }),
        execute: (m) => sql`
          INSERT INTO mail_queue (recipient, purpose, subject, text_body, html_body, code, next_attempt_at, created_at)
          VALUES (${m.to}, ${m.purpose}, ${m.subject}, ${m.text}, ${m.html}, ${m.code},
                  ${m.now.toISOString()}::timestamptz, ${m.now.toISOString()}::timestamptz)`,
      })
      const remove = SqlSchema.void({
        Request: Schema.String,
        execute: (id) => sql`DELETE FROM mail_queue WHERE id = ${id}::bigint`,
      })
      const recordFailure = SqlSchema.void({
        Request: Schema.Struct({
          id: Schema.String,
          reason: Schema.String,
          nextAttemptAt: Schema.NullOr(Schema.Date),
          now: Schema.Date,
        }),
        execute: (f) => sql`
          UPDATE mail_queue SET attempts = attempts + 1, last_error = ${f.reason}, locked_until = NULL,
            next_attempt_at = COALESCE(${f.nextAttemptAt?.toISOString() ?? null}::timestamptz, next_attempt_at),
            failed_at = CASE WHEN ${f.nextAttemptAt === null}::boolean THEN ${f.now.toISOString()}::timestamptz ELSE NULL END
          WHERE id = ${f.id}::bigint`,
      })
      return MailQueueRepo.of({
        insert: orDie((mail: OutgoingMail, now: Date) =>
          insert({
            to: mail.to,
            purpose: mail.purpose,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            code: mail.code ?? null,
            now,
          }),
        ),
        claimDue: orDie((now: Date, leaseUntil: Date, limit: number) =>
          Effect.map(claimDue({ now, leaseUntil, limit }), (rows) => rows.sort((a, b) => Number(a.id) - Number(b.id))),
        ),
        remove: orDie(remove),
        recordFailure: orDie(
          (id: string, failure: { readonly reason: string; readonly nextAttemptAt: Date | null; readonly now: Date }) =>
            recordFailure({ id, ...failure }),
        ),
      })
    }),
  )
}
