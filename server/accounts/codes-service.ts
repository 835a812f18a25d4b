// Issues and checks the four-digit codes and their link tokens. A code is single use, valid
// CODE_TTL_MINUTES and allows CODE_MAX_ATTEMPTS tries. Because four digits can be guessed, each
// address also has a budget across all its codes: LIMITS.codesSentPerAccount codes and
// LIMITS.codeGuessesPerAccount wrong guesses a day, counted before the comparison so parallel
// guesses cannot overrun it. The budget belongs to the address whether or not it has an account,
// so spending it tells nobody which it is. The 128-bit link token is never guessed: a mail always
// carries one, even when the day's codes are spent, and it lives LINK_TTL_MINUTES.
import { Clock, Context, Effect, Layer, Option, Schema } from "effect"
import { normalizeEmail } from "../../src/domain/account/email-rules.ts"
import { isLinkToken } from "../../src/domain/account/verification-code.ts"
import { CODE_MAX_ATTEMPTS, CODE_TTL_MINUTES, LINK_TTL_MINUTES } from "../../src/domain/account/verification-limits.ts"
import { LIMITS, RateLimiter } from "../platform/security/rate-limiter.ts"
import { Secrets, safeEqual, sha256 } from "../platform/security/secrets.ts"
import { type CodeHolder, type CodePurpose, type CodeRow, CodesRepo } from "./codes-repo.ts"
import { UsersRepo } from "./users-repo.ts"

export class CodeRejected extends Schema.TaggedError<CodeRejected>()("CodeRejected", {
  reason: Schema.Literals(["invalid", "expired"]),
}) {}

/** The address has used up its wrong guesses for the day: no code is checked until then. */
export class CodesPaused extends Schema.TaggedError<CodesPaused>()("CodesPaused", {
  retryAfterSeconds: Schema.Number,
}) {}

/**
 * Whose code is being guessed: an account, an address without one (its codes match nothing), or
 * an identifier that names neither (no code at all).
 */
export type CodeOwner =
  | { readonly _tag: "User"; readonly userId: number }
  | { readonly _tag: "Address"; readonly addressHash: string }
  | { readonly _tag: "Nobody"; readonly key: string }

export interface IssuedCode {
  readonly code: string
  /** For the link in the e-mail. */
  readonly token: string
}

/** What a mail carries: always a link, and a code while the address's codes for the day last. */
export interface MailedCode {
  readonly token: string
  readonly code: Option.Option<string>
}

/** How an address is known where it is not stored: the SHA-256 of its normalised form. */
export const addressHashOf = (email: string) => sha256(normalizeEmail(email))

const hashCode = (id: string, code: string) => sha256(`${id}:${code}`)
const MINUTE_MS = 60_000

export class OneTimeCodes extends Context.Service<
  OneTimeCodes,
  {
    /**
     * A new code and link token replacing the account's earlier ones of the purpose; none when the
     * address's codes for today are spent (e-mail change).
     */
    readonly issue: (
      userId: number,
      purpose: CodePurpose,
      targetEmail?: string,
    ) => Effect.Effect<Option.Option<IssuedCode>>
    /** Counts one code against the address's budget; false when today's codes are spent. */
    readonly budget: (addressHash: string) => Effect.Effect<boolean>
    /** A link beside the earlier ones (they keep working), and a new code when `withCode`. */
    readonly mailable: (userId: number, purpose: CodePurpose, withCode: boolean) => Effect.Effect<MailedCode>
    /** A code no input matches, held by an address without an account in place of a mailed one. */
    readonly hold: (addressHash: string, purpose: CodePurpose) => Effect.Effect<void>
    /** Uses the code up when it matches; returns the account and the e-mail it was issued for. */
    readonly redeem: (
      owner: CodeOwner,
      purpose: CodePurpose,
      code: string,
    ) => Effect.Effect<{ readonly userId: number; readonly targetEmail: string | null }, CodeRejected | CodesPaused>
    /**
     * Whether the code matches, counted like `redeem` but not used up: a right code gives its try
     * back and stays for the step it authorises (the password step of a verification).
     */
    readonly check: (
      owner: CodeOwner,
      purpose: CodePurpose,
      code: string,
    ) => Effect.Effect<{ readonly userId: number }, CodeRejected | CodesPaused>
    /** Uses the code up through its link token. */
    readonly redeemLink: (
      purpose: CodePurpose,
      token: string,
    ) => Effect.Effect<{ readonly userId: number; readonly targetEmail: string | null }, CodeRejected>
    /** The account of a live, unused link token, without using it up. */
    readonly findLink: (purpose: CodePurpose, token: string) => Effect.Effect<{ readonly userId: number }, CodeRejected>
    /** The codes an address held before its account existed become the account's. */
    readonly adopt: (addressHash: string, userId: number) => Effect.Effect<void>
    /** The address an account's live code of a purpose was sent to (an e-mail change waiting for it). */
    readonly pendingTarget: (userId: number, purpose: CodePurpose) => Effect.Effect<Option.Option<string>>
    /** Uses up an account's codes of a purpose: the change they confirm is given up. */
    readonly discard: (userId: number, purpose: CodePurpose) => Effect.Effect<void>
    readonly purge: Effect.Effect<void>
  }
