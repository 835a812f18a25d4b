// The one failure of social sign-in the app must tell apart: the provider's answer could not be
// trusted or used (a bad or expired state, a code or ID token that failed its checks, an e-mail the
// provider has not verified, a spent ticket …). 422 with a reason the page shows translated.
import { Schema } from "effect"

export const SOCIAL_REFUSAL_REASONS = [
  /** The state is unknown, used, or from another browser: the sign-in was not started here. */
  "state",
  /** The sign-in took longer than SOCIAL_ATTEMPT_MINUTES, or its ticket ran out. */
  "expired",
  /** The provider refused the code, or its ID token failed a check (signature, issuer, nonce …). */
  "provider",
  /** The provider did not mark the e-mail as verified; we trust only verified addresses. */
  "unverifiedEmail",
  /** The provider gave no e-mail address. */
  "noEmail",
  /** The account with this e-mail has no password to prove it with. */
  "linkUnavailable",
  /** The provider could not be reached. */
  "unavailable",
] as const
export type SocialRefusalReason = (typeof SOCIAL_REFUSAL_REASONS)[number]

export class SocialSignInRefused extends Schema.TaggedError<SocialSignInRefused>()(
  "SocialSignInRefused",
  { message: Schema.String, reason: Schema.Literals(SOCIAL_REFUSAL_REASONS) },
  { httpApiStatus: 422 },
) {}
