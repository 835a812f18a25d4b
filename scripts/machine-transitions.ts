// The production machines (src/machines/**) and their transitions, as `npm run machines:graph`
// draws them: every machine a module exports (a factory of machines is called once), every state
// node, and each branch of each transition — on an event, on an actor's answer, after a delay, or
// eventless — with a readable event and guard, and the key the model coverage records it under.
import { readdirSync } from "node:fs"
import { join, relative, resolve } from "node:path"
import { pathToFileURL } from "node:url"
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from "xstate"

export const root = resolve(import.meta.dirname, "..")
const MACHINES = join(root, "src", "machines")

export interface Transition {
  /** The source state's path, dotted ("" for the machine's root). */
  readonly from: string
  /** The target states' paths; the source itself when the transition has no target. */
  readonly to: ReadonlyArray<string>
  /** The event as the machine knows it (the coverage key's part). */
  readonly eventType: string
  /** The event as people read it: `plan.select`, `done.loadPlans`, `after.untilExpiry`, `always`. */
  readonly event: string
  /** The branch among the event's candidates: its guard, `else` for the fallback, or nothing. */
  readonly branch: string | null
  readonly index: number
  /** The key of ../tests/model/support/coverage.ts: state, event, branch index. */
  readonly key: string
}

export interface Machine {
  readonly id: string
  readonly file: string
  readonly machine: AnyStateMachine
  readonly transitions: ReadonlyArray<Transition>
}

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === "object" && value !== null && "root" in value && "config" in value && "id" in value

type Guard = string | { readonly type?: string } | ((...args: Array<never>) => unknown) | undefined

const guardLabel = (guard: Guard, index: number): string | null => {
  if (guard === undefined) return null
  if (typeof guard === "string") return guard
  if (typeof guard === "function") {
    const inner = (guard as { readonly guards?: ReadonlyArray<Guard> }).guards
    if (inner && ["and", "or", "not"].includes(guard.name))
      return `${guard.name}(${inner.map((g) => guardLabel(g, index)).join(", ")})`
    return `guard ${index + 1}`
  }
  return guard.type ?? `guard ${index + 1}`
}

/** `xstate.done.actor.0.checkout.loading` → `done.loadPlans` (the invoked actor's src). */
const eventLabel = (node: AnyStateNode, eventType: string) => {
  if (eventType === "") return "always"
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType)
  if (actor) {
    const invoke = node.invoke.find((i) => i.id === actor[2])
    return `${actor[1]}.${typeof invoke?.src === "string" ? invoke.src : actor[2]}`
  }
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType)
  if (after) return `after.${after[1]}`
  if (eventType.startsWith("xstate.done.state.")) return "done"
  return eventType
}

const pathOf = (node: AnyStateNode) => node.path.join(".")

const transitionsOf = (node: AnyStateNode): Array<Transition> => {
  const own = [...node.transitions.entries(), ["", node.always ?? []] as const].flatMap(([eventType, defs]) =>
    (defs as ReadonlyArray<AnyTransitionDefinition>).map((def, index) => {
      const guarded = guardLabel(def.guard as Guard, index)
      return {
        from: pathOf(node),
        to: def.target?.map(pathOf) ?? [pathOf(node)],
        eventType,
        event: eventLabel(node, eventType),
        branch: guarded ?? (defs.length > 1 ? "else" : null),
        index,
        key: `${pathOf(node)}\t${eventType}\t${index}`,
      }
    }),
  )
  return [...own, ...Object.values(node.states).flatMap(transitionsOf)]
}

/** Every production machine, by id (a factory's machines share one id and are drawn once). */
export const loadMachines = async (): Promise<ReadonlyArray<Machine>> => {
  const files = readdirSync(MACHINES, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
  const found = new Map<string, Machine>()
  for (const file of files) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>
    for (const [name, value] of Object.entries(module)) {
      const machine = isMachine(value)
        ? value
        : typeof value === "function" && name.endsWith("Machine") && value.length === 0
          ? (value as () => unknown)()
          : undefined
      if (!isMachine(machine) || found.has(machine.id)) continue
      found.set(machine.id, {
        id: machine.id,
        file: relative(root, file),
        machine,
        transitions: transitionsOf(machine.root),
      })
    }
  }
  return [...found.values()]
}

/** How a skip names a transition: "<machine> <state> <event>" and, for one branch, " [<branch>]". */
export const skipNames = (machine: string, t: Transition) => {
  const base = `${machine} ${t.from || "(root)"} ${t.event}`
  return t.branch === null ? [base] : [base, `${base} [${t.branch}]`]
}
