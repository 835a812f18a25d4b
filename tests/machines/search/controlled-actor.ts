// A promise actor whose every invocation the test settles by hand, with the abort signal XState
// hands it: a stale request is one whose signal was aborted when its state was left.
import { fromPromise } from "xstate"

export interface Call<Output, Input> {
  readonly input: Input
  readonly signal: AbortSignal
  readonly resolve: (output: Output) => void
  readonly reject: (error: unknown) => void
}

export const controlledActor = <Output, Input>() => {
  const calls: Array<Call<Output, Input>> = []
  return {
    logic: fromPromise<Output, Input>(
      ({ input, signal }) =>
        new Promise<Output>((resolve, reject) => {
          calls.push({ input, signal, resolve, reject })
        }),
    ),
    calls,
    last: () => {
      const call = calls.at(-1)
      if (call === undefined) throw new Error("the actor was never invoked")
      return call
    },
  }
}

/** Lets settled promises reach the actor. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
