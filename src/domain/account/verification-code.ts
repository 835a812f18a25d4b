// The four-digit codes used for e-mail verification, e-mail change and password reset (§5, §9).
// How long a code lives and how many tries it allows are decided in verification-limits.ts and
// enforced by the server. The link in the same e-mail carries a 128-bit token instead, which works
// without the code and lives longer: nobody can guess it, and it must outlast the window in which
// the mails to one address are limited, so a link mailed at the start of that window still works
// at its end.
import { Schema } from "effect"
import { MessageKey } from "../shared/validation.ts"
import {
  ACCOUNT_ID_PATTERN,
  CODE_PATTERN,
  isAccountId,
  isCode,
  isLinkToken,
  LINK_TOKEN_PATTERN,
  sanitizeCodeInput,
} from "./verification-formats.ts"

export { ACCOUNT_ID_PATTERN, CODE_PATTERN, isAccountId, isCode, isLinkToken, LINK_TOKEN_PATTERN, sanitizeCodeInput }

export const Code = Schema.Trim.check(
  Schema.isNonEmpty({ message: MessageKey.required }),
  Schema.isPattern(CODE_PATTERN, { message: MessageKey.codeFormat }),
)

export const LinkToken = Schema.String.check(Schema.isPattern(LINK_TOKEN_PATTERN, { message: MessageKey.linkExpired }))
