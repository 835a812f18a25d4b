// The pages of signing up, resetting a password, and those a mail or a social provider leads back to,
// loaded together when the first of them is shown (src/domain/shared/page-groups.ts).
export { RegisterPage } from "./RegisterPage.tsx"
export { ResetPasswordPage } from "./ResetPasswordPage.tsx"
export { RestoreEmailPage } from "./RestoreEmailPage.tsx"
export { SocialCallbackPage } from "./SocialCallbackPage.tsx"
export { VerifyEmailPage } from "./VerifyEmailPage.tsx"
