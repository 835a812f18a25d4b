// One text search: the main search and the full text (searched when asked, paged) and the
// header's suggestions (`live`: searched SEARCH_DEBOUNCE_MS after the last keystroke on the
// machine's clock). A newer search cancels the request still running, so stale answers never
// show. While the keyword is empty nothing can be searched or cleared and the results are gone
// (§5); a 422 puts the server's keyword message at the field, and nothing typed is lost; searching
// too fast (429) says to wait a moment and offers the retry.
import { and, assign, fromPromise, not, setup } from "xstate"
import type { KeywordHit } from "../../domain/api/search-api.ts"
import type { SafetyFilters } from "../../domain/search/safety-filters.ts"
import { searchFailureKey } from "../../domain/search/search-failures.ts"
import type { SearchField } from "../../domain/search/search-fields.ts"
import { isSearchableKeyword, keywordMessage, normalizeKeyword } from "../../domain/search/search-keyword.ts"
import { type SearchRequest, sameRequest } from "../../domain/search/search-links.ts"
import { failureFieldErrors, formErrorKey } from "../../domain/shared/failures.ts"
import { SEARCH_DEBOUNCE_MS } from "../../domain/shared/timing.ts"
import { isFailure } from "../shared/api-call.ts"

/** The main search's selects and its safety checkboxes, applied by the next search. */
export interface SearchFilters extends SafetyFilters {
  readonly channel: string
  readonly point: string
  readonly field: "" | SearchField
}

/** What a search answers, whichever call made it. */
export interface SearchAnswer {
  readonly total: number
  /** Matches the caller may not open (listed last by the server). */
  readonly locked: number
  readonly results: ReadonlyArray<KeywordHit>
  /** A safety filter left out the points the caller may not open. */
  readonly proLeftOut?: boolean
}

export interface SearchContext {
  readonly keyword: string
  readonly filters: SearchFilters
  readonly live: boolean
  /** The search the results (or the error) belong to. */
  readonly request: SearchRequest | null
  readonly results: ReadonlyArray<KeywordHit>
  readonly total: number
  /** How many of the matches the caller may not open: one line offers them with the upgrade modal. */
  readonly locked: number
  /** A safety filter left those points out instead: one line says so. */
  readonly proLeftOut: boolean
  /** The page the results are of. */
  readonly page: number
  /** The keyword's message (from the Schema the server checks too, or the server's 422), an i18n key. */
  readonly keywordError: string | null
  /** Any other failure, an i18n key. */
  readonly error: string | null
}

export type SearchEvent =
  | { readonly type: "keyword.change"; readonly keyword: string }
  | { readonly type: "filters.change"; readonly filters: Partial<SearchFilters> }
  | { readonly type: "search.submit" }
  | { readonly type: "search.clear" }
  | { readonly type: "search.retry" }
  | { readonly type: "page.go"; readonly page: number }
  /** The address asked for a search (a link, Back, the header's "show all"). */
  | { readonly type: "search.load"; readonly request: SearchRequest }

export interface SearchInput {
  readonly live?: boolean
  /** A search to run at once, e.g. read from the address. */
  readonly request?: SearchRequest
}

const requestOf = (context: SearchContext, page: number): SearchRequest => ({
  keyword: normalizeKeyword(context.keyword),
  ...context.filters,
  page,
})

const cleared = {
  results: [],
  total: 0,
  locked: 0,
  proLeftOut: false,
  page: 1,
  request: null,
  keywordError: null,
  error: null,
} as const

const filtersOf = (request: SearchRequest | undefined): SearchFilters => ({
  channel: request?.channel ?? "",
  point: request?.point ?? "",
  field: request?.field ?? "",
  notInPregnancy: request?.notInPregnancy ?? false,
  noOrgansBeneath: request?.noOrgansBeneath ?? false,
})

