// Fixed-window counters kept in the database, so every server process sees the same counts.
// `hit` counts an attempt in one atomic statement (insert or increment, returning the count) and
// says whether it is over the limit and for how long to wait: callers count *before* the expensive
// check, so parallel requests cannot all pass a limit that was read before any of them was counted.
import { Clock, Context, Effect, Layer, Option, Schema } from "effect"
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
   * Whether an address is free (the profile's availability check and a save with a new address):
   * plenty for a person editing their address, far too few to test a list of addresses.
   */
  emailLookupsPerAccount: { max: 40, windowSeconds: 24 * 60 * 60 },
  emailLookupsPerIp: { max: 120, windowSeconds: 24 * 60 * 60 },
} as const satisfies Record<string, Limit>

export class RateLimiter extends Context.Service<
  RateLimiter,
  {
    /** Counts one attempt under `key`. */
    readonly hit: (key: string, limit: Limit) => Effect.Effect<Verdict>
    /** Reads the count without adding to it. */
    readonly check: (key: string, limit: Limit) => Effect.Effect<Verdict>
    readonly reset: (key: string) => Effect.Effect<void>
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

      const check = (key: string, limit: Limit) =>
        Effect.gen(function* () {
          const now = yield* Clock.currentTimeMillis
          const row = yield* current({ key, expiredBefore: new Date(now - limit.windowSeconds * 1000) })
          // Over the limit once the stored count has reached it: the next attempt would exceed it.
          return Option.isSome(row)
            ? verdict(row.value.hits + 1, row.value.window_start, limit, now)
            : ({ allowed: true } as const)
        }).pipe(Effect.orDie)

      return RateLimiter.of({ hit, check, reset, release })
    }),
  )
}
