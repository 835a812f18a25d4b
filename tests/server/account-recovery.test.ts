// Nobody can keep an owner from resetting their password. Anonymous reset requests are counted per
// address and per client; over the address's limit nothing more is sent and the answer stays the
// same, because the mails of the current window are in the mailbox and their links (128-bit,
// single use) outlive the window: a newer mail never ends an older mail's link. When the address's
// codes for the day are spent, the mail carries the link without a code. The four-digit code budget
// stays: at most LIMITS.codesSentPerAccount codes a day reach the mailbox.
import { layer } from "@effect/vitest"
import { Effect, Option } from "effect"
import { TestClock } from "effect/testing"
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest"
import { Accounts } from "../../server/accounts/accounts-service.ts"
import { CodesRepo } from "../../server/accounts/codes-repo.ts"
import { Passwords } from "../../server/accounts/passwords-service.ts"
import { UsersRepo } from "../../server/accounts/users-repo.ts"
import type { OutgoingMail } from "../../server/platform/mail/mail-layout.ts"
import { MailQueue } from "../../server/platform/mail/mail-queue.ts"
import { LIMITS } from "../../server/platform/security/rate-limiter.ts"
import { sha256 } from "../../server/platform/security/secrets.ts"
import type { LoginPayload } from "../../src/domain/account/sign-in.ts"
import { LINK_TTL_MINUTES } from "../../src/domain/account/verification-limits.ts"
import { createVerifiedUser, DATABASES, PASSWORD, signIn, startTestServer, type TestServer } from "./support/harness.ts"
import { accountsStack } from "./support/layers.ts"

const tokenIn = (mail: OutgoingMail) => /token=([A-Za-z0-9_-]{22})/.exec(mail.text)?.[1] ?? ""
const ANONYMOUS_REQUESTS = 20
const NEW_PASSWORD = "juniper3berry"

describe.each(DATABASES)("password recovery under anonymous requests on %s", (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(kind, { trustProxy: { _tag: "Hops", hops: 1 } })
  })
  afterAll(() => server.close())

  const forgot = (email: string, client: string) =>
    server.request("/api/forgot-password/email", {
      method: "POST",
      json: { email },
      headers: { "x-forwarded-for": client },
    })

  it(`after ${ANONYMOUS_REQUESTS} anonymous requests the owner still has a mail with a working link and resets with it`, async () => {
    const { email } = await createVerifiedUser(server, `recover-${kind}@example.com`)
    for (let i = 0; i < ANONYMOUS_REQUESTS; i++) expect((await forgot(email, `203.0.113.${i + 1}`)).status).toBe(200)
    // The owner asks too, from their own client: the same answer.
    expect((await forgot(email, "192.0.2.77")).status).toBe(200)

    const mails = server.mails.filter((m) => m.to === email && m.purpose === "reset-password")
    expect(mails).toHaveLength(LIMITS.mailPerAddress.max)
    // The registration's code and these: never more codes than the day's budget.
    expect(mails.filter((m) => m.code !== undefined).length).toBeLessThan(LIMITS.codesSentPerAccount.max)
    // Codes paused: the mail carries the link alone and says why.
    const linkOnly = mails.at(-1)!
    expect(linkOnly.code).toBeUndefined()
    expect(linkOnly.text).toContain("This e-mail has no code")
    expect(tokenIn(linkOnly)).toMatch(/^[A-Za-z0-9_-]{22}$/)

    // The first mail's link still works after everything the others asked for.
    const reset = await server.request("/api/password/reset-link", {
      method: "POST",
      json: { token: tokenIn(mails[0]!), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    })
    expect(reset.status).toBe(200)
    await signIn(server, email, NEW_PASSWORD)
    const old = await server.request("/api/login", {
      method: "POST",
      json: { email, password: PASSWORD } satisfies typeof LoginPayload.Encoded,
    })
    expect(old.status).toBe(422)
    // Using one link used them all: the other mails' links are spent.
    const second = await server.request("/api/password/reset-link", {
      method: "POST",
      json: { token: tokenIn(mails[1]!), password: "birch2bark", confirmPassword: "birch2bark" },
    })
    expect(second.status).toBe(422)
  })

  it("still counts requests per client: one client is refused past its limit", async () => {
    const answers: Array<number> = []
    for (let i = 0; i <= LIMITS.mailPerIp.max; i++)
      answers.push((await forgot(`someone-${i}-${kind}@example.com`, "203.0.113.200")).status)
    expect(answers.slice(0, LIMITS.mailPerIp.max).every((status) => status === 200)).toBe(true)
    expect(answers.at(-1)).toBe(429)
  })
})

// Over two hours, with the clock under control: others ask for a reset twice a minute from ever
// new client addresses. At every minute the owner's mailbox holds a link that still works.
const sent: Array<OutgoingMail> = []
const HOURS = 2

layer(accountsStack(sent), { timeout: 120_000 })("recovery under a steady stream of requests", (it) => {
  it.effect(
    `for ${HOURS} hours of anonymous requests the owner's mailbox always holds a working link`,
    () =>
      Effect.gen(function* () {
        const accounts = yield* Accounts
        const queue = yield* MailQueue
        const repo = yield* CodesRepo
        const users = yield* UsersRepo
        const passwords = yield* Passwords
        const email = "steady@example.com"
        yield* accounts.register(
          {
            email,
            firstName: "Mei",
            lastName: "Chen",
            password: PASSWORD,
            confirmPassword: PASSWORD,
            termsChecked: true,
            promotional: false,
          },
          { language: "en", address: "192.0.2.1" },
        )
        const linkWorks = (mail: OutgoingMail, now: number) =>
          Effect.map(repo.byToken(sha256(tokenIn(mail)), "reset-password"), (row) =>
            Option.isSome(row) ? row.value.link_expires_at.getTime() > now : false,
          )
        let client = 0
        for (let minute = 0; minute < HOURS * 60; minute++) {
          for (let i = 0; i < 2; i++) {
            client++
            yield* accounts.requestPasswordReset(email, {
              language: "en",
              address: `10.9.${client >> 8}.${client & 255}`,
            })
          }
          yield* queue.deliverDue
          const now = minute * 60_000
          const mails = sent.filter((m) => m.to === email && m.purpose === "reset-password")
          const working = yield* Effect.filter(mails, (mail) => linkWorks(mail, now))
          assert.isAtLeast(working.length, 1, `minute ${minute}`)
          yield* TestClock.adjust("1 minute")
        }
        const mails = sent.filter((m) => m.to === email && m.purpose === "reset-password")
        // Within a day, the codes in the mails stay within the budget (the registration took one).
        assert.isAtMost(mails.filter((m) => m.code !== undefined).length, LIMITS.codesSentPerAccount.max - 1)
        // Why this holds: a link outlives the window in which the address's mails are limited.
        assert.isAtLeast(LINK_TTL_MINUTES * 60, LIMITS.mailPerAddress.windowSeconds)
        yield* accounts.resetPasswordLink(tokenIn(mails.at(-1)!), NEW_PASSWORD)
        const user = yield* users.findByEmail(email)
        assert.isTrue(yield* passwords.verify(Option.getOrThrow(user).password_hash, NEW_PASSWORD))
      }),
    // Two hundred and forty requests against the database take a while on a busy machine.
    { timeout: 120_000 },
  )
})
