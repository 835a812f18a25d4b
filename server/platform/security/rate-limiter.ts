// Rate limits kept in the database, so every server process sees the same counts. `hit` counts an
// attempt in a fixed window; `take` takes a token from a bucket that refills steadily (for calls a
// person makes in bursts, like searching as they type). Both decide in one atomic statement and say
// whether the attempt is over the limit and for how long to wait: callers count *before* the
// expensive work, so parallel requests cannot all pass a limit that was read before any was counted.
import { Clock, Context, Effect, Layer, Option, Schedule, Schema } from "effect"
import { SqlClient, SqlSchema } from "effect/sql"
import { ServerConfig } from "../config/server-config.ts"
import { orDie } from "../db/queries.ts"

export interface Limit {
  readonly max: number
  readonly windowSeconds: number
  /** Not multiplied by RATE_LIMIT_FACTOR (e.g. "once a day"). */
  readonly exact?: boolean
}

export type Verdict = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number }

/** The limits the server applies; multiplied by RATE_LIMIT_FACTOR. */
export const LIMITS = {
  loginFailuresPerAccount: { max: 5, windowSeconds: 15 * 60 },
  loginFailuresPerIp: { max: 30, windowSeconds: 15 * 60 },
  mailPerAddress: { max: 5, windowSeconds: 15 * 60 },
  mailPerIp: { max: 30, windowSeconds: 60 * 60 },
  registrationsPerIp: { max: 20, windowSeconds: 60 * 60 },
  /** Wrong four-digit codes per account, across verification, reset and e-mail change. */
  codeGuessesPerAccount: { max: 10, windowSeconds: 24 * 60 * 60 },
  /** Codes sent per account. */
  codesSentPerAccount: { max: 5, windowSeconds: 24 * 60 * 60 },
  /** The "someone is trying your codes" mail to the owner. */
  codeAlertPerAccount: { max: 1, windowSeconds: 24 * 60 * 60, exact: true },
  /**
   * A bucket (`take`) per client and kind of search: 120 at once, one more each second. Someone
   * typing gets at most two searches a second (SEARCH_DEBOUNCE_MS), so the bucket lasts them two
   * minutes of non-stop typing at that pace; a script gets one full-text query a second.
   */
  searchesPerClient: { max: 120, windowSeconds: 120 },
  /** A bucket (`take`) per client for starting a social sign-in: 20 at once, then one each 30 s. */
  socialStartsPerClient: { max: 20, windowSeconds: 10 * 60 },
  /**
   * Whether an address is free (the profile's availability check and a save with a new address):
   * plenty for a person editing their address, far too few to test a list of addresses.
   */
  emailLookupsPerAccount: { max: 40, windowSeconds: 24 * 60 * 60 },
  emailLookupsPerIp: { max: 120, windowSeconds: 24 * 60 * 60 },
} as const satisfies Record<string, Limit>

/** The longest window of any limit: a row older than this counts for nothing. */
export const LONGEST_WINDOW_SECONDS = Math.max(...Object.values(LIMITS).map((limit: Limit) => limit.windowSeconds))

export class RateLimiter extends Context.Service<
  RateLimiter,
  {
    /** Counts one attempt under `key`. */
    readonly hit: (key: string, limit: Limit) => Effect.Effect<Verdict>
    /**
     * Takes one token from the bucket under `key`: it holds `max` tokens (times RATE_LIMIT_FACTOR)
     * and gains them back evenly over `windowSeconds`. A refused attempt takes nothing. A key is
     * either a bucket or a window, never both.
     */
    readonly take: (key: string, limit: Limit) => Effect.Effect<Verdict>
    /** Reads the count without adding to it. */
    readonly check: (key: string, limit: Limit) => Effect.Effect<Verdict>
    readonly reset: (key: string) => Effect.Effect<void>
    /**
     * Deletes the rows no limit reads any more: older than the longest window (a bucket's row is then
     * long full again). Every client that searches leaves a row, so they are swept regularly.
     */
    readonly purgeStale: Effect.Effect<void>
    /** Takes back one counted attempt (a sign-in or code that turned out right). */
    readonly release: (key: string) => Effect.Effect<void>
  }
