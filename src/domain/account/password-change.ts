// The change-my-password form of §5: the new password's rules, its confirmation, and the old
// password only when the account has one (`password_available`); an account without one (social
// sign-in) proves itself with a four-digit code mailed to its address instead (`code`, see
// reauthentication.ts). The server decodes `POST api/change-password` with the same Schema.
import { Schema } from "effect"
import { MessageKey, type Validated, validate } from "../shared/validation.ts"
import { PASSWORD_MAX_LENGTH } from "./password-limits.ts"
import { confirmationMatches, differsFromOld, NewPassword } from "./password-rules.ts"
import { ReauthProofFields } from "./reauthentication.ts"
import { Confirmation, withConfirmation } from "./registration.ts"

const OldPassword = Schema.String.check(Schema.isMaxLength(PASSWORD_MAX_LENGTH, { message: MessageKey.tooLong }))

export const ChangePasswordPayload = Schema.Struct({
  old_password: Schema.optionalKey(OldPassword),
  password: NewPassword,
  password_confirmation: Confirmation,
  /** An account without a password: the code mailed to its address. */
  code: ReauthProofFields.code,
})
  .check(confirmationMatches("password", "password_confirmation"))
  .check(
    Schema.makeFilter((value: { readonly password: string; readonly old_password?: string }) =>
      differsFromOld(value.password, value.old_password)
        ? undefined
        : { path: ["password"], issue: MessageKey.passwordSameAsOld },
    ),
  )
export type ChangePasswordPayload = typeof ChangePasswordPayload.Type

export type ChangePasswordForm = {
  readonly old_password: string
  readonly password: string
  readonly password_confirmation: string
}

export const EMPTY_CHANGE_PASSWORD_FORM: ChangePasswordForm = {
  old_password: "",
  password: "",
  password_confirmation: "",
}

/** The whole form at once; the old password is required only when the account has one. */
export const validateChangePasswordForm = (
  form: ChangePasswordForm,
  passwordAvailable: boolean,
): Validated<ChangePasswordPayload> => {
  const { old_password, ...rest } = form
  const input = passwordAvailable ? form : rest
  let result = withConfirmation(
    validate(ChangePasswordPayload)(input),
    form.password,
    form.password_confirmation,
    "password_confirmation",
  )
  if (passwordAvailable && old_password.length === 0) {
    const errors = result._tag === "Invalid" ? result.errors : {}
    result = { _tag: "Invalid", errors: { old_password: MessageKey.required, ...errors } }
  }
  if (result._tag === "Invalid" && passwordAvailable && old_password.length > 0 && form.password === old_password) {
    result = {
      _tag: "Invalid",
      errors: { ...result.errors, password: result.errors.password ?? MessageKey.passwordSameAsOld },
    }
  }
  return result
}
