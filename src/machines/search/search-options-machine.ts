// The options of the main search's selects: the channels (locked ones marked, the extraordinary
// vessels left out by the server, §6) and the point fields, loaded once; the points of the chosen
// channel, loaded whenever another channel is chosen (the answer for a channel no longer chosen
// is dropped). A failed load says so at the selects and can be retried.
import { assign, fromPromise, setup } from "xstate"
import type { FieldOption } from "../../domain/content/content-views.ts"
import { formErrorKey } from "../../domain/shared/failures.ts"

export interface SearchOptions {
  readonly channels: ReadonlyArray<FieldOption>
  readonly fields: ReadonlyArray<FieldOption>
}

export interface SearchOptionsContext extends SearchOptions {
  /** The channel whose points are listed ("" for none). */
  readonly channel: string
  readonly points: ReadonlyArray<FieldOption>
  readonly error: string | null
}

export type SearchOptionsEvent =
  | { readonly type: "channel.change"; readonly channel: string }
  | { readonly type: "options.retry" }

export const searchOptionsMachine = setup({
  types: {
    context: {} as SearchOptionsContext,
    events: {} as SearchOptionsEvent,
    input: {} as { readonly channel?: string },
  },
  actors: {
    loadOptions: fromPromise<SearchOptions, void>(() => Promise.reject(new Error("loadOptions actor not provided"))),
    loadPoints: fromPromise<ReadonlyArray<FieldOption>, { readonly channel: string }>(() =>
      Promise.reject(new Error("loadPoints actor not provided")),
    ),
  },
  guards: {
    hasChannel: ({ context }) => context.channel !== "",
  },
}).createMachine({
  id: "searchOptions",
  context: ({ input }) => ({ channels: [], fields: [], channel: input.channel ?? "", points: [], error: null }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        src: "loadOptions",
        onDone: {
          target: "ready",
          actions: assign(({ event }) => ({
            channels: event.output.channels,
            fields: event.output.fields,
            error: null,
          })),
        },
        onError: { target: "failed", actions: assign(({ event }) => ({ error: formErrorKey(event.error) })) },
      },
      on: { "channel.change": { actions: assign(({ event }) => ({ channel: event.channel })) } },
    },
    failed: { on: { "options.retry": "loading" } },
    ready: {
      initial: "choosing",
      on: {
        "channel.change": {
          target: ".choosing",
          reenter: true,
          actions: assign(({ event }) => ({ channel: event.channel, points: [], error: null })),
        },
      },
      states: {
        choosing: { always: [{ guard: { type: "hasChannel" }, target: "loadingPoints" }, { target: "noChannel" }] },
        noChannel: {},
        loadingPoints: {
          tags: ["busy"],
          invoke: {
            src: "loadPoints",
            input: ({ context }) => ({ channel: context.channel }),
            onDone: { target: "points", actions: assign(({ event }) => ({ points: event.output })) },
            onError: {
              target: "pointsFailed",
              actions: assign(({ event }) => ({ error: formErrorKey(event.error) })),
            },
          },
        },
        points: {},
        pointsFailed: { on: { "options.retry": "loadingPoints" } },
      },
    },
  },
})
