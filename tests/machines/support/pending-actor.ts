// A promise actor the test settles by hand, so a machine can be observed while its call is in
// flight. Every invocation is recorded with its input; settling before any call fails loudly.
import { fromPromise } from "xstate"

export const pendingActor = <Output, Input>() => {
  const inputs: Array<Input> = []
  const calls: Array<{ resolve: (output: Output) => void; reject: (error: unknown) => void }> = []
  const latest = () => {
    const call = calls.at(-1)
    if (call === undefined) throw new Error("the actor was never invoked")
    return call
  }
  return {
    logic: fromPromise<Output, Input>(
      ({ input }) =>
        new Promise<Output>((resolve, reject) => {
          inputs.push(input)
          calls.push({ resolve, reject })
        }),
    ),
    inputs,
    resolve: (output: Output) => latest().resolve(output),
    reject: (error: unknown) => latest().reject(error),
  }
}
