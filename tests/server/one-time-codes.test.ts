// One-time codes against the database with a controlled clock: single use, valid for
// CODE_TTL_MINUTES, at most CODE_MAX_ATTEMPTS tries; an issued code (e-mail change) replaces the old
// one, while a mailed link (verification, reset) stays valid for LINK_TTL_MINUTES beside newer
// mails; the link token works alone and once; a code held by an address without an account matches
// nothing but answers alike; and each address's daily budget of codes sent and wrong guesses.
import { assert, describe, it, layer } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { TestClock } from "effect/testing"
import { CodesRepo } from "../../server/accounts/codes-repo.ts"
import {
  addressHashOf,
  type CodeOwner,
  type IssuedCode,
  type MailedCode,
  OneTimeCodes,
} from "../../server/accounts/codes-service.ts"
import { UsersRepo } from "../../server/accounts/users-repo.ts"
import { readSettings, ServerConfig } from "../../server/platform/config/server-config.ts"
import { LIMITS, RateLimiter } from "../../server/platform/security/rate-limiter.ts"
import { Secrets } from "../../server/platform/security/secrets.ts"
import { isLinkToken } from "../../src/domain/account/verification-code.ts"
import { CODE_MAX_ATTEMPTS, CODE_TTL_MINUTES, LINK_TTL_MINUTES } from "../../src/domain/account/verification-limits.ts"
import { insertUser, TestDatabase } from "./support/layers.ts"

const Codes = OneTimeCodes.layer.pipe(
  Layer.provideMerge(Layer.mergeAll(CodesRepo.layer, UsersRepo.layer, Secrets.layer, RateLimiter.layer)),
  Layer.provideMerge(TestDatabase),
  Layer.provide(ServerConfig.layer({ ...readSettings({}), rateLimitFactor: 1 })),
)

const wrongFor = (code: string) => (code === "0000" ? "1111" : "0000")
const user = (userId: number): CodeOwner => ({ _tag: "User", userId })
const issued = (code: Option.Option<IssuedCode>) => Option.getOrThrow(code)

