// The all-points search's answer from its index (§2 "Search panels"): the matches, best first, each
// as the list shows it — codes, pinyin, characters, the name in the caller's language, whether they
// may open it, and what matched. Pure and shared: the server answers with it
// (server/search/service.ts), and the app with it from the index kept on the device when there is no
// network (local-point-search.ts), so both list the same points the same way.
import {
  type NameLanguage,
  type PointEntry,
  type PointIndex,
  type PointMatchField,
  type PointSearchMode,
  searchPoints,
} from "./point-index.ts"
import { POINT_SEARCH_LIMIT } from "./search-fields.ts"
import type { SnippetSegment } from "./snippets.ts"

/** One point of the list (the contract's PointHit, src/domain/api/search-api.ts). */
export interface PointHitView {
  readonly slug: string
  readonly point: string
  readonly pinyin: string
  readonly hanzi: { readonly traditional: string; readonly simplified: string }
  readonly name: string
  readonly permission: boolean
  readonly exact: boolean
  readonly matched: { readonly field: PointMatchField; readonly segments: ReadonlyArray<SnippetSegment> }
}

export const pointHits = (
  index: PointIndex,
  request: { readonly keyword: string; readonly mode: PointSearchMode },
  language: NameLanguage,
  options: {
    /** Whether the caller may open the point. */
    readonly permission: (entry: PointEntry) => boolean
    /** The points that may be listed at all (the safety filters); every point when absent. */
    readonly include?: (entry: PointEntry) => boolean
  },
): { readonly total: number; readonly results: ReadonlyArray<PointHitView> } => {
  const { total, matches } = searchPoints(index, request.keyword, request.mode, POINT_SEARCH_LIMIT, options.include)
  return {
    total,
    results: matches.map((match) => ({
      slug: match.entry.slug,
      point: match.entry.code,
      pinyin: match.entry.pinyin,
      hanzi: match.entry.hanzi,
      name: match.entry.names[language],
      permission: options.permission(match.entry),
      exact: match.exact,
      matched: { field: match.field, segments: match.segments },
    })),
  }
}
