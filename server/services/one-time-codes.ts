// Issues and checks the four-digit codes: single use, valid CODE_TTL_MINUTES, at most
// CODE_MAX_ATTEMPTS tries; after that (or after expiry) only a new code helps.
import { Clock, Context, Effect, Layer, Option, Schema } from "effect"
import { CODE_MAX_ATTEMPTS, CODE_TTL_MINUTES } from "../../src/domain/verification-code.ts"
import { type CodePurpose, CodesRepo } from "../repositories/codes-repo.ts"
import { Secrets, safeEqual, sha256 } from "./secrets.ts"

export class CodeRejected extends Schema.TaggedError<CodeRejected>()("CodeRejected", {
  reason: Schema.Literals(["invalid", "expired"]),
}) {}

const hashCode = (id: string, code: string) => sha256(`${id}:${code}`)

export class OneTimeCodes extends Context.Service<
  OneTimeCodes,
  {
    readonly issue: (userId: number, purpose: CodePurpose, targetEmail?: string) => Effect.Effect<string>
    /** Uses the code up when it matches; returns the e-mail it was issued for, if any. */
    readonly redeem: (
      userId: number,
      purpose: CodePurpose,
      code: string,
    ) => Effect.Effect<{ readonly targetEmail: string | null }, CodeRejected>
  }
>()("jingluo/server/OneTimeCodes") {
  static readonly layer = Layer.effect(
    OneTimeCodes,
    Effect.gen(function* () {
      const repo = yield* CodesRepo
      const secrets = yield* Secrets

      const issue = Effect.fn("OneTimeCodes.issue")(function* (
        userId: number,
        purpose: CodePurpose,
        targetEmail?: string,
      ) {
        const code = yield* secrets.code
        const id = yield* secrets.uuid
        const now = yield* Clock.currentTimeMillis
        yield* repo.replace({
          id,
          userId,
          purpose,
          codeHash: hashCode(id, code),
          targetEmail: targetEmail ?? null,
          now: new Date(now),
          expiresAt: new Date(now + CODE_TTL_MINUTES * 60_000),
        })
        return code
      })

      const redeem = Effect.fn("OneTimeCodes.redeem")(function* (userId: number, purpose: CodePurpose, code: string) {
        const found = yield* repo.latest(userId, purpose)
        if (Option.isNone(found)) return yield* new CodeRejected({ reason: "expired" })
        const row = found.value
        const now = yield* Clock.currentTimeMillis
        if (row.expires_at.getTime() <= now || row.attempts >= CODE_MAX_ATTEMPTS) {
          return yield* new CodeRejected({ reason: "expired" })
        }
        const attempts = yield* repo.countAttempt(row.id)
        if (!safeEqual(row.code_hash, hashCode(row.id, code))) {
          return yield* new CodeRejected({ reason: attempts >= CODE_MAX_ATTEMPTS ? "expired" : "invalid" })
        }
        const consumed = yield* repo.consume(row.id, new Date(now))
        if (!consumed) return yield* new CodeRejected({ reason: "expired" })
        return { targetEmail: row.target_email }
      })

      return OneTimeCodes.of({ issue, redeem })
    }),
  )
}
