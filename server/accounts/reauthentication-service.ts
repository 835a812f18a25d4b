// Re-authentication of a signed-in account before its keys change (a new e-mail address, a new
// password, deleting it): the current password, or for an account without one the four-digit
// code mailed to its address (reauthentication.ts in the domain says which). Every proof spends the
// sign-in budget (sign-in-budget.ts) before it is checked, so guesses here and at sign-in share one
// limit and over it the answer is 429 with Retry-After. A code is single use and also counts
// against the account's daily code budget (codes-service.ts).
import { Context, Effect, Layer, Option } from "effect"
import { PASSWORD_NOT_CORRECT } from "../../src/domain/account/reauthentication.ts"
import { TooManyRequests, ValidationFailed } from "../../src/domain/shared/errors.ts"
import { resolveLanguage } from "../../src/domain/shared/locales.ts"
import { MessageKey } from "../../src/domain/shared/validation.ts"
import { ServerConfig } from "../platform/config/server-config.ts"
import { Translations } from "../platform/i18n/translations.ts"
import { MailQueue } from "../platform/mail/mail-queue.ts"
import type { Caller } from "./accounts-service.ts"
import { OneTimeCodes } from "./codes-service.ts"
import { Passwords } from "./passwords-service.ts"
import { SettingsMails } from "./settings-mails.ts"
import { SignInBudget } from "./sign-in-budget.ts"
import type { UserRow } from "./users-repo.ts"

/** The proof as a payload carried it: the password under whatever name the payload gives it, or a code. */
export interface Proof {
  readonly password?: string | undefined
  readonly code?: string | undefined
}

/** The payload's name of the password field (`current_password`; `old_password` when changing it). */
export interface ProofFields {
  readonly password: string
}

const CURRENT_PASSWORD: ProofFields = { password: "current_password" }

export class Reauthentication extends Context.Service<
  Reauthentication,
  {
    /** The field errors of a proof that is missing for this account (none when it is there). */
    readonly missing: (user: UserRow, proof: Proof, fields?: ProofFields) => Record<string, string>
    /** Checks the proof the account needs, counted with the sign-in attempts. */
    readonly verify: (
      user: UserRow,
      proof: Proof,
      caller: Caller,
      fields?: ProofFields,
    ) => Effect.Effect<void, ValidationFailed | TooManyRequests>
    /** Mails a code to an account without a password; one with a password is told to use it. */
    readonly sendCode: (user: UserRow, caller: Caller) => Effect.Effect<void, ValidationFailed | TooManyRequests>
  }
>()("jingluo/server/Reauthentication") {
  static readonly layer = Layer.effect(
    Reauthentication,
    Effect.gen(function* () {
      const passwords = yield* Passwords
      const codes = yield* OneTimeCodes
      const budget = yield* SignInBudget
      const mail = yield* MailQueue
      const config = yield* ServerConfig
      const { message } = yield* Translations
      const { reauthCodeMail } = yield* SettingsMails

      const invalid = (errors: Record<string, string>, caller: Caller) =>
        new ValidationFailed({ message: message("validationFailed", caller.language), errors })
      const codesPaused = (retryAfterSeconds: number, caller: Caller) =>
        new TooManyRequests({
          message: message("codesPaused", caller.language),
          retryAfterSeconds,
          reason: "codesPaused",
        })

      const missing = (user: UserRow, proof: Proof, fields: ProofFields = CURRENT_PASSWORD) => {
        if (user.password_hash !== null)
          return (proof.password ?? "").length === 0 ? { [fields.password]: MessageKey.required } : {}
        return (proof.code ?? "").length === 0 ? { code: MessageKey.required } : {}
      }

      const verify = Effect.fn("Reauthentication.verify")(function* (
        user: UserRow,
        proof: Proof,
        caller: Caller,
        fields: ProofFields = CURRENT_PASSWORD,
      ) {
        const absent = missing(user, proof, fields)
        if (Object.keys(absent).length > 0) return yield* invalid(absent, caller)
        yield* budget.spend(user.email, caller)
        if (user.password_hash !== null) {
          if (!(yield* passwords.verify(user.password_hash, proof.password ?? "")))
            return yield* invalid({ [fields.password]: PASSWORD_NOT_CORRECT }, caller)
        } else {
          yield* codes.redeem({ _tag: "User", userId: user.id }, "reauthenticate", proof.code ?? "").pipe(
            Effect.catchTags({
              CodeRejected: (error) =>
                Effect.fail(
                  invalid(
                    { code: error.reason === "expired" ? MessageKey.codeExpired : MessageKey.codeInvalid },
                    caller,
                  ),
                ),
              CodesPaused: (error) => Effect.fail(codesPaused(error.retryAfterSeconds, caller)),
            }),
          )
        }
        yield* budget.refund(user.email, caller)
      })

      const sendCode = Effect.fn("Reauthentication.sendCode")(function* (user: UserRow, caller: Caller) {
        if (user.password_hash !== null)
          return yield* invalid({ [CURRENT_PASSWORD.password]: MessageKey.required }, caller)
        const issued = yield* codes.issue(user.id, "reauthenticate")
        if (Option.isNone(issued)) return yield* codesPaused(24 * 60 * 60, caller)
        yield* mail.enqueue({
          to: user.email,
          purpose: "reauthenticate",
          code: issued.value.code,
          ...reauthCodeMail(
            resolveLanguage(user.language),
            user.first_name,
            issued.value.code,
            `${config.appOrigin}/account-settings/registered-devices`,
          ),
        })
      })

      return Reauthentication.of({ missing, verify, sendCode })
    }),
  )
}
