// One content page (point, channel, body area, category, vessel, book page): loading, then the
// page, or locked (the server said Pro is required: the lite upgrade modal opens, and the page
// names what is locked by the public facts the server sent), or failed. Unknown slugs go to
// /not-found through the error catalogue.
import { assign, fromPromise, setup } from "xstate"
import { failureTag, formErrorKey, type LockedItem } from "../../domain/shared/errors.ts"

/** The public facts of a ProRequired failure, if it carries them. */
const lockedItemOf = (error: unknown): LockedItem | null =>
  failureTag(error) === "ProRequired" && typeof error === "object" && error !== null && "item" in error
    ? ((error.item as LockedItem | undefined) ?? null)
    : null

export const contentPageMachine = setup({
  types: {
    context: {} as {
      readonly slug: string
      readonly data: unknown
      readonly error: string | null
      /** What the server said about a locked page: its kind, code and name. */
      readonly locked: LockedItem | null
    },
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
  context: ({ input }) => ({ slug: input.slug, data: null, error: null, locked: null }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        src: "fetchPage",
        input: ({ context }) => ({ slug: context.slug }),
        onDone: {
          target: "loaded",
          actions: assign(({ event }) => ({ data: event.output, error: null, locked: null })),
        },
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
    locked: { entry: "openUpgrade", on: { "page.reload": "loading" } },
    failed: { on: { "page.reload": "loading" } },
  },
})
