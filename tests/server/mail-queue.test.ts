// No account enumeration, and no mail lost (issue 8, finding 4). Registering a known address
// answers exactly like a new sign-up and mails the owner instead; forgot-password and resend answer
// alike for any address. Every mail goes through a database queue: answers never wait on SMTP, a
// mail queued while SMTP is down is delivered when it is back, and the worker retries with
// exponential backoff.
import { layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest"
import { readSettings, ServerConfig } from "../../server/platform/config/server-config.ts"
import type { OutgoingMail } from "../../server/platform/mail/mail-layout.ts"
import {
  MAIL_MAX_ATTEMPTS,
  MAIL_RETRY_MAX_SECONDS,
  MailQueue,
  MailWorker,
  retryDelaySeconds,
} from "../../server/platform/mail/mail-queue.ts"
import { MailQueueRepo } from "../../server/platform/mail/mail-queue-repo.ts"
import { MailDeliveryFailed, MailTransport } from "../../server/platform/mail/mail-transport.ts"
import type { ForgotPasswordPayload } from "../../src/domain/account/password-reset.ts"
import type { RegisterPayload } from "../../src/domain/account/registration.ts"
import type { LoginPayload } from "../../src/domain/account/sign-in.ts"
import { createVerifiedUser, DATABASES, PASSWORD, startTestServer, type TestServer } from "./support/harness.ts"
import { TestDatabase } from "./support/layers.ts"
import { freePort, smtpSink } from "./support/smtp-sink.ts"

const registration = (email: string, password = PASSWORD) =>
  ({
    email,
    firstName: "Mei",
    lastName: "Chen",
    password,
    confirmPassword: password,
    termsChecked: true,
    promotional: false,
  }) satisfies typeof RegisterPayload.Encoded

/** Status, headers and body with the address and the new id blanked: what an outsider can compare. */
const shape = async (response: Response, email?: string) => {
  const body = (await response.json()) as Record<string, unknown>
  return {
    status: response.status,
    body: {
      ...body,
      ...("uuid" in body ? { uuid: /^[0-9a-f-]{36}$/.test(String(body.uuid)) ? "<uuid>" : body.uuid } : {}),
      ...("email" in body ? { email: body.email === email ? "<email>" : body.email } : {}),
    },
    contentType: response.headers.get("content-type"),
  }
}

describe.each(DATABASES)("no enumeration on %s", (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(kind)
  })
  afterAll(() => server.close())

  it("registering a known address answers like a new sign-up and mails the owner instead", async () => {
    const { email, uuid } = await createVerifiedUser(server, `known-${kind}@example.com`)
    const known = await server.request("/api/register", {
      method: "POST",
      json: registration(email.toUpperCase(), "other7pass"),
    })
    const fresh = await server.request("/api/register", {
      method: "POST",
      json: registration(`fresh-${kind}@example.com`),
    })
    const knownShape = await shape(known.clone(), email)
    expect(knownShape).toEqual(await shape(fresh, `fresh-${kind}@example.com`))
    expect(((await known.json()) as { uuid: string }).uuid).not.toBe(uuid)

    const toOwner = server.mails.filter((m) => m.to === email)
    expect(toOwner.map((m) => m.purpose)).toEqual(["verify-email", "already-registered"])
    expect(toOwner[1]!.text).toContain("/resetpassword")
    expect(toOwner[1]!.code).toBeUndefined()
    // Nothing about the account changed: the old password still works. The registrant's password
    // answers what it would for a new sign-up (not verified) and opens nothing.
    expect(
      (
        await server.request("/api/login", {
          method: "POST",
          json: { email, password: PASSWORD } satisfies typeof LoginPayload.Encoded,
        })
      ).status,
    ).toBe(200)
    const registrants = await server.request("/api/login", {
      method: "POST",
      json: { email, password: "other7pass" } satisfies typeof LoginPayload.Encoded,
    })
    expect(registrants.status).toBe(403)
    expect(await registrants.json()).toMatchObject({ _tag: "EmailNotVerified", email })
  })

  it("forgot-password and resend-verification answer alike for known and unknown addresses", async () => {
    const { email } = await createVerifiedUser(server, `known2-${kind}@example.com`)
    for (const [path, method, body] of [
      ["/api/forgot-password/email", "POST", (e: string) => ({ email: e })],
      ["/api/resend-verification-email/", "GET", undefined],
    ] as const) {
      const ask = (e: string) =>
        server.request(body ? path : `${path}${encodeURIComponent(e)}`, {
          method,
          ...(body ? { json: body(e) } : {}),
        })
      expect(await shape(await ask(email))).toEqual(await shape(await ask(`stranger-${kind}@example.com`)))
    }
  })
})

