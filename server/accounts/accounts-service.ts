// Account entry: registration, e-mail verification (link or code), resending the verification
// mail, and password reset (link or code). Every answer is the same whether or not the address has
// an account: a second registration of a known address answers like the first and mails the owner
// instead. Mail is only enqueued here (mail-queue.ts) and limited per address and per client.
import { Clock, Context, Effect, Layer, Option } from "effect"
import { normalizeEmail } from "../../src/domain/account/email-rules.ts"
import type { ResetPasswordPayload } from "../../src/domain/account/password-reset.ts"
import type { RegisterPayload } from "../../src/domain/account/registration.ts"
import { TooManyRequests } from "../../src/domain/shared/errors.ts"
import { resolveLanguage, type SelectableLanguage } from "../../src/domain/shared/locales.ts"
import { ServerConfig } from "../platform/config/server-config.ts"
import { Translations } from "../platform/i18n/translations.ts"
import { MailQueue } from "../platform/mail/mail-queue.ts"
import { LIMITS, RateLimiter } from "../platform/security/rate-limiter.ts"
import { Secrets } from "../platform/security/secrets.ts"
import { AccountMails } from "./account-mails.ts"
import { type CodeOwner, CodeRejected, type CodesPaused, OneTimeCodes } from "./codes-service.ts"
import { Passwords } from "./passwords-service.ts"
import { SessionsRepo } from "./sessions-repo.ts"
import { type UserRow, UsersRepo } from "./users-repo.ts"

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
    ) => Effect.Effect<{ readonly uuid: string; readonly email: string }, TooManyRequests>
    readonly resendVerification: (email: string, caller: Caller) => Effect.Effect<void, TooManyRequests>
    readonly verifyEmail: (uuid: string, code: string) => Effect.Effect<void, CodeRejected | CodesPaused>
    readonly verifyEmailLink: (token: string) => Effect.Effect<void, CodeRejected>
    readonly requestPasswordReset: (email: string, caller: Caller) => Effect.Effect<void, TooManyRequests>
    readonly resetPassword: (payload: ResetPasswordPayload) => Effect.Effect<void, CodeRejected | CodesPaused>
    readonly resetPasswordLink: (token: string, password: string) => Effect.Effect<void, CodeRejected>
  }
