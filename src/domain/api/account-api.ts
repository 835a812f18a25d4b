// §7 "User", the account-settings calls: profile options, the e-mail availability check, profile
// update and the e-mail change confirmed by code, password change, registered devices and
// deleting the account. Every call needs a signed-in session.
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { RegisteredDevice, RemoveDevicePayload } from "../account/devices.ts"
import { ChangePasswordPayload } from "../account/password-change.ts"
import {
  EmailUpdatePayload,
  EmailUpdateResponse,
  EmailValidatePayload,
  EmailValidateResponse,
  ProfileOptions,
  ProfileUpdatePayload,
  ProfileUpdateResponse,
} from "../account/profile.ts"
import { Forbidden, NotFound, TooManyRequests, ValidationFailed } from "../shared/errors.ts"
import { plainTextFields } from "../shared/input-rules.ts"
import { Authentication, MessageResponse } from "./middleware.ts"

export class AccountApi extends HttpApiGroup.make("account")
  .add(
    HttpApiEndpoint.get("profileOptions", "/currency-country-lang", { success: ProfileOptions }),
    HttpApiEndpoint.post("emailValidate", "/email-validate", {
      payload: EmailValidatePayload.check(plainTextFields()),
      success: EmailValidateResponse,
      error: [ValidationFailed, Forbidden],
    }),
    HttpApiEndpoint.put("profileUpdate", "/profile-update", {
      payload: ProfileUpdatePayload.check(plainTextFields()),
      success: ProfileUpdateResponse,
      error: [ValidationFailed, TooManyRequests],
    }),
    HttpApiEndpoint.put("profileEmailUpdate", "/profile-email-update", {
      payload: EmailUpdatePayload.check(plainTextFields()),
      success: EmailUpdateResponse,
      error: [ValidationFailed, TooManyRequests],
    }),
    HttpApiEndpoint.post("changePassword", "/change-password", {
      payload: ChangePasswordPayload.check(plainTextFields()),
      success: MessageResponse,
      error: ValidationFailed,
    }),
    HttpApiEndpoint.get("registeredDevices", "/registered-devices", { success: Schema.Array(RegisteredDevice) }),
    HttpApiEndpoint.post("removeDevice", "/remove-individual-device", {
      payload: RemoveDevicePayload.check(plainTextFields()),
      success: MessageResponse,
      error: [ValidationFailed, NotFound],
    }),
    HttpApiEndpoint.delete("deleteAccount", "/account/delete", { success: MessageResponse }),
  )
  .middleware(Authentication)
  .prefix("/api") {}
