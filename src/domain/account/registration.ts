// The registration form of §3: e-mail, names, password and its confirmation, terms, promotional
// e-mails. The server decodes the request with RegisterPayload; the form validates with it too.
// A sign-up whose address is not verified within PENDING_SIGN_UP_DAYS is removed.
import { Schema } from "effect"
import { type FieldErrors, MessageKey, type Validated, validate } from "../shared/validation.ts"
import { Email } from "./email-rules.ts"
import { FirstName, LastName } from "./name-rules.ts"
import { PASSWORD_MAX_LENGTH } from "./password-limits.ts"
import { confirmationMatches, NewPassword, passwordsMatch } from "./password-rules.ts"
import { EMPTY_REGISTER_FORM, type RegisterForm } from "./sign-in-forms.ts"

export { EMPTY_REGISTER_FORM, type RegisterForm }

/** How long an unverified sign-up is kept before its address can be registered afresh. */
export const PENDING_SIGN_UP_DAYS = 7

export const Confirmation = Schema.String.check(
  Schema.isNonEmpty({ message: MessageKey.required }),
  Schema.isMaxLength(PASSWORD_MAX_LENGTH, { message: MessageKey.tooLong }),
)

export const TermsAccepted = Schema.Boolean.check(
  Schema.makeFilter((accepted: boolean) => accepted, { message: MessageKey.termsRequired }),
)

export const RegisterPayload = Schema.Struct({
  email: Email,
  firstName: FirstName,
  lastName: LastName,
  password: NewPassword,
  confirmPassword: Confirmation,
  termsChecked: TermsAccepted,
  promotional: Schema.Boolean,
}).check(confirmationMatches("password", "confirmPassword"))
export type RegisterPayload = typeof RegisterPayload.Type

/**
 * Validates the whole form at once. The struct-level confirmation check only runs once every field
 * decodes, so a mismatch is added here as well to show every problem in one pass.
 */
export const validateRegisterForm = (form: RegisterForm): Validated<RegisterPayload> =>
  withConfirmation(validate(RegisterPayload)(form), form.password, form.confirmPassword, "confirmPassword")

export const withConfirmation = <A>(
  result: Validated<A>,
  password: string,
  confirmation: string,
  field: string,
): Validated<A> => {
  if (result._tag === "Valid" || confirmation.length === 0 || passwordsMatch(password, confirmation)) return result
  const errors: FieldErrors = { ...result.errors, [field]: result.errors[field] ?? MessageKey.passwordMismatch }
  return { _tag: "Invalid", errors }
}

export const RegisterResponse = Schema.Struct({
  message: Schema.String,
  uuid: Schema.String,
  email: Schema.String,
})
