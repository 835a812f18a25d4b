// The paths a model-based test walks through the UI: a few walks that together take every
// transition of the model, built on xstate/graph's adjacency map of the model (events an input
// cannot perform are filtered out of it, so a keyboard-only detour is planned for the keyboard
// alone). Each walk starts at the initial state and greedily takes a transition not taken yet,
// going by the shortest way to the nearest state that still has one when the current state has
// none — back and forth like a user — and ends with one transition into a dead end (a final state
// such as "on the point page"), so every dead end gets a walk of its own. Enumerating the simple
// paths instead (xstate/graph's getSimplePaths) is exponential: minutes for a 13-state menu.
import type { AnyStateMachine } from "xstate"
import { createTestModel } from "xstate/graph"

export interface Edge {
  readonly from: string
  readonly event: string
  readonly to: string
}

export interface Walked {
  /** The events taken after the start, and the states they arrive in. */
  readonly steps: ReadonlyArray<{ readonly event: string; readonly state: string }>
}

export const edgeKey = (edge: Pick<Edge, "from" | "event">) => `${edge.from} ${edge.event}`

/** The model's graph as xstate/graph sees it, with only the allowed events (flat states). */
export const graphOf = (machine: AnyStateMachine, allowed: (event: string) => boolean = () => true) => {
  const model = createTestModel(machine, { filterEvents: (_, event) => allowed(event.type) })
  const adjacency: ReadonlyArray<{
    readonly state: { readonly value: unknown }
    readonly transitions: Readonly<
      Record<string, { readonly event: { readonly type: string }; readonly state: { readonly value: unknown } }>
    >
  }> = Object.values(model.getAdjacencyMap())
  const edges: Array<Edge> = adjacency.flatMap(({ state, transitions }) =>
    Object.values(transitions).map((t) => ({
      from: String(state.value),
      event: t.event.type,
      to: String(t.state.value),
    })),
  )
  return { model, edges, states: new Set(adjacency.map(({ state }) => String(state.value))) }
}

export const coveringPaths = (machine: AnyStateMachine, allowed: (event: string) => boolean = () => true) => {
  const { model, edges, states } = graphOf(machine, allowed)
  const initial = String(machine.config.initial)
  const out = (state: string) => edges.filter((e) => e.from === state)
  const deadEnd = (edge: Edge) => out(edge.to).length === 0
  const left = new Set(edges.map(edgeKey))
  const open = (edge: Edge) => left.has(edgeKey(edge))

  /** The shortest way from `from` to a state with an open edge that `wanted` accepts, if any. */
  const wayTo = (from: string, wanted: (edge: Edge) => boolean): ReadonlyArray<Edge> | null => {
    const via = new Map<string, Edge | null>([[from, null]])
    const queue = [from]
    for (let state = queue.shift(); state !== undefined; state = queue.shift()) {
      if (out(state).some((e) => open(e) && wanted(e))) {
        const way: Array<Edge> = []
        for (let edge = via.get(state); edge; edge = via.get(edge.from)) way.unshift(edge)
        return way
      }
      for (const edge of out(state))
        if (!via.has(edge.to)) {
          via.set(edge.to, edge)
          queue.push(edge.to)
        }
    }
    return null
  }

  const paths: Array<Walked> = []
  while (left.size > 0) {
    const steps: Array<{ event: string; state: string }> = []
    let at = initial
    const take = (edge: Edge) => {
      steps.push({ event: edge.event, state: edge.to })
      left.delete(edgeKey(edge))
      at = edge.to
    }
    // Every open transition that leads on, then one into a dead end.
    for (const wanted of [(e: Edge) => !deadEnd(e), deadEnd]) {
      for (let way = wayTo(at, wanted); way !== null; way = wanted === deadEnd ? null : wayTo(at, wanted)) {
        for (const edge of way) take(edge)
        const next = out(at).find((e) => open(e) && wanted(e))
        if (next) take(next)
      }
    }
    if (steps.length === 0) break
    paths.push({ steps })
  }
  const covered = new Set(
    paths.flatMap((p) => p.steps.map((s, i) => `${i === 0 ? initial : p.steps[i - 1]?.state} ${s.event}`)),
  )
  const wanted = new Set(edges.map(edgeKey))
  const reached = new Set([initial, ...paths.flatMap((p) => p.steps.map((s) => s.state))])
  return { model, paths, covered, wanted, reached, reachable: states }
}
