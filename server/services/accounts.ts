// Account entry: registration, e-mail verification (link or code), resending the verification
// mail, and password reset by code. Mail sending is rate limited per address and per client address.
import { Clock, Context, Effect, Layer, Option, Schema } from "effect"
import { normalizeEmail } from "../../src/domain/email-rules.ts"
import { TooManyRequests } from "../../src/domain/errors.ts"
import type { SelectableLanguage } from "../../src/domain/locales.ts"
import type { ResetPasswordPayload } from "../../src/domain/password-reset.ts"
import type { RegisterPayload } from "../../src/domain/registration.ts"
import { ServerConfig } from "../config.ts"
import { message } from "../i18n/messages.ts"
import { passwordResetMail, verificationMail } from "../mail/templates.ts"
import { SessionsRepo } from "../repositories/sessions-repo.ts"
import { type UserRow, UsersRepo } from "../repositories/users-repo.ts"
import { Mail } from "./mail.ts"
import { CodeRejected, OneTimeCodes } from "./one-time-codes.ts"
import { Passwords } from "./passwords.ts"
import { LIMITS, RateLimiter } from "./rate-limiter.ts"
import { Secrets } from "./secrets.ts"

export class EmailTaken extends Schema.TaggedError<EmailTaken>()("EmailTaken", {}) {}

export interface Caller {
  readonly language: SelectableLanguage
  readonly address: string
}

export class Accounts extends Context.Service<
  Accounts,
  {
    readonly register: (
      payload: RegisterPayload,
      caller: Caller,
    ) => Effect.Effect<{ readonly uuid: string; readonly email: string }, EmailTaken | TooManyRequests>
    readonly resendVerification: (email: string, caller: Caller) => Effect.Effect<void, TooManyRequests>
    readonly verifyEmail: (uuid: string, code: string) => Effect.Effect<void, CodeRejected>
    readonly requestPasswordReset: (email: string, caller: Caller) => Effect.Effect<void, TooManyRequests>
    readonly resetPassword: (payload: ResetPasswordPayload) => Effect.Effect<void, CodeRejected>
  }
>()("jingluo/server/Accounts") {
  static readonly layer = Layer.effect(
    Accounts,
    Effect.gen(function* () {
      const users = yield* UsersRepo
      const sessions = yield* SessionsRepo
      const codes = yield* OneTimeCodes
      const passwords = yield* Passwords
      const mail = yield* Mail
      const limiter = yield* RateLimiter
      const secrets = yield* Secrets
      const config = yield* ServerConfig

      const tooMany = (retryAfterSeconds: number, language: SelectableLanguage) =>
        new TooManyRequests({ message: message("tooManyRequests", language), retryAfterSeconds })

      /** Counts one mail to `email` from `caller`; fails when either limit is exceeded. */
      const allowMail = (email: string, caller: Caller) =>
        Effect.gen(function* () {
          for (const [key, limit] of [
            [`mail:address:${email}`, LIMITS.mailPerAddress],
            [`mail:ip:${caller.address}`, LIMITS.mailPerIp],
          ] as const) {
            const verdict = yield* limiter.hit(key, limit)
            if (!verdict.allowed) return yield* tooMany(verdict.retryAfterSeconds, caller.language)
          }
        })

      const sendVerification = (user: UserRow, language: SelectableLanguage) =>
        Effect.gen(function* () {
          const code = yield* codes.issue(user.id, "verify-email")
          const link = `${config.appOrigin}/verify-email?user=${user.uuid}&code=${code}`
          yield* mail.send({
            to: user.email,
            purpose: "verify-email",
            code,
            ...verificationMail(language, user.first_name, code, link),
          })
        })

      const register = Effect.fn("Accounts.register")(function* (payload: RegisterPayload, caller: Caller) {
        const verdict = yield* limiter.hit(`register:ip:${caller.address}`, LIMITS.registrationsPerIp)
        if (!verdict.allowed) return yield* tooMany(verdict.retryAfterSeconds, caller.language)
        const email = normalizeEmail(payload.email)
        if (Option.isSome(yield* users.findByEmail(email))) return yield* new EmailTaken()
        const passwordHash = yield* passwords.hash(payload.password)
        const uuid = yield* secrets.uuid
        const inserted = yield* users.insert({
          uuid,
          email,
          firstName: payload.firstName,
          lastName: payload.lastName,
          passwordHash,
          promotional: payload.promotional,
          language: caller.language,
        })
        if (Option.isNone(inserted)) return yield* new EmailTaken()
        yield* allowMail(email, caller)
        yield* sendVerification(inserted.value, caller.language)
        return { uuid: inserted.value.uuid, email }
      })

      const resendVerification = Effect.fn("Accounts.resendVerification")(function* (rawEmail: string, caller: Caller) {
        const email = normalizeEmail(rawEmail)
        yield* allowMail(email, caller)
        const user = yield* users.findByEmail(email)
        // The answer is the same whether or not the address has an unverified account.
        if (Option.isSome(user) && user.value.email_verified_at === null)
          yield* sendVerification(user.value, caller.language)
      })

      const verifyEmail = Effect.fn("Accounts.verifyEmail")(function* (uuid: string, code: string) {
        const user = yield* users.findByUuid(uuid)
        // An unknown account reads like a wrong code ("invalid"), never like an expired one; the
        // lookup still runs so both answers take the same path.
        if (Option.isNone(user)) {
          return yield* codes.redeem(-1, "verify-email", code).pipe(
            Effect.mapError(() => new CodeRejected({ reason: "invalid" })),
            Effect.asVoid,
          )
        }
        if (user.value.email_verified_at !== null) return
        yield* codes.redeem(user.value.id, "verify-email", code)
        const now = yield* Clock.currentTimeMillis
        yield* users.markVerified(user.value.id, new Date(now))
      })

      const requestPasswordReset = Effect.fn("Accounts.requestPasswordReset")(function* (
        rawEmail: string,
        caller: Caller,
      ) {
        const email = normalizeEmail(rawEmail)
        yield* allowMail(email, caller)
        const user = yield* users.findByEmail(email)
        if (Option.isNone(user)) return
        const code = yield* codes.issue(user.value.id, "reset-password")
        const link = `${config.appOrigin}/resetpassword?email=${encodeURIComponent(email)}`
        yield* mail.send({
          to: email,
          purpose: "reset-password",
          code,
          ...passwordResetMail(caller.language, user.value.first_name, code, link),
        })
      })

      const resetPassword = Effect.fn("Accounts.resetPassword")(function* (payload: ResetPasswordPayload) {
        const user = yield* users.findByEmail(normalizeEmail(payload.email))
        if (Option.isNone(user)) return yield* codes.redeem(-1, "reset-password", payload.code).pipe(Effect.asVoid)
        yield* codes.redeem(user.value.id, "reset-password", payload.code)
        yield* users.setPassword(user.value.id, yield* passwords.hash(payload.password))
        // Owning the mailbox proves the address; every old session ends with the old password.
        const now = yield* Clock.currentTimeMillis
        yield* users.markVerified(user.value.id, new Date(now))
        yield* sessions.deleteAllForUser(user.value.id)
      })

      return Accounts.of({ register, resendVerification, verifyEmail, requestPasswordReset, resetPassword })
    }),
  )
}
