// Four-digit codes cannot be guessed across codes. Each address (and so each account) gets at most
// LIMITS.codeGuessesPerAccount wrong guesses and LIMITS.codesSentPerAccount codes a day, counted
// before the check, from any number of client addresses; then codes are refused with a clear
// message and the owner is mailed once. The link in the mail carries a 128-bit token that still
// works. A simulation of 2,000 guesses over five days (forty times the day's budget, every day)
// counts the checks the server really made.
import { layer } from "@effect/vitest"
import { Clock, Context, Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest"
import { Accounts } from "../../server/accounts/accounts-service.ts"
import { CodesRepo } from "../../server/accounts/codes-repo.ts"
import type { OutgoingMail } from "../../server/platform/mail/mail-layout.ts"
import { MailQueue } from "../../server/platform/mail/mail-queue.ts"
import { LIMITS } from "../../server/platform/security/rate-limiter.ts"
import type { ForgotPasswordPayload } from "../../src/domain/account/password-reset.ts"
import type { LoginPayload } from "../../src/domain/account/sign-in.ts"
import { DAY_MS } from "../../src/domain/shared/timing.ts"
import { DATABASES, PASSWORD, signUpCookieOf, startTestServer, type TestServer } from "./support/harness.ts"
import { accountsStack } from "./support/layers.ts"

const tokenIn = (mail: OutgoingMail) => /token=([A-Za-z0-9_-]{22})/.exec(mail.text)?.[1] ?? ""

describe.each(DATABASES)("code budget over HTTP on %s", (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(kind, { trustProxy: { _tag: "Hops", hops: 1 } })
  })
  afterAll(() => server.close())

  it("30 parallel guesses from 30 addresses: at most 10 checked, the rest and then the right code refused, one alert, the link still works", async () => {
    const email = `guessed-${kind}@example.com`
    const registered = await server.request("/api/register", {
      method: "POST",
      json: {
        email,
        firstName: "Lin",
        lastName: "Wei",
        password: PASSWORD,
        confirmPassword: PASSWORD,
        termsChecked: true,
        promotional: false,
      },
    })
    const { uuid } = (await registered.json()) as { uuid: string }
    const mail = server.mails.filter((m) => m.to === email && m.purpose === "verify-email").at(-1)!
    const code = mail.code!
    const wrong = (i: number) => String((Number(code) + 1 + i) % 10_000).padStart(4, "0")
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        server.request(`/api/verify-email/${uuid}/${wrong(i)}`, {
          headers: { "x-forwarded-for": `172.16.${i}.3` },
          locale: "de",
        }),
      ),
    )
    const checked = answers.filter((a) => a.status === 422)
    const refused = answers.filter((a) => a.status === 429)
    expect(checked.length).toBeLessThanOrEqual(LIMITS.codeGuessesPerAccount.max)
    expect(checked.length + refused.length).toBe(30)
    const body = (await refused[0]!.json()) as { reason: string; message: string }
    expect(body.reason).toBe("codesPaused")
    expect(body.message).toContain("24 Stunden")
    expect(Number(refused[0]!.headers.get("retry-after"))).toBeGreaterThan(23 * 3600)

    const right = await server.request(`/api/verify-email/${uuid}/${code}`, {
      headers: { "x-forwarded-for": "1.1.1.1" },
    })
    expect(right.status).toBe(429)
    const alerts = server.mails.filter((m) => m.to === email && m.purpose === "code-alert")
    expect(alerts).toHaveLength(1)
    expect(alerts[0]!.subject).toContain("trying codes")

    // The link, in the browser that registered: verified with the password typed there.
    const link = await server.request("/api/verify-email-link", {
      method: "POST",
      json: { token: tokenIn(mail) },
      headers: { cookie: signUpCookieOf(registered) },
    })
    expect(link.status).toBe(200)
    const login = await server.request("/api/login", {
      method: "POST",
      json: { email, password: PASSWORD } satisfies typeof LoginPayload.Encoded,
    })
    expect(login.status).toBe(200)
    // Single use.
    const again = await server.request("/api/verify-email-link", { method: "POST", json: { token: tokenIn(mail) } })
    expect(again.status).toBe(422)
    expect(await again.json()).toMatchObject({ errors: { token: "validation.linkExpired" } })
  })

  it("a reset link sets a new password without the code, once, and ends old sessions", async () => {
    const email = `linkreset-${kind}@example.com`
    await server.request("/api/register", {
      method: "POST",
      json: {
        email,
        firstName: "Ana",
        lastName: "Ruiz",
        password: PASSWORD,
        confirmPassword: PASSWORD,
        termsChecked: true,
        promotional: false,
      },
    })
    await server.request("/api/forgot-password/email", {
      method: "POST",
      json: { email } satisfies typeof ForgotPasswordPayload.Encoded,
    })
    const mail = server.mails.filter((m) => m.to === email && m.purpose === "reset-password").at(-1)!
    expect(mail.text).toMatch(/\/resetpassword\?email=.*&token=[A-Za-z0-9_-]{22}/)
    const reset = (password: string) =>
      server.request("/api/password/reset-link", {
        method: "POST",
        json: { token: tokenIn(mail), password, confirmPassword: password },
      })
    expect((await reset("bamboo9grove")).status).toBe(200)
    expect((await reset("cedar8wood")).status).toBe(422)
    const login = await server.request("/api/login", {
      method: "POST",
      json: { email, password: "bamboo9grove" } satisfies typeof LoginPayload.Encoded,
    })
    // The reset proved the mailbox, so the account is verified too.
    expect(login.status).toBe(200)
  })
})

