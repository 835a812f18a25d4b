// One-time codes against the database with a controlled clock: single use, valid for
// CODE_TTL_MINUTES, at most CODE_MAX_ATTEMPTS tries, and a new code replaces the old one.
import { assert, describe, it, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { CodesRepo } from "../../server/repositories/codes-repo.ts"
import { OneTimeCodes } from "../../server/services/one-time-codes.ts"
import { Secrets } from "../../server/services/secrets.ts"
import { CODE_MAX_ATTEMPTS, CODE_TTL_MINUTES } from "../../src/domain/verification-code.ts"
import { insertUser, TestDatabase } from "./support/layers.ts"

const Codes = OneTimeCodes.layer.pipe(
  Layer.provideMerge(Layer.mergeAll(CodesRepo.layer, Secrets.layer)),
  Layer.provideMerge(TestDatabase),
)

const wrongFor = (code: string) => (code === "0000" ? "1111" : "0000")

layer(Codes, { timeout: 60_000 })("one-time codes", (it) => {
  it.effect("a code is accepted once and then no more", () =>
    Effect.gen(function* () {
      const codes = yield* OneTimeCodes
      const userId = yield* insertUser("once@example.com")
      const code = yield* codes.issue(userId, "verify-email")
      assert.match(code, /^\d{4}$/)
      const redeemed = yield* codes.redeem(userId, "verify-email", code)
      assert.strictEqual(redeemed.targetEmail, null)
      const again = yield* Effect.flip(codes.redeem(userId, "verify-email", code))
      assert.strictEqual(again.reason, "expired")
    }),
  )

  it.effect("a code works until CODE_TTL_MINUTES have passed, not after", () =>
    Effect.gen(function* () {
      const codes = yield* OneTimeCodes
      const userId = yield* insertUser("ttl@example.com")
      const first = yield* codes.issue(userId, "reset-password")
      yield* TestClock.adjust(`${CODE_TTL_MINUTES * 60 - 1} seconds`)
      yield* codes.redeem(userId, "reset-password", first)

      const second = yield* codes.issue(userId, "reset-password")
      yield* TestClock.adjust(`${CODE_TTL_MINUTES} minutes`)
      const late = yield* Effect.flip(codes.redeem(userId, "reset-password", second))
      assert.strictEqual(late.reason, "expired")
    }),
  )

  it.effect("wrong tries count; the last allowed wrong try expires the code", () =>
    Effect.gen(function* () {
      const codes = yield* OneTimeCodes
      const userId = yield* insertUser("tries@example.com")
      const code = yield* codes.issue(userId, "verify-email")
      for (let attempt = 1; attempt < CODE_MAX_ATTEMPTS; attempt++) {
        const wrong = yield* Effect.flip(codes.redeem(userId, "verify-email", wrongFor(code)))
        assert.strictEqual(wrong.reason, "invalid")
      }
      const last = yield* Effect.flip(codes.redeem(userId, "verify-email", wrongFor(code)))
      assert.strictEqual(last.reason, "expired")
      const right = yield* Effect.flip(codes.redeem(userId, "verify-email", code))
      assert.strictEqual(right.reason, "expired")
    }),
  )

  it.effect("a new code replaces the previous one for the same purpose only", () =>
    Effect.gen(function* () {
      const codes = yield* OneTimeCodes
      const userId = yield* insertUser("replace@example.com")
      const verify = yield* codes.issue(userId, "verify-email")
      const oldReset = yield* codes.issue(userId, "reset-password")
      const newReset = yield* codes.issue(userId, "reset-password")
      if (oldReset !== newReset) {
        const old = yield* Effect.flip(codes.redeem(userId, "reset-password", oldReset))
        assert.strictEqual(old.reason, "invalid")
      }
      yield* codes.redeem(userId, "reset-password", newReset)
      yield* codes.redeem(userId, "verify-email", verify)
    }),
  )

  it.effect("an e-mail change code carries its target address", () =>
    Effect.gen(function* () {
      const codes = yield* OneTimeCodes
      const userId = yield* insertUser("change@example.com")
      const code = yield* codes.issue(userId, "change-email", "new@example.com")
      const redeemed = yield* codes.redeem(userId, "change-email", code)
      assert.strictEqual(redeemed.targetEmail, "new@example.com")
    }),
  )
})

describe("codes are four digits", () => {
  it.effect("over many draws every code has exactly four digits, zeros kept", () =>
    Effect.gen(function* () {
      const secrets = yield* Secrets
      for (let i = 0; i < 500; i++) assert.match(yield* secrets.code, /^\d{4}$/)
    }).pipe(Effect.provide(Secrets.layer)),
  )
})
