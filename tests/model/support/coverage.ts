// Which transitions of the production machines the jsdom runs of the models take. The ui project's
// setup (./coverage-setup.ts) gives every actor an inspector; while a model's path runs, each
// microstep's transitions are recorded under that model, and the runner writes them to
// .tmp/model-coverage/<model>.json for `npm run machines:graph`. Type imports only: this module is
// loaded while "xstate" itself is being mocked.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { AnyTransitionDefinition, InspectionEvent, Observer } from "xstate"

export const COVERAGE_DIR = join(".tmp", "model-coverage")

/** What one model's runs took: machine id → "state<TAB>event<TAB>branch" keys. */
export interface CoverageFile {
  readonly model: string
  readonly machines: Readonly<Record<string, ReadonlyArray<string>>>
}

/** A transition as the graph script names it: its source state's path, its event, its branch. */
export const transitionKey = (state: string, event: string, branch: number) => `${state}\t${event}\t${branch}`

interface Recorder {
  current: string | null
  taken: Map<string, Map<string, Set<string>>>
}

/** On the global object: the setup's mock and the runner may see different instances of this module. */
const holder = globalThis as { __modelCoverage?: Recorder }
holder.__modelCoverage ??= { current: null, taken: new Map() }
const recorder: Recorder = holder.__modelCoverage

const keyOf = (transition: AnyTransitionDefinition) => {
  const source = transition.source
  const candidates = transition.eventType === "" ? source.always : source.transitions.get(transition.eventType)
  const branch = candidates?.indexOf(transition) ?? -1
  return branch < 0 ? null : transitionKey(source.path.join("."), transition.eventType, branch)
}

/** The inspector every actor gets in the ui project. */
export const inspector = (event: InspectionEvent) => {
  if (recorder.current === null || event.type !== "@xstate.microstep") return
  const logic = (event.actorRef as { readonly logic?: { readonly id?: unknown; readonly root?: unknown } }).logic ?? {}
  if (typeof logic.id !== "string" || logic.root === undefined) return
  const model = recorder.taken.get(recorder.current)
  if (!model) return
  let machine = model.get(logic.id)
  if (!machine) {
    machine = new Set()
    model.set(logic.id, machine)
  }
  for (const transition of event._transitions) {
    const key = keyOf(transition)
    if (key) machine.add(key)
  }
}

/** An actor's options with the coverage inspector added, calling the caller's own inspector too. */
export const withCoverage = (options: object | undefined) => {
  const own = (options as { readonly inspect?: ((event: InspectionEvent) => void) | Observer<InspectionEvent> })
    ?.inspect
  return {
    ...options,
    inspect: (event: InspectionEvent) => {
      inspector(event)
      if (typeof own === "function") own(event)
      else own?.next?.(event)
    },
  }
}

export const coverage = {
  /** A model's file starts: nothing taken yet. */
  reset: (model: string) => {
    recorder.taken.set(model, new Map())
  },
  /** A path of the model runs: what the app's machines do from now on counts for it. */
  begin: (model: string) => {
    recorder.current = model
  },
  end: () => {
    recorder.current = null
  },
  write: (model: string) => {
    const taken = recorder.taken.get(model)
    if (!taken) return
    const file: CoverageFile = {
      model,
      machines: Object.fromEntries([...taken].sort().map(([machine, keys]) => [machine, [...keys].sort()])),
    }
    mkdirSync(COVERAGE_DIR, { recursive: true })
    writeFileSync(join(COVERAGE_DIR, `${model}.json`), `${JSON.stringify(file, null, 2)}\n`)
  },
}
