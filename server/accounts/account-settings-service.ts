// Account settings of a signed-in user: the profile (names, country, currency, language,
// promotional e-mails) and its e-mail change confirmed by a code sent to the new address (the old
// one is told), the password change that ends the other sign-ins, the registered devices, and
// deleting the account with its subscription and every row that names it.
import { Clock, Context, Effect, Layer, Option } from "effect"
import type { RegisteredDevice } from "../../src/domain/account/devices.ts"
import { normalizeEmail } from "../../src/domain/account/email-rules.ts"
import type { ChangePasswordPayload } from "../../src/domain/account/password-change.ts"
import type { ProfileOptions, ProfileUpdatePayload } from "../../src/domain/account/profile.ts"
import type { UserData } from "../../src/domain/account/user.ts"
import { NotFound, TooManyRequests, ValidationFailed } from "../../src/domain/shared/errors.ts"
import { resolveLanguage, type SelectableLanguage } from "../../src/domain/shared/locales.ts"
import { type FieldErrors, MessageKey } from "../../src/domain/shared/validation.ts"
import { Billing } from "../billing/service.ts"
import { ServerConfig } from "../platform/config/server-config.ts"
import { Translations } from "../platform/i18n/translations.ts"
import { MailQueue } from "../platform/mail/mail-queue.ts"
import { AccountMails } from "./account-mails.ts"
import { type CodeRejected, type CodesPaused, OneTimeCodes } from "./codes-service.ts"
import { Passwords } from "./passwords-service.ts"
import { ProfileRepo } from "./profile-repo.ts"
import { SessionsRepo } from "./sessions-repo.ts"
import { toUserData } from "./user-view.ts"
import { type UserRow, UsersRepo } from "./users-repo.ts"

/** The field message of a wrong old password (the account namespace of the app translates it). */
export const OLD_PASSWORD_WRONG = "account:validation.oldPasswordWrong"
/** The field message of a code whose address is not the one typed. */
export const EMAIL_MISMATCH = "account:validation.emailMismatch"

export interface SettingsSession {
  readonly userId: number
  readonly sessionId: string
}

export class AccountSettings extends Context.Service<
  AccountSettings,
  {
    readonly options: Effect.Effect<ProfileOptions>
    readonly emailAvailable: (userId: number, email: string) => Effect.Effect<boolean>
    readonly updateProfile: (
      userId: number,
      payload: ProfileUpdatePayload,
      language: SelectableLanguage,
    ) => Effect.Effect<
      { readonly pendingEmail: string | null; readonly user: UserData },
      ValidationFailed | TooManyRequests
    >
    readonly confirmEmail: (
      userId: number,
      email: string,
      otp: string,
      language: SelectableLanguage,
    ) => Effect.Effect<UserData, ValidationFailed | CodeRejected | CodesPaused>
    readonly changePassword: (
      session: SettingsSession,
      payload: ChangePasswordPayload,
      language: SelectableLanguage,
    ) => Effect.Effect<void, ValidationFailed>
    readonly devices: (session: SettingsSession) => Effect.Effect<ReadonlyArray<RegisteredDevice>>
    readonly removeDevice: (
      userId: number,
      deviceId: string,
      language: SelectableLanguage,
    ) => Effect.Effect<void, NotFound>
    readonly deleteAccount: (userId: number) => Effect.Effect<void>
  }
