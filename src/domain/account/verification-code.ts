// The four-digit codes used for e-mail verification, e-mail change and password reset (§5, §9).
// How long a code lives and how many tries it allows are decided in verification-limits.ts and
// enforced by the server. The link in the same e-mail carries a 128-bit token instead, which works
// without the code and lives longer: nobody can guess it, and it must outlast the window in which
// the mails to one address are limited, so a link mailed at the start of that window still works
// at its end.
import { Schema } from "effect"
import { MessageKey } from "../shared/validation.ts"
import { CODE_LENGTH } from "./verification-limits.ts"

export const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`)

export const isCode = (value: string) => CODE_PATTERN.test(value)
/** Keeps only digits and at most CODE_LENGTH of them, for a code input as the user types. */
export const sanitizeCodeInput = (value: string) => value.replace(/\D/g, "").slice(0, CODE_LENGTH)

export const Code = Schema.Trim.check(
  Schema.isNonEmpty({ message: MessageKey.required }),
  Schema.isPattern(CODE_PATTERN, { message: MessageKey.codeFormat }),
)

/** 128 random bits in base64url: 22 characters. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/
export const isLinkToken = (value: string) => LINK_TOKEN_PATTERN.test(value)
export const LinkToken = Schema.String.check(Schema.isPattern(LINK_TOKEN_PATTERN, { message: MessageKey.linkExpired }))

/** The account (or sign-up) a verification link names: a UUID, as the server makes them. */
export const ACCOUNT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isAccountId = (value: string) => ACCOUNT_ID_PATTERN.test(value)
