// Delivers one e-mail: through SMTP (nodemailer) when SMTP_URL is set; otherwise it is written to
// `${DATA_DIR}/outbox/` as an .eml file and its subject and code are logged, so a person running
// the app locally can open it and verify an account. Only the mail worker (mail-queue.ts) calls
// this; requests enqueue. A code is written to the log in outbox mode only.
import { mkdirSync, renameSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { Clock, Context, Effect, Layer, Schema } from "effect"
import nodemailer from "nodemailer"
import { ServerConfig } from "../config/server-config.ts"
import type { OutgoingMail } from "./mail-layout.ts"

/** The transport refused or could not be reached; the queue tries again later. */
export class MailDeliveryFailed extends Schema.TaggedError<MailDeliveryFailed>()("MailDeliveryFailed", {
  reason: Schema.String,
}) {}

const reasonOf = (cause: unknown) => {
  const text = cause instanceof Error ? cause.message : String(cause)
  return text.slice(0, 300)
}

export class MailTransport extends Context.Service<
  MailTransport,
  {
    readonly kind: "smtp" | "outbox" | "capture"
    readonly deliver: (mail: OutgoingMail) => Effect.Effect<void, MailDeliveryFailed>
  }
>()("jingluo/server/MailTransport") {
  static readonly layer = Layer.effect(
    MailTransport,
    Effect.gen(function* () {
      const config = yield* ServerConfig
      if (config.smtpUrl) {
        const transport = nodemailer.createTransport(config.smtpUrl)
        return MailTransport.of({
          kind: "smtp",
          deliver: (mail) =>
            Effect.tryPromise({
              try: () =>
                transport.sendMail({
                  from: config.mailFrom,
                  to: mail.to,
                  subject: mail.subject,
                  text: mail.text,
                  html: mail.html,
                }),
              catch: (cause) => new MailDeliveryFailed({ reason: reasonOf(cause) }),
            }).pipe(Effect.asVoid, Effect.withSpan("MailTransport.deliver")),
        })
      }
      const outbox = join(config.dataDir, "outbox")
      mkdirSync(outbox, { recursive: true })
      const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" })
      return MailTransport.of({
        kind: "outbox",
        deliver: (mail) =>
          Effect.gen(function* () {
            const now = yield* Clock.currentTimeMillis
            const info = yield* Effect.tryPromise({
              try: () =>
                composer.sendMail({
                  from: config.mailFrom,
                  to: mail.to,
                  subject: mail.subject,
                  text: mail.text,
                  html: mail.html,
                }),
              catch: (cause) => new MailDeliveryFailed({ reason: reasonOf(cause) }),
            })
            const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, "_")
            const file = join(outbox, `${now}-${mail.purpose}-${safeTo}.eml`)
            yield* Effect.try({
              // Written under a temporary name and renamed, so a reader never sees a half-written message.
              try: () => {
                writeFileSync(`${file}.part`, info.message as Buffer)
                renameSync(`${file}.part`, file)
              },
              catch: (cause) => new MailDeliveryFailed({ reason: reasonOf(cause) }),
            })
            if (config.logLevel === "info")
              yield* Effect.logInfo(
                `Mail to ${mail.to}: "${mail.subject}"${mail.code ? ` (code ${mail.code})` : ""} → ${file}`,
              )
          }),
      })
    }),
  )

  /** Keeps every message in `sent` instead of delivering it (server tests). */
  static readonly layerCapture = (sent: Array<OutgoingMail>) =>
    Layer.succeed(MailTransport, { kind: "capture", deliver: (mail) => Effect.sync(() => void sent.push(mail)) })
}
