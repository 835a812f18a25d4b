// Handlers of the "users" group: they read the request's language and client address (and the
// sign-up cookie of the browser that registered), call the Accounts and Auth services and turn
// service outcomes into the contract's answers.
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/domain/api/api.ts"
import { CurrentSession } from "../../src/domain/api/middleware.ts"
import { Forbidden, TooManyRequests, ValidationFailed } from "../../src/domain/shared/errors.ts"
import type { SelectableLanguage } from "../../src/domain/shared/locales.ts"
import { MessageKey } from "../../src/domain/shared/validation.ts"
import { Billing } from "../billing/service.ts"
import { ServerConfig } from "../platform/config/server-config.ts"
import { clientAddressOf, requestLanguage, signInDevice } from "../platform/http/request-context.ts"
import { Translations, type TranslationsService } from "../platform/i18n/translations.ts"
import { Accounts, type Verification } from "./accounts-service.ts"
import { Auth } from "./auth-service.ts"
import type { CodeRejected, CodesPaused } from "./codes-service.ts"
import { sessionCookies } from "./session-cookie.ts"
import { signUpCookie } from "./sign-up-cookie.ts"

const codeFailure =
  ({ message }: TranslationsService, language: SelectableLanguage) =>
  (error: CodeRejected | CodesPaused) =>
    Effect.fail(
      error._tag === "CodesPaused"
        ? new TooManyRequests({
            message: message("codesPaused", language),
            retryAfterSeconds: error.retryAfterSeconds,
            reason: "codesPaused",
          })
        : new ValidationFailed({
            message: message("validationFailed", language),
            errors: { code: error.reason === "expired" ? MessageKey.codeExpired : MessageKey.codeInvalid },
          }),
    )

/** A used, expired or unknown link token: one answer for all three. */
const linkFailure =
  ({ message }: TranslationsService, language: SelectableLanguage) =>
  () =>
    Effect.fail(
      new ValidationFailed({
        message: message("validationFailed", language),
        errors: { token: MessageKey.linkExpired },
      }),
    )

