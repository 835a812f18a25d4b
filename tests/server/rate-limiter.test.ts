// Rate limits in the database. Fixed windows: the limit is allowed, the next attempt is refused with
// the time left, and a new window starts fresh. Buckets: a burst of `max`, then one token back every
// `windowSeconds / max`, refused attempts taking nothing, scaled by RATE_LIMIT_FACTOR.
import { assert, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { TestClock } from "effect/testing"
import { readSettings, ServerConfig } from "../../server/platform/config/server-config.ts"
import { LIMITS, LONGEST_WINDOW_SECONDS, RateLimiter } from "../../server/platform/security/rate-limiter.ts"
import { SEARCH_DEBOUNCE_MS } from "../../src/domain/shared/timing.ts"
import { TestDatabase } from "./support/layers.ts"

const limiterWith = (rateLimitFactor: number) =>
  RateLimiter.layer.pipe(
    Layer.provideMerge(TestDatabase),
    Layer.provide(ServerConfig.layer({ ...readSettings({}), rateLimitFactor })),
  )
const Limiter = limiterWith(1)
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

const bucket = { max: 4, windowSeconds: 60 }

layer(Limiter, { timeout: 60_000 })("token bucket", (it) => {
  it.effect("lets a burst of max through, then refuses with the wait for the next token", () =>
    Effect.gen(function* () {
      const limiter = yield* RateLimiter
      for (let i = 0; i < bucket.max; i++) assert.isTrue((yield* limiter.take("b:a", bucket)).allowed)
      // One token comes back every 15 s; the refused attempts do not push it further away.
      assert.deepStrictEqual(yield* limiter.take("b:a", bucket), { allowed: false, retryAfterSeconds: 15 })
      assert.deepStrictEqual(yield* limiter.take("b:a", bucket), { allowed: false, retryAfterSeconds: 15 })
      yield* TestClock.adjust("10 seconds")
      assert.deepStrictEqual(yield* limiter.take("b:a", bucket), { allowed: false, retryAfterSeconds: 5 })
      yield* TestClock.adjust("5 seconds")
      assert.isTrue((yield* limiter.take("b:a", bucket)).allowed)
      assert.isFalse((yield* limiter.take("b:a", bucket)).allowed)
    }),
  )

  it.effect("refills evenly: a steady pace of one per token time is never refused; a full wait refills it all", () =>
    Effect.gen(function* () {
      const limiter = yield* RateLimiter
      for (let i = 0; i < 20; i++) {
        assert.isTrue((yield* limiter.take("b:steady", bucket)).allowed, `attempt ${i}`)
        yield* TestClock.adjust("15 seconds")
      }
      for (let i = 0; i < bucket.max; i++) assert.isTrue((yield* limiter.take("b:burst", bucket)).allowed)
      assert.isFalse((yield* limiter.take("b:burst", bucket)).allowed)
      yield* TestClock.adjust("60 seconds")
      for (let i = 0; i < bucket.max; i++) assert.isTrue((yield* limiter.take("b:burst", bucket)).allowed)
      assert.isFalse((yield* limiter.take("b:burst", bucket)).allowed)
      assert.isTrue((yield* limiter.take("b:other", bucket)).allowed)
    }),
  )
})

layer(Limiter, { timeout: 120_000 })("the search bucket", (it) => {
  const limit = LIMITS.searchesPerClient
  it.effect("never stops someone searching as they type, even at the most the app can send", () =>
    Effect.gen(function* () {
      const limiter = yield* RateLimiter
      // The app searches SEARCH_DEBOUNCE_MS after the last keystroke: at most once per 500 ms.
      // Non-stop at that pace for a minute and a half, then a search every second for five minutes.
      for (let i = 0; i < (90 * 1000) / SEARCH_DEBOUNCE_MS; i++) {
        assert.isTrue((yield* limiter.take("search:typing", limit)).allowed, `search ${i} at the debounce pace`)
        yield* TestClock.adjust(`${SEARCH_DEBOUNCE_MS} millis`)
      }
      for (let i = 0; i < 300; i++) {
        assert.isTrue((yield* limiter.take("search:typing", limit)).allowed, `search ${i} a second apart`)
        yield* TestClock.adjust("1 second")
      }
    }),
  )
})

layer(Limiter, { timeout: 60_000 })("sweeping", (it) => {
  it.effect("deletes the rows older than the longest window, and only those", () =>
    Effect.gen(function* () {
      const limiter = yield* RateLimiter
      const sql = yield* SqlClient.SqlClient
      const keys = () =>
        sql<{ key: string }>`SELECT key FROM rate_limits WHERE key LIKE 'sweep:%' ORDER BY key`.pipe(
          Effect.map((rows) => rows.map((r) => r.key)),
        )
      yield* limiter.hit("sweep:window", limit)
      yield* limiter.take("sweep:bucket", bucket)
      yield* TestClock.adjust(`${LONGEST_WINDOW_SECONDS - 60} seconds`)
      yield* limiter.hit("sweep:recent", limit)
      yield* limiter.purgeStale
      assert.deepStrictEqual(yield* keys(), ["sweep:bucket", "sweep:recent", "sweep:window"])
      yield* TestClock.adjust("2 minutes")
      yield* limiter.purgeStale
      assert.deepStrictEqual(yield* keys(), ["sweep:recent"])
    }),
  )
})

layer(limiterWith(20), { timeout: 60_000 })("token bucket scaled by RATE_LIMIT_FACTOR", (it) => {
  it.effect("holds max × factor tokens", () =>
    Effect.gen(function* () {
      const limiter = yield* RateLimiter
      for (let i = 0; i < bucket.max * 20; i++) assert.isTrue((yield* limiter.take("b:f", bucket)).allowed)
      assert.deepStrictEqual(yield* limiter.take("b:f", bucket), { allowed: false, retryAfterSeconds: 1 })
    }),
  )
})
