// Effect meets XState here, once: an API call of the contract becomes a promise actor that
// resolves with the decoded answer or rejects with the catalogue's `ApiFailure` (and, unless the
// flow shows the failure itself, the catalogue acts on it first). A cancelled invocation (its state
// was left) reports nothing back; a call that outlives its state runs to its end all the same.
import { Effect } from "effect"
import { fromPromise } from "xstate"
import type { ApiFailure } from "../../domain/shared/failures.ts"
import { ApiClient, type Client } from "../../infra/api-client.ts"
import type { AppIO, AppRuntime } from "./runtime.ts"

export type ApiCall<I, A> = (client: Client, input: I) => Effect.Effect<A, unknown>

export interface ApiActorOptions {
  /**
   * False when the flow tells the user itself and the catalogue's toast would only confuse; or which
   * failures the catalogue acts on (a chart fails in place, yet an ended session still ends).
   */
  readonly catalogue?: boolean | ((failure: ApiFailure) => boolean)
  /**
   * Set when the call must finish even if its state is left (a save the user navigated away from):
   * it is not cancelled then, and this hears of it so that a later read can wait for it.
   */
  readonly outlivesState?: (call: Promise<unknown>) => void
}

const catalogueActsOn = ({ catalogue = true }: ApiActorOptions, failure: ApiFailure) =>
  typeof catalogue === "function" ? catalogue(failure) : catalogue

/** Whether a call's outcome shows the server was reached (any answer), was not (Offline), or cannot tell (a timeout). */
const reachedBy = (
  settled: { readonly _tag: "Success" } | { readonly _tag: "Failure"; readonly failure: ApiFailure },
) =>
  settled._tag === "Success"
    ? true
    : settled.failure._tag === "Offline"
      ? false
      : settled.failure._tag === "RequestTimeout"
        ? undefined
        : true

export const makeApiActor =
  (
    runtime: AppRuntime,
    onFailure: (failure: ApiFailure) => Effect.Effect<void, never, AppIO>,
    /** Hears of every call whether the server was reached (the shell's offline banner). */
    onReach: (reached: boolean) => void = () => {},
  ) =>
  <I, A>(call: ApiCall<I, A>, options: ApiActorOptions = {}) =>
    fromPromise<A, I>(async ({ input, signal }) => {
      const program = Effect.flatMap(ApiClient, (api) => api.call((client) => call(client, input))).pipe(
        Effect.tapError((failure) => (catalogueActsOn(options, failure) ? onFailure(failure) : Effect.void)),
        Effect.result,
      )
      const run = runtime.runPromise(program, options.outlivesState ? {} : { signal })
      options.outlivesState?.(run)
      const settled = await run.catch((cause: unknown) => {
        if (signal.aborted) return undefined
        throw cause
      })
      if (settled === undefined) return new Promise<A>(() => {})
      const reached = reachedBy(settled)
      if (reached !== undefined) onReach(reached)
      if (settled._tag === "Failure") throw settled.failure satisfies ApiFailure
      return settled.success
    })

export type ApiActor = ReturnType<typeof makeApiActor>
