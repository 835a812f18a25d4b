// The paths a model-based test walks through the UI: of a model's simple paths (each a whole test),
// a few that together take every transition — greedily the path adding the most transitions not
// taken yet, the shorter one on a tie. Events an input cannot perform are left out of the graph
// (`allowed`), so a keyboard-only detour is planned for the keyboard alone. What was wanted and what
// was covered come back too, so a test can show that nothing of the model is left out.
import type { AnyStateMachine } from "xstate"
import { createTestModel } from "xstate/graph"

type TestModelOf<M extends AnyStateMachine> = ReturnType<typeof createTestModel<M>>
export type ModelPath<M extends AnyStateMachine> = ReturnType<TestModelOf<M>["getSimplePaths"]>[number]

/** The (flat) state a step of a path arrives in. */
export const stateOf = (step: { readonly state: unknown }) => String((step.state as { readonly value: unknown }).value)

/** The transitions a path takes, as "state event". */
export const transitionsOf = <M extends AnyStateMachine>(path: ModelPath<M>, initial: string) => {
  const keys: Array<string> = []
  let from = initial
  for (const step of path.steps) {
    if (step.event.type === "xstate.init") continue
    keys.push(`${from} ${step.event.type}`)
    from = stateOf(step)
  }
  return keys
}

export const coveringPaths = <M extends AnyStateMachine>(
  machine: M,
  allowed: (event: string) => boolean = () => true,
) => {
  const model = createTestModel(machine, { filterEvents: (_, event) => allowed(event.type) })
  const all = model.getSimplePaths()
  const initial = String(machine.config.initial)
  const adjacency: ReadonlyArray<{
    readonly state: { readonly value: unknown }
    readonly transitions: Readonly<Record<string, { readonly event: { readonly type: string } }>>
  }> = Object.values(model.getAdjacencyMap())
  /** Every transition the allowed events can take from a reachable state. */
  const wanted = new Set(
    adjacency.flatMap(({ state, transitions }) =>
      Object.values(transitions).map(({ event }) => `${String(state.value)} ${event.type}`),
    ),
  )
  const chosen: Array<ModelPath<M>> = []
  const covered = new Set<string>()
  const candidates = all.map((path) => ({ path, edges: transitionsOf(path, initial) }))
  while (covered.size < wanted.size) {
    const best = candidates
      .map((c) => ({ ...c, gain: new Set(c.edges.filter((e) => !covered.has(e))).size }))
      .sort((a, b) => b.gain - a.gain || a.path.steps.length - b.path.steps.length)[0]
    if (!best || best.gain === 0) break
    chosen.push(best.path)
    for (const e of best.edges) covered.add(e)
  }
  /** Every state the chosen paths reach, and every state the allowed events can reach. */
  const reached = new Set(chosen.flatMap((p) => p.steps.map(stateOf)))
  const reachable = new Set(adjacency.map(({ state }) => String(state.value)))
  return { model, chosen, covered, wanted, reached, reachable }
}
