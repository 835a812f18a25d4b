// Mail delivery: through SMTP when SMTP_URL is set (against a minimal SMTP sink on 127.0.0.1), and
// otherwise into the outbox as an .eml file.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs"
import { createServer, type Server } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { readSettings, ServerConfig } from "../../server/config.ts"
import { verificationMail } from "../../server/mail/templates.ts"
import { Mail } from "../../server/services/mail.ts"

/** Accepts one SMTP conversation at a time and keeps each message's DATA. */
const smtpSink = () => {
  const messages: Array<{ from: string; to: Array<string>; data: string }> = []
  const server: Server = createServer((socket) => {
    let current = { from: "", to: [] as Array<string>, data: "" }
    let inData = false
    let buffer = ""
    socket.write("220 sink ESMTP\r\n")
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8")
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n")
          if (end < 0) return
          current.data = buffer.slice(0, end)
          buffer = buffer.slice(end + 5)
          inData = false
          messages.push(current)
          current = { from: "", to: [], data: "" }
          socket.write("250 OK queued\r\n")
          continue
        }
        const lineEnd = buffer.indexOf("\r\n")
        if (lineEnd < 0) return
        const line = buffer.slice(0, lineEnd)
        buffer = buffer.slice(lineEnd + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === "EHLO" || verb === "HELO") socket.write("250 sink\r\n")
        else if (verb === "MAIL") {
          current.from = line
          socket.write("250 OK\r\n")
        } else if (verb === "RCPT") {
          current.to.push(line)
          socket.write("250 OK\r\n")
        } else if (verb === "DATA") {
          inData = true
          socket.write("354 go ahead\r\n")
        } else if (verb === "QUIT") {
          socket.end("221 bye\r\n")
          return
        } else socket.write("250 OK\r\n")
      }
    })
  })
  return { server, messages }
}

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
      Effect.flatMap(Mail, (mail) =>
        mail.send({
          to: "mei@example.com",
          purpose: "verify-email",
          code: "1234",
          ...verificationMail("es", "Mei", "1234", "http://app.test/verify-email?user=u&code=1234"),
        }),
      ).pipe(
        Effect.provide(
          Mail.layer.pipe(Layer.provide(ServerConfig.layer({ ...readSettings({}), logLevel: "none", ...settings }))),
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