// ---------------------------------------------------------------------------------------------
// The simulation: services over PGlite with a test clock; every comparison of a code is counted
// where it happens (CodesRepo.countAttempt).

class CheckLog extends Context.Service<CheckLog, { readonly at: Array<number> }>()("test/CheckLog") {
  static readonly layer = Layer.sync(CheckLog, () => ({ at: [] }))
}

const CountingCodesRepo = Layer.effect(
  CodesRepo,
  Effect.gen(function* () {
    const real = Context.get(yield* Layer.build(CodesRepo.layer), CodesRepo)
    const log = yield* CheckLog
    return CodesRepo.of({
      ...real,
      countAttempt: (id) =>
        Effect.flatMap(Clock.currentTimeMillis, (now) => {
          log.at.push(now)
          return real.countAttempt(id)
        }),
    })
  }),
).pipe(Layer.provideMerge(CheckLog.layer))

const sent: Array<OutgoingMail> = []
const Simulation = accountsStack(sent, CountingCodesRepo)

const GUESSES = 2_000
const DAYS = 5

layer(Simulation, { timeout: 300_000 })("code guessing simulation", (it) => {
  it.effect(
    `${GUESSES} guesses from rotating addresses over ${DAYS} days: at most ${LIMITS.codeGuessesPerAccount.max} checks a day`,
    () =>
      Effect.gen(function* () {
        const accounts = yield* Accounts
        const queue = yield* MailQueue
        const log = yield* CheckLog
        const email = "victim@example.com"
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
        let seed = 7
        const random = () => {
          seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
          return seed
        }
        let successes = 0
        let needCode = true
        for (let guess = 0; guess < GUESSES; guess++) {
          const caller = {
            language: "en" as const,
            address: `10.${(guess >> 16) & 255}.${(guess >> 8) & 255}.${guess & 255}`,
          }
          // The attacker asks for a fresh reset code whenever the last one is spent (limits may refuse).
          if (needCode) yield* Effect.ignore(accounts.requestPasswordReset(email, caller))
          const failure = yield* accounts
            .resetPassword({
              email,
              code: String(random() % 10_000).padStart(4, "0"),
              password: "stolen9pass",
              confirmPassword: "stolen9pass",
            })
            .pipe(
              Effect.as(null),
              Effect.catch((error) => Effect.succeed(error)),
            )
          if (failure === null) successes++
          needCode = failure === null || (failure._tag === "CodeRejected" && failure.reason === "expired")
          yield* TestClock.adjust((DAYS * DAY_MS) / GUESSES)
        }
        yield* queue.deliverDue
        const perDay = Array.from({ length: DAYS }, (_, day) =>
          log.at.filter((t) => t >= day * DAY_MS && t < (day + 1) * DAY_MS),
        ).map((checks) => checks.length)
        // The attacker got checks every day (measured: 8, 7, 7, 7, 7), never more than the budget.
        for (const checks of perDay) {
          assert.isAtLeast(checks, 1)
          assert.isAtMost(checks, LIMITS.codeGuessesPerAccount.max)
        }
        // The owner heard about it once a day, no more.
        const alerts = sent.filter((m) => m.purpose === "code-alert" && m.to === email)
        assert.isAtLeast(alerts.length, 1)
        assert.isAtMost(alerts.length, DAYS)
        assert.isAtMost(successes, 1)
      }),
    // 2,000 attempts with argon2 behind them take seconds alone and far longer on a busy machine.
    { timeout: 300_000 },
  )
})
