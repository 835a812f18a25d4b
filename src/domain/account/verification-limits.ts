// The limits of the four-digit codes and the links of the account's mails (verification-code.ts):
// how long a code is, how long it lives and how many tries it allows, and how long a link works.
// Decided here, enforced by the server, quoted by the app's messages.

export const CODE_LENGTH = 4
export const CODE_TTL_MINUTES = 10
export const CODE_MAX_ATTEMPTS = 5
/** How long the link of a verification or password-reset mail works (a newer mail does not end it). */
export const LINK_TTL_MINUTES = 60
