// Search for callers: the all-points search over an in-memory index of the points' public facts
// (rebuilt per content version), and the text searches over PostgreSQL full text in the caller's
// language. Whether a point may be opened is decided here for every result by the one rule of
// src/domain/content/permissions.ts; the text of a point the caller may not open is never read for
// them, and never weighs on what they get: such a point is found by its code and names alone.
import { Context, Effect, Layer } from "effect"
import type {
  KeywordHit,
  KeywordSearchPayload,
  KeywordSearchResponse,
  PointSearchPayload,
  PointSearchResponse,
  SearchSnippet,
  SuggestionResponse,
} from "../../src/domain/api/search-api.ts"
import { canOpen, type Viewer } from "../../src/domain/content/permissions.ts"
import { parsePointCode } from "../../src/domain/search/point-codes.ts"
import { pointHits } from "../../src/domain/search/point-hits.ts"
import { buildPointIndex, exactPoint, type PointIndex } from "../../src/domain/search/point-index.ts"
import {
  hasSafetyFilter,
  listedUnderSafetyFilters,
  type SafetyFilters,
} from "../../src/domain/search/safety-filters.ts"
import {
  isSearchField,
  LIST_FIELDS,
  SEARCH_PAGE_SIZE,
  SNIPPETS_PER_POINT,
  SUGGESTION_LIMIT,
  SUGGESTION_SNIPPET_WORDS,
  SUGGESTION_SNIPPET_WORDS_BEFORE,
} from "../../src/domain/search/search-fields.ts"
import { queryTerms, tsQueryText } from "../../src/domain/search/search-keyword.ts"
import {
  SNIPPET_WORDS,
  SNIPPET_WORDS_BEFORE,
  segmentsFromMarked,
  snippetWindow,
} from "../../src/domain/search/snippets.ts"
import { TooManyRequests, ValidationFailed } from "../../src/domain/shared/errors.ts"
import type { SelectableLanguage } from "../../src/domain/shared/locales.ts"
import { MessageKey } from "../../src/domain/shared/validation.ts"
import { Translations } from "../platform/i18n/translations.ts"
import { LIMITS, RateLimiter } from "../platform/security/rate-limiter.ts"
import { SEARCH_CONFIGS } from "./documents.ts"
import { type MarkedRow, type PointFacts, type SearchCatalogue, SearchRepo, type TextQuery } from "./repo.ts"

export interface Caller {
  readonly viewer: Viewer
  readonly language: SelectableLanguage
  /** The client's address, for the per-client limit on searching. */
  readonly address: string
}

export interface SuggestionQuery {
  readonly keyword: string
  readonly channel?: string
  readonly point?: string
  readonly field?: string
}

interface Catalogue extends SearchCatalogue {
  readonly index: PointIndex
  readonly byCode: ReadonlyMap<string, PointFacts>
}

/** The points whose texts a caller may search, by the one rule: "all" when they may open every point. */
const openPoints = (c: Catalogue, viewer: Viewer): TextQuery["open"] => {
  const open = c.points.filter((p) => canOpen(viewer, p)).map((p) => p.code)
  return open.length === c.points.length ? "all" : open
}

/**
 * What the safety filters leave out for a caller: nothing while none is on; else every point that
 * fails them and every point the caller may not open, whose flags they may not learn.
 * `proLeftOut` says the second happened.
 */
const leftOutBy = (c: Catalogue, viewer: Viewer, filters: Partial<SafetyFilters>) => {
  if (!hasSafetyFilter(filters)) return { leftOut: new Set<string>(), proLeftOut: false }
  const leftOut = new Set(
    c.points.filter((p) => !listedUnderSafetyFilters(p, canOpen(viewer, p), filters)).map((p) => p.code),
  )
  return { leftOut, proLeftOut: c.points.some((p) => !canOpen(viewer, p)) }
}

/** How a text search answers: how many results from where, and how long its snippets are. */
interface Shape {
  readonly limit: number
  readonly offset: number
  readonly snippets: number
  readonly words: number
  readonly before: number
}

