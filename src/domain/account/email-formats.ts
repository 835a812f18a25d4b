// The two shapes of an e-mail address (email-rules.ts says which form takes which), as the flows test
// them while a person types: the patterns and limits without the Schemas built on them.

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