layer(Codes, { timeout: 60_000 })("one-time codes", (it) => {
  it.effect("a code is accepted once and then no more", () =>
    Effect.gen(function* () {
      const codes = yield* OneTimeCodes
      const userId = yield* insertUser("once@example.com")
      const { code, token } = issued(yield* codes.issue(userId, "verify-email"))
      assert.match(code, /^\d{4}$/)
      assert.isTrue(isLinkToken(token))
      const redeemed = yield* codes.redeem(user(userId), "verify-email", code)
      assert.deepStrictEqual(redeemed, { userId, targetEmail: null })
      const again = yield* Effect.flip(codes.redeem(user(userId), "verify-email", code))
      assert.strictEqual(again._tag === "CodeRejected" && again.reason, "expired")
      // The code and its link are one: using either uses both.
      const link = yield* Effect.flip(codes.redeemLink("verify-email", token))
      assert.strictEqual(link.reason, "expired")
    }),
  )

  it.effect("a code works until CODE_TTL_MINUTES have passed, not after", () =>
    Effect.gen(function* () {
      const codes = yield* OneTimeCodes
      const userId = yield* insertUser("ttl@example.com")
      const first = issued(yield* codes.issue(userId, "reset-password"))
      yield* TestClock.adjust(`${CODE_TTL_MINUTES * 60 - 1} seconds`)
      yield* codes.redeem(user(userId), "reset-password", first.code)

      const second = issued(yield* codes.issue(userId, "reset-password"))
      yield* TestClock.adjust(`${CODE_TTL_MINUTES} minutes`)
      const late = yield* Effect.flip(codes.redeem(user(userId), "reset-password", second.code))
      assert.strictEqual(late._tag === "CodeRejected" && late.reason, "expired")
      const lateLink = yield* Effect.flip(codes.redeemLink("reset-password", second.token))
      assert.strictEqual(lateLink.reason, "expired")
    }),
  )

  it.effect("wrong tries count; the last allowed wrong try expires the code, but not its link", () =>
    Effect.gen(function* () {
      const codes = yield* OneTimeCodes
      const userId = yield* insertUser("tries@example.com")
      const { code, token } = issued(yield* codes.issue(userId, "verify-email"))
      for (let attempt = 1; attempt < CODE_MAX_ATTEMPTS; attempt++) {
        const wrong = yield* Effect.flip(codes.redeem(user(userId), "verify-email", wrongFor(code)))
        assert.strictEqual(wrong._tag === "CodeRejected" && wrong.reason, "invalid")
      }
      const last = yield* Effect.flip(codes.redeem(user(userId), "verify-email", wrongFor(code)))
      assert.strictEqual(last._tag === "CodeRejected" && last.reason, "expired")
      const right = yield* Effect.flip(codes.redeem(user(userId), "verify-email", code))
      assert.strictEqual(right._tag === "CodeRejected" && right.reason, "expired")
      // Guessing the code cannot take the owner's link away.
      assert.deepStrictEqual(yield* codes.redeemLink("verify-email", token), { userId, targetEmail: null })
    }),
  )

  it.effect("an issued code replaces the previous one for the same purpose only", () =>
    Effect.gen(function* () {
      const codes = yield* OneTimeCodes
      const userId = yield* insertUser("replace@example.com")
      const verify = issued(yield* codes.issue(userId, "verify-email"))
      const oldReset = issued(yield* codes.issue(userId, "reset-password"))
      const newReset = issued(yield* codes.issue(userId, "reset-password"))
      const oldLink = yield* Effect.flip(codes.redeemLink("reset-password", oldReset.token))
      assert.strictEqual(oldLink.reason, "expired")
      if (oldReset.code !== newReset.code) {
        const old = yield* Effect.flip(codes.redeem(user(userId), "reset-password", oldReset.code))
        assert.strictEqual(old._tag === "CodeRejected" && old.reason, "invalid")
      }
      yield* codes.redeem(user(userId), "reset-password", newReset.code)
      yield* codes.redeem(user(userId), "verify-email", verify.code)
    }),
  )

  it.effect("a link token is checked for its purpose and its shape", () =>
    Effect.gen(function* () {
      const codes = yield* OneTimeCodes
      const userId = yield* insertUser("purpose@example.com")
      const { token } = issued(yield* codes.issue(userId, "reset-password"))
      assert.strictEqual((yield* Effect.flip(codes.redeemLink("verify-email", token))).reason, "expired")
      assert.strictEqual((yield* Effect.flip(codes.redeemLink("reset-password", "short"))).reason, "expired")
      assert.deepStrictEqual(yield* codes.redeemLink("reset-password", token), { userId, targetEmail: null })
    }),
  )

  it.effect("an e-mail change code carries its target address", () =>
    Effect.gen(function* () {
      const codes = yield* OneTimeCodes
      const userId = yield* insertUser("change@example.com")
      const { code } = issued(yield* codes.issue(userId, "change-email", "new@example.com"))
      const redeemed = yield* codes.redeem(user(userId), "change-email", code)
      assert.strictEqual(redeemed.targetEmail, "new@example.com")
    }),
  )

  it.effect("an account gets LIMITS.codesSentPerAccount codes a day, then none until the day is over", () =>
    Effect.gen(function* () {
      const codes = yield* OneTimeCodes
      const userId = yield* insertUser("budget@example.com")
      for (let i = 0; i < LIMITS.codesSentPerAccount.max; i++)
        assert.isTrue(Option.isSome(yield* codes.issue(userId, i % 2 === 0 ? "reset-password" : "verify-email")))
      assert.isTrue(Option.isNone(yield* codes.issue(userId, "change-email", "x@example.com")))
      yield* TestClock.adjust("24 hours")
      assert.isTrue(Option.isSome(yield* codes.issue(userId, "reset-password")))
    }),
  )

  it.effect("wrong guesses across all kinds of code share one budget; right codes do not spend it", () =>
    Effect.gen(function* () {
      const codes = yield* OneTimeCodes
      const userId = yield* insertUser("guesses@example.com")
      const kinds = ["verify-email", "reset-password", "change-email"] as const
      const live = new Map<string, string>()
      for (const kind of kinds) live.set(kind, issued(yield* codes.issue(userId, kind, "t@example.com")).code)
      // A right code on the way costs nothing.
      const right = live.get("verify-email")!
      yield* codes.redeem(user(userId), "verify-email", right)
      for (let guess = 0; guess < LIMITS.codeGuessesPerAccount.max; guess++) {
        const kind = guess % 2 === 0 ? "reset-password" : "change-email"
        const failure = yield* Effect.flip(codes.redeem(user(userId), kind, wrongFor(live.get(kind)!)))
        assert.strictEqual(failure._tag, "CodeRejected")
      }
      // Over budget: even the right code is not checked until the day is over.
      const paused = yield* Effect.flip(codes.redeem(user(userId), "change-email", live.get("change-email")!))
      assert.strictEqual(paused._tag, "CodesPaused")
      assert.isAbove(paused._tag === "CodesPaused" ? paused.retryAfterSeconds : 0, 23 * 3600)
      // An identifier without an account runs out just the same, so the answers cannot tell them apart.
      const nobody: CodeOwner = { _tag: "Nobody", key: "email:none@example.com" }
      for (let guess = 0; guess < LIMITS.codeGuessesPerAccount.max; guess++)
        assert.strictEqual((yield* Effect.flip(codes.redeem(nobody, "reset-password", "1234")))._tag, "CodeRejected")
      assert.strictEqual((yield* Effect.flip(codes.redeem(nobody, "reset-password", "1234")))._tag, "CodesPaused")
    }),
  )

  const mailedCode = (mailed: MailedCode) => Option.getOrThrow(mailed.code)
  const reason = (error: { readonly _tag: string; readonly reason?: string }) =>
    error._tag === "CodeRejected" ? error.reason : error._tag

  it.effect("a mailed link stays valid beside newer mails; only the newest code counts; using one uses all", () =>
    Effect.gen(function* () {
      const codes = yield* OneTimeCodes
      const userId = yield* insertUser("mailed@example.com")
      const first = yield* codes.mailable(userId, "reset-password", true)
      const second = yield* codes.mailable(userId, "reset-password", true)
      if (mailedCode(first) !== mailedCode(second)) {
        const old = yield* Effect.flip(codes.redeem(user(userId), "reset-password", mailedCode(first)))
        assert.strictEqual(reason(old), "invalid")
      }
      // The older mail's link still works, and using it spends the newer code and link too.
      assert.deepStrictEqual(yield* codes.redeemLink("reset-password", first.token), { userId, targetEmail: null })
      const code = yield* Effect.flip(codes.redeem(user(userId), "reset-password", mailedCode(second)))
      assert.strictEqual(reason(code), "expired")
      assert.strictEqual((yield* Effect.flip(codes.redeemLink("reset-password", second.token))).reason, "expired")
    }),
  )

  it.effect("a link works for LINK_TTL_MINUTES, its code for CODE_TTL_MINUTES", () =>
    Effect.gen(function* () {
      const codes = yield* OneTimeCodes
      const userId = yield* insertUser("link-ttl@example.com")
      const mailed = yield* codes.mailable(userId, "verify-email", true)
      yield* TestClock.adjust(`${CODE_TTL_MINUTES} minutes`)
      assert.strictEqual(
        reason(yield* Effect.flip(codes.redeem(user(userId), "verify-email", mailedCode(mailed)))),
        "expired",
      )
      yield* TestClock.adjust(`${(LINK_TTL_MINUTES - CODE_TTL_MINUTES) * 60 - 1} seconds`)
      yield* codes.redeemLink("verify-email", mailed.token)

      const late = yield* codes.mailable(userId, "verify-email", true)
      yield* TestClock.adjust(`${LINK_TTL_MINUTES} minutes`)
      assert.strictEqual((yield* Effect.flip(codes.redeemLink("verify-email", late.token))).reason, "expired")
    }),
  )

  it.effect("a mail without a code carries a working link, and the code mailed before still counts", () =>
    Effect.gen(function* () {
      const codes = yield* OneTimeCodes
      const userId = yield* insertUser("link-only@example.com")
      const withCode = yield* codes.mailable(userId, "reset-password", true)
      const linkOnly = yield* codes.mailable(userId, "reset-password", false)
      assert.isTrue(Option.isNone(linkOnly.code))
      assert.isTrue(isLinkToken(linkOnly.token))
      yield* codes.redeem(user(userId), "reset-password", mailedCode(withCode))
      const later = yield* codes.mailable(userId, "reset-password", false)
      assert.deepStrictEqual(yield* codes.redeemLink("reset-password", later.token), { userId, targetEmail: null })
    }),
  )

  it.effect("a code held by an address matches nothing and answers every try like a mailed one", () =>
    Effect.gen(function* () {
      const codes = yield* OneTimeCodes
      const userId = yield* insertUser("holder-real@example.com")
      const mailed = yield* codes.mailable(userId, "reset-password", true)
      const addressHash = addressHashOf("holder-none@example.com")
      yield* codes.hold(addressHash, "reset-password")
      const answers = (owner: CodeOwner, guesses: ReadonlyArray<string>) =>
        Effect.forEach(guesses, (guess) =>
          Effect.map(Effect.flip(codes.redeem(owner, "reset-password", guess)), reason),
        )
      const wrong = Array.from({ length: CODE_MAX_ATTEMPTS + 1 }, () => wrongFor(mailedCode(mailed)))
      const forAccount = yield* answers(user(userId), wrong)
      // Every four-digit code is wrong for a held code, the right one of the account included.
      const forAddress = yield* answers({ _tag: "Address", addressHash }, [mailedCode(mailed), ...wrong.slice(1)])
      assert.deepStrictEqual(forAddress, forAccount)
      assert.deepStrictEqual(forAccount, [
        ...Array.from({ length: CODE_MAX_ATTEMPTS - 1 }, () => "invalid"),
        "expired",
        "expired",
      ])
      // And it expires by time like a mailed one.
      yield* codes.hold(addressHash, "reset-password")
      yield* TestClock.adjust(`${CODE_TTL_MINUTES} minutes`)
      assert.deepStrictEqual(yield* answers({ _tag: "Address", addressHash }, ["1234"]), ["expired"])
    }),
  )

  it.effect("an address's budgets are the same with or without an account", () =>
    Effect.gen(function* () {
      const codes = yield* OneTimeCodes
      const email = "shared-budget@example.com"
      const addressHash = addressHashOf(email)
      // Spent while the address had no account...
      for (let i = 0; i < LIMITS.codesSentPerAccount.max; i++) assert.isTrue(yield* codes.budget(addressHash))
      assert.isFalse(yield* codes.budget(addressHash))
      for (let i = 0; i < LIMITS.codeGuessesPerAccount.max; i++)
        yield* Effect.flip(codes.redeem({ _tag: "Address", addressHash }, "verify-email", "1234"))
      // ...and still spent once it has one.
      const userId = yield* insertUser(email)
      assert.isTrue(Option.isNone(yield* codes.issue(userId, "change-email", "next@example.com")))
      const paused = yield* Effect.flip(codes.redeem(user(userId), "reset-password", "1234"))
      assert.strictEqual(paused._tag, "CodesPaused")
    }),
  )

  it.effect("the codes an address held become its new account's", () =>
    Effect.gen(function* () {
      const codes = yield* OneTimeCodes
      const email = "adopted@example.com"
      yield* codes.hold(addressHashOf(email), "reset-password")
      const userId = yield* insertUser(email)
      assert.strictEqual(reason(yield* Effect.flip(codes.redeem(user(userId), "reset-password", "1234"))), "expired")
      yield* codes.adopt(addressHashOf(email), userId)
      assert.strictEqual(reason(yield* Effect.flip(codes.redeem(user(userId), "reset-password", "1234"))), "invalid")
    }),
  )

  it.effect("spent codes and codes whose code and link have expired are purged", () =>
    Effect.gen(function* () {
      const codes = yield* OneTimeCodes
      const sql = yield* SqlClient.SqlClient
      const userId = yield* insertUser("purged@example.com")
      const spent = yield* codes.mailable(userId, "verify-email", true)
      yield* codes.redeemLink("verify-email", spent.token)
      const live = yield* codes.mailable(userId, "reset-password", true)
      const count = Effect.map(
        sql<{ n: number }>`SELECT count(*)::int AS n FROM one_time_codes WHERE user_id = ${userId}`,
        (rows) => rows[0]!.n,
      )
      yield* codes.purge
      assert.strictEqual(yield* count, 1)
      yield* TestClock.adjust(`${LINK_TTL_MINUTES - 1} minutes`)
      yield* codes.purge
      yield* codes.redeemLink("reset-password", live.token)
      yield* codes.mailable(userId, "reset-password", true)
      yield* TestClock.adjust(`${LINK_TTL_MINUTES} minutes`)
      yield* codes.purge
      assert.strictEqual(yield* count, 0)
    }).pipe(Effect.orDie),
  )
})

describe("codes are four digits", () => {
  it.effect("over many draws every code has exactly four digits, zeros kept", () =>
    Effect.gen(function* () {
      const secrets = yield* Secrets
      for (let i = 0; i < 500; i++) assert.match(yield* secrets.code, /^\d{4}$/)
      for (let i = 0; i < 50; i++) assert.isTrue(isLinkToken(yield* secrets.linkToken))
    }).pipe(Effect.provide(Secrets.layer)),
  )
})
