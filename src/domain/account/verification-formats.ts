// The shapes of a verification code, a link's token and the account a link names, as the flows test
// them while a person types or a page opens: without the Schemas that check them (verification-code.ts).
import { CODE_LENGTH } from "./verification-limits.ts"

export const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`)

export const isCode = (value: string) => CODE_PATTERN.test(value)
/** Keeps only digits and at most CODE_LENGTH of them, for a code input as the user types. */
export const sanitizeCodeInput = (value: string) => value.replace(/\D/g, "").slice(0, CODE_LENGTH)

/** 128 random bits in base64url: 22 characters. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/
export const isLinkToken = (value: string) => LINK_TOKEN_PATTERN.test(value)

/** The account (or sign-up) a verification link names: a UUID, as the server makes them. */
export const ACCOUNT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isAccountId = (value: string) => ACCOUNT_ID_PATTERN.test(value)
