// The all-points search (§2): the user types a point's name or number and, SEARCH_DEBOUNCE_MS
// after the last keystroke (§9, on the machine's clock), the points that match are listed. A
// newer query or a switch between name and number cancels the request still running, so a slow
// answer to an old query never replaces the new one. Clearing the field clears the list. The safety
// filters are kept across queries; turning one on or off lists the points again at once.
import { assign, fromPromise, not, setup } from "xstate"
import type { PointHit, PointSearchPayload } from "../../domain/api/search-api.ts"
import type { PointSearchMode } from "../../domain/search/point-index.ts"
import { NO_SAFETY_FILTERS, type SafetyFilters, safetyPayload } from "../../domain/search/safety-filters.ts"
import { searchFailureKey } from "../../domain/search/search-failures.ts"
import { isSearchableKeyword, keywordMessage, normalizeKeyword } from "../../domain/search/search-keyword.ts"
import { failureFieldErrors, formErrorKey } from "../../domain/shared/failures.ts"
import { SEARCH_DEBOUNCE_MS } from "../../domain/shared/timing.ts"
import { isFailure } from "../shared/api-call.ts"

export interface TypeAheadContext {
  readonly query: string
  readonly mode: PointSearchMode
  readonly safety: SafetyFilters
  readonly results: ReadonlyArray<PointHit>
  readonly total: number
  /** A safety filter left out the points the caller may not open (the server says so). */
  readonly proLeftOut: boolean
  /** The server's message for the query (422), an i18n key. */
  readonly queryError: string | null
  readonly error: string | null
}

export type TypeAheadEvent =
  | { readonly type: "query.change"; readonly query: string }
  | { readonly type: "mode.change"; readonly mode: PointSearchMode }
  | { readonly type: "safety.change"; readonly safety: Partial<SafetyFilters> }
  | { readonly type: "query.clear" }
  | { readonly type: "query.retry" }

export interface PointsAnswer {
  readonly total: number
  readonly results: ReadonlyArray<PointHit>
  readonly proLeftOut?: boolean
}

const cleared = { results: [], total: 0, proLeftOut: false, queryError: null, error: null } as const

const searchable = (query: string) => isSearchableKeyword(query) && keywordMessage(normalizeKeyword(query)) === null

export const typeAheadMachine = setup({
  types: {
    context: {} as TypeAheadContext,
    events: {} as TypeAheadEvent,
    input: {} as { readonly mode?: PointSearchMode; readonly safety?: SafetyFilters },
  },
  actors: {
    searchPoints: fromPromise<PointsAnswer, PointSearchPayload>(() =>
      Promise.reject(new Error("searchPoints actor not provided")),
    ),
  },
  delays: { debounce: SEARCH_DEBOUNCE_MS },
  guards: {
    typedQuery: ({ event }) => event.type === "query.change" && isSearchableKeyword(event.query),
    hasQuery: ({ context }) => isSearchableKeyword(context.query),
    queryValid: ({ context }) => keywordMessage(normalizeKeyword(context.query)) === null,
    otherMode: ({ context, event }) => event.type === "mode.change" && event.mode !== context.mode,
    isInvalid: isFailure("ValidationFailed"),
  },
}).createMachine({
  id: "typeAhead",
  context: ({ input }) => ({
    query: "",
    mode: input.mode ?? "name",
    safety: input.safety ?? NO_SAFETY_FILTERS,
    ...cleared,
  }),
  initial: "idle",
  on: {
    "query.change": [
      {
        guard: not("typedQuery"),
        target: ".idle",
        actions: assign(({ event }) => ({ query: event.query, ...cleared })),
      },
      {
        // Reentering restarts the debounce; leaving `loading` cancels its request.
        target: ".debouncing",
        reenter: true,
        actions: assign(({ event }) => ({ query: event.query, queryError: null })),
      },
    ],
    "mode.change": [
      {
        // The user did not type: the other kind of match is listed at once.
        guard: ({ context, event }) => event.mode !== context.mode && searchable(context.query),
        target: ".loading",
        reenter: true,
        actions: assign(({ event }) => ({ mode: event.mode, queryError: null, error: null })),
      },
      { guard: { type: "otherMode" }, actions: assign(({ event }) => ({ mode: event.mode })) },
    ],
    "safety.change": [
      {
        // A filter turned on or off lists the points again at once, as a switch of mode does.
        guard: ({ context }) => searchable(context.query),
        target: ".loading",
        reenter: true,
        actions: assign(({ context, event }) => ({
          safety: { ...context.safety, ...event.safety },
          queryError: null,
          error: null,
        })),
      },
      { actions: assign(({ context, event }) => ({ safety: { ...context.safety, ...event.safety } })) },
    ],
    "query.clear": { target: ".idle", actions: assign({ query: "", ...cleared }) },
  },
  states: {
    idle: {},
    debouncing: {
      after: {
        debounce: [
          { guard: { type: "queryValid" }, target: "loading" },
          {
            // The query's own problem, from the Schema the server checks too: nothing is sent.
            target: "invalid",
            actions: assign(({ context }) => ({
              results: [],
              total: 0,
              queryError: keywordMessage(normalizeKeyword(context.query)),
            })),
          },
        ],
      },
    },
    loading: {
      tags: ["busy"],
      invoke: {
        src: "searchPoints",
        input: ({ context }) => ({
          keyword: normalizeKeyword(context.query),
          mode: context.mode,
          ...safetyPayload(context.safety),
        }),
        onDone: [
          {
            guard: ({ event }) => event.output.results.length !== 0,
            target: "results",
            actions: assign(({ event }) => ({
              results: event.output.results,
              total: event.output.total,
              proLeftOut: event.output.proLeftOut === true,
              error: null,
            })),
          },
          {
            target: "empty",
            actions: assign(({ event }) => ({
              results: [],
              total: 0,
              proLeftOut: event.output.proLeftOut === true,
              error: null,
            })),
          },
        ],
        onError: [
          {
            guard: { type: "isInvalid" },
            target: "invalid",
            actions: assign(({ event }) => ({
              results: [],
              total: 0,
              queryError: failureFieldErrors(event.error).keyword ?? formErrorKey(event.error),
            })),
          },
          {
            target: "failed",
            actions: assign(({ event }) => ({
              results: [],
              total: 0,
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
    failed: { on: { "query.retry": { guard: { type: "hasQuery" }, target: "loading" } } },
  },
})
