// Names and lifetimes of the cookies of §3 and §9.
/** The session: set and cleared by the server only, HttpOnly, so no script (the app's or another) reads it. */
export const COOKIE_TOKEN = "token"
export const COOKIE_USERDATA = "userdata"
export const COOKIE_LANGUAGE = "language"
export const COOKIE_ACCEPTED = "cookieAccepted"
export const COOKIE_CONSENT_VALUE = "yes"

const DAY_SECONDS = 24 * 60 * 60
export const COOKIE_ACCEPT_MAX_AGE_SECONDS = 10 * 365 * DAY_SECONDS
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * DAY_SECONDS
/** The session cookie and the userdata cookie last as long as a session may live on the server. */
export const SESSION_MAX_AGE_DAYS = 30
export const SESSION_COOKIE_MAX_AGE_SECONDS = SESSION_MAX_AGE_DAYS * DAY_SECONDS

export const isCookieAccepted = (value: string | undefined) => value === COOKIE_CONSENT_VALUE

/** Local-storage key for the one-time login token of §7 (used once, then removed). */
export const ONE_TIME_TOKEN_KEY = "oneTimeLoginToken"
