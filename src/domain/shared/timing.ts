// Delays of §9 that flows wait for; machines read them so tests can derive timings from them.
export const LANGUAGE_RELOAD_DELAY_MS = 500
export const LOGOUT_REDIRECT_DELAY_MS = 1_000
export const DELETE_ACCOUNT_REDIRECT_DELAY_MS = 500
export const MESSAGE_DELAY_MS = 2_000
export const TOAST_DURATION_MS = 5_000
export const TOAST_LIMIT = 1
export const EMAIL_CHECK_DEBOUNCE_MS = 300
export const SEARCH_DEBOUNCE_MS = 500
export const RESIZE_DEBOUNCE_MS = 250

/** One day in milliseconds, for every day-long interval and day count (app and server). */
export const DAY_MS = 86_400_000