describe.each(DATABASES)("mail survives an SMTP outage on %s", (kind) => {
  const sink = smtpSink()
  let port = 0
  let server: TestServer
  beforeAll(async () => {
    port = await freePort()
    server = await startTestServer(kind, { smtpUrl: `smtp://127.0.0.1:${port}` }, { mail: "real" })
  })
  afterAll(async () => {
    await server.close()
    await sink.close()
  })

  it("answers at once while SMTP is down, keeps the mail, and delivers it when SMTP is back", async () => {
    const email = `outage-${kind}@example.com`
    const registered = await server.request("/api/register", { method: "POST", json: registration(email) })
    expect(registered.status).toBe(200)
    const asked = await server.request("/api/forgot-password/email", {
      method: "POST",
      json: { email } satisfies typeof ForgotPasswordPayload.Encoded,
    })
    expect(asked.status).toBe(200)
    // Each request was followed by a delivery attempt that failed; both mails wait for a retry.
    const waiting = await server.sql<{ purpose: string; attempts: number; code: string | null; last_error: string }>(
      "SELECT purpose, attempts, code, last_error FROM mail_queue WHERE recipient = $1 ORDER BY id",
      [email],
    )
    expect(waiting.map((row) => [row.purpose, row.attempts])).toEqual([
      ["verify-email", 1],
      ["reset-password", 1],
    ])
    // In SMTP mode the code is not kept apart from the body (it is only ever logged in outbox mode).
    expect(waiting.every((row) => row.code === null)).toBe(true)
    expect(waiting[0]!.last_error).toMatch(/ECONNREFUSED|connect/i)

    await sink.listen(port)
    // Nothing is due before its backoff has passed…
    expect(await server.deliverMail()).toBe(0)
    // …and once it has, everything waiting goes out.
    await server.sql("UPDATE mail_queue SET next_attempt_at = now() - interval '1 second'")
    expect(await server.deliverMail()).toBe(2)
    expect(sink.messages.map((m) => m.to.join())).toEqual([
      expect.stringContaining(email),
      expect.stringContaining(email),
    ])
    expect(sink.messages[1]!.data).toMatch(/^Subject: Reset your Jingluo password/im)
    expect(await server.sql("SELECT id FROM mail_queue")).toHaveLength(0)
  })
})

// The worker and its backoff, with a transport that fails until told otherwise and a test clock.
let transportUp = false
const delivered: Array<OutgoingMail> = []
const FlakyTransport = Layer.succeed(MailTransport, {
  kind: "capture",
  deliver: (mail) =>
    transportUp
      ? Effect.sync(() => void delivered.push(mail))
      : Effect.fail(new MailDeliveryFailed({ reason: "421 try again later" })),
})
const QueueLive = MailQueue.layer.pipe(
  Layer.provideMerge(Layer.mergeAll(MailQueueRepo.layer, FlakyTransport)),
  Layer.provideMerge(TestDatabase),
  Layer.provideMerge(ServerConfig.layer({ ...readSettings({}), logLevel: "none" })),
)

describe("retry delays", () => {
  it("double from the first retry up to an hour", () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240])
    expect(retryDelaySeconds(30)).toBe(MAIL_RETRY_MAX_SECONDS)
  })
})

layer(QueueLive, { timeout: 60_000 })("mail queue", (it) => {
  it.effect("retries with exponential backoff and gives up only after MAIL_MAX_ATTEMPTS", () =>
    Effect.gen(function* () {
      const queue = yield* MailQueue
      transportUp = false
      yield* queue.enqueue({ to: "a@example.com", purpose: "test", subject: "s", text: "t", html: "h" })
      assert.strictEqual(yield* queue.deliverDue, 0)
      for (let attempt = 1; attempt <= 3; attempt++) {
        yield* TestClock.adjust(`${retryDelaySeconds(attempt) - 1} seconds`)
        assert.strictEqual(yield* queue.deliverDue, 0)
        assert.strictEqual(delivered.length, 0)
        yield* TestClock.adjust("1 second")
        assert.strictEqual(yield* queue.deliverDue, 0)
      }
      transportUp = true
      yield* TestClock.adjust(`${retryDelaySeconds(4)} seconds`)
      assert.strictEqual(yield* queue.deliverDue, 1)
      assert.deepStrictEqual(
        delivered.map((m) => m.to),
        ["a@example.com"],
      )

      transportUp = false
      yield* queue.enqueue({ to: "b@example.com", purpose: "test", subject: "s", text: "t", html: "h" })
      for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
        yield* queue.deliverDue
        yield* TestClock.adjust(`${MAIL_RETRY_MAX_SECONDS} seconds`)
      }
      transportUp = true
      assert.strictEqual(yield* queue.deliverDue, 0)
    }),
  )

  it.effect("the background worker delivers what is enqueued without being asked", () =>
    Effect.gen(function* () {
      transportUp = true
      delivered.length = 0
      yield* Layer.build(MailWorker)
      const queue = yield* MailQueue
      yield* queue.enqueue({ to: "worker@example.com", purpose: "test", subject: "s", text: "t", html: "h" })
      // Real time passes while the worker's queries run (the test clock stands still).
      for (let i = 0; i < 250 && delivered.length === 0; i++)
        yield* Effect.promise(() => new Promise((done) => setTimeout(done, 20)))
      assert.deepStrictEqual(
        delivered.map((m) => m.to),
        ["worker@example.com"],
      )
    }).pipe(Effect.scoped),
  )
})
