// The pages of signing in and up, loaded together when the first of them is shown
// (src/domain/shared/page-groups.ts): apart from the settings, whose selects and switches they do not need.
export { LoginPage } from "./LoginPage.tsx"
export { RegisterPage } from "./RegisterPage.tsx"
export { ResetPasswordPage } from "./ResetPasswordPage.tsx"
export { RestoreEmailPage } from "./RestoreEmailPage.tsx"
export { SocialCallbackPage } from "./SocialCallbackPage.tsx"
export { VerifyEmailPage } from "./VerifyEmailPage.tsx"
