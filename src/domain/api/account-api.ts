// §7 "User", the account-settings calls: profile options, the e-mail availability check, profile
// update and the e-mail change confirmed by code, password change, registered devices and
// deleting the account. Every call needs a signed-in session, except the undo link of an e-mail
// change, which the owner of the replaced address opens from their mail. A new e-mail address, a
// new password and deleting the account carry the account's proof (reauthentication.ts); an
// account without a password asks for its code with `POST api/reauthenticate/code`.
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { RegisteredDevice, RemoveDevicePayload } from "../account/devices.ts"
import { EmailRestorePayload, EmailRestoreResponse } from "../account/email-restore.ts"
import { ChangePasswordPayload } from "../account/password-change.ts"
import {
  EmailUpdatePayload,
  EmailUpdateResponse,
  EmailValidatePayload,
  EmailValidateResponse,
  PendingEmailChange,
  ProfileOptions,
  ProfileUpdatePayload,
  ProfileUpdateResponse,
} from "../account/profile.ts"
import { ReauthPayload } from "../account/reauthentication.ts"
import { Forbidden, NotFound, TooManyRequests, ValidationFailed } from "../shared/errors.ts"
import { plainTextFields } from "../shared/input-rules.ts"
import { Authentication, MessageResponse } from "./middleware.ts"

export class AccountApi extends HttpApiGroup.make("account")
  .add(
    HttpApiEndpoint.get("profileOptions", "/currency-country-lang", { success: ProfileOptions }),
    /** Limited per account and per client: a person editing their address, never a list. */
    HttpApiEndpoint.post("emailValidate", "/email-validate", {
      payload: EmailValidatePayload.check(plainTextFields()),
      success: EmailValidateResponse,
      error: [ValidationFailed, Forbidden, TooManyRequests],
    }),
    /** A new e-mail address needs the proof; whether it is taken is said only after it. */
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
    /** A change of address still waiting for its code survives a closed dialog and a reload. */
    HttpApiEndpoint.get("pendingEmailChange", "/email-change", { success: PendingEmailChange }),
    /** Gives the waiting change up: its code stops working, the address stays. */
    HttpApiEndpoint.post("cancelEmailChange", "/email-change/cancel", { success: MessageResponse }),
    /** The old password is the proof; an account without one sends the code mailed to it. */
    HttpApiEndpoint.post("changePassword", "/change-password", {
      payload: ChangePasswordPayload.check(plainTextFields()),
      success: MessageResponse,
      error: [ValidationFailed, TooManyRequests],
    }),
    HttpApiEndpoint.get("registeredDevices", "/registered-devices", { success: Schema.Array(RegisteredDevice) }),
    HttpApiEndpoint.post("removeDevice", "/remove-individual-device", {
      payload: RemoveDevicePayload.check(plainTextFields()),
      success: MessageResponse,
      error: [ValidationFailed, NotFound],
    }),
    /** The proof goes in the JSON body (Effect's HttpApi sends and reads a DELETE's payload as its body). */
    HttpApiEndpoint.delete("deleteAccount", "/account/delete", {
      payload: ReauthPayload.check(plainTextFields()),
      success: MessageResponse,
      error: [ValidationFailed, TooManyRequests],
    }),
    /** Mails a four-digit code to the account's address, for an account without a password. */
    HttpApiEndpoint.post("reauthCode", "/reauthenticate/code", {
      success: MessageResponse,
      error: [ValidationFailed, TooManyRequests],
    }),
  )
  .middleware(Authentication)
  .add(
    /** The undo link mailed to the replaced address: restores it, ends every session, removes the password. */
    HttpApiEndpoint.post("restoreEmail", "/email-change/undo", {
      payload: EmailRestorePayload.check(plainTextFields()),
      success: EmailRestoreResponse,
      error: ValidationFailed,
    }),
  )
  .prefix("/api") {}
