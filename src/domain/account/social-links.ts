// Social sign-in's addresses and the reading of its answers, as the sign-in buttons and the callback's
// flow use them: without the Schemas of the answers and forms (social-sign-in.ts).
import type { SocialLinkNeeded, SocialLoginResult, SocialRegistrationNeeded } from "./social-sign-in.ts"

/** The app page the server's callback sends the browser to with the provider's answer. */
export const SOCIAL_CALLBACK_PAGE = "/social/callback"
/** The server's callback: the provider's redirect URI (GET, or POST for form_post). */
export const SOCIAL_CALLBACK_ROUTE = "/api/social/callback"
export const SOCIAL_PROVIDER_ID_PATTERN = /^[a-z0-9]{1,40}$/

/** The start of a sign-in with a provider; the server sends the browser on to it. */
export const socialStartPath = (providerId: string, returnTo: string | null) =>
  `/api/social/${encodeURIComponent(providerId)}/start${returnTo ? `?next=${encodeURIComponent(returnTo)}` : ""}`

/** The next step an answer asks for, or null when it signed the user in. */
export const socialNextStep = (result: SocialLoginResult): SocialRegistrationNeeded | SocialLinkNeeded | null =>
  "step" in result ? result : null

/** Errors a provider may send to the callback instead of a code (RFC 6749 §4.1.2.1). */
export const providerErrorReason = (error: string): "accessDenied" | "providerError" =>
  error === "access_denied" ? "accessDenied" : "providerError"
