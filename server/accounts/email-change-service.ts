// Changing a signed-in account's e-mail address. Whether an address is free is asked at most
// LIMITS.emailLookups… a day per account and per client (the profile's check as it is typed, and a
// save with a new address), so the answers cannot be used to list accounts; a save says it only
// after the account's proof (reauthentication-service.ts). The new address gets a code and the old
// one a notice; once the code is confirmed the old address gets a link that for EMAIL_UNDO_DAYS
// undoes the change, ends every session and removes the password (email-undo-repo.ts); the restored
// address is then sent a password reset (accounts-service.ts) and the address it replaces is told.
import { Clock, Context, Effect, Layer, Option } from "effect"
import { EMAIL_UNDO_DAYS } from "../../src/domain/account/email-restore.ts"
import { emailRestoreLink } from "../../src/domain/account/email-restore-links.ts"
import { normalizeEmail } from "../../src/domain/account/email-rules.ts"
import { TooManyRequests, ValidationFailed } from "../../src/domain/shared/errors.ts"
import { resolveLanguage, type SelectableLanguage } from "../../src/domain/shared/locales.ts"
import { DAY_MS } from "../../src/domain/shared/timing.ts"
import { MessageKey } from "../../src/domain/shared/validation.ts"
import { ServerConfig } from "../platform/config/server-config.ts"
import { Translations } from "../platform/i18n/translations.ts"
import { MailQueue } from "../platform/mail/mail-queue.ts"
import { LIMITS, RateLimiter } from "../platform/security/rate-limiter.ts"
import { Secrets, sha256 } from "../platform/security/secrets.ts"
import { AccountMails } from "./account-mails.ts"
import { Accounts, type Caller } from "./accounts-service.ts"
import { type CodeRejected, type CodesPaused, OneTimeCodes } from "./codes-service.ts"
import { EmailUndoRepo } from "./email-undo-repo.ts"
import { ProfileRepo } from "./profile-repo.ts"
import { type Proof, Reauthentication } from "./reauthentication-service.ts"
import { SettingsMails } from "./settings-mails.ts"
import type { UserRow } from "./users-repo.ts"

/** The field message of a code whose address is not the one typed. */
export const EMAIL_MISMATCH = "account:validation.emailMismatch"

export class EmailChange extends Context.Service<
  EmailChange,
  {
    /** Whether another account uses the address (POST api/email-validate), counted. */
    readonly available: (userId: number, email: string, caller: Caller) => Effect.Effect<boolean, TooManyRequests>
    /** Before a save with a new address: the account's proof, then the address must be free (counted). */
    readonly check: (
      user: UserRow,
      email: string,
      proof: Proof,
      caller: Caller,
    ) => Effect.Effect<void, ValidationFailed | TooManyRequests>
    /** After the save: the code to the new address, a notice to the old one. */
    readonly start: (
      user: UserRow,
      email: string,
      firstName: string,
      language: SelectableLanguage,
      caller: Caller,
    ) => Effect.Effect<void, TooManyRequests>
    /** The code confirms the new address; the old one gets its undo link. */
    readonly confirm: (
      user: UserRow,
      email: string,
      otp: string,
      language: SelectableLanguage,
    ) => Effect.Effect<void, ValidationFailed | CodeRejected | CodesPaused>
    /** The new address whose code is still live, if a change waits for it. */
    readonly pending: (userId: number) => Effect.Effect<Option.Option<string>>
    /** Gives up the change that waits for its code: its code no longer works. */
    readonly cancel: (userId: number) => Effect.Effect<void>
    /** The undo link: the old address comes back and is sent a password reset; returns it. */
    readonly restore: (token: string, caller: Caller) => Effect.Effect<string, ValidationFailed>
  }
