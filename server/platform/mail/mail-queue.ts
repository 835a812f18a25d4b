// Outgoing mail goes through a database queue: a request only enqueues (so every answer takes the
// same path, whether or not a mail is sent, and never waits on SMTP), and the background worker
// delivers through MailTransport, retrying with exponential backoff, so an SMTP outage loses nothing.
import { Clock, Context, Effect, Layer, Queue } from "effect"
import type { OutgoingMail } from "./mail-layout.ts"
import { MailQueueRepo, type QueuedMailRow } from "./mail-queue-repo.ts"
import { MailTransport } from "./mail-transport.ts"

/** First retry after 30 s, doubling up to an hour; given up after about two and a half days. */
export const MAIL_RETRY_BASE_SECONDS = 30
export const MAIL_RETRY_MAX_SECONDS = 60 * 60
export const MAIL_MAX_ATTEMPTS = 60
/** How long a worker may take to deliver what it claimed before another worker may try. */
const LEASE_MS = 15 * 60_000
const BATCH = 20
/** Workers also look every so often for mail enqueued by other processes and for due retries. */
export const MAIL_POLL_INTERVAL = "5 seconds"

export const retryDelaySeconds = (failedAttempts: number) =>
  Math.min(MAIL_RETRY_MAX_SECONDS, MAIL_RETRY_BASE_SECONDS * 2 ** Math.max(0, failedAttempts - 1))

const toMail = (row: QueuedMailRow): OutgoingMail => ({
  to: row.recipient,
  purpose: row.purpose,
  subject: row.subject,
  text: row.text_body,
  html: row.html_body,
  code: row.code ?? undefined,
})

export class MailQueue extends Context.Service<
  MailQueue,
  {
    readonly enqueue: (mail: OutgoingMail) => Effect.Effect<void>
    /** Delivers everything due now; returns how many were delivered. */
    readonly deliverDue: Effect.Effect<number>
    /** Resolves when mail was enqueued in this process, or after MAIL_POLL_INTERVAL. */
    readonly awaitWork: Effect.Effect<void>
  }
>()("jingluo/server/MailQueue") {
  static readonly layer = Layer.effect(
    MailQueue,
    Effect.gen(function* () {
      const repo = yield* MailQueueRepo
      const transport = yield* MailTransport
      const wake = yield* Queue.dropping<void>(1)

      const enqueue = Effect.fn("MailQueue.enqueue")(function* (mail: OutgoingMail) {
        // The code is kept only where it may be logged: the outbox. SMTP mail carries it in its body.
        const stored = transport.kind === "smtp" ? { ...mail, code: undefined } : mail
        yield* repo.insert(stored, new Date(yield* Clock.currentTimeMillis))
        yield* Queue.offer(wake, undefined)
      })

      const deliverOne = (row: QueuedMailRow) =>
        transport.deliver(toMail(row)).pipe(
          Effect.andThen(repo.remove(row.id)),
          Effect.as(1),
          Effect.catchTag("MailDeliveryFailed", (failure) =>
            Effect.gen(function* () {
              const now = yield* Clock.currentTimeMillis
              const attempts = row.attempts + 1
              const giveUp = attempts >= MAIL_MAX_ATTEMPTS
              const delay = retryDelaySeconds(attempts)
              yield* repo.recordFailure(row.id, {
                reason: failure.reason,
                nextAttemptAt: giveUp ? null : new Date(now + delay * 1000),
                now: new Date(now),
              })
              // Never the body or the code: the address, the purpose and the transport's reason.
              const what = `Mail #${row.id} (${row.purpose}) to ${row.recipient}`
              yield* giveUp
                ? Effect.logError(`${what} could not be delivered after ${attempts} attempts: ${failure.reason}`)
                : Effect.logWarning(
                    `${what} not delivered (attempt ${attempts}), retrying in ${delay}s: ${failure.reason}`,
                  )
              return 0
            }),
          ),
        )

      const deliverDue = Effect.gen(function* () {
        let delivered = 0
        for (;;) {
          const now = yield* Clock.currentTimeMillis
          const rows = yield* repo.claimDue(new Date(now), new Date(now + LEASE_MS), BATCH)
          for (const row of rows) delivered += yield* deliverOne(row)
          if (rows.length < BATCH) return delivered
        }
      }).pipe(Effect.withSpan("MailQueue.deliverDue"))

      const awaitWork = Queue.take(wake).pipe(Effect.timeoutOption(MAIL_POLL_INTERVAL), Effect.asVoid)

      return MailQueue.of({ enqueue, deliverDue, awaitWork })
    }),
  )
}

/** The background worker: delivers due mail whenever some is enqueued, and every poll interval. */
export const MailWorker = Layer.effectDiscard(
  Effect.gen(function* () {
    const queue = yield* MailQueue
    const pass = queue.deliverDue.pipe(
      Effect.catchCause((cause) => Effect.logError("Mail worker pass failed", cause)),
      Effect.andThen(queue.awaitWork),
    )
    yield* Effect.forkScoped(Effect.forever(pass))
  }),
)
