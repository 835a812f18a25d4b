// The rules of the sign-in and sign-up forms (sign-in-forms.ts), each the Schema the server decodes
// the request with: one script, loaded when the first of these forms shows (`signInRules`).
import { validateChoosePasswordForm } from "./email-verification.ts"
import { validateForgotPasswordForm, validateLinkResetForm, validateResetForm } from "./password-reset.ts"
import { validateRegisterForm } from "./registration.ts"
import { validateLoginForm } from "./sign-in.ts"
import { validateSocialLinkForm, validateSocialRegisterForm } from "./social-sign-in.ts"

export const signInFormRules = {
  validateChoosePasswordForm,
  validateForgotPasswordForm,
  validateLinkResetForm,
  validateLoginForm,
  validateRegisterForm,
  validateResetForm,
  validateSocialLinkForm,
  validateSocialRegisterForm,
}
