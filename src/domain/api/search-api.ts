// §7 "Search": the all-points search by name or number, the main and full-text search with its
// channel, point and field filters, and the header's suggestions. Visitors and members call the
// same endpoints; a point the caller may not open comes back as code and name with
// `permission: false` and no snippet of its text, and its texts weigh on no answer. Bad input
// answers 422 with a key per field; searching too often from one client, 429 with Retry-After.
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { POINT_SEARCH_MODES, type PointMatchField } from "../search/point-index.ts"
import type { SafetyFilter } from "../search/safety-filters.ts"
import { MAX_SEARCH_PAGE, SEARCH_FIELDS } from "../search/search-fields.ts"
import { SearchKeyword } from "../search/search-keyword.ts"
import { SnippetSegment } from "../search/snippets.ts"
import { TooManyRequests, ValidationFailed } from "../shared/errors.ts"
import { isPlainText } from "../shared/input-rules.ts"
import { MessageKey } from "../shared/validation.ts"
import { OptionalAuthentication } from "./middleware.ts"

/** A channel or point slug to narrow the search to; empty or absent for all. */
const SlugFilter = Schema.String.check(
  Schema.isMaxLength(120, { message: MessageKey.tooLong }),
  Schema.isPattern(/^[a-z0-9-]*$/, { message: MessageKey.invalid }),
)
/** The keyword's own rules, and plain text like every field (no half characters either). */
const Keyword = SearchKeyword.check(isPlainText())
const FieldFilter = Schema.Literals(["", ...SEARCH_FIELDS])
const Page = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: MAX_SEARCH_PAGE }))

/**
 * The safety filters (safety-filters.ts), each absent or a boolean: "notInPregnancy" leaves out the
 * points forbidden in pregnancy, "noOrgansBeneath" those over an organ. While one is on, the points
 * the caller may not open are left out too.
 */
const SafetyFilterFields = {
  notInPregnancy: Schema.optionalKey(Schema.Boolean),
  noOrgansBeneath: Schema.optionalKey(Schema.Boolean),
} satisfies Record<SafetyFilter, unknown>

/** True when a safety filter is on and the caller may not open every point: those were left out. */
const ProLeftOut = Schema.optionalKey(Schema.Boolean)

export const PointSearchPayload = Schema.Struct({
  keyword: Keyword,
  mode: Schema.Literals(POINT_SEARCH_MODES),
  ...SafetyFilterFields,
})
export type PointSearchPayload = typeof PointSearchPayload.Type

export const KeywordSearchPayload = Schema.Struct({
  keyword: Keyword,
  /** A channel's slug (from channel-fields). */
  channel: Schema.optionalKey(SlugFilter),
  /** A point's slug (from point-name-fields of the channel). */
  point: Schema.optionalKey(SlugFilter),
  /** A point field (from point-fields); "indications" is the symptom search. */
  field: Schema.optionalKey(FieldFilter),
  page: Schema.optionalKey(Page),
  ...SafetyFilterFields,
})
export type KeywordSearchPayload = typeof KeywordSearchPayload.Type

const MATCH_FIELDS = ["code", "altCode", "pinyin", "hanzi", "name"] as const satisfies ReadonlyArray<PointMatchField>

/** One point of the all-points search; `matched` is what matched, with the matching part marked. */
export const PointHit = Schema.Struct({
  slug: Schema.String,
  point: Schema.String,
  pinyin: Schema.String,
  hanzi: Schema.Struct({ traditional: Schema.String, simplified: Schema.String }),
  name: Schema.String,
  permission: Schema.Boolean,
  /** The point's exact code or name was typed. */
  exact: Schema.Boolean,
  matched: Schema.Struct({ field: Schema.Literals(MATCH_FIELDS), segments: Schema.Array(SnippetSegment) }),
})
export type PointHit = typeof PointHit.Type

export const PointSearchResponse = Schema.Struct({
  keyword: Schema.String,
  mode: Schema.Literals(POINT_SEARCH_MODES),
  total: Schema.Int,
  results: Schema.Array(PointHit),
  proLeftOut: ProLeftOut,
})
export type PointSearchResponse = typeof PointSearchResponse.Type

/** A snippet of one field: text segments, matches flagged; never HTML. */
export const SearchSnippet = Schema.Struct({
  field: Schema.Literals(SEARCH_FIELDS),
  segments: Schema.Array(SnippetSegment),
  clippedStart: Schema.Boolean,
  clippedEnd: Schema.Boolean,
})
export type SearchSnippet = typeof SearchSnippet.Type

/** One point of a text search. A locked point has `permission: false` and no content. */
export const KeywordHit = Schema.Struct({
  slug: Schema.String,
  point: Schema.String,
  pinyin: Schema.String,
  hanzi: Schema.String,
  name: Schema.String,
  channel: Schema.NullOr(Schema.String),
  permission: Schema.Boolean,
  exact: Schema.Boolean,
  content: Schema.Array(SearchSnippet),
})
export type KeywordHit = typeof KeywordHit.Type

export const KeywordSearchResponse = Schema.Struct({
  keyword: Schema.String,
  page: Schema.Int,
  pageSize: Schema.Int,
  total: Schema.Int,
  /**
   * How many of the `total` matches (the exact point aside) the caller may not open. They come after
   * every other result and are found by their public facts alone (code, names).
   */
  locked: Schema.Int,
  results: Schema.Array(KeywordHit),
  proLeftOut: ProLeftOut,
})
export type KeywordSearchResponse = typeof KeywordSearchResponse.Type

export const SuggestionResponse = Schema.Struct({
  keyword: Schema.String,
  total: Schema.Int,
  /** As in KeywordSearchResponse: matches the caller may not open, listed last. */
  locked: Schema.Int,
  results: Schema.Array(KeywordHit),
})
export type SuggestionResponse = typeof SuggestionResponse.Type

export class SearchApi extends HttpApiGroup.make("search")
  .add(
    HttpApiEndpoint.post("pointSearch", "/point-search", {
      payload: PointSearchPayload,
      success: PointSearchResponse,
      error: TooManyRequests,
    }),
    HttpApiEndpoint.post("keywordSearch", "/keyword-search", {
      payload: KeywordSearchPayload,
      success: KeywordSearchResponse,
      error: [ValidationFailed, TooManyRequests],
    }),
    HttpApiEndpoint.get("keywordSuggestion", "/suggestion/keyword-search", {
      query: {
        keyword: Keyword,
        channel: Schema.optionalKey(SlugFilter),
        point: Schema.optionalKey(SlugFilter),
        field: Schema.optionalKey(FieldFilter),
      },
      success: SuggestionResponse,
      error: [ValidationFailed, TooManyRequests],
    }),
  )
  .middleware(OptionalAuthentication)
  .prefix("/api") {}
