// E-mail addresses (§5). A new address (registration, a changed address) must be one plain
// `local@domain`: an RFC 5321 dot-atom local part and a domain of letter-digit-hyphen labels, an
// internationalised domain in its punycode form (`xn--…`). Anything a mail program could read as
// several recipients or a display name (`<a@b.c>`, `a@b.c,d`) is refused. An address that only has
// to name an existing account (sign-in, reset, resend) is checked by the older, looser pattern, so
// accounts registered under it keep working. Addresses are compared and stored lower-cased and trimmed.
import { Schema } from "effect"
import { MessageKey } from "../shared/validation.ts"
import { ACCOUNT_EMAIL_PATTERN, EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "./email-formats.ts"

export {
  ACCOUNT_EMAIL_PATTERN,
  EMAIL_LABEL_MAX_LENGTH,
  EMAIL_LOCAL_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  isAccountEmail,
  isEmail,
  normalizeEmail,
} from "./email-formats.ts"

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
