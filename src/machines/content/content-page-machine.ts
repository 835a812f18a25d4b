// One content page (point, channel, body area, category, vessel, book page): loading, then the
// page, or locked (the server answered with the item's public facts — or said Pro is required —:
// the page names what is locked, and the lite upgrade modal offers itself, at most once a session),
// or failed. A page the server drew starts from the answer it drew it from (loaded or locked),
// without asking again. Unknown slugs go to /not-found through the error catalogue. One machine per kind of
// page, typed by its data, so a view wired to another page's data does not compile.
import { assign, setup } from "xstate"
import { isLockedPage } from "../../domain/content/locked-page.ts"
import type { LockedPage } from "../../domain/content/locked-page-schema.ts"
import type { LockedItem } from "../../domain/shared/errors.ts"
import { formErrorKey, lockedItemOf } from "../../domain/shared/failures.ts"
import { apiCall, isFailure } from "../shared/api-call.ts"

export interface ContentPageContext<Data> {
  readonly slug: string
  readonly data: Data | null
  readonly error: string | null
  /** What the server said about a locked page: its kind, code and name. */
  readonly locked: LockedItem | null
}

/** The machine of a page whose answer is `Data`. */
export const contentPageMachine = <Data>() =>
  setup({
    types: {
      context: {} as ContentPageContext<Data>,
      events: {} as { readonly type: "page.reload" },
      input: {} as {
        readonly slug: string
        /** The answer the server drew the page from (the page's data or a locked page), if it drew it. */
        readonly answer?: unknown
      },
    },
    actors: {
      fetchPage: apiCall<Data | LockedPage, { readonly slug: string }>("fetchPage"),
    },
    actions: {
      /** Provided: the lite upgrade modal offers itself (the wiring keeps it to once a session). */
      offerUpgrade: () => {},
    },
    guards: {
      isLocked: isFailure("ProRequired"),
      answeredLocked: ({ event }) => "output" in event && isLockedPage(event.output),
      drawnLocked: ({ context }) => context.locked !== null,
      drawnLoaded: ({ context }) => context.data !== null,
    },
  }).createMachine({
    id: "contentPage",
    context: ({ input }) => ({
      slug: input.slug,
      // The server's answer, when it drew the page; its type is the page's own (the server answered this page's call).
      data: input.answer === undefined || isLockedPage(input.answer) ? null : (input.answer as Data),
      error: null,
      locked: isLockedPage(input.answer) ? input.answer.item : null,
    }),
    initial: "start",
    states: {
      start: {
        always: [{ guard: "drawnLocked", target: "locked" }, { guard: "drawnLoaded", target: "loaded" }, "loading"],
      },
      loading: {
        tags: ["busy"],
        invoke: {
          src: "fetchPage",
          input: ({ context }) => ({ slug: context.slug }),
          onDone: [
            {
              guard: "answeredLocked",
              target: "locked",
              actions: assign(({ event }) => ({ locked: isLockedPage(event.output) ? event.output.item : null })),
            },
            {
              target: "loaded",
              actions: assign(({ event }) => ({ data: event.output as Data, error: null, locked: null })),
            },
          ],
          onError: [
            {
              guard: "isLocked",
              target: "locked",
              actions: assign(({ event }) => ({ locked: lockedItemOf(event.error) })),
            },
            { target: "failed", actions: assign(({ event }) => ({ error: formErrorKey(event.error) })) },
          ],
        },
      },
      loaded: { on: { "page.reload": "loading" } },
      locked: { entry: "offerUpgrade", on: { "page.reload": "loading" } },
      failed: { on: { "page.reload": "loading" } },
    },
  })

export type ContentPageMachine<Data> = ReturnType<typeof contentPageMachine<Data>>