>()("jingluo/server/AccountSettings") {
  static readonly layer = Layer.effect(
    AccountSettings,
    Effect.gen(function* () {
      const users = yield* UsersRepo
      const profiles = yield* ProfileRepo
      const sessions = yield* SessionsRepo
      const codes = yield* OneTimeCodes
      const passwords = yield* Passwords
      const mail = yield* MailQueue
      const billing = yield* Billing
      const config = yield* ServerConfig
      const { message } = yield* Translations
      const { emailChangeMail, emailChangeNoticeMail } = yield* AccountMails

      const invalid = (errors: FieldErrors, language: SelectableLanguage) =>
        new ValidationFailed({ message: message("validationFailed", language), errors })

      // The session was just authenticated, so its user exists; a missing row is a defect.
      const userOf = (userId: number) =>
        Effect.flatMap(users.findById(userId), (found) =>
          Option.isSome(found) ? Effect.succeed(found.value) : Effect.die(new Error(`no user ${userId}`)),
        )

      const userData = (row: UserRow) =>
        Effect.gen(function* () {
          const choices = yield* profiles.choices(row.id)
          return { ...toUserData(row, yield* billing.view(row.id)), ...choices }
        })

      const emailAvailable = (userId: number, email: string) =>
        Effect.map(profiles.emailTaken(normalizeEmail(email), userId), (taken) => !taken)

      const updateProfile = Effect.fn("AccountSettings.updateProfile")(function* (
        userId: number,
        payload: ProfileUpdatePayload,
        language: SelectableLanguage,
      ) {
        const user = yield* userOf(userId)
        const email = normalizeEmail(payload.email)
        const changing = email !== user.email
        const errors: Record<string, string> = {}
        if (!(yield* profiles.countryExists(payload.country_id))) errors.country_id = MessageKey.invalid
        if (!(yield* profiles.currencyExists(payload.currency_id))) errors.currency_id = MessageKey.invalid
        const languageCode = yield* profiles.languageCode(payload.language_id)
        if (Option.isNone(languageCode)) errors.language_id = MessageKey.invalid
        if (changing && (yield* profiles.emailTaken(email, userId))) errors.email = MessageKey.emailTaken
        if (Object.keys(errors).length > 0 || Option.isNone(languageCode)) return yield* invalid(errors, language)
        const appLanguage = resolveLanguage(languageCode.value)
        yield* profiles.update(userId, {
          firstName: payload.first_name,
          lastName: payload.last_name,
          countryId: payload.country_id,
          currencyId: payload.currency_id,
          language: languageCode.value,
          promotional: payload.promotional_emails,
        })
        if (changing) {
          const issued = yield* codes.issue(userId, "change-email", email)
          if (Option.isNone(issued)) {
            return yield* new TooManyRequests({
              message: message("codesPaused", language),
              retryAfterSeconds: 24 * 60 * 60,
              reason: "codesPaused",
            })
          }
          const profileLink = `${config.appOrigin}/account-settings/my-profile`
          yield* mail.enqueue({
            to: email,
            purpose: "change-email",
            code: issued.value.code,
            ...emailChangeMail(appLanguage, payload.first_name, issued.value.code, profileLink),
          })
          yield* mail.enqueue({
            to: user.email,
            purpose: "change-email-notice",
            ...emailChangeNoticeMail(
              appLanguage,
              payload.first_name,
              email,
              `${config.appOrigin}/account-settings/change-my-password`,
            ),
          })
        }
        return { pendingEmail: changing ? email : null, user: yield* userData(yield* userOf(userId)) }
      })

      const confirmEmail = Effect.fn("AccountSettings.confirmEmail")(function* (
        userId: number,
        rawEmail: string,
        otp: string,
        language: SelectableLanguage,
      ) {
        const email = normalizeEmail(rawEmail)
        const { targetEmail } = yield* codes.redeem({ _tag: "User", userId }, "change-email", otp)
        if (targetEmail !== email) return yield* invalid({ email: EMAIL_MISMATCH }, language)
        const changed = yield* profiles.changeEmail(userId, email)
        if (!changed) return yield* invalid({ email: MessageKey.emailTaken }, language)
        return yield* userData(yield* userOf(userId))
      })

      const changePassword = Effect.fn("AccountSettings.changePassword")(function* (
        session: SettingsSession,
        payload: ChangePasswordPayload,
        language: SelectableLanguage,
      ) {
        const user = yield* userOf(session.userId)
        if (user.password_hash !== null) {
          const old = payload.old_password ?? ""
          if (old.length === 0) return yield* invalid({ old_password: MessageKey.required }, language)
          if (!(yield* passwords.verify(user.password_hash, old)))
            return yield* invalid({ old_password: OLD_PASSWORD_WRONG }, language)
        }
        yield* users.setPassword(session.userId, yield* passwords.hash(payload.password))
        // Whoever else holds a session of this account is signed out; this one stays.
        yield* sessions.deleteOthers(session.userId, session.sessionId)
      })

      const devices = Effect.fn("AccountSettings.devices")(function* (session: SettingsSession) {
        const now = new Date(yield* Clock.currentTimeMillis)
        const rows = yield* sessions.listForUser(session.userId, now)
        return rows.map(
          (row): RegisteredDevice => ({
            id: row.id,
            device_name: row.device_name,
            status: row.id === session.sessionId ? "current" : "active",
            last_used_at: row.last_used_at.toISOString(),
            signed_in_at: row.created_at.toISOString(),
          }),
        )
      })

      const removeDevice = Effect.fn("AccountSettings.removeDevice")(function* (
        userId: number,
        deviceId: string,
        language: SelectableLanguage,
      ) {
        // Another user's device reads like no device at all.
        const removed = yield* sessions.deleteForUser(userId, deviceId)
        if (!removed) return yield* new NotFound({ message: message("notFound", language) })
      })

      const deleteAccount = Effect.fn("AccountSettings.deleteAccount")(function* (userId: number) {
        const user = yield* userOf(userId)
        yield* billing.endForDeletion(userId)
        yield* profiles.erase(userId, user.email)
      })

      return AccountSettings.of({
        options: profiles.options,
        emailAvailable,
        updateProfile,
        confirmEmail,
        changePassword,
        devices,
        removeDevice,
        deleteAccount,
      })
    }),
  )
}
