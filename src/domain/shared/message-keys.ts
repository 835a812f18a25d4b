// The message keys of field validation (translated under `validation.*` in locales/*/common.json),
// a form's errors by field, and a check's answer: what the app's first scripts and its flows read
// without the Schemas that produce them (validation.ts).
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

export type Validated<A> =
  | { readonly _tag: "Valid"; readonly value: A }
  | { readonly _tag: "Invalid"; readonly errors: FieldErrors }