>()("jingluo/server/EmailChange") {
  static readonly layer = Layer.effect(
    EmailChange,
    Effect.gen(function* () {
      const profiles = yield* ProfileRepo
      const undos = yield* EmailUndoRepo
      const codes = yield* OneTimeCodes
      const reauth = yield* Reauthentication
      const accounts = yield* Accounts
      const limiter = yield* RateLimiter
      const secrets = yield* Secrets
      const mail = yield* MailQueue
      const config = yield* ServerConfig
      const { message } = yield* Translations
      const { emailChangeMail, emailChangeNoticeMail } = yield* AccountMails
      const { emailChangedMail, emailRestoredMail } = yield* SettingsMails

      const invalid = (errors: Record<string, string>, language: SelectableLanguage) =>
        new ValidationFailed({ message: message("validationFailed", language), errors })

      /** One look-up of whether an address is free, for the account and for the client. */
      const countLookup = (userId: number, caller: Caller) =>
        Effect.gen(function* () {
          for (const [key, limit] of [
            [`email-lookup:user:${userId}`, LIMITS.emailLookupsPerAccount],
            [`email-lookup:ip:${caller.address}`, LIMITS.emailLookupsPerIp],
          ] as const) {
            const verdict = yield* limiter.hit(key, limit)
            if (!verdict.allowed)
              return yield* new TooManyRequests({
                message: message("tooManyRequests", caller.language),
                retryAfterSeconds: verdict.retryAfterSeconds,
              })
          }
        })

      const available = Effect.fn("EmailChange.available")(function* (userId: number, email: string, caller: Caller) {
        yield* countLookup(userId, caller)
        return !(yield* profiles.emailTaken(normalizeEmail(email), userId))
      })

      const check = Effect.fn("EmailChange.check")(function* (
        user: UserRow,
        email: string,
        proof: Proof,
        caller: Caller,
      ) {
        yield* reauth.verify(user, proof, caller)
        yield* countLookup(user.id, caller)
        if (yield* profiles.emailTaken(email, user.id))
          return yield* invalid({ email: MessageKey.emailTaken }, caller.language)
      })

      const start = Effect.fn("EmailChange.start")(function* (
        user: UserRow,
        email: string,
        firstName: string,
        language: SelectableLanguage,
        caller: Caller,
      ) {
        const issued = yield* codes.issue(user.id, "change-email", email)
        if (Option.isNone(issued)) {
          return yield* new TooManyRequests({
            message: message("codesPaused", caller.language),
            retryAfterSeconds: 24 * 60 * 60,
            reason: "codesPaused",
          })
        }
        const profileLink = `${config.appOrigin}/account-settings/my-profile`
        yield* mail.enqueue({
          to: email,
          purpose: "change-email",
          code: issued.value.code,
          ...emailChangeMail(language, firstName, issued.value.code, profileLink),
        })
        yield* mail.enqueue({
          to: user.email,
          purpose: "change-email-notice",
          ...emailChangeNoticeMail(
            language,
            firstName,
            email,
            `${config.appOrigin}/account-settings/change-my-password`,
          ),
        })
      })

      const confirm = Effect.fn("EmailChange.confirm")(function* (
        user: UserRow,
        rawEmail: string,
        otp: string,
        language: SelectableLanguage,
      ) {
        const email = normalizeEmail(rawEmail)
        const { targetEmail } = yield* codes.redeem({ _tag: "User", userId: user.id }, "change-email", otp)
        if (targetEmail !== email) return yield* invalid({ email: EMAIL_MISMATCH }, language)
        const changed = yield* profiles.changeEmail(user.id, email)
        if (!changed) return yield* invalid({ email: MessageKey.emailTaken }, language)
        const token = yield* secrets.linkToken
        const now = yield* Clock.currentTimeMillis
        yield* undos.create({
          id: yield* secrets.uuid,
          userId: user.id,
          tokenHash: sha256(token),
          oldEmail: user.email,
          newEmail: email,
          now: new Date(now),
          expiresAt: new Date(now + EMAIL_UNDO_DAYS * DAY_MS),
        })
        yield* mail.enqueue({
          to: user.email,
          purpose: "email-changed",
          ...emailChangedMail(
            resolveLanguage(user.language),
            user.first_name,
            email,
            emailRestoreLink(config.appOrigin, token),
          ),
        })
      })

      const restore = Effect.fn("EmailChange.restore")(function* (token: string, caller: Caller) {
        const outcome = yield* undos.restore(sha256(token), new Date(yield* Clock.currentTimeMillis))
        if (outcome._tag === "Invalid") return yield* invalid({ token: MessageKey.linkExpired }, caller.language)
        if (outcome._tag === "AddressTaken") return yield* invalid({ email: MessageKey.emailTaken }, caller.language)
        // The password is gone: the owner sets a new one with the reset's code (asked again on the
        // reset page when the mail limits hold it back now).
        yield* accounts
          .requestPasswordReset(outcome.restoredEmail, caller)
          .pipe(Effect.catchTag("TooManyRequests", () => Effect.void))
        if (outcome.replacedEmail === outcome.restoredEmail) return outcome.restoredEmail
        yield* mail.enqueue({
          to: outcome.replacedEmail,
          purpose: "email-restored",
          ...emailRestoredMail(
            resolveLanguage(outcome.language),
            outcome.firstName,
            outcome.restoredEmail,
            `${config.appOrigin}/`,
          ),
        })
        return outcome.restoredEmail
      })

      return EmailChange.of({
        available,
        check,
        start,
        confirm,
        restore,
        pending: (userId) => codes.pendingTarget(userId, "change-email"),
        cancel: (userId) => codes.discard(userId, "change-email"),
      })
    }),
  )
}