>()("jingluo/server/Accounts") {
  static readonly layer = Layer.effect(
    Accounts,
    Effect.gen(function* () {
      const users = yield* UsersRepo
      const sessions = yield* SessionsRepo
      const codes = yield* OneTimeCodes
      const passwords = yield* Passwords
      const mail = yield* MailQueue
      const limiter = yield* RateLimiter
      const secrets = yield* Secrets
      const config = yield* ServerConfig
      const { message } = yield* Translations
      const { alreadyRegisteredMail, codeAlertMail, passwordResetMail, verificationMail } = yield* AccountMails

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

      /** Once a day, tells the owner that the account's codes are used up and why. */
      const alertOwner = (user: UserRow) =>
        Effect.gen(function* () {
          const once = yield* limiter.hit(`code-alert:user:${user.id}`, LIMITS.codeAlertPerAccount)
          if (!once.allowed) return
          yield* mail.enqueue({
            to: user.email,
            purpose: "code-alert",
            ...codeAlertMail(resolveLanguage(user.language), user.first_name, `${config.appOrigin}/`),
          })
        })

      const alertOnPause =
        (user: Option.Option<UserRow>) =>
        <A, E extends { readonly _tag: string }>(effect: Effect.Effect<A, E>) =>
          effect.pipe(
            Effect.tapError((error) =>
              error._tag === "CodesPaused" && Option.isSome(user) ? alertOwner(user.value) : Effect.void,
            ),
          )

      const ownerOf = (user: Option.Option<UserRow>, identifier: string): CodeOwner =>
        Option.isSome(user) ? { _tag: "User", userId: user.value.id } : { _tag: "Nobody", key: identifier }

      const sendVerification = (user: UserRow, language: SelectableLanguage) =>
        Effect.gen(function* () {
          const issued = yield* codes.issue(user.id, "verify-email")
          if (Option.isNone(issued)) return yield* alertOwner(user)
          const { code, token } = issued.value
          const link = `${config.appOrigin}/verify-email?user=${user.uuid}&token=${token}`
          yield* mail.enqueue({
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
        yield* allowMail(email, caller)
        // Hashed either way, so a known address costs what a new one costs.
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
        if (Option.isSome(inserted)) {
          yield* sendVerification(inserted.value, caller.language)
          return { uuid: inserted.value.uuid, email }
        }
        // Known address: the same answer as a new sign-up (with an id that belongs to no account),
        // and the owner hears about it by mail.
        const owner = yield* users.findByEmail(email)
        if (Option.isSome(owner)) {
          yield* mail.enqueue({
            to: owner.value.email,
            purpose: "already-registered",
            ...alreadyRegisteredMail(
              caller.language,
              owner.value.first_name,
              `${config.appOrigin}/login?email=${encodeURIComponent(email)}`,
              `${config.appOrigin}/resetpassword`,
            ),
          })
        }
        return { uuid, email }
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
        if (Option.isSome(user) && user.value.email_verified_at !== null) return
        const { userId } = yield* codes.redeem(ownerOf(user, `uuid:${uuid}`), "verify-email", code).pipe(
          alertOnPause(user),
          // An unknown account reads like a wrong code ("invalid"), never like an expired one.
          Effect.mapError((error) =>
            Option.isNone(user) && error._tag === "CodeRejected" ? new CodeRejected({ reason: "invalid" }) : error,
          ),
        )
        yield* users.markVerified(userId, new Date(yield* Clock.currentTimeMillis))
      })

      const verifyEmailLink = Effect.fn("Accounts.verifyEmailLink")(function* (token: string) {
        const { userId } = yield* codes.redeemLink("verify-email", token)
        yield* users.markVerified(userId, new Date(yield* Clock.currentTimeMillis))
      })

      const requestPasswordReset = Effect.fn("Accounts.requestPasswordReset")(function* (
        rawEmail: string,
        caller: Caller,
      ) {
        const email = normalizeEmail(rawEmail)
        yield* allowMail(email, caller)
        const user = yield* users.findByEmail(email)
        if (Option.isNone(user)) return
        const issued = yield* codes.issue(user.value.id, "reset-password")
        if (Option.isNone(issued)) return yield* alertOwner(user.value)
        const { code, token } = issued.value
        const link = `${config.appOrigin}/resetpassword?email=${encodeURIComponent(email)}&token=${token}`
        yield* mail.enqueue({
          to: email,
          purpose: "reset-password",
          code,
          ...passwordResetMail(caller.language, user.value.first_name, code, link),
        })
      })

      /** A new password proves the mailbox: the address is verified, and every old session ends. */
      const setNewPassword = (userId: number, password: string) =>
        Effect.gen(function* () {
          yield* users.setPassword(userId, yield* passwords.hash(password))
          yield* users.markVerified(userId, new Date(yield* Clock.currentTimeMillis))
          yield* sessions.deleteAllForUser(userId)
        })

      const resetPassword = Effect.fn("Accounts.resetPassword")(function* (payload: ResetPasswordPayload) {
        const email = normalizeEmail(payload.email)
        const user = yield* users.findByEmail(email)
        const { userId } = yield* codes
          .redeem(ownerOf(user, `email:${email}`), "reset-password", payload.code)
          .pipe(alertOnPause(user))
        yield* setNewPassword(userId, payload.password)
      })

      const resetPasswordLink = Effect.fn("Accounts.resetPasswordLink")(function* (token: string, password: string) {
        const { userId } = yield* codes.redeemLink("reset-password", token)
        yield* setNewPassword(userId, password)
      })

      return Accounts.of({
        register,
        resendVerification,
        verifyEmail,
        verifyEmailLink,
        requestPasswordReset,
        resetPassword,
        resetPasswordLink,
      })
    }),
  )
}
