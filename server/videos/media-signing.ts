// Signed media addresses. A video's MP4, poster and captions are served only at an address the API
// gave a caller who may watch it: the path, an expiry time and an HMAC of both with the server's
// secret. The expiry is rounded up to the hour, so the same caller gets the same address for an
// hour and the browser's cache keeps working; after it the address answers 403 and the player asks
// the API again. Without the secret nobody can make an address, so a Pro video's bytes cannot be
// fetched by guessing its file name.
import { keyedHash, safeEqual } from "../platform/security/secrets.ts"

/** At least this long an address stays valid (up to an hour more, by the rounding). */
export const MEDIA_LIFETIME_SECONDS = 6 * 3600
const ROUND_SECONDS = 3600

const signatureOf = (secret: string, path: string, expires: number) =>
  keyedHash(secret, "media", `${path}\n${expires}`).slice(0, 43)

export interface SignedAddress {
  readonly url: string
  readonly expires: number
}

/** `path?e=<unix seconds>&s=<signature>`, valid for MEDIA_LIFETIME_SECONDS from `nowMs` at least. */
export const signMediaPath = (secret: string, path: string, nowMs: number): SignedAddress => {
  const expires = Math.ceil((nowMs / 1000 + MEDIA_LIFETIME_SECONDS) / ROUND_SECONDS) * ROUND_SECONDS
  return { url: `${path}?e=${expires}&s=${signatureOf(secret, path, expires)}`, expires }
}

/** Whether `e` and `s` sign `path` and have not expired at `nowMs`. */
export const verifyMediaPath = (
  secret: string,
  path: string,
  e: string | undefined,
  s: string | undefined,
  nowMs: number,
): boolean => {
  if (e === undefined || s === undefined || !/^\d{1,12}$/.test(e)) return false
  const expires = Number(e)
  if (expires * 1000 <= nowMs) return false
  return safeEqual(signatureOf(secret, path, expires), s)
}
