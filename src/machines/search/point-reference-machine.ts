// A point address that is not the app's own ("/point/LU9", "/point/lu-9", "/point/yintang"): the
// point it names is looked up (by number, then by name) and the address is replaced by the
// point's canonical one; a reference that names no point goes to /not-found.
import { assign, fromPromise, setup } from "xstate"
import { searchFailureKey } from "../../domain/search/search-failures.ts"

export const pointReferenceMachine = setup({
  types: {
    context: {} as { readonly reference: string; readonly error: string | null },
    events: {} as { readonly type: "reference.retry" },
    input: {} as { readonly reference: string },
  },
  actors: {
    /** The canonical slug of the one point the reference names exactly, or null. */
    resolve: fromPromise<string | null, { readonly reference: string }>(() =>
      Promise.reject(new Error("resolve actor not provided")),
    ),
  },
  actions: {
    /** Provided: replace the address with the point's own. */
    redirect: (_, _params: { readonly slug: string }) => {},
    /** Provided: the reference names no point. */
    notFound: () => {},
  },
}).createMachine({
  id: "pointReference",
  context: ({ input }) => ({ reference: input.reference, error: null }),
  initial: "resolving",
  states: {
    resolving: {
      tags: ["busy"],
      invoke: {
        src: "resolve",
        input: ({ context }) => ({ reference: context.reference }),
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: "found",
            actions: { type: "redirect", params: ({ event }) => ({ slug: event.output! }) },
          },
          { target: "unknown", actions: "notFound" },
        ],
        onError: { target: "failed", actions: assign(({ event }) => ({ error: searchFailureKey(event.error) })) },
      },
    },
    found: { type: "final" },
    unknown: { type: "final" },
    failed: { on: { "reference.retry": "resolving" } },
  },
})
