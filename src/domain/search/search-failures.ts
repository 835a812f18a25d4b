// What a search shows when its call fails. Searching faster than the server's per-client limit
// (429) has its own message: the wait is a moment, not the minutes a sign-in limit means, and the
// search can simply be tried again. Any other failure reads as the catalogue's form-level message.
import { failureTag, formErrorKey } from "../shared/failures.ts"

export const SEARCH_TOO_FAST_KEY = "search.tooFast"

/** The i18n key a search shows for a failed call. */
export const searchFailureKey = (error: unknown): string =>
  failureTag(error) === "TooManyRequests" ? SEARCH_TOO_FAST_KEY : formErrorKey(error)
