// Issues and checks the four-digit codes and their link tokens. A code is single use, valid
// CODE_TTL_MINUTES and allows CODE_MAX_ATTEMPTS tries. Because four digits can be guessed, each
// account also has a budget across all its codes: LIMITS.codesSentPerAccount codes and
// LIMITS.codeGuessesPerAccount wrong guesses a day, counted before the comparison so parallel
// guesses cannot overrun it. The 128-bit link token is never guessed, so it bypasses the budget.
import { Clock, Context, Effect, Layer, Option, Schema } from "effect"
import { CODE_MAX_ATTEMPTS, CODE_TTL_MINUTES, isLinkToken } from "../../src/domain/account/verification-code.ts"
import { LIMITS, RateLimiter } from "../platform/security/rate-limiter.ts"
import { Secrets, safeEqual, sha256 } from "../platform/security/secrets.ts"
import { type CodePurpose, type CodeRow, CodesRepo } from "./codes-repo.ts"

export class CodeRejected extends Schema.TaggedError<CodeRejected>()("CodeRejected", {
  reason: Schema.Literals(["invalid", "expired"]),
}) {}

/** The account has used up its wrong guesses for the day: no code is checked until then. */
export class CodesPaused extends Schema.TaggedError<CodesPaused>()("CodesPaused", {
  retryAfterSeconds: Schema.Number,
}) {}

/** Whose code is being guessed: an account, or an identifier that matches none (answered alike). */
export type CodeOwner =
  | { readonly _tag: "User"; readonly userId: number }
  | { readonly _tag: "Nobody"; readonly key: string }

export interface IssuedCode {
  readonly code: string
  /** For the link in the e-mail. */
  readonly token: string
}

const hashCode = (id: string, code: string) => sha256(`${id}:${code}`)
const guessKey = (owner: CodeOwner) =>
  owner._tag === "User" ? `code-guess:user:${owner.userId}` : `code-guess:nobody:${owner.key}`

export class OneTimeCodes extends Context.Service<
  OneTimeCodes,
  {
    /** A new code and link token; none when the account's codes for today are spent. */
    readonly issue: (
      userId: number,
      purpose: CodePurpose,
      targetEmail?: string,
    ) => Effect.Effect<Option.Option<IssuedCode>>
    /** Uses the code up when it matches; returns the account and the e-mail it was issued for. */
    readonly redeem: (
      owner: CodeOwner,
      purpose: CodePurpose,
      code: string,
    ) => Effect.Effect<{ readonly userId: number; readonly targetEmail: string | null }, CodeRejected | CodesPaused>
    /** Uses the code up through its link token. */
    readonly redeemLink: (
      purpose: CodePurpose,
      token: string,
    ) => Effect.Effect<{ readonly userId: number; readonly targetEmail: string | null }, CodeRejected>
  }
>()("jingluo/server/OneTimeCodes") {
  static readonly layer = Layer.effect(
    OneTimeCodes,
    Effect.gen(function* () {
      const repo = yield* CodesRepo
      const secrets = yield* Secrets
      const limiter = yield* RateLimiter

      const issue = Effect.fn("OneTimeCodes.issue")(function* (
        userId: number,
        purpose: CodePurpose,
        targetEmail?: string,
      ) {
        const budget = yield* limiter.hit(`codes-sent:user:${userId}`, LIMITS.codesSentPerAccount)
        if (!budget.allowed) return Option.none<IssuedCode>()
        const code = yield* secrets.code
        const token = yield* secrets.linkToken
        const id = yield* secrets.uuid
        const now = yield* Clock.currentTimeMillis
        yield* repo.replace({
          id,
          userId,
          purpose,
          codeHash: hashCode(id, code),
          tokenHash: sha256(token),
          targetEmail: targetEmail ?? null,
          now: new Date(now),
          expiresAt: new Date(now + CODE_TTL_MINUTES * 60_000),
        })
        return Option.some<IssuedCode>({ code, token })
      })

      const usable = (row: CodeRow, now: number) => row.expires_at.getTime() > now && row.attempts < CODE_MAX_ATTEMPTS

      const redeem = Effect.fn("OneTimeCodes.redeem")(function* (owner: CodeOwner, purpose: CodePurpose, code: string) {
        const key = guessKey(owner)
        const verdict = yield* limiter.hit(key, LIMITS.codeGuessesPerAccount)
        if (!verdict.allowed) return yield* new CodesPaused({ retryAfterSeconds: verdict.retryAfterSeconds })
        const found = owner._tag === "User" ? yield* repo.latest(owner.userId, purpose) : Option.none<CodeRow>()
        if (Option.isNone(found)) return yield* new CodeRejected({ reason: "expired" })
        const row = found.value
        const now = yield* Clock.currentTimeMillis
        if (!usable(row, now)) return yield* new CodeRejected({ reason: "expired" })
        const attempts = yield* repo.countAttempt(row.id)
        if (!safeEqual(row.code_hash, hashCode(row.id, code))) {
          return yield* new CodeRejected({ reason: attempts >= CODE_MAX_ATTEMPTS ? "expired" : "invalid" })
        }
        const consumed = yield* repo.consume(row.id, new Date(now))
        if (!consumed) return yield* new CodeRejected({ reason: "expired" })
        // Only wrong guesses spend the account's budget.
        yield* limiter.release(key)
        return { userId: row.user_id, targetEmail: row.target_email }
      })

      const redeemLink = Effect.fn("OneTimeCodes.redeemLink")(function* (purpose: CodePurpose, token: string) {
        if (!isLinkToken(token)) return yield* new CodeRejected({ reason: "expired" })
        const found = yield* repo.byToken(sha256(token), purpose)
        const now = yield* Clock.currentTimeMillis
        if (Option.isNone(found) || found.value.expires_at.getTime() <= now)
          return yield* new CodeRejected({ reason: "expired" })
        const consumed = yield* repo.consume(found.value.id, new Date(now))
        if (!consumed) return yield* new CodeRejected({ reason: "expired" })
        return { userId: found.value.user_id, targetEmail: found.value.target_email }
      })

      return OneTimeCodes.of({ issue, redeem, redeemLink })
    }),
  )
}
