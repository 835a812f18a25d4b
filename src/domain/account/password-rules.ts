// Password rules of §5: required, at least PASSWORD_MIN_LENGTH characters, at least one letter and
// one digit, only letters, digits and PASSWORD_SYMBOLS, different from the old password.
import { Schema } from "effect"
import { MessageKey } from "../shared/validation.ts"
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-limits.ts"

/** The symbols a password may contain besides letters and digits. */
export const PASSWORD_SYMBOLS = "!@#$%^&*()-_=+[]{};:'\",.<>/?\\|`~"

const escapeForClass = (chars: string) => chars.replace(/[\\\]^-]/g, "\\$&")
const ALLOWED = new RegExp(`^[\\p{L}\\p{N}${escapeForClass(PASSWORD_SYMBOLS)}]*$`, "u")
const HAS_LETTER = /\p{L}/u
const HAS_DIGIT = /\p{N}/u

export const hasLetterAndDigit = (password: string) => HAS_LETTER.test(password) && HAS_DIGIT.test(password)
export const hasOnlyAllowedCharacters = (password: string) => ALLOWED.test(password)

/** A new password (registration, reset, change). */
export const NewPassword = Schema.String.check(
  Schema.isNonEmpty({ message: MessageKey.required }),
  Schema.isMaxLength(PASSWORD_MAX_LENGTH, { message: MessageKey.tooLong }),
  Schema.isMinLength(PASSWORD_MIN_LENGTH, { message: MessageKey.passwordMin }),
  Schema.makeFilter((s: string) => hasLetterAndDigit(s), { message: MessageKey.passwordLetterAndDigit }),
  Schema.makeFilter((s: string) => hasOnlyAllowedCharacters(s), { message: MessageKey.passwordCharacters }),
)

/** A password as typed at sign-in: only required and bounded; its rules are checked when it is set. */
export const SignInPassword = Schema.String.check(
  Schema.isNonEmpty({ message: MessageKey.required }),
  Schema.isMaxLength(PASSWORD_MAX_LENGTH, { message: MessageKey.tooLong }),
)

/** Confirmation must equal the new password; the new one must differ from the old one. */
export const passwordsMatch = (password: string, confirmation: string) => password === confirmation
export const differsFromOld = (password: string, oldPassword: string | undefined) =>
  oldPassword === undefined || oldPassword.length === 0 || password !== oldPassword

/** A struct check that reports a mismatching confirmation under `field`. */
export const confirmationMatches = <T extends Record<string, unknown>>(
  passwordKey: keyof T & string,
  field: keyof T & string,
) =>
  Schema.makeFilter<T>((value) =>
    passwordsMatch(String(value[passwordKey] ?? ""), String(value[field] ?? ""))
      ? undefined
      : { path: [field], issue: MessageKey.passwordMismatch },
  )
