// Account settings of a signed-in user: the profile (names, country, currency, language,
// promotional e-mails) and its e-mail change (email-change-service.ts), the password change that
// ends the other sign-ins, the registered devices, and deleting the account with its subscription
// and every row that names it. A new address, a new password and deleting the account each need
// the account's proof (reauthentication-service.ts), counted with the sign-in attempts.
import { Clock, Context, Effect, Layer, Option } from "effect"
import type { RegisteredDevice } from "../../src/domain/account/devices.ts"
import { normalizeEmail } from "../../src/domain/account/email-rules.ts"
import type { ChangePasswordPayload } from "../../src/domain/account/password-change.ts"
import type { ProfileOptions, ProfileUpdatePayload } from "../../src/domain/account/profile.ts"
import type { ReauthProof } from "../../src/domain/account/reauthentication.ts"
import type { UserData } from "../../src/domain/account/user.ts"
import { NotFound, type TooManyRequests, ValidationFailed } from "../../src/domain/shared/errors.ts"
import { resolveLanguage, type SelectableLanguage } from "../../src/domain/shared/locales.ts"
import { type FieldErrors, MessageKey } from "../../src/domain/shared/validation.ts"
import { Billing } from "../billing/service.ts"
import { Translations } from "../platform/i18n/translations.ts"
import type { Caller } from "./accounts-service.ts"
import type { CodeRejected, CodesPaused } from "./codes-service.ts"
import { EmailChange } from "./email-change-service.ts"
import { Passwords } from "./passwords-service.ts"
import { ProfileRepo } from "./profile-repo.ts"
import { Reauthentication } from "./reauthentication-service.ts"
import { SessionsRepo } from "./sessions-repo.ts"
import { toUserData } from "./user-view.ts"
import { type UserRow, UsersRepo } from "./users-repo.ts"

export interface SettingsSession {
  readonly userId: number
  readonly sessionId: string
}

export class AccountSettings extends Context.Service<
  AccountSettings,
  {
    readonly options: Effect.Effect<ProfileOptions>
    readonly emailAvailable: (userId: number, email: string, caller: Caller) => Effect.Effect<boolean, TooManyRequests>
    readonly updateProfile: (
      userId: number,
      payload: ProfileUpdatePayload,
      caller: Caller,
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
    /** The new address waiting for its code (null: no change waits). */
    readonly pendingEmail: (userId: number) => Effect.Effect<string | null>
    /** Gives up the e-mail change waiting for its code. */
    readonly cancelEmailChange: (userId: number) => Effect.Effect<void>
    readonly changePassword: (
      session: SettingsSession,
      payload: ChangePasswordPayload,
      caller: Caller,
    ) => Effect.Effect<void, ValidationFailed | TooManyRequests>
    readonly devices: (session: SettingsSession) => Effect.Effect<ReadonlyArray<RegisteredDevice>>
    readonly removeDevice: (
      userId: number,
      deviceId: string,
      language: SelectableLanguage,
    ) => Effect.Effect<void, NotFound>
    readonly deleteAccount: (
      userId: number,
      proof: ReauthProof,
      caller: Caller,
    ) => Effect.Effect<void, ValidationFailed | TooManyRequests>
    /** Mails a re-authentication code to an account without a password. */
    readonly sendReauthCode: (userId: number, caller: Caller) => Effect.Effect<void, ValidationFailed | TooManyRequests>
    /** The undo link of an e-mail change; returns the address the account has again. */
    readonly restoreEmail: (token: string, caller: Caller) => Effect.Effect<string, ValidationFailed>
  }
>()("jingluo/server/AccountSettings") {
  static readonly layer = Layer.effect(
    AccountSettings,
    Effect.gen(function* () {
      const users = yield* UsersRepo
      const profiles = yield* ProfileRepo
      const sessions = yield* SessionsRepo
      const passwords = yield* Passwords
      const billing = yield* Billing
      const reauth = yield* Reauthentication
      const emailChange = yield* EmailChange
      const { message } = yield* Translations

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

      const updateProfile = Effect.fn("AccountSettings.updateProfile")(function* (
        userId: number,
        payload: ProfileUpdatePayload,
        caller: Caller,
      ) {
        const { language } = caller
        const user = yield* userOf(userId)
        const email = normalizeEmail(payload.email)
        const changing = email !== user.email
        const proof = { password: payload.current_password, code: payload.code }
        const errors: Record<string, string> = changing ? { ...reauth.missing(user, proof) } : {}
        // Country and currency may stay unchosen; a chosen one must exist.
        const countryId = payload.country_id ?? null
        const currencyId = payload.currency_id ?? null
        if (countryId !== null && !(yield* profiles.countryExists(countryId))) errors.country_id = MessageKey.invalid
        if (currencyId !== null && !(yield* profiles.currencyExists(currencyId)))
          errors.currency_id = MessageKey.invalid
        const languageCode = yield* profiles.languageCode(payload.language_id)
        if (Option.isNone(languageCode)) errors.language_id = MessageKey.invalid
        if (Object.keys(errors).length > 0 || Option.isNone(languageCode)) return yield* invalid(errors, language)
        // Whether the new address is taken is said only to the account's proven owner.
        if (changing) yield* emailChange.check(user, email, proof, caller)
        const appLanguage = resolveLanguage(languageCode.value)
        yield* profiles.update(userId, {
          firstName: payload.first_name,
          lastName: payload.last_name,
          countryId,
          currencyId,
          language: languageCode.value,
          promotional: payload.promotional_emails,
        })
        if (changing) yield* emailChange.start(user, email, payload.first_name, appLanguage, caller)
        return { pendingEmail: changing ? email : null, user: yield* userData(yield* userOf(userId)) }
      })

      const confirmEmail = Effect.fn("AccountSettings.confirmEmail")(function* (
        userId: number,
        email: string,
        otp: string,
        language: SelectableLanguage,
      ) {
        yield* emailChange.confirm(yield* userOf(userId), email, otp, language)
        return yield* userData(yield* userOf(userId))
      })

      const changePassword = Effect.fn("AccountSettings.changePassword")(function* (
        session: SettingsSession,
        payload: ChangePasswordPayload,
        caller: Caller,
      ) {
        const user = yield* userOf(session.userId)
        // The old password is the proof; an account without one sends the code mailed to it.
        yield* reauth.verify(user, { password: payload.old_password, code: payload.code }, caller, {
          password: "old_password",
        })
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
            place: row.place,
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

      const deleteAccount = Effect.fn("AccountSettings.deleteAccount")(function* (
        userId: number,
        proof: ReauthProof,
        caller: Caller,
      ) {
        const user = yield* userOf(userId)
        yield* reauth.verify(user, { password: proof.current_password, code: proof.code }, caller)
        yield* billing.endForDeletion(userId)
        yield* profiles.erase(userId, user.email)
      })

      return AccountSettings.of({
        options: profiles.options,
        emailAvailable: emailChange.available,
        updateProfile,
        confirmEmail,
        pendingEmail: (userId) => Effect.map(emailChange.pending(userId), Option.getOrNull),
        cancelEmailChange: emailChange.cancel,
        changePassword,
        devices,
        removeDevice,
        deleteAccount,
        sendReauthCode: (userId, caller) => Effect.flatMap(userOf(userId), (user) => reauth.sendCode(user, caller)),
        restoreEmail: emailChange.restore,
      })
    }),
  )
}
