// The fields of a point the text search looks in (the point-field select of §2), how much a match
// in each weighs, and the sizes of what a search answers (§9: snippets of about 70 words).
export const SEARCH_FIELDS = [
  "point_name",
  "location",
  "locating",
  "needling",
  "actions",
  "indications",
  "commentary",
] as const
export type SearchField = (typeof SEARCH_FIELDS)[number]

export const isSearchField = (value: string): value is SearchField =>
  (SEARCH_FIELDS as ReadonlyArray<string>).includes(value)

/**
 * PostgreSQL text-search weights: a name outweighs what a point treats, which outweighs where it
 * lies and how it is needled. A symptom search is a search of the indications.
 */
export const FIELD_WEIGHTS: Readonly<Record<SearchField, "A" | "B" | "C" | "D">> = {
  point_name: "A",
  indications: "B",
  actions: "B",
  commentary: "C",
  location: "D",
  locating: "D",
  needling: "D",
}

/** Fields made of short items (one indication, one action): a matching item is shown whole. */
export const LIST_FIELDS: ReadonlySet<SearchField> = new Set(["indications", "actions"])

/** The field the symptom search looks in. */
export const SYMPTOM_FIELD: SearchField = "indications"

/** Results per page of the main search and the full text. */
export const SEARCH_PAGE_SIZE = 10
/** The highest page a search may ask for; nobody pages further than this. */
export const MAX_SEARCH_PAGE = 100
/** Results in the header's dropdown. */
export const SUGGESTION_LIMIT = 5
/** The header's snippets are shorter: about 20 words, 8 before the match. */
export const SUGGESTION_SNIPPET_WORDS = 20
export const SUGGESTION_SNIPPET_WORDS_BEFORE = 8
/** Points in the all-points type-ahead. */
export const POINT_SEARCH_LIMIT = 20
/** Snippets shown per point in a result. */
export const SNIPPETS_PER_POINT = 3
