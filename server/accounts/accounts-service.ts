// Account entry: registration, e-mail verification (link or code), resending the verification
// mail, and password reset (link or code). Verifying keeps the password typed at registration only
// in the browser that registered (its sign-up cookie); anywhere else the mailbox's owner chooses
// their own password with the same link or code. No answer tells whether an address has an account:
// registering a known address keeps a sign-up without an account that answers sign-in and code
// guesses like a new one (sign-ups-repo.ts), a reset asked for an unknown address leaves a code
// that matches nothing, and every code budget is the address's. Mail is only enqueued here
// (mail-queue.ts) and limited per address and per client; a reset link reaches the owner's mailbox
// whatever others ask for, because links outlive the mail window and a newer mail never ends them.
import { Clock, Context, Effect, Layer, Option } from "effect"
import { normalizeEmail } from "../../src/domain/account/email-rules.ts"
import type { ResetPasswordPayload } from "../../src/domain/account/password-reset.ts"
import { PENDING_SIGN_UP_DAYS, type RegisterPayload } from "../../src/domain/account/registration.ts"
import { TooManyRequests } from "../../src/domain/shared/errors.ts"
import { resolveLanguage, type SelectableLanguage } from "../../src/domain/shared/locales.ts"
import { DAY_MS } from "../../src/domain/shared/timing.ts"
import { ServerConfig } from "../platform/config/server-config.ts"
import { Translations } from "../platform/i18n/translations.ts"
import { MailQueue } from "../platform/mail/mail-queue.ts"
import { LIMITS, type Limit, RateLimiter } from "../platform/security/rate-limiter.ts"
import { Secrets, safeEqual, sha256 } from "../platform/security/secrets.ts"
import { AccountMails } from "./account-mails.ts"
import { addressHashOf, type CodeOwner, CodeRejected, type CodesPaused, OneTimeCodes } from "./codes-service.ts"
import { Passwords } from "./passwords-service.ts"
import { SessionsRepo } from "./sessions-repo.ts"
import { SignUpsRepo } from "./sign-ups-repo.ts"
import { type UserRow, UsersRepo } from "./users-repo.ts"

export interface Caller {
  readonly language: SelectableLanguage
  readonly address: string
}

/** What a verification did: verified the address, or waits for the password step. */
export type Verification = "verified" | "passwordNeeded"

/** A registration's outcome, and the value of the sign-up cookie its answer sets. */
export interface Registered {
  readonly uuid: string
  readonly email: string
  readonly browserToken: string
}

/** The name to greet: only one its owner chose for an address they have proven. */
export const greetedName = (user: UserRow) => (user.email_verified_at === null ? null : user.first_name)

export class Accounts extends Context.Service<
  Accounts,
  {
    /** `browserToken`: the sign-up cookie the request came with, if any. */
    readonly register: (
      payload: RegisterPayload,
      caller: Caller,
      browserToken?: string,
    ) => Effect.Effect<Registered, TooManyRequests>
    readonly resendVerification: (email: string, caller: Caller) => Effect.Effect<void, TooManyRequests>
    readonly verifyEmail: (
      uuid: string,
      code: string,
      browserToken: string | undefined,
    ) => Effect.Effect<Verification, CodeRejected | CodesPaused>
    readonly verifyEmailLink: (
      token: string,
      browserToken: string | undefined,
    ) => Effect.Effect<Verification, CodeRejected>
    /**
     * The password step of a verification with the code: uses it up, sets the password chosen,
     * verifies the address and ends every session; the account, for its new session.
     */
    readonly choosePassword: (
      uuid: string,
      code: string,
      password: string,
    ) => Effect.Effect<UserRow, CodeRejected | CodesPaused>
    /** The same through the link: its token stands in for the account and the code. */
    readonly choosePasswordWithLink: (token: string, password: string) => Effect.Effect<UserRow, CodeRejected>
    /**
     * The mailbox's owner has proven it: the account's password becomes theirs (null: none, a
     * provider vouches for them), the address is verified, and every session of the account ends.
     */
    readonly confirmMailboxOwner: (userId: number, password: string | null) => Effect.Effect<void>
    readonly requestPasswordReset: (email: string, caller: Caller) => Effect.Effect<void, TooManyRequests>
    readonly resetPassword: (payload: ResetPasswordPayload) => Effect.Effect<void, CodeRejected | CodesPaused>
    readonly resetPasswordLink: (token: string, password: string) => Effect.Effect<void, CodeRejected>
    /** Removes expired sign-ups (with their unverified accounts) and spent or expired codes. */
    readonly purgeExpired: Effect.Effect<void>
  }
