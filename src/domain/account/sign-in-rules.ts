// The rules of the sign-in and sign-up forms (sign-in-forms.ts), each the Schema the server decodes
// the request with: one script, loaded when the first of these forms shows (`signInRules`).
export { validateChoosePasswordForm } from "./email-verification.ts"
export { validateForgotPasswordForm, validateLinkResetForm, validateResetForm } from "./password-reset.ts"
export { validateRegisterForm } from "./registration.ts"
export { validateLoginForm } from "./sign-in.ts"
export { validateSocialLinkForm, validateSocialRegisterForm } from "./social-sign-in.ts"