export const UsersHandlers = HttpApiBuilder.group(
  Api,
  "users",
  Effect.fn(function* (handlers) {
    const accounts = yield* Accounts
    const auth = yield* Auth
    const billing = yield* Billing
    const { trustProxy, appOrigin } = yield* ServerConfig
    const cookies = sessionCookies(appOrigin)
    const signUp = signUpCookie(appOrigin)
    const translations = yield* Translations
    const { message } = translations
    const caller = Effect.all({ language: requestLanguage, address: clientAddressOf(trustProxy) })
    const device = signInDevice(trustProxy)
    /** A verification's answer; once the address is verified the sign-up cookie has done its work. */
    const verificationAnswer = (verification: Verification, language: SelectableLanguage) =>
      verification === "verified"
        ? Effect.as(signUp.clear, { message: message("emailVerified", language), passwordNeeded: false })
        : Effect.succeed({ message: message("emailConfirmedChoosePassword", language), passwordNeeded: true })
    /** The password step signs in: the session cookie, and the sign-up cookie cleared. */
    const signedInAfterVerification = (user: Parameters<typeof auth.openSession>[0]) =>
      Effect.gen(function* () {
        const session = yield* auth.openSession(user, yield* device)
        yield* signUp.clear
        return yield* cookies.signedIn(session, false)
      })
    return handlers
      .handle("register", ({ payload }) =>
        Effect.gen(function* () {
          const who = yield* caller
          // A known address gets this same answer, cookie included; its owner is told by mail (no
          // enumeration).
          const { browserToken, ...created } = yield* accounts.register(payload, who, yield* signUp.read)
          yield* signUp.set(browserToken)
          return { message: message("registered", who.language), ...created }
        }),
      )
      .handle("login", ({ payload }) =>
        Effect.gen(function* () {
          const who = yield* caller
          const found = yield* device
          const named = { ...found, name: payload.device_name?.trim() || found.name }
          const user = yield* auth.login({ email: payload.email, password: payload.password, device: named }, who)
          return yield* cookies.signedIn(user, payload.return_token === true)
        }),
      )
      .handle("logout", () =>
        Effect.gen(function* () {
          const session = yield* CurrentSession
          yield* auth.logout(session.sessionId)
          yield* cookies.clear
          return { message: message("loggedOut", yield* requestLanguage) }
        }),
      )
      .handle("logoutAllDevices", ({ payload }) =>
        Effect.gen(function* () {
          const session = yield* CurrentSession
          const language = yield* requestLanguage
          if (payload.user_uuid !== session.uuid)
            return yield* new Forbidden({ message: message("forbidden", language) })
          yield* auth.logoutAll(session.userId)
          yield* cookies.clear
          return { message: message("loggedOutEverywhere", language) }
        }),
      )
      .handle("forgotPassword", ({ payload }) =>
        Effect.gen(function* () {
          const who = yield* caller
          yield* accounts.requestPasswordReset(payload.email, who)
          return { message: message("resetCodeSent", who.language) }
        }),
      )
      .handle("resetPassword", ({ payload }) =>
        Effect.gen(function* () {
          const language = yield* requestLanguage
          yield* accounts.resetPassword(payload).pipe(
            Effect.catchTags({
              CodeRejected: codeFailure(translations, language),
              CodesPaused: codeFailure(translations, language),
            }),
          )
          return { message: message("passwordReset", language) }
        }),
      )
      .handle("resetPasswordLink", ({ payload }) =>
        Effect.gen(function* () {
          const language = yield* requestLanguage
          yield* accounts
            .resetPasswordLink(payload.token, payload.password)
            .pipe(Effect.catchTag("CodeRejected", linkFailure(translations, language)))
          return { message: message("passwordReset", language) }
        }),
      )
      .handle("resendVerification", ({ params }) =>
        Effect.gen(function* () {
          const who = yield* caller
          yield* accounts.resendVerification(params.email, who)
          return { message: message("verificationSent", who.language) }
        }),
      )
      .handle("verifyEmail", ({ params }) =>
        Effect.gen(function* () {
          const language = yield* requestLanguage
          const verification = yield* accounts.verifyEmail(params.uuid, params.code, yield* signUp.read).pipe(
            Effect.catchTags({
              CodeRejected: codeFailure(translations, language),
              CodesPaused: codeFailure(translations, language),
            }),
          )
          return yield* verificationAnswer(verification, language)
        }),
      )
      .handle("verifyEmailLink", ({ payload }) =>
        Effect.gen(function* () {
          const language = yield* requestLanguage
          const verification = yield* accounts
            .verifyEmailLink(payload.token, yield* signUp.read)
            .pipe(Effect.catchTag("CodeRejected", linkFailure(translations, language)))
          return yield* verificationAnswer(verification, language)
        }),
      )
      .handle("verifyEmailChoosePassword", ({ payload }) =>
        Effect.gen(function* () {
          const language = yield* requestLanguage
          const user = yield* accounts.choosePassword(payload.uuid, payload.code, payload.password).pipe(
            Effect.catchTags({
              CodeRejected: codeFailure(translations, language),
              CodesPaused: codeFailure(translations, language),
            }),
          )
          return yield* signedInAfterVerification(user)
        }),
      )
      .handle("verifyEmailLinkChoosePassword", ({ payload }) =>
        Effect.gen(function* () {
          const language = yield* requestLanguage
          const user = yield* accounts
            .choosePasswordWithLink(payload.token, payload.password)
            .pipe(Effect.catchTag("CodeRejected", linkFailure(translations, language)))
          return yield* signedInAfterVerification(user)
        }),
      )
      .handle("dashboard", () =>
        Effect.gen(function* () {
          const session = yield* CurrentSession
          return yield* auth.dashboard(session.userId, yield* billing.view(session.userId))
        }),
      )
  }),
)
