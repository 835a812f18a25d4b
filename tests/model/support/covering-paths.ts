// The paths a model-based test walks through the UI: of a model's simple paths (each a whole test),
// a few that together take every transition — greedily the path adding the most transitions not
// taken yet, the shorter one on a tie. What was wanted and what was covered come back too, so a test
// can show that nothing of the model is left out.
import type { AnyStateMachine } from "xstate"
import { createTestModel } from "xstate/graph"

export type ModelPath<M extends AnyStateMachine> = ReturnType<
  ReturnType<typeof createTestModel<M>>["getSimplePaths"]
>[number]

/** The (flat) state a step of a path arrives in. */
const stateOf = (step: { readonly state: unknown }) => String((step.state as { readonly value: unknown }).value)

export const coveringPaths = <M extends AnyStateMachine>(model: M) => {
  const all = createTestModel(model).getSimplePaths()
  const initial = String(model.config.initial)
  const edgesOf = (path: ModelPath<M>) => {
    const keys: Array<string> = []
    let from = initial
    for (const step of path.steps) {
      if (step.event.type === "xstate.init") continue
      keys.push(`${from} ${step.event.type}`)
      from = stateOf(step)
    }
    return keys
  }
  const wanted = new Set(
    Object.entries(model.config.states ?? {}).flatMap(([state, node]) =>
      Object.keys(node.on ?? {}).map((event) => `${state} ${event}`),
    ),
  )
  const chosen: Array<ModelPath<M>> = []
  const covered = new Set<string>()
  while (covered.size < wanted.size) {
    const best = all
      .map((path) => ({ path, gain: edgesOf(path).filter((e) => !covered.has(e)).length }))
      .sort((a, b) => b.gain - a.gain || a.path.steps.length - b.path.steps.length)[0]
    if (!best || best.gain === 0) break
    chosen.push(best.path)
    for (const e of edgesOf(best.path)) covered.add(e)
  }
  /** Every state the chosen paths reach. */
  const reached = new Set(chosen.flatMap((p) => p.steps.map(stateOf)))
  return { chosen, covered, wanted, reached }
}
