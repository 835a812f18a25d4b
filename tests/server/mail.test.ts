// Mail delivery: through SMTP when SMTP_URL is set (against a minimal SMTP sink on 127.0.0.1), and
// otherwise into the outbox as an .eml file.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Layer, Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AccountMails } from "../../server/accounts/account-mails.ts"
import { readSettings, ServerConfig } from "../../server/platform/config/server-config.ts"
import { Translations } from "../../server/platform/i18n/translations.ts"
import { MailTransport } from "../../server/platform/mail/mail-transport.ts"
import { smtpSink } from "./support/smtp-sink.ts"

describe("mail", () => {
  const sink = smtpSink()
  let port = 0
  beforeAll(async () => {
    await new Promise<void>((done) => sink.server.listen(0, "127.0.0.1", done))
    const address = sink.server.address()
    port = typeof address === "object" && address ? address.port : 0
  })
  afterAll(() => new Promise<void>((done) => sink.server.close(() => done())))

  const send = (settings: Partial<ReturnType<typeof readSettings>>) =>
    Effect.runPromise(
      Effect.gen(function* () {
        const mail = yield* MailTransport
        const { verificationMail } = yield* AccountMails
        yield* mail.deliver({
          to: "mei@example.com",
          purpose: "verify-email",
          code: "1234",
          ...verificationMail("es", Option.some("1234"), "http://app.test/verify-email?user=u&token=t"),
        })
      }).pipe(
        Effect.provide(
          Layer.mergeAll(
            MailTransport.layer.pipe(
              Layer.provide(ServerConfig.layer({ ...readSettings({}), logLevel: "none", ...settings })),
            ),
            AccountMails.layer.pipe(Layer.provide(Translations.layer)),
          ),
        ),
      ),
    )

  it("sends through SMTP when SMTP_URL is set", async () => {
    await send({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: "Jingluo <no-reply@jingluo.test>" })
    expect(sink.messages).toHaveLength(1)
    const message = sink.messages[0]!
    expect(message.from).toContain("no-reply@jingluo.test")
    expect(message.to.join()).toContain("mei@example.com")
    expect(message.data).toMatch(/^Subject: .*Verifica/m)
    expect(message.data).toContain("1234")
  })

  it("writes an .eml file to the outbox when SMTP_URL is not set", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "jingluo-outbox-"))
    await send({ smtpUrl: undefined, dataDir })
    const files = readdirSync(join(dataDir, "outbox"))
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/^\d+-verify-email-mei@example\.com\.eml$/)
    const eml = readFileSync(join(dataDir, "outbox", files[0]!), "utf8")
    expect(eml).toMatch(/^To: mei@example\.com$/m)
    expect(eml).toContain("multipart/alternative")
  })
})
