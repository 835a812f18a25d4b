// §7 "User": registration, sign-in and sign-out, e-mail verification, password reset, dashboard;
// plus the two e-mail links (verification, reset) that carry a single-use token instead of a code,
// and the password step that finishes a verification made away from the browser that registered.
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { AccountEmail } from "../account/email-rules.ts"
import {
  ChoosePasswordWithCodePayload,
  ChoosePasswordWithLinkPayload,
  VerificationAnswer,
} from "../account/email-verification.ts"
import { ForgotPasswordPayload, LinkResetPasswordPayload, ResetPasswordPayload } from "../account/password-reset.ts"
import { RegisterPayload, RegisterResponse } from "../account/registration.ts"
import { LoginPayload } from "../account/sign-in.ts"
import { SignedInUser, UserData } from "../account/user.ts"
import { LinkToken } from "../account/verification-code.ts"
import { EmailNotVerified, Forbidden, InvalidCredentials, TooManyRequests, ValidationFailed } from "../shared/errors.ts"
import { boundedText, isPlainText, plainTextFields } from "../shared/input-rules.ts"
import { Authentication, MessageResponse } from "./middleware.ts"

const Token = boundedText(200)

export class UsersApi extends HttpApiGroup.make("users")
  .add(
    HttpApiEndpoint.post("register", "/register", {
      payload: RegisterPayload.check(plainTextFields()),
      success: RegisterResponse,
      error: [ValidationFailed, TooManyRequests],
    }),
    HttpApiEndpoint.post("login", "/login", {
      payload: LoginPayload.check(plainTextFields()),
      success: SignedInUser,
      error: [InvalidCredentials, EmailNotVerified, TooManyRequests],
    }),
    HttpApiEndpoint.post("logout", "/logout", { success: MessageResponse }).middleware(Authentication),
    HttpApiEndpoint.post("logoutAllDevices", "/logout-all-devices", {
      payload: Schema.Struct({ user_uuid: Token }),
      success: MessageResponse,
      error: Forbidden,
    }).middleware(Authentication),
    HttpApiEndpoint.post("forgotPassword", "/forgot-password/email", {
      payload: ForgotPasswordPayload.check(plainTextFields()),
      success: MessageResponse,
      error: TooManyRequests,
    }),
    HttpApiEndpoint.post("resetPassword", "/password/reset", {
      payload: ResetPasswordPayload.check(plainTextFields()),
      success: MessageResponse,
      error: [ValidationFailed, TooManyRequests],
    }),
    HttpApiEndpoint.get("resendVerification", "/resend-verification-email/:email", {
      params: { email: AccountEmail.check(isPlainText()) },
      success: MessageResponse,
      error: TooManyRequests,
    }),
    /**
     * Verifies in the browser that registered (its HttpOnly sign-up cookie); anywhere else a right
     * code answers `passwordNeeded` and stays unused for the password step.
     */
    HttpApiEndpoint.get("verifyEmail", "/verify-email/:uuid/:code", {
      params: { uuid: Token, code: Token },
      success: VerificationAnswer,
      error: [ValidationFailed, TooManyRequests],
    }),
    /** The link in the verification mail: its 128-bit token alone verifies, no code needed. */
    HttpApiEndpoint.post("verifyEmailLink", "/verify-email-link", {
      payload: Schema.Struct({ token: LinkToken }),
      success: VerificationAnswer,
      error: ValidationFailed,
    }),
    /**
     * The password step with the code: uses the code up, sets the password chosen here (the
     * registrant's is discarded), verifies the address, ends every session and signs in.
     */
    HttpApiEndpoint.post("verifyEmailChoosePassword", "/verify-email/choose-password", {
      payload: ChoosePasswordWithCodePayload.check(plainTextFields()),
      success: SignedInUser,
      error: [ValidationFailed, TooManyRequests],
    }),
    /** The password step through the link: the same, authorised by the link's token. */
    HttpApiEndpoint.post("verifyEmailLinkChoosePassword", "/verify-email-link/choose-password", {
      payload: ChoosePasswordWithLinkPayload.check(plainTextFields()),
      success: SignedInUser,
      error: ValidationFailed,
    }),
    /** The link in the reset mail: its token and a new password. */
    HttpApiEndpoint.post("resetPasswordLink", "/password/reset-link", {
      payload: LinkResetPasswordPayload.check(plainTextFields()),
      success: MessageResponse,
      error: ValidationFailed,
    }),
    HttpApiEndpoint.get("dashboard", "/dashboard", { success: UserData }).middleware(Authentication),
  )
  .prefix("/api") {}