>()("jingluo/server/OneTimeCodes") {
  static readonly layer = Layer.effect(
    OneTimeCodes,
    Effect.gen(function* () {
      const repo = yield* CodesRepo
      const users = yield* UsersRepo
      const secrets = yield* Secrets
      const limiter = yield* RateLimiter

      /** The key an owner's budgets are counted under: its address, whether or not it has an account. */
      const addressKeyOf = (owner: CodeOwner) =>
        owner._tag === "Address"
          ? Effect.succeed(`address:${owner.addressHash}`)
          : owner._tag === "Nobody"
            ? Effect.succeed(`nobody:${owner.key}`)
            : Effect.map(users.findById(owner.userId), (user) =>
                Option.isSome(user) ? `address:${addressHashOf(user.value.email)}` : `user:${owner.userId}`,
              )

      const budget = (addressHash: string) =>
        Effect.map(
          limiter.hit(`codes-sent:address:${addressHash}`, LIMITS.codesSentPerAccount),
          (verdict) => verdict.allowed,
        )

      const draft = Effect.gen(function* () {
        const now = yield* Clock.currentTimeMillis
        return { id: yield* secrets.uuid, now: new Date(now), expiresAt: new Date(now + CODE_TTL_MINUTES * MINUTE_MS) }
      })

      const issue = Effect.fn("OneTimeCodes.issue")(function* (
        userId: number,
        purpose: CodePurpose,
        targetEmail?: string,
      ) {
        const key = yield* addressKeyOf({ _tag: "User", userId })
        const verdict = yield* limiter.hit(`codes-sent:${key}`, LIMITS.codesSentPerAccount)
        if (!verdict.allowed) return Option.none<IssuedCode>()
        const code = yield* secrets.code
        const token = yield* secrets.linkToken
        const { id, now, expiresAt } = yield* draft
        yield* repo.replace({
          id,
          holder: { _tag: "User", userId },
          purpose,
          codeHash: hashCode(id, code),
          tokenHash: sha256(token),
          targetEmail: targetEmail ?? null,
          now,
          expiresAt,
          linkExpiresAt: expiresAt,
        })
        return Option.some<IssuedCode>({ code, token })
      })

      const mailable = Effect.fn("OneTimeCodes.mailable")(function* (
        userId: number,
        purpose: CodePurpose,
        withCode: boolean,
      ) {
        const code = withCode ? Option.some(yield* secrets.code) : Option.none<string>()
        const token = yield* secrets.linkToken
        const { id, now, expiresAt } = yield* draft
        yield* repo.add({
          id,
          holder: { _tag: "User", userId },
          purpose,
          codeHash: Option.isSome(code) ? hashCode(id, code.value) : null,
          tokenHash: sha256(token),
          targetEmail: null,
          now,
          expiresAt,
          linkExpiresAt: new Date(now.getTime() + LINK_TTL_MINUTES * MINUTE_MS),
        })
        return { token, code } satisfies MailedCode
      })

      const hold = Effect.fn("OneTimeCodes.hold")(function* (addressHash: string, purpose: CodePurpose) {
        const { id, now, expiresAt } = yield* draft
        // The hash of 128 random bits nobody keeps: no four digits hash to it.
        const nothing = yield* secrets.linkToken
        yield* repo.add({
          id,
          holder: { _tag: "Address", addressHash },
          purpose,
          codeHash: hashCode(id, nothing),
          tokenHash: null,
          targetEmail: null,
          now,
          expiresAt,
          linkExpiresAt: expiresAt,
        })
      })

      const usable = (row: CodeRow, now: number) => row.expires_at.getTime() > now && row.attempts < CODE_MAX_ATTEMPTS

      const holderOf = (owner: CodeOwner): Option.Option<CodeHolder> =>
        owner._tag === "Nobody" ? Option.none() : Option.some(owner)

      /** Counts a guess and a try, then compares: the matching row and the guess budget's key. */
      const match = (owner: CodeOwner, purpose: CodePurpose, code: string) =>
        Effect.gen(function* () {
          const key = `code-guess:${yield* addressKeyOf(owner)}`
          const verdict = yield* limiter.hit(key, LIMITS.codeGuessesPerAccount)
          if (!verdict.allowed) return yield* new CodesPaused({ retryAfterSeconds: verdict.retryAfterSeconds })
          const holder = holderOf(owner)
          const found = Option.isSome(holder) ? yield* repo.latest(holder.value, purpose) : Option.none<CodeRow>()
          if (Option.isNone(found)) return yield* new CodeRejected({ reason: "expired" })
          const row = found.value
          const now = yield* Clock.currentTimeMillis
          if (!usable(row, now)) return yield* new CodeRejected({ reason: "expired" })
          const attempts = yield* repo.countAttempt(row.id)
          if (row.code_hash === null || !safeEqual(row.code_hash, hashCode(row.id, code))) {
            return yield* new CodeRejected({ reason: attempts >= CODE_MAX_ATTEMPTS ? "expired" : "invalid" })
          }
          if (row.user_id === null) return yield* new CodeRejected({ reason: "expired" })
          // Only wrong guesses spend the address's budget.
          yield* limiter.release(key)
          return { row, userId: row.user_id, now }
        })

      const redeem = Effect.fn("OneTimeCodes.redeem")(function* (owner: CodeOwner, purpose: CodePurpose, code: string) {
        const { row, userId, now } = yield* match(owner, purpose, code)
        const consumed = yield* repo.consume(row.id, new Date(now))
        if (!consumed) return yield* new CodeRejected({ reason: "expired" })
        return { userId, targetEmail: row.target_email }
      })

      const check = Effect.fn("OneTimeCodes.check")(function* (owner: CodeOwner, purpose: CodePurpose, code: string) {
        const { row, userId } = yield* match(owner, purpose, code)
        yield* repo.returnAttempt(row.id)
        return { userId }
      })

      /** The live, unused row of a link token. */
      const linkRow = (purpose: CodePurpose, token: string) =>
        Effect.gen(function* () {
          if (!isLinkToken(token)) return yield* new CodeRejected({ reason: "expired" })
          const found = yield* repo.byToken(sha256(token), purpose)
          const now = yield* Clock.currentTimeMillis
          if (Option.isNone(found) || found.value.link_expires_at.getTime() <= now || found.value.user_id === null)
            return yield* new CodeRejected({ reason: "expired" })
          return { row: found.value, userId: found.value.user_id, now }
        })

      const redeemLink = Effect.fn("OneTimeCodes.redeemLink")(function* (purpose: CodePurpose, token: string) {
        const { row, userId, now } = yield* linkRow(purpose, token)
        const consumed = yield* repo.consume(row.id, new Date(now))
        if (!consumed) return yield* new CodeRejected({ reason: "expired" })
        return { userId, targetEmail: row.target_email }
      })

      const findLink = Effect.fn("OneTimeCodes.findLink")(function* (purpose: CodePurpose, token: string) {
        const { userId } = yield* linkRow(purpose, token)
        return { userId }
      })

      const purge = Effect.flatMap(Clock.currentTimeMillis, (now) => repo.purge(new Date(now)))

      const pendingTarget = Effect.fn("OneTimeCodes.pendingTarget")(function* (userId: number, purpose: CodePurpose) {
        const found = yield* repo.latest({ _tag: "User", userId }, purpose)
        const now = yield* Clock.currentTimeMillis
        return Option.flatMap(found, (row) =>
          usable(row, now) ? Option.fromNullishOr(row.target_email) : Option.none<string>(),
        )
      })

      const discard = Effect.fn("OneTimeCodes.discard")(function* (userId: number, purpose: CodePurpose) {
        yield* repo.discard({ _tag: "User", userId }, purpose, new Date(yield* Clock.currentTimeMillis))
      })

      return OneTimeCodes.of({
        issue,
        budget,
        mailable,
        hold,
        redeem,
        check,
        redeemLink,
        findLink,
        adopt: repo.adopt,
        pendingTarget,
        discard,
        purge,
      })
    }),
  )
}
