// The footer's quote of the day (§2): today's quote first; Load More appends the next one until
// every quote has been shown.
import { assign, setup } from "xstate"
import type { QuoteOfTheDay } from "../../domain/api/system-api.ts"
import { apiCall } from "./api-call.ts"

export interface QuoteContext {
  readonly quotes: ReadonlyArray<QuoteOfTheDay>
  readonly failed: boolean
}

export type QuoteEvent = { readonly type: "quote.loadMore" } | { readonly type: "quote.retry" }

export const quoteMachine = setup({
  types: { context: {} as QuoteContext, events: {} as QuoteEvent },
  actors: {
    fetchQuote: apiCall<QuoteOfTheDay, { readonly offset: number }>("fetchQuote"),
  },
  guards: {
    hasMore: ({ context }) => {
      const last = context.quotes.at(-1)
      return last !== undefined && context.quotes.length < last.total
    },
  },
}).createMachine({
  id: "quote",
  context: { quotes: [], failed: false },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        src: "fetchQuote",
        input: { offset: 0 },
        onDone: { target: "showing", actions: assign(({ event }) => ({ quotes: [event.output], failed: false })) },
        onError: { target: "failed", actions: assign({ failed: true }) },
      },
    },
    showing: { on: { "quote.loadMore": { guard: "hasMore", target: "loadingMore" } } },
    loadingMore: {
      tags: ["busy"],
      invoke: {
        src: "fetchQuote",
        input: ({ context }) => ({ offset: context.quotes.length }),
        onDone: {
          target: "showing",
          actions: assign(({ context, event }) => ({ quotes: [...context.quotes, event.output], failed: false })),
        },
        onError: { target: "showing", actions: assign({ failed: true }) },
      },
    },
    failed: { on: { "quote.retry": "loading" } },
  },
})
