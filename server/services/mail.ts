// Sends e-mail: through SMTP (nodemailer) when SMTP_URL is set; otherwise each message is written
// to `${DATA_DIR}/outbox/` as an .eml file and its subject is logged, so a person running the app
// locally can open it and verify an account.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { Clock, Context, Effect, Layer } from "effect"
import nodemailer from "nodemailer"
import { ServerConfig } from "../config.ts"
import type { MailContent } from "../mail/templates.ts"

export interface OutgoingMail extends MailContent {
  readonly to: string
  /** A short label for the outbox file name and the log, e.g. "verify-email". */
  readonly purpose: string
  /** The one-time code in the message, logged when the outbox is used. */
  readonly code?: string
}

export class Mail extends Context.Service<Mail, { readonly send: (mail: OutgoingMail) => Effect.Effect<void> }>()(
  "jingluo/server/Mail",
) {
  static readonly layer = Layer.effect(
    Mail,
    Effect.gen(function* () {
      const config = yield* ServerConfig
      if (config.smtpUrl) {
        const transport = nodemailer.createTransport(config.smtpUrl)
        return Mail.of({
          send: (mail) =>
            Effect.promise(() =>
              transport.sendMail({
                from: config.mailFrom,
                to: mail.to,
                subject: mail.subject,
                text: mail.text,
                html: mail.html,
              }),
            ).pipe(Effect.asVoid, Effect.withSpan("Mail.send")),
        })
      }
      const outbox = join(config.dataDir, "outbox")
      mkdirSync(outbox, { recursive: true })
      const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" })
      return Mail.of({
        send: (mail) =>
          Effect.gen(function* () {
            const now = yield* Clock.currentTimeMillis
            const info = yield* Effect.promise(() =>
              composer.sendMail({
                from: config.mailFrom,
                to: mail.to,
                subject: mail.subject,
                text: mail.text,
                html: mail.html,
              }),
            )
            const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, "_")
            const file = join(outbox, `${now}-${mail.purpose}-${safeTo}.eml`)
            writeFileSync(file, info.message as Buffer)
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
    Layer.succeed(Mail, { send: (mail) => Effect.sync(() => void sent.push(mail)) })
}
