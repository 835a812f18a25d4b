// Password reset (§3): request a code by e-mail, then e-mail, code, new password and confirmation.
import { Schema } from "effect"
import { type Validated, validate } from "../shared/validation.ts"
import { AccountEmail } from "./email-rules.ts"
import { confirmationMatches, NewPassword } from "./password-rules.ts"
import { Confirmation, withConfirmation } from "./registration.ts"
import { EMPTY_RESET_FORM, type ResetForm } from "./sign-in-forms.ts"
import { Code, LinkToken } from "./verification-code.ts"

export { EMPTY_RESET_FORM, type ResetForm }

export const ForgotPasswordPayload = Schema.Struct({ email: AccountEmail })
export type ForgotPasswordPayload = typeof ForgotPasswordPayload.Type

export const ResetPasswordPayload = Schema.Struct({
  email: AccountEmail,
  code: Code,
  password: NewPassword,
  confirmPassword: Confirmation,
}).check(confirmationMatches("password", "confirmPassword"))
export type ResetPasswordPayload = typeof ResetPasswordPayload.Type

/** Reset through the mail's link: its token stands in for the e-mail address and the code. */
export const LinkResetPasswordPayload = Schema.Struct({
  token: LinkToken,
  password: NewPassword,
  confirmPassword: Confirmation,
}).check(confirmationMatches("password", "confirmPassword"))
export type LinkResetPasswordPayload = typeof LinkResetPasswordPayload.Type

export const validateForgotPasswordForm = validate(ForgotPasswordPayload)
export const validateResetForm = (form: ResetForm): Validated<ResetPasswordPayload> =>
  withConfirmation(validate(ResetPasswordPayload)(form), form.password, form.confirmPassword, "confirmPassword")

/** The link step validates only the new password and its confirmation; the token comes from the link. */
export const validateLinkResetForm = (form: ResetForm, token: string): Validated<LinkResetPasswordPayload> =>
  withConfirmation(
    validate(LinkResetPasswordPayload)({ token, password: form.password, confirmPassword: form.confirmPassword }),
    form.password,
    form.confirmPassword,
    "confirmPassword",
  )
