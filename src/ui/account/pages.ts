// The sign-in and account settings pages, loaded together when the first of them is shown (src/domain/shared/page-groups.ts).
export { AccountSettingsLayout } from "./AccountSettingsLayout.tsx"
export { AccountSettingsRoutes } from "./AccountSettingsRoutes.tsx"
export { LoginPage } from "./LoginPage.tsx"
export { RegisterPage } from "./RegisterPage.tsx"
export { ResetPasswordPage } from "./ResetPasswordPage.tsx"
export { RestoreEmailPage } from "./RestoreEmailPage.tsx"
export { SocialCallbackPage } from "./SocialCallbackPage.tsx"
export { VerifyEmailPage } from "./VerifyEmailPage.tsx"
