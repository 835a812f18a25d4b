// The shape of a model-based test (tests/model/<flow>.model.ts): a small abstract machine of what a
// user observes (states) and does (events, with the server's outcomes as events too), one line of
// meaning for each, the check of each state and the action of each event written once against the
// `Ui` of ./driver.ts, what each driver must set up, and which production machines the flow
// exercises. Both runners (jsdom + msw, Chromium + the real server) plan and walk paths through it
// with the functions below, so a path fails the same way in both: as a numbered list of steps.
import type { RequestHandler } from "msw"
import type { AnyStateMachine } from "xstate"
import { coveringPaths } from "./covering-paths.ts"
import type { Input, Mail, Ui } from "./driver.ts"

export type Step<Ctx> = (ui: Ui, ctx: Ctx) => Promise<void>

export interface StateCheck<Ctx> {
  /** What the user sees in this state, in one line (the diagram and failure messages show it). */
  readonly means: string
  readonly check: Step<Ctx>
}

export interface EventAction<Ctx> {
  /** What the user does (or what the server answers), in one line. */
  readonly means: string
  /** The same whatever the input; otherwise `mouse` and/or `keyboard` say how each does it. */
  readonly run?: Step<Ctx>
  readonly mouse?: Step<Ctx>
  readonly keyboard?: Step<Ctx>
}

/** Where a fake server sends its mails (the steps read them with `ui.mail`). */
export interface Outbox {
  send(mail: Mail): void
}

/** What the jsdom driver sets up: the msw answers (state kept in the context), who is signed in. */
export interface JsdomSetup<Facts, Ctx> {
  readonly facts: Facts
  readonly signedIn: boolean
  readonly handlers: (ctx: Ctx, outbox: Outbox) => ReadonlyArray<RequestHandler>
}

/** What the browser driver sets up against the real server and its fresh database. */
export interface BrowserSetup<Facts, Ctx> {
  readonly facts: Facts
  /**
   * Who uses the app: nobody signed in, a verified Standard user, a Pro user (test-mode checkout),
   * or a Standard user who signed up with the sign-in provider and has no password.
   */
  readonly user: "visitor" | "standard" | "pro" | "social"
  /** Data the flow starts from, made through the API as that user (and read from the mail it sends). */
  readonly prepare?: (ui: Ui, ctx: Ctx) => Promise<void>
  /** Another page to start on than the model's (the real content may ask for another one). */
  readonly path?: string
}

export interface FlowModel<Facts = unknown, Ctx = unknown> {
  /** The file's name: tests/model/<id>.model.ts, `npm run test:model -- <id>`. */
  readonly id: string
  readonly title: string
  /** The abstract machine: flat states, events without payloads, no invoke or after. */
  readonly machine: AnyStateMachine
  /** Walk every path once per input; without it, once, with each event's `run` (events say how). */
  readonly inputs?: ReadonlyArray<Input>
  readonly states: Readonly<Record<string, StateCheck<Ctx>>>
  readonly events: Readonly<Record<string, EventAction<Ctx>>>
  /**
   * Production machines (their `id`s in src/machines) this flow answers for: `node
   * scripts/machines-graph.ts --check` fails while one of their transitions is neither taken by a
   * path nor skipped. (Which machines a flow exercises at all is recorded by the jsdom runs.)
   */
  readonly covers: ReadonlyArray<string>
  /** Transitions of covered machines no path takes, with the reason: "<machine> <state> <event>". */
  readonly skips?: Readonly<Record<string, string>>
  /** Extra paths beyond the covering ones: event sequences a user takes as a detour. */
  readonly detours?: ReadonlyArray<ReadonlyArray<string>>
  /** The page the flow starts on. */
  readonly path: string
  /** The page's timers run on a clock the steps move (`ui.clock`). */
  readonly clock?: boolean
  /** A fresh context for each path: the facts of the driver's data and what the steps remember. */
  readonly context: (facts: Facts) => Ctx
  /** After the page is open: wait until the flow can start (the initial state is checked next). */
  readonly ready: Step<Ctx>
  readonly jsdom: JsdomSetup<Facts, Ctx>
  readonly browser: BrowserSetup<Facts, Ctx>
}

/** Checks the model's parts fit together (every state and event described) and returns it typed. */
export const defineModel = <Facts, Ctx>(model: FlowModel<Facts, Ctx>): FlowModel<Facts, Ctx> => {
  const states = Object.keys(model.machine.config.states ?? {})
  const events = new Set(Object.values(model.machine.config.states ?? {}).flatMap((node) => Object.keys(node.on ?? {})))
  const missing = [
    ...states.filter((s) => !model.states[s]).map((s) => `state "${s}"`),
    ...[...events].filter((e) => !model.events[e]).map((e) => `event "${e}"`),
  ]
  if (missing.length > 0) throw new Error(`Model ${model.id} does not describe ${missing.join(", ")}`)
  return model
}

/** The action of an event for an input, if that input can do it. */
export const actionFor = <Ctx>(event: EventAction<Ctx>, input: Input): Step<Ctx> | undefined =>
  event[input] ?? event.run

/** Any model, for lists of them (each model's own types stay inside its file). */
// biome-ignore lint/suspicious/noExplicitAny: a list holds models of different contexts and inputs; each model's own types stay inside its file
export type AnyFlowModel = FlowModel<any, any>

/**
 * One walk of a model: with the mouse, with the keyboard, or — for a model without `inputs`, whose
 * events say themselves how they are done — "as modelled" (each event's `run`, with `input` mouse).
 */