>()("jingluo/server/RateLimiter") {
  static readonly layer = Layer.effect(
    RateLimiter,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const { rateLimitFactor } = yield* ServerConfig
      const maxOf = (limit: Limit) => (limit.exact ? limit.max : Math.max(1, Math.round(limit.max * rateLimitFactor)))

      const verdict = (hits: number, windowStart: Date, limit: Limit, now: number): Verdict => {
        if (hits <= maxOf(limit)) return { allowed: true }
        const retry = Math.ceil((windowStart.getTime() + limit.windowSeconds * 1000 - now) / 1000)
        return { allowed: false, retryAfterSeconds: Math.max(1, retry) }
      }

      const Window = Schema.Struct({ hits: Schema.Number, window_start: Schema.Date })
      const count = SqlSchema.findOne({
        Request: Schema.Struct({ key: Schema.String, now: Schema.Date, expiredBefore: Schema.Date }),
        Result: Window,
        execute: ({ key, now, expiredBefore }) => sql`
          INSERT INTO rate_limits (key, window_start, hits) VALUES (${key}, ${now.toISOString()}, 1)
          ON CONFLICT (key) DO UPDATE SET
            hits = CASE WHEN rate_limits.window_start <= ${expiredBefore.toISOString()}::timestamptz THEN 1 ELSE rate_limits.hits + 1 END,
            window_start = CASE WHEN rate_limits.window_start <= ${expiredBefore.toISOString()}::timestamptz THEN ${now.toISOString()}::timestamptz ELSE rate_limits.window_start END
          RETURNING hits, window_start`,
      })
      const current = SqlSchema.findOneOption({
        Request: Schema.Struct({ key: Schema.String, expiredBefore: Schema.Date }),
        Result: Window,
        execute: ({ key, expiredBefore }) => sql`
          SELECT hits, window_start FROM rate_limits WHERE key = ${key} AND window_start > ${expiredBefore.toISOString()}::timestamptz`,
      })
      // The bucket as one timestamp (GCRA, the token bucket's usual form in a database): `window_start`
      // is when the bucket will be full again; a token costs `windowSeconds / max` of it, and the
      // attempt is allowed while that stays within `windowSeconds` from now. `hits` counts the
      // attempts refused since the last one allowed (0: the last was allowed).
      const bucket = SqlSchema.findOne({
        Request: Schema.Struct({
          key: Schema.String,
          now: Schema.Date,
          costMs: Schema.Number,
          windowMs: Schema.Number,
        }),
        Result: Window,
        execute: ({ key, now, costMs, windowMs }) => {
          const at = sql`${now.toISOString()}::timestamptz`
          const cost = sql`${costMs}::float8 * interval '1 millisecond'`
          const next = sql`GREATEST(rate_limits.window_start, ${at}) + ${cost}`
          const fits = sql`${next} <= ${at} + ${windowMs}::float8 * interval '1 millisecond'`
          return sql`
          INSERT INTO rate_limits (key, window_start, hits) VALUES (${key}, ${at} + ${cost}, 0)
          ON CONFLICT (key) DO UPDATE SET
            window_start = CASE WHEN ${fits} THEN ${next} ELSE rate_limits.window_start END,
            hits = CASE WHEN ${fits} THEN 0 ELSE rate_limits.hits + 1 END
          RETURNING hits, window_start`
        },
      })
      const reset = orDie(
        SqlSchema.void({ Request: Schema.String, execute: (key) => sql`DELETE FROM rate_limits WHERE key = ${key}` }),
      )
      const release = orDie(
        SqlSchema.void({
          Request: Schema.String,
          execute: (key) => sql`UPDATE rate_limits SET hits = hits - 1 WHERE key = ${key} AND hits > 0`,
        }),
      )

      const hit = (key: string, limit: Limit) =>
        Effect.gen(function* () {
          const now = yield* Clock.currentTimeMillis
          const row = yield* count({
            key,
            now: new Date(now),
            expiredBefore: new Date(now - limit.windowSeconds * 1000),
          })
          return verdict(row.hits, row.window_start, limit, now)
        }).pipe(Effect.orDie)

      const take = (key: string, limit: Limit) =>
        Effect.gen(function* () {
          const now = yield* Clock.currentTimeMillis
          const windowMs = limit.windowSeconds * 1000
          const costMs = windowMs / maxOf(limit)
          const row = yield* bucket({ key, now: new Date(now), costMs, windowMs })
          if (row.hits === 0) return { allowed: true } as const
          // The next token fits once the bucket's "full again" time is a window away, less its cost.
          const wait = row.window_start.getTime() + costMs - windowMs - now
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) } as const
        }).pipe(Effect.orDie)

      const check = (key: string, limit: Limit) =>
        Effect.gen(function* () {
          const now = yield* Clock.currentTimeMillis
          const row = yield* current({ key, expiredBefore: new Date(now - limit.windowSeconds * 1000) })
          // Over the limit once the stored count has reached it: the next attempt would exceed it.
          return Option.isSome(row)
            ? verdict(row.value.hits + 1, row.value.window_start, limit, now)
            : ({ allowed: true } as const)
        }).pipe(Effect.orDie)

      const purgeStale = Effect.gen(function* () {
        const now = yield* Clock.currentTimeMillis
        const before = new Date(now - LONGEST_WINDOW_SECONDS * 1000).toISOString()
        yield* sql`DELETE FROM rate_limits WHERE window_start < ${before}::timestamptz`
      }).pipe(Effect.orDie)

      return RateLimiter.of({ hit, take, check, reset, release, purgeStale })
    }),
  )
}

/** Sweeps the rows no limit reads any more, once an hour (a failed sweep is logged and retried next hour). */
export const RateLimitSweeper = Layer.effectDiscard(
  Effect.gen(function* () {
    const limiter = yield* RateLimiter
    const sweep = limiter.purgeStale.pipe(
      Effect.catchCause((cause) => Effect.logError("Rate-limit sweep failed", cause)),
    )
    yield* Effect.forkScoped(sweep.pipe(Effect.repeat(Schedule.spaced("1 hour"))))
  }),
)
