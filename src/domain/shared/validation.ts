// Field validation shared by the app's forms and the server: message keys (translated under
// `validation.*` in locales/*/common.json) and the one mapping from Schema issues to field errors.
import { Exit, Schema, SchemaIssue } from "effect"

export const MessageKey = {
  required: "validation.required",
  invalid: "validation.invalid",
  tooLong: "validation.tooLong",
  /** Control characters or half a character (a lone surrogate): not plain text. */
  characters: "validation.characters",
  email: "validation.email",
  emailTaken: "validation.emailTaken",
  passwordMin: "validation.passwordMin",
  passwordLetterAndDigit: "validation.passwordLetterAndDigit",
  passwordCharacters: "validation.passwordCharacters",
  passwordSameAsOld: "validation.passwordSameAsOld",
  passwordMismatch: "validation.passwordMismatch",
  firstNameMin: "validation.firstNameMin",
  lastNameMin: "validation.lastNameMin",
  /** A name with a web address or control characters in it. */
  nameCharacters: "validation.nameCharacters",
  termsRequired: "validation.termsRequired",
  codeFormat: "validation.codeFormat",
  /** A learner who keeps the most point groups there may be. */
  groupLimit: "validation.groupLimit",
  codeInvalid: "validation.codeInvalid",
  codeExpired: "validation.codeExpired",
  /** A verification link that is malformed, unknown or replaced by a newer one. */
  linkInvalid: "validation.linkInvalid",
  linkExpired: "validation.linkExpired",
  /** A verification link whose code has expired (links that carry the code rather than a token). */
  verificationLinkExpired: "validation.verificationLinkExpired",
  /**
   * A verification link the server refused as used or expired. The server answers both alike, so the
   * page says both: the address may be confirmed already (log in), or a new link helps.
   */
  verificationLinkUsed: "validation.verificationLinkUsed",
  /** Social registration: the e-mail must be the one the provider verified. */
  socialEmailMismatch: "validation.socialEmailMismatch",
  /** The profile's language select left without a choice. */
  languageRequired: "validation.languageRequired",
} as const
export type MessageKey = (typeof MessageKey)[keyof typeof MessageKey]

/** Field name → first message key for that field ("" is the form as a whole). */
export type FieldErrors = Readonly<Record<string, string>>

const isMessageKey = (message: string) => message.startsWith("validation.")

// A missing key reads "required" unless the field names its own key (`messageMissingKey`); a message annotation that is one of our keys is kept; any other
// failure (wrong type, unexpected shape) reads "invalid". Effect's English texts never reach a user.
const formatter = SchemaIssue.makeFormatterStandardSchemaV1({
  leafHook: (issue) => {
    if (issue._tag === "MissingKey") {
      const own = issue.annotations?.messageMissingKey
      return typeof own === "string" && isMessageKey(own) ? own : MessageKey.required
    }
    const message = SchemaIssue.defaultLeafHook(issue)
    return isMessageKey(message) ? message : MessageKey.invalid
  },
})

/** Collapses a Schema issue into one message key per top-level field. */
export const fieldErrorsFromIssue = (issue: SchemaIssue.Issue): FieldErrors => {
  const errors: Record<string, string> = {}
  for (const entry of formatter(issue).issues) {
    const field = entry.path && entry.path.length > 0 ? String(entry.path[0]) : ""
    if (errors[field] !== undefined) continue
    errors[field] = isMessageKey(entry.message) ? entry.message : MessageKey.invalid
  }
  return errors
}

export type Validated<A> =
  | { readonly _tag: "Valid"; readonly value: A }
  | { readonly _tag: "Invalid"; readonly errors: FieldErrors }

/** Decodes form input with a payload Schema; the same Schema the server decodes the request with. */
export const validate =
  <S extends Schema.Decoder<unknown>>(schema: S) =>
  (input: unknown): Validated<S["Type"]> => {
    const exit = Schema.decodeUnknownExit(schema)(input, { errors: "all", onExcessProperty: "ignore" })
    if (Exit.isSuccess(exit)) return { _tag: "Valid", value: exit.value }
    const error = Exit.findErrorOption(exit)
    if (error._tag === "Some" && Schema.isSchemaError(error.value)) {
      return { _tag: "Invalid", errors: fieldErrorsFromIssue(error.value.issue) }
    }
    return { _tag: "Invalid", errors: { "": MessageKey.invalid } }
  }
