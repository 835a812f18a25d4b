// Social sign-in (§7 "POST api/social-login") with OpenID Connect. The start and callback are
// browser redirects outside the contract (server/accounts/social/social-routes.ts); these calls are
// what the app sends: which providers exist, the provider's answer, and the next step it asked for.
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { SocialSignInRefused } from "../account/social-errors.ts"
import {
  SocialLinkPayload,
  SocialLoginPayload,
  SocialLoginResult,
  SocialProviders,
  SocialRegisterPayload,
} from "../account/social-sign-in.ts"
import { SignedInUser } from "../account/user.ts"
import { InvalidCredentials, NotFound, TooManyRequests, ValidationFailed } from "../shared/errors.ts"
import { plainTextFields } from "../shared/input-rules.ts"

export class SocialApi extends HttpApiGroup.make("social")
  .add(
    /** The configured providers for the sign-in buttons; none when social sign-in is off. */
    HttpApiEndpoint.get("providers", "/social-providers", { success: SocialProviders }),
    /** Completes a sign-in from the provider's code: signed in, or the next step to take. */
    HttpApiEndpoint.post("login", "/social-login", {
      payload: SocialLoginPayload.check(plainTextFields()),
      success: SocialLoginResult,
      error: [SocialSignInRefused, NotFound, TooManyRequests],
    }),
    /** Creates the account of a new social user (no password) and signs in. */
    HttpApiEndpoint.post("register", "/social-register", {
      payload: SocialRegisterPayload.check(plainTextFields()),
      success: SignedInUser,
      error: [SocialSignInRefused, ValidationFailed, NotFound, TooManyRequests],
    }),
    /** Proves the existing account with its password, links the identity and signs in. */
    HttpApiEndpoint.post("link", "/social-link", {
      payload: SocialLinkPayload.check(plainTextFields()),
      success: SignedInUser,
      error: [SocialSignInRefused, InvalidCredentials, NotFound, TooManyRequests],
    }),
  )
  .prefix("/api") {}