export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
    input: {} as SearchInput,
  },
  actors: {
    search: fromPromise<SearchAnswer, SearchRequest>(() => Promise.reject(new Error("search actor not provided"))),
  },
  actions: {
    /** Provided: the search now shown, or none (the pages write it into the address). */
    showRequest: (_, _params: { readonly request: SearchRequest | null }) => {},
    /** The keyword's own problem, as the field shows it, before anything is sent. */
    keywordProblem: assign(({ context }) => ({
      keywordError: keywordMessage(normalizeKeyword(context.keyword)),
      results: [],
      total: 0,
      locked: 0,
      proLeftOut: false,
      request: null,
    })),
  },
  delays: { debounce: SEARCH_DEBOUNCE_MS },
  guards: {
    hasKeyword: ({ context }) => isSearchableKeyword(context.keyword),
    keywordValid: ({ context }) => keywordMessage(normalizeKeyword(context.keyword)) === null,
    typedKeyword: ({ event }) => event.type === "keyword.change" && isSearchableKeyword(event.keyword),
    isLive: ({ context }) => context.live,
    liveWithKeyword: ({ context }) => context.live && isSearchableKeyword(context.keyword),
    hasSearched: ({ context }) => context.request !== null,
    /** The address asks for a search other than the one shown; an address without a keyword asks for none. */
    isNewLoad: ({ context, event }) =>
      event.type === "search.load" &&
      isSearchableKeyword(event.request.keyword) &&
      (context.request === null || !sameRequest(context.request, event.request)),
    isInvalid: isFailure("ValidationFailed"),
  },
}).createMachine({
  id: "search",
  context: ({ input }) => ({
    keyword: input.request?.keyword ?? "",
    filters: filtersOf(input.request),
    live: input.live ?? false,
    request: input.request && isSearchableKeyword(input.request.keyword) ? input.request : null,
    results: [],
    total: 0,
    locked: 0,
    proLeftOut: false,
    page: 1,
    keywordError: null,
    error: null,
  }),
  initial: "starting",
  on: {
    "keyword.change": [
      {
        guard: not("typedKeyword"),
        target: ".idle",
        actions: [
          assign(({ event }) => ({ keyword: event.keyword, ...cleared })),
          { type: "showRequest", params: { request: null } },
        ],
      },
      {
        // Reentering restarts the debounce; leaving `searching` cancels its request.
        guard: { type: "isLive" },
        target: ".debouncing",
        reenter: true,
        actions: assign(({ event }) => ({ keyword: event.keyword, keywordError: null })),
      },
      // The main search keeps what it shows until the next search.
      { actions: assign(({ event }) => ({ keyword: event.keyword, keywordError: null })) },
    ],
    "filters.change": [
      {
        guard: { type: "liveWithKeyword" },
        target: ".debouncing",
        reenter: true,
        actions: assign(({ context, event }) => ({ filters: { ...context.filters, ...event.filters } })),
      },
      { actions: assign(({ context, event }) => ({ filters: { ...context.filters, ...event.filters } })) },
    ],
    "search.submit": [
      {
        guard: and(["hasKeyword", "keywordValid"]),
        target: ".searching",
        reenter: true,
        actions: assign(({ context }) => ({ request: requestOf(context, 1), keywordError: null, error: null })),
      },
      { guard: { type: "hasKeyword" }, target: ".invalid", actions: "keywordProblem" },
    ],
    "search.clear": {
      guard: { type: "hasKeyword" },
      target: ".idle",
      actions: [assign({ keyword: "", ...cleared }), { type: "showRequest", params: { request: null } }],
    },
    "search.load": {
      guard: { type: "isNewLoad" },
      target: ".starting",
      reenter: true,
      actions: assign(({ event }) => ({
        keyword: event.request.keyword,
        filters: filtersOf(event.request),
        ...cleared,
        request: event.request,
      })),
    },
    "page.go": {
      guard: { type: "hasSearched" },
      target: ".searching",
      reenter: true,
      actions: assign(({ context, event }) => ({ request: { ...context.request!, page: event.page }, error: null })),
    },
  },
  states: {
    /** A search asked for by the address runs at once; otherwise the machine waits. */
    starting: {
      always: [{ guard: { type: "hasSearched" }, target: "searching" }, { target: "idle" }],
    },
    idle: {},
    debouncing: {
      after: {
        debounce: [
          {
            guard: { type: "keywordValid" },
            target: "searching",
            actions: assign(({ context }) => ({ request: requestOf(context, 1), error: null })),
          },
          { target: "invalid", actions: "keywordProblem" },
        ],
      },
    },
    searching: {
      tags: ["busy"],
      entry: { type: "showRequest", params: ({ context }) => ({ request: context.request }) },
      invoke: {
        src: "search",
        input: ({ context }) => context.request!,
        onDone: [
          {
            guard: ({ event }) => event.output.results.length !== 0,
            target: "results",
            actions: assign(({ context, event }) => ({
              results: event.output.results,
              total: event.output.total,
              locked: event.output.locked,
              proLeftOut: event.output.proLeftOut === true,
              page: context.request?.page ?? 1,
              error: null,
            })),
          },
          {
            target: "empty",
            actions: assign(({ event }) => ({
              results: [],
              total: 0,
              locked: 0,
              proLeftOut: event.output.proLeftOut === true,
              error: null,
            })),
          },
        ],
        onError: [
          {
            guard: { type: "isInvalid" },
            target: "invalid",
            actions: assign(({ event }) => {
              const errors = failureFieldErrors(event.error)
              return {
                results: [],
                total: 0,
                locked: 0,
                proLeftOut: false,
                keywordError: errors.keyword ?? null,
                error: errors.keyword === undefined ? formErrorKey(event.error) : null,
              }
            }),
          },
          {
            target: "failed",
            actions: assign(({ event }) => ({
              results: [],
              total: 0,
              locked: 0,
              proLeftOut: false,
              error: searchFailureKey(event.error),
            })),
          },
        ],
      },
    },
    results: {},
    empty: {},
    invalid: {},
    failed: {
      on: { "search.retry": { guard: { type: "hasSearched" }, target: "searching" } },
    },
  },
})
