// Fixed-window rate limits in the database: the limit is allowed, the next attempt is refused with
// the time left, and a new window starts fresh.
import { assert, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { readSettings, ServerConfig } from "../../server/platform/config/server-config.ts"
import { RateLimiter } from "../../server/platform/security/rate-limiter.ts"
import { TestDatabase } from "./support/layers.ts"

const Limiter = RateLimiter.layer.pipe(
  Layer.provideMerge(TestDatabase),
  Layer.provide(ServerConfig.layer({ ...readSettings({}), rateLimitFactor: 1 })),
)
const limit = { max: 3, windowSeconds: 60 }

layer(Limiter, { timeout: 60_000 })("rate limiter", (it) => {
  it.effect("allows max hits per window, then refuses with Retry-After until the window ends", () =>
    Effect.gen(function* () {
      const limiter = yield* RateLimiter
      for (let i = 0; i < limit.max; i++) assert.isTrue((yield* limiter.hit("k:a", limit)).allowed)
      const refused = yield* limiter.hit("k:a", limit)
      assert.deepStrictEqual(refused, { allowed: false, retryAfterSeconds: limit.windowSeconds })
      yield* TestClock.adjust("20 seconds")
      const later = yield* limiter.check("k:a", limit)
      assert.deepStrictEqual(later, { allowed: false, retryAfterSeconds: 40 })
      yield* TestClock.adjust("40 seconds")
      assert.isTrue((yield* limiter.hit("k:a", limit)).allowed)
    }),
  )

  it.effect("check does not count; reset clears; keys are independent", () =>
    Effect.gen(function* () {
      const limiter = yield* RateLimiter
      for (let i = 0; i < 5; i++) assert.isTrue((yield* limiter.check("k:b", limit)).allowed)
      for (let i = 0; i < limit.max; i++) yield* limiter.hit("k:b", limit)
      assert.isFalse((yield* limiter.check("k:b", limit)).allowed)
      assert.isTrue((yield* limiter.check("k:c", limit)).allowed)
      yield* limiter.reset("k:b")
      assert.isTrue((yield* limiter.check("k:b", limit)).allowed)
    }),
  )
})
