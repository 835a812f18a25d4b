// Handlers of the "account" group (account settings): they read the session, the request's
// language and client address, call AccountSettings and turn its outcomes into the contract's answers.
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/domain/api/api.ts"
import { CurrentSession } from "../../src/domain/api/middleware.ts"
import { Forbidden, TooManyRequests, ValidationFailed } from "../../src/domain/shared/errors.ts"
import { MessageKey } from "../../src/domain/shared/validation.ts"
import { ServerConfig } from "../platform/config/server-config.ts"
import { clientAddressOf, requestLanguage } from "../platform/http/request-context.ts"
import { Translations } from "../platform/i18n/translations.ts"
import { AccountSettings } from "./account-settings-service.ts"
import { sessionCookies } from "./session-cookie.ts"

export const AccountHandlers = HttpApiBuilder.group(
  Api,
  "account",
  Effect.fn(function* (handlers) {
    const settings = yield* AccountSettings
    const { message } = yield* Translations
    const { appOrigin, trustProxy } = yield* ServerConfig
    const cookies = sessionCookies(appOrigin)
    const context = Effect.all({ session: CurrentSession, language: requestLanguage })
    /** The session, and the caller whose proofs and look-ups are counted. */
    const counted = Effect.all({
      session: CurrentSession,
      caller: Effect.all({ language: requestLanguage, address: clientAddressOf(trustProxy) }),
    })
    return handlers
      .handle("profileOptions", () => settings.options)
      .handle("emailValidate", ({ payload }) =>
        Effect.gen(function* () {
          const { session, caller } = yield* counted
          // A uuid is only ever the caller's own; any other is not theirs to ask about.
          if (payload.uuid !== undefined && payload.uuid !== session.uuid)
            return yield* new Forbidden({ message: message("forbidden", caller.language) })
          return { available: yield* settings.emailAvailable(session.userId, payload.email, caller) }
        }),
      )
      .handle("profileUpdate", ({ payload }) =>
        Effect.gen(function* () {
          const { session, caller } = yield* counted
          const result = yield* settings.updateProfile(session.userId, payload, caller)
          return {
            message: message(result.pendingEmail === null ? "profileUpdated" : "emailCodeSent", caller.language),
            pending_email: result.pendingEmail,
            user: result.user,
          }
        }),
      )
      .handle("profileEmailUpdate", ({ payload }) =>
        Effect.gen(function* () {
          const { session, language } = yield* context
          const user = yield* settings.confirmEmail(session.userId, payload.email, payload.otp, language).pipe(
            Effect.catchTags({
              CodeRejected: (error) =>
                Effect.fail(
                  new ValidationFailed({
                    message: message("validationFailed", language),
                    errors: { otp: error.reason === "expired" ? MessageKey.codeExpired : MessageKey.codeInvalid },
                  }),
                ),
              CodesPaused: (error) =>
                Effect.fail(
                  new TooManyRequests({
                    message: message("codesPaused", language),
                    retryAfterSeconds: error.retryAfterSeconds,
                    reason: "codesPaused",
                  }),
                ),
            }),
          )
          return { message: message("emailUpdated", language), user }
        }),
      )
      .handle("pendingEmailChange", () =>
        Effect.flatMap(CurrentSession, (session) =>
          Effect.map(settings.pendingEmail(session.userId), (pending) => ({ pending_email: pending })),
        ),
      )
      .handle("cancelEmailChange", () =>
        Effect.gen(function* () {
          const { session, language } = yield* context
          yield* settings.cancelEmailChange(session.userId)
          return { message: message("emailChangeCancelled", language) }
        }),
      )
      .handle("changePassword", ({ payload }) =>
        Effect.gen(function* () {
          const { session, caller } = yield* counted
          yield* settings.changePassword(session, payload, caller)
          return { message: message("passwordUpdated", caller.language) }
        }),
      )
      .handle("registeredDevices", () => Effect.flatMap(CurrentSession, (session) => settings.devices(session)))
      .handle("removeDevice", ({ payload }) =>
        Effect.gen(function* () {
          const { session, language } = yield* context
          yield* settings.removeDevice(session.userId, payload.device_id, language)
          // Signing out this very device signs this browser out.
          if (payload.device_id === session.sessionId) yield* cookies.clear
          return { message: message("deviceRemoved", language) }
        }),
      )
      .handle("deleteAccount", ({ payload }) =>
        Effect.gen(function* () {
          const { session, caller } = yield* counted
          yield* settings.deleteAccount(session.userId, payload, caller)
          yield* cookies.clear
          return { message: message("accountDeleted", caller.language) }
        }),
      )
      .handle("reauthCode", () =>
        Effect.gen(function* () {
          const { session, caller } = yield* counted
          yield* settings.sendReauthCode(session.userId, caller)
          return { message: message("reauthCodeSent", caller.language) }
        }),
      )
      .handle("restoreEmail", ({ payload }) =>
        Effect.gen(function* () {
          const caller = yield* Effect.all({ language: requestLanguage, address: clientAddressOf(trustProxy) })
          const email = yield* settings.restoreEmail(payload.token, caller)
          return { message: message("emailRestored", caller.language), email }
        }),
      )
  }),
)