>()("jingluo/server/Accounts") {
  static readonly layer = Layer.effect(
    Accounts,
    Effect.gen(function* () {
      const users = yield* UsersRepo
      const signUps = yield* SignUpsRepo
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

      /** Counts one request under `key`; fails when it is over `limit`. */
      const allow = (key: string, limit: Limit, caller: Caller) =>
        Effect.flatMap(limiter.hit(key, limit), (verdict) =>
          verdict.allowed ? Effect.void : Effect.fail(tooMany(verdict.retryAfterSeconds, caller.language)),
        )

      /** Counts one mail to `email` from `caller`; fails when either limit is exceeded. */
      const allowMail = (email: string, caller: Caller) =>
        Effect.andThen(
          allow(`mail:address:${email}`, LIMITS.mailPerAddress, caller),
          allow(`mail:ip:${caller.address}`, LIMITS.mailPerIp, caller),
        )

      /** Once a day, tells the owner that the account's codes are used up and why. */
      const alertOwner = (user: UserRow) =>
        Effect.gen(function* () {
          const once = yield* limiter.hit(`code-alert:user:${user.id}`, LIMITS.codeAlertPerAccount)
          if (!once.allowed) return
          yield* mail.enqueue({
            to: user.email,
            purpose: "code-alert",
            ...codeAlertMail(resolveLanguage(user.language), greetedName(user), `${config.appOrigin}/`),
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

      /** The verification mail: a link always, a code when `withCode`. */
      const sendVerification = (user: UserRow, withCode: boolean, language: SelectableLanguage) =>
        Effect.gen(function* () {
          const { code, token } = yield* codes.mailable(user.id, "verify-email", withCode)
          const link = `${config.appOrigin}/verify-email?user=${user.uuid}&token=${token}`
          yield* mail.enqueue({
            to: user.email,
            purpose: "verify-email",
            code: Option.getOrUndefined(code),
            ...verificationMail(language, code, link),
          })
          if (!withCode) yield* alertOwner(user)
        })

      const tellOwner = (email: string, language: SelectableLanguage) =>
        Effect.gen(function* () {
          const owner = yield* users.findByEmail(email)
          if (Option.isNone(owner)) return
          yield* mail.enqueue({
            to: owner.value.email,
            purpose: "already-registered",
            ...alreadyRegisteredMail(
              language,
              greetedName(owner.value),
              `${config.appOrigin}/login?email=${encodeURIComponent(email)}`,
              `${config.appOrigin}/resetpassword`,
            ),
          })
          return owner.value
        })

      const register = Effect.fn("Accounts.register")(function* (
        payload: RegisterPayload,
        caller: Caller,
        browserToken?: string,
      ) {
        yield* allow(`register:ip:${caller.address}`, LIMITS.registrationsPerIp, caller)
        const email = normalizeEmail(payload.email)
        yield* allowMail(email, caller)
        const addressHash = addressHashOf(email)
        // Hashed either way, so a known address costs what a new one costs.
        const passwordHash = yield* passwords.hash(payload.password)
        const now = yield* Clock.currentTimeMillis
        // Every answer sets a new random cookie; only a new sign-up keeps its hash.
        const fresh = yield* secrets.sessionToken
        const claimed = yield* signUps.claim({
          emailHash: addressHash,
          now: new Date(now),
          expiresAt: new Date(now + PENDING_SIGN_UP_DAYS * DAY_MS),
          browserHash: sha256(fresh),
          user: {
            uuid: yield* secrets.uuid,
            email,
            firstName: payload.firstName,
            lastName: payload.lastName,
            passwordHash,
            promotional: payload.promotional,
            language: caller.language,
          },
        })
        switch (claimed._tag) {
          case "Created": {
            yield* codes.adopt(addressHash, claimed.user.id)
            yield* sendVerification(claimed.user, yield* codes.budget(addressHash), caller.language)
            break
          }
          case "Known": {
            // The same code budget and a code nobody can match: guessing at this sign-up's id
            // answers what guessing at a new account's would. The owner hears about it by mail.
            const withCode = yield* codes.budget(addressHash)
            if (withCode) yield* codes.hold(addressHash, "verify-email")
            const owner = yield* tellOwner(email, caller.language)
            if (!withCode && owner !== undefined) yield* alertOwner(owner)
            break
          }
          case "Pending": {
            yield* tellOwner(email, caller.language)
            // The browser that made the waiting sign-up keeps its cookie; any other gets one that
            // matches nothing, so it can never keep the first registrant's password.
            if (browserToken !== undefined && isBrowserOf(claimed.browserHash, browserToken))
              return { uuid: claimed.signUpId, email, browserToken }
          }
        }
        return { uuid: claimed.signUpId, email, browserToken: fresh }
      })

      const resendVerification = Effect.fn("Accounts.resendVerification")(function* (rawEmail: string, caller: Caller) {
        const email = normalizeEmail(rawEmail)
        yield* allowMail(email, caller)
        const addressHash = addressHashOf(email)
        // Counted for any address, so the budget says nothing about which addresses have accounts.
        const withCode = yield* codes.budget(addressHash)
        const user = yield* users.findByEmail(email)
        if (Option.isSome(user) && user.value.email_verified_at === null)
          yield* sendVerification(user.value, withCode, caller.language)
        const signUp = yield* signUps.byAddress(addressHash)
        if (withCode && Option.isSome(signUp) && signUp.value.user_id === null)
          yield* codes.hold(addressHash, "verify-email")
      })

      /** The cookie is the one the sign-up's registration set. */
      const isBrowserOf = (browserHash: string | null, browserToken: string) =>
        browserHash !== null && safeEqual(browserHash, sha256(browserToken))

      /** The browser that made the account's sign-up asks, so the person typed its password there. */
      const registeredHere = (user: UserRow, browserToken: string | undefined) =>
        browserToken === undefined
          ? Effect.succeed(false)
          : Effect.map(
              signUps.byAddress(addressHashOf(user.email)),
              (signUp) =>
                Option.isSome(signUp) &&
                signUp.value.user_id === user.id &&
                isBrowserOf(signUp.value.browser_hash, browserToken),
            )

      /** The mailbox is proven: the account is verified and the address's sign-up has done its work. */
      const proven = (userId: number) =>
        Effect.gen(function* () {
          yield* users.markVerified(userId, new Date(yield* Clock.currentTimeMillis))
          const user = yield* users.findById(userId)
          if (Option.isSome(user)) yield* signUps.clear(addressHashOf(user.value.email))
        })

      /** Whose code a verification id names: an account, a known address's sign-up, or nothing. */
      const verificationOwner = (uuid: string) =>
        Effect.gen(function* () {
          const user = yield* users.findByUuid(uuid)
          const signUp = Option.isSome(user) ? Option.none() : yield* signUps.byId(uuid)
          const owner: CodeOwner = Option.isSome(user)
            ? { _tag: "User", userId: user.value.id }
            : Option.isSome(signUp)
              ? { _tag: "Address", addressHash: signUp.value.email_hash }
              : { _tag: "Nobody", key: `uuid:${uuid}` }
          return { user, owner }
        })

      /** A code's failure as a verification answers it; an id that names nothing reads "invalid". */
      const asVerification =
        (user: Option.Option<UserRow>, owner: CodeOwner) =>
        <A>(effect: Effect.Effect<A, CodeRejected | CodesPaused>) =>
          effect.pipe(
            alertOnPause(user),
            // As a mistyped link would.
            Effect.mapError((error) =>
              owner._tag === "Nobody" && error._tag === "CodeRejected"
                ? new CodeRejected({ reason: "invalid" })
                : error,
            ),
          )

      const verifyEmail = Effect.fn("Accounts.verifyEmail")(function* (
        uuid: string,
        code: string,
        browserToken: string | undefined,
      ) {
        const { user, owner } = yield* verificationOwner(uuid)
        if (Option.isSome(user) && user.value.email_verified_at !== null) return "verified" as Verification
        if (Option.isNone(user) || !(yield* registeredHere(user.value, browserToken))) {
          // Right, but from elsewhere: the code stays for the password step.
          yield* codes.check(owner, "verify-email", code).pipe(asVerification(user, owner))
          return "passwordNeeded" as Verification
        }
        const { userId } = yield* codes.redeem(owner, "verify-email", code).pipe(asVerification(user, owner))
        yield* proven(userId)
        return "verified" as Verification
      })

      const verifyEmailLink = Effect.fn("Accounts.verifyEmailLink")(function* (
        token: string,
        browserToken: string | undefined,
      ) {
        const { userId } = yield* codes.findLink("verify-email", token)
        const user = yield* users.findById(userId)
        const keepsPassword =
          Option.isSome(user) &&
          (user.value.email_verified_at !== null || (yield* registeredHere(user.value, browserToken)))
        if (!keepsPassword) return "passwordNeeded" as Verification
        yield* codes.redeemLink("verify-email", token)
        yield* proven(userId)
        return "verified" as Verification
      })

      /** The password step's end: the chosen password, the address verified, no old session. */
      const passwordChosen = (userId: number, password: string) =>
        Effect.gen(function* () {
          yield* confirmMailboxOwner(userId, password)
          const user = yield* users.findById(userId)
          if (Option.isNone(user)) return yield* Effect.die(new Error(`verified account ${userId} is missing`))
          return user.value
        })

      const choosePassword = Effect.fn("Accounts.choosePassword")(function* (
        uuid: string,
        code: string,
        password: string,
      ) {
        const { user, owner } = yield* verificationOwner(uuid)
        const { userId } = yield* codes.redeem(owner, "verify-email", code).pipe(asVerification(user, owner))
        return yield* passwordChosen(userId, password)
      })

      const choosePasswordWithLink = Effect.fn("Accounts.choosePasswordWithLink")(function* (
        token: string,
        password: string,
      ) {
        const { userId } = yield* codes.redeemLink("verify-email", token)
        return yield* passwordChosen(userId, password)
      })

      const requestPasswordReset = Effect.fn("Accounts.requestPasswordReset")(function* (
        rawEmail: string,
        caller: Caller,
      ) {
        const email = normalizeEmail(rawEmail)
        yield* allow(`mail:ip:${caller.address}`, LIMITS.mailPerIp, caller)
        // Over the address's limit nothing more is sent, and the answer stays the same: the mails
        // of this window are in the mailbox, and their links outlive it.
        const perAddress = yield* limiter.hit(`reset-mail:address:${email}`, LIMITS.mailPerAddress)
        if (!perAddress.allowed) return
        const addressHash = addressHashOf(email)
        const withCode = yield* codes.budget(addressHash)
        const user = yield* users.findByEmail(email)
        if (Option.isNone(user)) {
          if (withCode) yield* codes.hold(addressHash, "reset-password")
          return
        }
        const { code, token } = yield* codes.mailable(user.value.id, "reset-password", withCode)
        const link = `${config.appOrigin}/resetpassword?email=${encodeURIComponent(email)}&token=${token}`
        yield* mail.enqueue({
          to: email,
          purpose: "reset-password",
          code: Option.getOrUndefined(code),
          ...passwordResetMail(caller.language, greetedName(user.value), code, link),
        })
        if (!withCode) yield* alertOwner(user.value)
      })

      /** The password is the mailbox owner's (or none), the address is verified, every old session ends. */
      const confirmMailboxOwner = (userId: number, password: string | null) =>
        Effect.gen(function* () {
          yield* users.setPassword(userId, password === null ? null : yield* passwords.hash(password))
          yield* proven(userId)
          yield* sessions.deleteAllForUser(userId)
        })

      const resetPassword = Effect.fn("Accounts.resetPassword")(function* (payload: ResetPasswordPayload) {
        const email = normalizeEmail(payload.email)
        const user = yield* users.findByEmail(email)
        const owner: CodeOwner = Option.isSome(user)
          ? { _tag: "User", userId: user.value.id }
          : { _tag: "Address", addressHash: addressHashOf(email) }
        const { userId } = yield* codes.redeem(owner, "reset-password", payload.code).pipe(alertOnPause(user))
        yield* confirmMailboxOwner(userId, payload.password)
      })

      const resetPasswordLink = Effect.fn("Accounts.resetPasswordLink")(function* (token: string, password: string) {
        const { userId } = yield* codes.redeemLink("reset-password", token)
        yield* confirmMailboxOwner(userId, password)
      })

      const purgeExpired = Effect.gen(function* () {
        yield* signUps.purge(new Date(yield* Clock.currentTimeMillis))
        yield* codes.purge
      })

      return Accounts.of({
        register,
        resendVerification,
        verifyEmail,
        verifyEmailLink,
        choosePassword,
        choosePasswordWithLink,
        confirmMailboxOwner,
        requestPasswordReset,
        resetPassword,
        resetPasswordLink,
        purgeExpired,
      })
    }),
  )
}
