// §7 "User": registration, sign-in and sign-out, e-mail verification, password reset, dashboard.
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { Email } from "../email-rules.ts"
import { EmailNotVerified, Forbidden, InvalidCredentials, TooManyRequests, ValidationFailed } from "../errors.ts"
import { ForgotPasswordPayload, ResetPasswordPayload } from "../password-reset.ts"
import { RegisterPayload, RegisterResponse } from "../registration.ts"
import { LoginPayload } from "../sign-in.ts"
import { SignedInUser, UserData } from "../user.ts"
import { Authentication, MessageResponse } from "./middleware.ts"

const Token = Schema.String.check(Schema.isMaxLength(200))

export class UsersApi extends HttpApiGroup.make("users")
  .add(
    HttpApiEndpoint.post("register", "/register", {
      payload: RegisterPayload,
      success: RegisterResponse,
      error: [ValidationFailed, TooManyRequests],
    }),
    HttpApiEndpoint.post("login", "/login", {
      payload: LoginPayload,
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
      payload: ForgotPasswordPayload,
      success: MessageResponse,
      error: TooManyRequests,
    }),
    HttpApiEndpoint.post("resetPassword", "/password/reset", {
      payload: ResetPasswordPayload,
      success: MessageResponse,
      error: [ValidationFailed, TooManyRequests],
    }),
    HttpApiEndpoint.get("resendVerification", "/resend-verification-email/:email", {
      params: { email: Email },
      success: MessageResponse,
      error: TooManyRequests,
    }),
    HttpApiEndpoint.get("verifyEmail", "/verify-email/:uuid/:code", {
      params: { uuid: Token, code: Token },
      success: MessageResponse,
      error: [ValidationFailed, TooManyRequests],
    }),
    HttpApiEndpoint.get("dashboard", "/dashboard", { success: UserData }).middleware(Authentication),
  )
  .prefix("/api") {}
