// One content page (point, channel, body area, category, vessel, book page): loading, then the
// page, or locked (the server said Pro is required: the lite upgrade modal opens), or failed.
// Unknown slugs go to /not-found through the error catalogue.
import { assign, fromPromise, setup } from "xstate"
import { failureTag, formErrorKey } from "../domain/errors.ts"

export const contentPageMachine = setup({
  types: {
    context: {} as { readonly slug: string; readonly data: unknown; readonly error: string | null },
    events: {} as { readonly type: "page.reload" },
    input: {} as { readonly slug: string },
  },
  actors: {
    fetchPage: fromPromise<unknown, { readonly slug: string }>(() =>
      Promise.reject(new Error("fetchPage actor not provided")),
    ),
  },
  actions: {
    /** Provided: open the upgrade modal in its lite version. */
    openUpgrade: () => {},
  },
  guards: {
    isLocked: ({ event }) => failureTag((event as { error?: unknown }).error) === "ProRequired",
  },
}).createMachine({
  id: "contentPage",
  context: ({ input }) => ({ slug: input.slug, data: null, error: null }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        src: "fetchPage",
        input: ({ context }) => ({ slug: context.slug }),
        onDone: { target: "loaded", actions: assign(({ event }) => ({ data: event.output, error: null })) },
        onError: [
          { guard: "isLocked", target: "locked" },
          { target: "failed", actions: assign(({ event }) => ({ error: formErrorKey(event.error) })) },
        ],
      },
    },
    loaded: { on: { "page.reload": "loading" } },
    locked: { entry: "openUpgrade", on: { "page.reload": "loading" } },
    failed: { on: { "page.reload": "loading" } },
  },
})
