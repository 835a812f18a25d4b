// E-mail addresses (§5). A new address (registration, a changed address) must be one plain
// `local@domain`: an RFC 5321 dot-atom local part and a domain of letter-digit-hyphen labels, an
// internationalised domain in its punycode form (`xn--…`). Anything a mail program could read as
// several recipients or a display name (`<a@b.c>`, `a@b.c,d`) is refused. An address that only has
// to name an existing account (sign-in, reset, resend) is checked by the older, looser pattern, so
// accounts registered under it keep working. Addresses are compared and stored lower-cased and trimmed.
import { Schema } from "effect"
import { MessageKey } from "../shared/validation.ts"

export const EMAIL_MAX_LENGTH = 254
export const EMAIL_LOCAL_MAX_LENGTH = 64
export const EMAIL_LABEL_MAX_LENGTH = 63

/** RFC 5322 atext: the characters of a dot-atom's atoms. */
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]"
const LABEL = `[A-Za-z0-9](?:[A-Za-z0-9-]{0,${EMAIL_LABEL_MAX_LENGTH - 2}}[A-Za-z0-9])?`
/** A top-level label: letters, or an internationalised one in punycode. */
const TOP_LABEL = `(?:[A-Za-z]{2,${EMAIL_LABEL_MAX_LENGTH}}|[Xx][Nn]--[A-Za-z0-9-]{1,${EMAIL_LABEL_MAX_LENGTH - 4}}[A-Za-z0-9])`

/** One plain address: dot-atom local part, `@`, two or more labels. */
export const EMAIL_PATTERN = new RegExp(
  `^(?=[^@]{1,${EMAIL_LOCAL_MAX_LENGTH}}@)${ATEXT}+(?:\\.${ATEXT}+)*@(?:${LABEL}\\.)+${TOP_LABEL}$`,
)

/** The pattern addresses were registered under before: one @, no spaces, a dot in the domain. */
export const ACCOUNT_EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/

export const isEmail = (value: string) => value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value)
export const isAccountEmail = (value: string) => value.length <= EMAIL_MAX_LENGTH && ACCOUNT_EMAIL_PATTERN.test(value)
export const normalizeEmail = (value: string) => value.trim().toLowerCase()

const emailSchema = (pattern: RegExp) =>
  Schema.Trim.check(
    Schema.isNonEmpty({ message: MessageKey.required }),
    Schema.isMaxLength(EMAIL_MAX_LENGTH, { message: MessageKey.tooLong }),
    Schema.isPattern(pattern, { message: MessageKey.email }),
  )

/** A new address: registration, social registration, a changed profile address. */
export const Email = emailSchema(EMAIL_PATTERN)

/** The address of an existing account: sign-in, password reset, resending the verification mail. */
export const AccountEmail = emailSchema(ACCOUNT_EMAIL_PATTERN)
