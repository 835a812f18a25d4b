// The sign-in budget: the per-account and per-client counters of sign-in attempts
// (LIMITS.loginFailuresPerAccount, LIMITS.loginFailuresPerIp). The password sign-in, linking a social
// identity to a password account, and every proof that re-authenticates a session (a password or a
// mailed code) spend the same budget, so guesses at any of them add up. An
// attempt is counted before the proof is checked; a right proof starts the account's count again
// and takes the client's attempt back, as a right sign-in does.
import { Context, Effect, Layer } from "effect"
import { TooManyRequests } from "../../src/domain/shared/errors.ts"
import { Translations } from "../platform/i18n/translations.ts"
import { LIMITS, RateLimiter } from "../platform/security/rate-limiter.ts"
import type { Caller } from "./accounts-service.ts"

/** The counters' keys: the account by its (normalised) address, the client by its address. */
export const signInKeys = (email: string, address: string) => ({
  account: `login-fail:account:${email}`,
  client: `login-fail:ip:${address}`,
})

export class SignInBudget extends Context.Service<
  SignInBudget,
  {
    /** Counts one attempt at proving `email`'s account; fails when the account or the client is over. */
    readonly spend: (email: string, caller: Caller) => Effect.Effect<void, TooManyRequests>
    /** The proof was right. */
    readonly refund: (email: string, caller: Caller) => Effect.Effect<void>
  }
>()("jingluo/server/SignInBudget") {
  static readonly layer = Layer.effect(
    SignInBudget,
    Effect.gen(function* () {
      const limiter = yield* RateLimiter
      const { message } = yield* Translations
      return SignInBudget.of({
        spend: (email, caller) =>
          Effect.gen(function* () {
            const keys = signInKeys(email, caller.address)
            const verdicts = yield* Effect.all([
              limiter.hit(keys.account, LIMITS.loginFailuresPerAccount),
              limiter.hit(keys.client, LIMITS.loginFailuresPerIp),
            ])
            const waits = verdicts.flatMap((verdict) => (verdict.allowed ? [] : [verdict.retryAfterSeconds]))
            if (waits.length > 0)
              return yield* new TooManyRequests({
                message: message("tooManyRequests", caller.language),
                retryAfterSeconds: Math.max(...waits),
              })
          }),
        refund: (email, caller) =>
          Effect.gen(function* () {
            const keys = signInKeys(email, caller.address)
            yield* limiter.reset(keys.account)
            yield* limiter.release(keys.client)
          }),
      })
    }),
  )
}
