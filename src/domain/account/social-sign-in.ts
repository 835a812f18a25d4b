// Social sign-in with OpenID Connect: the providers the server offers, the addresses of the flow,
// what the app sends back from the provider, and the three answers of `POST api/social-login`:
// signed in (the password sign-in's answer), a new account to register (the social variant of §3:
// e-mail, names and terms, no password), or an existing account to prove before it is linked.
import { Schema } from "effect"
import { MessageKey, validate } from "../shared/validation.ts"
import { Email } from "./email-rules.ts"
import { FirstName, LastName } from "./name-rules.ts"
import { SignInPassword } from "./password-rules.ts"
import { TermsAccepted } from "./registration.ts"
import {
  providerErrorReason,
  SOCIAL_CALLBACK_PAGE,
  SOCIAL_CALLBACK_ROUTE,
  SOCIAL_PROVIDER_ID_PATTERN,
  socialNextStep,
  socialStartPath,
} from "./social-links.ts"
import { SignedInUser } from "./user.ts"

export {
  providerErrorReason,
  SOCIAL_CALLBACK_PAGE,
  SOCIAL_CALLBACK_ROUTE,
  SOCIAL_PROVIDER_ID_PATTERN,
  socialNextStep,
  socialStartPath,
}

/** How long a started sign-in may take at the provider, and a verified identity waits for its next step. */
export const SOCIAL_ATTEMPT_MINUTES = 10

export const SocialProvider = Schema.Struct({ id: Schema.String, name: Schema.String })
export type SocialProvider = typeof SocialProvider.Type
export const SocialProviders = Schema.Struct({ providers: Schema.Array(SocialProvider) })
export type SocialProviders = typeof SocialProviders.Type

const Opaque = Schema.String.check(
  Schema.isNonEmpty({ message: MessageKey.required }),
  Schema.isMaxLength(2000, { message: MessageKey.tooLong }),
)

/** What the provider sent back to our callback: its code and our state (and its issuer, RFC 9207). */
export const SocialLoginPayload = Schema.Struct({
  state: Opaque,
  code: Opaque,
  iss: Schema.optionalKey(Opaque),
})
export type SocialLoginPayload = typeof SocialLoginPayload.Type

/** The single-use ticket of a verified identity waiting for its next step. */
export const SocialTicket = Schema.String.check(
  Schema.isNonEmpty({ message: MessageKey.required }),
  Schema.isMaxLength(200, { message: MessageKey.tooLong }),
)

/** No account has this identity or e-mail: the social registration form, prefilled. */
export const SocialRegistrationNeeded = Schema.Struct({
  step: Schema.Literal("register"),
  ticket: Schema.String,
  provider: Schema.String,
  email: Schema.String,
  firstName: Schema.String,
  lastName: Schema.String,
})
export type SocialRegistrationNeeded = typeof SocialRegistrationNeeded.Type

/** A password account has this e-mail: its owner proves it before the identity is linked. */
export const SocialLinkNeeded = Schema.Struct({
  step: Schema.Literal("link"),
  ticket: Schema.String,
  provider: Schema.String,
  email: Schema.String,
})
export type SocialLinkNeeded = typeof SocialLinkNeeded.Type

export const SocialLoginResult = Schema.Union([SignedInUser, SocialRegistrationNeeded, SocialLinkNeeded])
export type SocialLoginResult = typeof SocialLoginResult.Type

/** The social registration variant of §3: e-mail, first and last name, terms (no password). */
export const SocialRegisterPayload = Schema.Struct({
  ticket: SocialTicket,
  email: Email,
  firstName: FirstName,
  lastName: LastName,
  termsChecked: TermsAccepted,
  promotional: Schema.Boolean,
})
export type SocialRegisterPayload = typeof SocialRegisterPayload.Type

export type SocialRegisterForm = Omit<SocialRegisterPayload, "ticket"> & { readonly ticket: string }
export const validateSocialRegisterForm = validate(SocialRegisterPayload)

/** Proving an existing account with its password before the identity is linked to it. */
export const SocialLinkPayload = Schema.Struct({ ticket: SocialTicket, password: SignInPassword })
export type SocialLinkPayload = typeof SocialLinkPayload.Type
export type SocialLinkForm = { readonly ticket: string; readonly password: string }
export const validateSocialLinkForm = validate(SocialLinkPayload)
