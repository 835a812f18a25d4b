// Handlers of the "account" group (account settings): they read the session and the request's
// language, call AccountSettings and turn its outcomes into the contract's answers.
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/domain/api/api.ts"
import { CurrentSession } from "../../src/domain/api/middleware.ts"
import { Forbidden, TooManyRequests, ValidationFailed } from "../../src/domain/shared/errors.ts"
import { MessageKey } from "../../src/domain/shared/validation.ts"
import { ServerConfig } from "../platform/config/server-config.ts"
import { requestLanguage } from "../platform/http/request-context.ts"
import { Translations } from "../platform/i18n/translations.ts"
import { AccountSettings } from "./account-settings-service.ts"
import { sessionCookies } from "./session-cookie.ts"

export const AccountHandlers = HttpApiBuilder.group(
  Api,
  "account",
  Effect.fn(function* (handlers) {
    const settings = yield* AccountSettings
    const { message } = yield* Translations
    const cookies = sessionCookies((yield* ServerConfig).appOrigin)
    const context = Effect.all({ session: CurrentSession, language: requestLanguage })
    return handlers
      .handle("profileOptions", () => settings.options)
      .handle("emailValidate", ({ payload }) =>
        Effect.gen(function* () {
          const { session, language } = yield* context
          // A uuid is only ever the caller's own; any other is not theirs to ask about.
          if (payload.uuid !== undefined && payload.uuid !== session.uuid)
            return yield* new Forbidden({ message: message("forbidden", language) })
          return { available: yield* settings.emailAvailable(session.userId, payload.email) }
        }),
      )
      .handle("profileUpdate", ({ payload }) =>
        Effect.gen(function* () {
          const { session, language } = yield* context
          const result = yield* settings.updateProfile(session.userId, payload, language)
          return {
            message: message(result.pendingEmail === null ? "profileUpdated" : "emailCodeSent", language),
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
      .handle("changePassword", ({ payload }) =>
        Effect.gen(function* () {
          const { session, language } = yield* context
          yield* settings.changePassword(session, payload, language)
          return { message: message("passwordUpdated", language) }
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
      .handle("deleteAccount", () =>
        Effect.gen(function* () {
          const { session, language } = yield* context
          yield* settings.deleteAccount(session.userId)
          yield* cookies.clear
          return { message: message("accountDeleted", language) }
        }),
      )
  }),
)
