// What a search keyword may be, for the forms and the server alike (§5: the search and clear
// buttons stay disabled while it is empty; the main search shows the server's keyword error), and
// how it becomes a PostgreSQL text-search query. Only runs of letters and digits reach the query,
// so operators a user types ("a & | !", quotes, SQL) are read as nothing, never as syntax.
import { Schema, SchemaTransformation } from "effect"
import { MessageKey, validate } from "../shared/validation.ts"
import { KEYWORD_MAX_LENGTH, KEYWORD_MAX_TERMS, TERM_MAX_LENGTH } from "./keyword-limits.ts"

export const SEARCH_MESSAGES = {
  /** The keyword carries control characters (a paste from a terminal, a stray NUL). */
  keywordCharacters: "validation.keywordCharacters",
} as const

/** C0 and C1 control characters other than tabs and line breaks (which read as spaces). */
export const hasControlCharacters = (value: string): boolean => /\p{Cc}/u.test(value.replace(/[\t\n\r]/g, " "))

/** Tabs and line breaks read as spaces; runs of spaces as one; the ends trimmed. */
export const normalizeKeyword = (value: string): string =>
  value
    .replace(/[\t\n\r]+/g, " ")
    .replace(/ {2,}/g, " ")
    .trim()

/** The keyword as the server decodes it: trimmed, required, at most KEYWORD_MAX_LENGTH characters, no controls. */
export const SearchKeyword = Schema.String.pipe(
  Schema.decodeTo(
    Schema.String,
    SchemaTransformation.transform<string, string>({ decode: normalizeKeyword, encode: (value) => value }),
  ),
).check(
  Schema.isNonEmpty({ message: MessageKey.required }),
  Schema.isMaxLength(KEYWORD_MAX_LENGTH, { message: MessageKey.tooLong }),
  Schema.makeFilter((value: string) => !hasControlCharacters(value), { message: SEARCH_MESSAGES.keywordCharacters }),
)

const validateKeyword = validate(Schema.Struct({ keyword: SearchKeyword }))

/** The message key the keyword field shows before anything is sent (the server checks the same), or null. */
export const keywordMessage = (keyword: string): string | null => {
  const result = validateKeyword({ keyword })
  return result._tag === "Valid" ? null : (result.errors.keyword ?? MessageKey.invalid)
}

/** Whether the search and clear buttons may act: something other than spaces was typed. */
export const isSearchableKeyword = (value: string): boolean => normalizeKeyword(value) !== ""

/** The words of a keyword that can reach a text-search query: letters and digits, lower case. */
export const queryTerms = (keyword: string): ReadonlyArray<string> =>
  keyword
    .normalize("NFC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((term) => term.length > 0)
    .slice(0, KEYWORD_MAX_TERMS)
    .map((term) => [...term].slice(0, TERM_MAX_LENGTH).join(""))

/**
 * A last term shorter than this is matched as a whole word, not as the start of one: "c" would
 * begin a tenth of every word in the texts, costing the database a scan of them all for an answer
 * nobody can use. Codes and names are still found whole ("LU", "b").
 */
export const MIN_PREFIX_LENGTH = 2

/**
 * The text for `to_tsquery`: every term required (AND); the last one as a prefix when the user
 * is still typing ("headac" finds "headache") and it has MIN_PREFIX_LENGTH characters. Empty
 * when no term is left.
 */
export const tsQueryText = (terms: ReadonlyArray<string>, prefixLast: boolean): string =>
  terms
    .map((term, i) =>
      prefixLast && i === terms.length - 1 && [...term].length >= MIN_PREFIX_LENGTH ? `${term}:*` : term,
    )
    .join(" & ")
