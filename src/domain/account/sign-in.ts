// The sign-in form: e-mail and password. Rules for a password are checked when it is set, not here,
// so an old password that predates a rule still signs in.
import { Schema } from "effect"
import { MessageKey, validate } from "../shared/validation.ts"
import { AccountEmail } from "./email-rules.ts"
import { SignInPassword } from "./password-rules.ts"
import { EMPTY_LOGIN_FORM, type LoginForm } from "./sign-in-forms.ts"

export { EMPTY_LOGIN_FORM, type LoginForm }

export const DEVICE_NAME_MAX_LENGTH = 100

export const LoginPayload = Schema.Struct({
  email: AccountEmail,
  password: SignInPassword,
  device_name: Schema.optionalKey(
    Schema.String.check(Schema.isMaxLength(DEVICE_NAME_MAX_LENGTH, { message: MessageKey.tooLong })),
  ),
  /**
   * For API clients: `true` puts the session token in the answer's body, to send as
   * `Authorization: Bearer`. The app never asks; its session is the HttpOnly cookie.
   */
  return_token: Schema.optionalKey(Schema.Boolean).annotate({
    description:
      "true: the answer's body holds the session token for Authorization: Bearer (API clients). Otherwise the session is only the HttpOnly cookie the answer sets.",
  }),
})
export type LoginPayload = typeof LoginPayload.Type

export const validateLoginForm = validate(LoginPayload)
