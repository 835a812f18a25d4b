// What any text or whole number a request carries must be, whatever its field: text is plain text
// (no NUL, no other C0 control but tab and line breaks in a text of several lines, no DEL, no C1
// control, no lone surrogate: PostgreSQL stores none of them, and logs, mails and pages should not
// carry them) and a whole number fits the column it is stored in (int4). Every payload, path and
// query parameter of the contract is built from these, so such input is a 422 with the field's
// message, never a database error.
import { Schema } from "effect"
import { MessageKey } from "./validation.ts"

/** The largest value of a PostgreSQL `integer` (int4) column, and the smallest. */
export const INT4_MAX = 2_147_483_647
export const INT4_MIN = -2_147_483_648

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/

/**
 * Whether a text holds what plain text may not: a control character (tab, line feed and carriage
 * return are allowed where `lines` is set) or a lone surrogate (half of a character).
 */
export const hasUnsafeCharacters = (value: string, options: { readonly lines?: boolean } = {}): boolean =>
  (options.lines ? CONTROL_BUT_LINES : CONTROL).test(value) || !value.isWellFormed()

/** Any string anywhere in a value (object fields, array items) that is not one-line plain text. */
export const containsUnsafeText = (value: unknown): boolean => {
  if (typeof value === "string") return hasUnsafeCharacters(value)
  if (Array.isArray(value)) return value.some(containsUnsafeText)
  if (value !== null && typeof value === "object") return Object.values(value).some(containsUnsafeText)
  return false
}

/** The check of plain text; `lines` allows tabs and line breaks (a note, a comment). */
export const isPlainText = (options: { readonly lines?: boolean } = {}) =>
  Schema.makeFilter((value: string) => !hasUnsafeCharacters(value, options), { message: MessageKey.characters })

/** One line of plain text: names, codes, slugs, ids, tokens. */
export const PlainText = Schema.String.check(isPlainText())

/** Plain text of several lines (tabs and line breaks allowed): notes, comments. */
export const PlainLines = Schema.String.check(isPlainText({ lines: true }))

/** One line of plain text of at most `max` characters. */
export const boundedText = (max: number) => PlainText.check(Schema.isMaxLength(max, { message: MessageKey.tooLong }))

/**
 * A struct check for payloads whose fields are built elsewhere: the first string at any depth of a
 * field that is not one-line plain text is reported under that field.
 */
export const plainTextFields = <T extends object>() =>
  Schema.makeFilter<T>((value) => {
    const issues = Object.entries(value).flatMap(([field, item]) =>
      containsUnsafeText(item) ? [{ path: [field], issue: MessageKey.characters }] : [],
    )
    return issues.length > 0 ? issues : undefined
  })

const int4Between = (minimum: number, maximum: number) => Schema.isBetween({ minimum, maximum })

/** A whole number that fits an int4 column. */
export const Int4 = Schema.Int.check(int4Between(INT4_MIN, INT4_MAX))

/** An id of a serial column: 1 to INT4_MAX. */
export const PositiveInt4 = Schema.Int.check(int4Between(1, INT4_MAX))

/** A whole number in a path or query parameter ("12"); anything else, or out of range, is bad input. */
export const intFromString = (minimum: number, maximum: number) =>
  Schema.NumberFromString.check(Schema.isInt(), int4Between(Math.max(minimum, INT4_MIN), Math.min(maximum, INT4_MAX)))