export class Search extends Context.Service<
  Search,
  {
    readonly pointSearch: (
      caller: Caller,
      payload: PointSearchPayload,
    ) => Effect.Effect<PointSearchResponse, TooManyRequests>
    readonly keywordSearch: (
      caller: Caller,
      payload: KeywordSearchPayload,
    ) => Effect.Effect<KeywordSearchResponse, ValidationFailed | TooManyRequests>
    readonly suggest: (
      caller: Caller,
      query: SuggestionQuery,
    ) => Effect.Effect<SuggestionResponse, ValidationFailed | TooManyRequests>
  }
>()("jingluo/server/Search") {
  static readonly layer = Layer.effect(
    Search,
    Effect.gen(function* () {
      const repo = yield* SearchRepo
      const limiter = yield* RateLimiter
      const { message } = yield* Translations

      /**
       * Takes one search from the client's bucket before any work: the full-text searches (the main
       * search, the full text and the header's suggestions) share one, the all-points search has its own.
       */
      const limit = (caller: Caller, kind: "text" | "points") =>
        Effect.flatMap(limiter.take(`search-${kind}:ip:${caller.address}`, LIMITS.searchesPerClient), (verdict) =>
          verdict.allowed
            ? Effect.void
            : Effect.fail(
                new TooManyRequests({
                  message: message("tooManyRequests", caller.language),
                  retryAfterSeconds: verdict.retryAfterSeconds,
                }),
              ),
        )

      let cached: Catalogue | undefined
      const catalogue = Effect.gen(function* () {
        const current = yield* repo.catalogue
        if (cached?.version === current.version) return cached
        cached = {
          ...current,
          byCode: new Map(current.points.map((p) => [p.code, p])),
          index: buildPointIndex(
            current.points.map((p) => ({
              code: p.code,
              altCodes: p.altCodes,
              slug: p.slug,
              pinyin: p.pinyin,
              hanzi: p.hanzi,
              names: p.name,
            })),
          ),
        }
        return cached
      })

      const invalid = (caller: Caller, field: string) =>
        new ValidationFailed({
          message: message("validationFailed", caller.language),
          errors: { [field]: MessageKey.invalid },
        })

      /** The channel and point a search is narrowed to, by slug; unknown or mismatched slugs are bad input. */
      const filters = (caller: Caller, c: Catalogue, channel: string, point: string) =>
        Effect.gen(function* () {
          const channelCode = channel === "" ? "" : c.channels.find((ch) => ch.slug === channel)?.code
          if (channelCode === undefined) return yield* invalid(caller, "channel")
          const found = point === "" ? undefined : c.points.find((p) => p.slug === point)
          if (point !== "" && (found === undefined || (channelCode !== "" && found.channel_code !== channelCode))) {
            return yield* invalid(caller, "point")
          }
          return { channelCode, pointCode: found?.code ?? "" }
        })

      const snippetsOf = (rows: ReadonlyArray<MarkedRow>, shape: Shape): ReadonlyArray<SearchSnippet> => {
        const name = rows.find((r) => r.field === "point_name")
        const texts = rows.filter((r) => r.field !== "point_name" && isSearchField(r.field)).slice(0, shape.snippets)
        return [...(name ? [name] : []), ...texts].flatMap((row) => {
          if (!isSearchField(row.field)) return []
          const segments = segmentsFromMarked(row.marked)
          // A name and a list item (one indication, one action) are shown whole.
          const whole = row.field === "point_name" || LIST_FIELDS.has(row.field)
          const window = whole
            ? { segments, clippedStart: false, clippedEnd: false }
            : snippetWindow(segments, shape.words, shape.before)
          return [{ field: row.field, ...window }]
        })
      }

      const textSearch = Effect.fnUntraced(function* (
        caller: Caller,
        input: {
          readonly keyword: string
          readonly channel: string
          readonly point: string
          readonly field: string
          readonly safety: Partial<SafetyFilters>
        },
        shape: Shape,
      ) {
        yield* limit(caller, "text")
        const c = yield* catalogue
        const { channelCode, pointCode } = yield* filters(caller, c, input.channel, input.point)
        const { leftOut, proLeftOut } = leftOutBy(c, caller.viewer, input.safety)
        const exact = exactPoint(c.index, input.keyword)
        const exactCode =
          exact &&
          !leftOut.has(exact.code) &&
          (channelCode === "" || c.byCode.get(exact.code)?.channel_code === channelCode) &&
          (pointCode === "" || exact.code === pointCode)
            ? exact.code
            : ""
        // A point code is looked for as written in the texts ("LU-9" is the words "lu" and "-9" there).
        const code = parsePointCode(input.keyword)
        const query: TextQuery = {
          language: caller.language,
          config: SEARCH_CONFIGS[caller.language],
          query: code ?? tsQueryText(queryTerms(input.keyword), true),
          kind: code ? "phrase" : "terms",
          field: input.field,
          channelCode,
          pointCode,
          open: openPoints(c, caller.viewer),
          leftOut: [...leftOut],
        }
        // Nothing searchable in the words (only signs or operators): at most the exact point.
        const ranked =
          query.query === ""
            ? exactCode === "" || shape.offset > 0
              ? []
              : [{ code: exactCode, rank: 0, exact: true, total: 1, locked: 0 }]
            : yield* repo.rank(query, exactCode, shape.limit, shape.offset)
        const points = ranked.flatMap((row) => {
          const facts = c.byCode.get(row.code)
          return facts ? [{ row, facts, permission: canOpen(caller.viewer, facts) }] : []
        })
        // Only the texts of points the caller may open are read, so a locked text never leaves the database.
        const open = points.filter((p) => p.permission).map((p) => p.facts.code)
        const marked = query.query === "" ? [] : yield* repo.marked(query, open)
        const results = points.map(
          ({ row, facts, permission }): KeywordHit => ({
            slug: facts.slug,
            point: facts.code,
            pinyin: facts.pinyin,
            hanzi: facts.hanzi.traditional,
            name: facts.name[caller.language],
            channel: facts.channel_code,
            permission,
            exact: row.exact,
            content: permission
              ? snippetsOf(
                  marked.filter((m) => m.point_code === facts.code),
                  shape,
                )
              : [],
          }),
        )
        return {
          total: ranked[0]?.total ?? 0,
          locked: ranked[0]?.locked ?? 0,
          results,
          ...(proLeftOut ? { proLeftOut } : {}),
        }
      })

      const keywordSearch = Effect.fn("Search.keywordSearch")(function* (
        caller: Caller,
        payload: KeywordSearchPayload,
      ) {
        const page = payload.page ?? 1
        const { total, locked, results, proLeftOut } = yield* textSearch(
          caller,
          {
            keyword: payload.keyword,
            channel: payload.channel ?? "",
            point: payload.point ?? "",
            field: payload.field ?? "",
            safety: payload,
          },
          {
            limit: SEARCH_PAGE_SIZE,
            offset: (page - 1) * SEARCH_PAGE_SIZE,
            snippets: SNIPPETS_PER_POINT,
            words: SNIPPET_WORDS,
            before: SNIPPET_WORDS_BEFORE,
          },
        )
        return {
          keyword: payload.keyword,
          page,
          pageSize: SEARCH_PAGE_SIZE,
          total,
          locked,
          results,
          ...(proLeftOut ? { proLeftOut } : {}),
        }
      })

      const suggest = Effect.fn("Search.suggest")(function* (caller: Caller, query: SuggestionQuery) {
        const { total, locked, results } = yield* textSearch(
          caller,
          {
            keyword: query.keyword,
            channel: query.channel ?? "",
            point: query.point ?? "",
            field: query.field ?? "",
            safety: {},
          },
          {
            limit: SUGGESTION_LIMIT,
            offset: 0,
            snippets: 1,
            words: SUGGESTION_SNIPPET_WORDS,
            before: SUGGESTION_SNIPPET_WORDS_BEFORE,
          },
        )
        return { keyword: query.keyword, total, locked, results }
      })

      const pointSearch = Effect.fn("Search.pointSearch")(function* (caller: Caller, payload: PointSearchPayload) {
        yield* limit(caller, "points")
        const c = yield* catalogue
        const { leftOut, proLeftOut } = leftOutBy(c, caller.viewer, payload)
        const { total, results } = pointHits(c.index, payload, caller.language, {
          permission: (entry) => canOpen(caller.viewer, c.byCode.get(entry.code) ?? { free: false }),
          include: (entry) => !leftOut.has(entry.code),
        })
        return { keyword: payload.keyword, mode: payload.mode, total, results, ...(proLeftOut ? { proLeftOut } : {}) }
      })

      return Search.of({ pointSearch, keywordSearch, suggest })
    }),
  )
}
