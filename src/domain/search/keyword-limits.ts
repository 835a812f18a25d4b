// How long a search keyword may be and how much of it reaches a query (search-keyword.ts): the
// field, the address of a search and the server all keep these.

/** Longer keywords are refused with a message at the field. */
export const KEYWORD_MAX_LENGTH = 100
/** Words beyond these are ignored: a query of a whole paragraph is not a search. */
export const KEYWORD_MAX_TERMS = 8
/** Longer "words" (a pasted hash, a run of letters) are cut, so they cannot weigh on the query. */
export const TERM_MAX_LENGTH = 40
