// The e-mail pattern of §5 and its bounds. Addresses are compared and stored lower-cased and trimmed.
import { Schema } from "effect"
import { MessageKey } from "../shared/validation.ts"

export const EMAIL_MAX_LENGTH = 254
/** One @, no spaces, a dot in the domain part, no leading or trailing dot in the domain. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/

export const isEmail = (value: string) => value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value)
export const normalizeEmail = (value: string) => value.trim().toLowerCase()

export const Email = Schema.Trim.check(
  Schema.isNonEmpty({ message: MessageKey.required }),
  Schema.isMaxLength(EMAIL_MAX_LENGTH, { message: MessageKey.tooLong }),
  Schema.isPattern(EMAIL_PATTERN, { message: MessageKey.email }),
)