export interface Walk {
  readonly input: Input
  readonly label: string
}

export const walksOf = (model: AnyFlowModel): ReadonlyArray<Walk> =>
  model.inputs?.map((input) => ({ input, label: `by ${input}` })) ?? [{ input: "mouse", label: "as modelled" }]

export interface PlannedStep {
  /** The event taken ("xstate.init" for the start). */
  readonly event: string
  /** The state it arrives in. */
  readonly state: string
}

export interface PlannedPath {
  readonly title: string
  readonly steps: ReadonlyArray<PlannedStep>
}

/** A readable, unique title: the walk's number, its length and its events (the middle left out). */
const titled = (n: number, events: ReadonlyArray<string>) => {
  const shown = events.length > 8 ? [...events.slice(0, 5), "…", ...events.slice(-2)] : events
  return `#${n} (${events.length} steps): ${shown.join(" → ") || "start"}`
}

/**
 * The paths one walk takes: walks that take every transition its input can perform (see
 * ./covering-paths.ts), then the model's detours that input can perform.
 */
export const planWalk = (model: AnyFlowModel, walk: Walk) => {
  const allowed = (event: string) => {
    const action = model.events[event]
    return action !== undefined && actionFor(action, walk.input) !== undefined
  }
  const plan = coveringPaths(model.machine, allowed)
  const initial = String(model.machine.config.initial)
  const detours = (model.detours ?? [])
    .filter((events) => events.every(allowed))
    .flatMap((events) => plan.model.getPathsFromEvents(events.map((type) => ({ type }))))
    .map((path) => ({ steps: path.steps.slice(1).map((step) => ({ event: step.event.type, state: stateOf(step) })) }))
  const paths: ReadonlyArray<PlannedPath> = [...plan.paths, ...detours].map((path, i) => ({
    title: titled(
      i + 1,
      path.steps.map((s) => s.event),
    ),
    steps: [{ event: "xstate.init", state: initial }, ...path.steps],
  }))
  const taken = new Set(paths.flatMap((p) => p.steps.slice(1).map((s, i) => `${p.steps[i]?.state} ${s.event}`)))
  return { paths, wanted: plan.wanted, covered: plan.covered, taken, reached: plan.reached, reachable: plan.reachable }
}

/** The (flat) state a step of an xstate/graph path arrives in. */
const stateOf = (step: { readonly state: unknown }) => String((step.state as { readonly value: unknown }).value)

/** Every transition of the model's machine, as "state event". */
export const modelTransitions = (model: AnyFlowModel) =>
  Object.entries(model.machine.config.states ?? {}).flatMap(([state, node]) =>
    Object.keys(node.on ?? {}).map((event) => `${state} ${event}`),
  )

/** A path that failed: its steps as a numbered list, the failed one marked, and why. */
export class PathFailure extends Error {
  constructor(
    model: AnyFlowModel,
    walk: Walk,
    path: PlannedPath,
    failed: number,
    doing: "event" | "state",
    cause: unknown,
  ) {
    const line = (step: PlannedStep, i: number) => {
      const mark = i === failed ? " ✗" : i < failed ? " ✓" : "  "
      const event = i === 0 ? "start" : `${step.event} (${model.events[step.event]?.means ?? "?"})`
      return `${mark} ${String(i).padStart(2)}. ${event} → ${step.state} (${model.states[step.state]?.means ?? "?"})`
    }
    const step = path.steps[failed]
    const what =
      doing === "event" ? `while doing "${step?.event}"` : `while checking that the user sees "${step?.state}"`
    const reason = cause instanceof Error ? cause.message : String(cause)
    super(
      [
        `${model.title} (${walk.label}): step ${failed} of ${path.steps.length - 1} failed ${what}.`,
        "The path, each step as event → expected state:",
        ...path.steps.map(line),
        "",
        reason,
      ].join("\n"),
      { cause },
    )
    this.name = "PathFailure"
  }
}

/**
 * Walks a path: checks the initial state, then for each step performs its event the walk's way and
 * checks the state it should arrive in. `wrap` lets a runner report each step (Playwright's steps).
 */
export const walkPath = async <Ctx>(
  model: FlowModel<unknown, Ctx> | AnyFlowModel,
  walk: Walk,
  path: PlannedPath,
  ui: Ui,
  ctx: Ctx,
  wrap: (title: string, body: () => Promise<void>) => Promise<void> = (_, body) => body(),
) => {
  for (const [i, step] of path.steps.entries()) {
    let doing: "event" | "state" = "event"
    const started = performance.now()
    try {
      await wrap(i === 0 ? `start → ${step.state}` : `${step.event} → ${step.state}`, async () => {
        if (i > 0) {
          const action = model.events[step.event]
          const perform = action && actionFor(action, walk.input)
          if (!perform) throw new Error(`No way to do "${step.event}" ${walk.label}`)
          await perform(ui, ctx)
        }
        doing = "state"
        const state = model.states[step.state]
        if (!state) throw new Error(`The model does not describe the state "${step.state}"`)
        await state.check(ui, ctx)
      })
    } catch (error) {
      throw new PathFailure(model, walk, path, i, doing, error)
    }
    // MODEL_STEP_TIMES=1 prints how long each step took, to find what makes a path slow.
    if (process.env.MODEL_STEP_TIMES)
      console.log(
        `${model.id} ${walk.label} ${i}. ${step.event} → ${step.state}: ${Math.round(performance.now() - started)} ms`,
      )
  }
}
