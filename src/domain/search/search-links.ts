// Where the searches live and how a search is written in the address (§2: results at /search,
// the full text at /full-text), so a search can be bookmarked, shared and reloaded; and which
// point addresses are canonical, so "/point/LU9" can be sent on to "/point/lu-9-taiyuan".
import { KEYWORD_MAX_LENGTH } from "./keyword-limits.ts"
import { SAFETY_FILTERS, type SafetyFilters } from "./safety-filters.ts"
import { isSearchField, MAX_SEARCH_PAGE, type SearchField, SYMPTOM_FIELD } from "./search-fields.ts"

export const SEARCH_HREF = "/search"
export const FULL_TEXT_HREF = "/full-text"
/** The all-points search on the search page. */
export const ALL_POINTS_ANCHOR = "all-points"
/** The symptom search: the main search in the indications. */
export const SYMPTOM_SEARCH_HREF = `${SEARCH_HREF}?field=${SYMPTOM_FIELD}`

/** What a text search asks: its keyword, the filters of the main search (the safety ones too) and the page. */
export interface SearchRequest extends SafetyFilters {
  readonly keyword: string
  readonly channel: string
  readonly point: string
  readonly field: "" | SearchField
  readonly page: number
}

export const EMPTY_REQUEST: SearchRequest = {
  keyword: "",
  channel: "",
  point: "",
  field: "",
  page: 1,
  notInPregnancy: false,
  noOrgansBeneath: false,
}

const SLUG = /^[a-z0-9-]{1,120}$/

/** The address of a search: only what is set, page 1 left out. */
export const searchHref = (base: string, request: SearchRequest): string => {
  const params = new URLSearchParams()
  if (request.keyword !== "") params.set("keyword", request.keyword)
  if (request.channel !== "") params.set("channel", request.channel)
  if (request.point !== "") params.set("point", request.point)
  if (request.field !== "") params.set("field", request.field)
  // A safety filter that is on: "?notInPregnancy=true".
  for (const filter of SAFETY_FILTERS) if (request[filter]) params.set(filter, "true")
  if (request.page > 1) params.set("page", String(request.page))
  const query = params.toString()
  return query === "" ? base : `${base}?${query}`
}

/** A search read back from an address; anything malformed is left out rather than trusted. */
export const readSearchParams = (search: string): SearchRequest => {
  const params = new URLSearchParams(search)
  const slug = (name: string) => {
    const value = params.get(name) ?? ""
    return SLUG.test(value) ? value : ""
  }
  const field = params.get("field") ?? ""
  const page = Number(params.get("page") ?? "1")
  return {
    keyword: (params.get("keyword") ?? "").slice(0, KEYWORD_MAX_LENGTH),
    channel: slug("channel"),
    point: slug("point"),
    field: isSearchField(field) ? field : "",
    page: Number.isInteger(page) && page >= 1 && page <= MAX_SEARCH_PAGE ? page : 1,
    notInPregnancy: params.get("notInPregnancy") === "true",
    noOrgansBeneath: params.get("noOrgansBeneath") === "true",
  }
}

export const sameRequest = (a: SearchRequest, b: SearchRequest): boolean =>
  a.keyword === b.keyword &&
  a.channel === b.channel &&
  a.point === b.point &&
  a.field === b.field &&
  a.page === b.page &&
  SAFETY_FILTERS.every((filter) => a[filter] === b[filter])

/** A point's address as the app writes it: "lu-9-taiyuan", "ex-hn3-yintang". */
const CANONICAL_POINT_SLUG = /^(?:[a-z]{2}-\d{1,2}|ex-[a-z]{1,2}\d{1,2})-[a-z]+$/

/** Whether a point address is written as the app writes it; anything else ("LU9", "lu-9") is looked up. */
export const isCanonicalPointSlug = (slug: string): boolean => CANONICAL_POINT_SLUG.test(slug)
