// One body chart on screen — on a point, channel, vessel or body-area page, or the chart explorer:
// finding the views for what it shows (the index), loading the view when it is shown, the point
// the keyboard is on (walked along its channel), zoom and pan, chart or list mode, and which safety
// flags it highlights (kept from view to view, whatever state the chart is in). A chart that
// fails to load says so in place and can be retried; the page around it keeps working.
import { assign, fromPromise, type PromiseActorLogic, setup } from "xstate"
import { type ChartFailure, chartFailure } from "../../domain/charts/chart-errors.ts"
import type { Point2 } from "../../domain/charts/chart-geometry.ts"
import type { ChartViewId } from "../../domain/charts/chart-ids.ts"
import type { ChartHighlight } from "../../domain/charts/chart-safety.ts"
import {
  type ChartSite,
  channelEnd,
  entrySite,
  firstOfGroup,
  openingZoomFor,
  siteByKey,
  siteForCode,
  stepGroup,
  stepSite,
} from "../../domain/charts/chart-served.ts"
import { type ChartPlan, type ChartSubject, needsIndex, planFor } from "../../domain/charts/chart-subjects.ts"
import type { ChartIndex, ServedChart } from "../../domain/charts/chart-views.ts"
import {
  clampZoom,
  initialZoom,
  panBy,
  revealPoint,
  ZOOM_STEP,
  type Zoom,
  zoomBy,
  zoomOn,
} from "../../domain/charts/chart-zoom.ts"

export type ChartMode = "chart" | "list"

export interface ChartContext {
  readonly subject: ChartSubject
  readonly plan: ChartPlan
  readonly view: ChartViewId | null
  /** Views loaded so far: switching back to one shows it at once. */
  readonly charts: Readonly<Partial<Record<ChartViewId, ServedChart>>>
  /** The code of the point the chart is about (the point page's), highlighted on every view. */
  readonly highlight: string | null
  /** The site the keyboard is on; the chart's one tab stop. */
  readonly focus: string | null
  readonly zoom: Zoom
  readonly mode: ChartMode
  /** The safety flags whose points are marked on every view ("none": no marks). */
  readonly safety: ChartHighlight
  readonly failure: ChartFailure | null
}

export type ChartEvent =
  | { readonly type: "view.select"; readonly view: ChartViewId }
  | { readonly type: "point.focus"; readonly key: string }
  | { readonly type: "point.step"; readonly step: 1 | -1 }
  | { readonly type: "point.end"; readonly end: "first" | "last" }
  | { readonly type: "group.step"; readonly step: 1 | -1 }
  | { readonly type: "point.open"; readonly key: string }
  | { readonly type: "zoom.in" }
  | { readonly type: "zoom.out" }
  | { readonly type: "zoom.reset" }
  | { readonly type: "zoom.by"; readonly factor: number; readonly at?: Point2 }
  | { readonly type: "pan.by"; readonly dx: number; readonly dy: number }
  | { readonly type: "mode.set"; readonly mode: ChartMode }
  | { readonly type: "chart.retry" }
  | { readonly type: "safety.highlight"; readonly highlight: ChartHighlight }

export interface ChartInput {
  readonly subject: ChartSubject
  /** The view to show first when the subject offers it (the explorer's route). */
  readonly view?: ChartViewId | null
  /** A point to highlight (the point page's) or to start on (the explorer's ?point=). */
  readonly highlight?: string | null
  readonly mode?: ChartMode
  /** The safety flags to highlight from the start (the explorer's ?safety=). */
  readonly safety?: ChartHighlight
}

/** The calls the chart machine makes, as the app provides them. */
export interface ChartCalls {
  readonly fetchIndex: PromiseActorLogic<ChartIndex, void>
  readonly fetchChart: PromiseActorLogic<ServedChart, { readonly view: ChartViewId }>
}

const chartOf = (context: ChartContext): ServedChart | undefined =>
  context.view ? context.charts[context.view] : undefined

/** The site an event moves the keyboard to, if there is one. */
const target = (context: ChartContext, event: ChartEvent): ChartSite | undefined => {
  const chart = chartOf(context)
  if (!chart) return undefined
  const from = context.focus ?? entrySite(chart, null)?.key ?? null
  switch (event.type) {
    case "point.focus":
      return siteByKey(chart, event.key)
    case "point.step":
      return from === null ? undefined : stepSite(chart, from, event.step)
    case "point.end":
      return from === null ? undefined : channelEnd(chart, from, event.end)
    case "group.step":
      return from === null ? undefined : stepGroup(chart, from, event.step)
    default:
      return undefined
  }
}

/** Where the keyboard starts on a freshly shown view: the point asked for, else the first one. */
const startingFocus = (context: ChartContext, chart: ServedChart): string | null => {
  const highlighted = highlightSite(context, chart)
  // A course starts where the channel starts.
  const course = context.subject.kind === "pathway" ? firstOfGroup(chart, context.subject.id) : undefined
  return (highlighted ?? course ?? entrySite(chart, null))?.key ?? null
}

/** The highlighted point's site on a view, if the view shows it. */
const highlightSite = (context: ChartContext, chart: ServedChart): ChartSite | undefined =>
  context.highlight === null ? undefined : siteForCode(chart, context.highlight, context.plan.keys[chart.id])

/**
 * How a freshly shown view opens: a point's best view on the point, centred and as far in as it
 * needs to stand clear of its neighbours (a trunk point on its whole-body view); any other view
 * (a point's second view, which shows its channel around it) on the whole drawing.
 */
const startingZoom = (context: ChartContext, chart: ServedChart): Zoom => {
  const best = context.subject.kind === "point" && chart.id === context.plan.views[0]
  const site = best ? highlightSite(context, chart) : undefined
  return site ? openingZoomFor(chart, site) : initialZoom(chart.viewBox)
}

const viewToShow = (plan: ChartPlan, wanted: ChartViewId | null | undefined): ChartViewId | null =>
  wanted && plan.views.includes(wanted) ? wanted : (plan.views[0] ?? null)

export const chartMachine = setup({
  types: {
    context: {} as ChartContext,
    events: {} as ChartEvent,
    input: {} as ChartInput,
  },
  actors: {
    fetchIndex: fromPromise<ChartIndex, void>(() => Promise.reject(new Error("fetchIndex actor not provided"))),
    fetchChart: fromPromise<ServedChart, { readonly view: ChartViewId }>(() =>
      Promise.reject(new Error("fetchChart actor not provided")),
    ),
  },
  actions: {
    /** Provided: go to the point's page. */
    openPoint: (_, _params: { readonly slug: string }) => {},
    /** The keyboard moves to the event's site, and the chart pans as little as needed to show it. */
    moveFocus: assign(({ context, event }) => {
      const site = target(context, event)!
      return { focus: site.key, zoom: revealPoint(context.zoom, chartOf(context)!.viewBox, site.position) }
    }),
  },
  guards: {
    hasIndexSubject: ({ context }) => needsIndex(context.subject),
    hasViews: ({ context }) => context.plan.views.length > 0,
    isOtherOfferedView: ({ context, event }) =>
      event.type === "view.select" && event.view !== context.view && context.plan.views.includes(event.view),
    isLoadedOtherView: ({ context, event }) =>
      event.type === "view.select" &&
      event.view !== context.view &&
      context.plan.views.includes(event.view) &&
      context.charts[event.view] !== undefined,
    hasTarget: ({ context, event }) => target(context, event) !== undefined,
    isOtherHighlight: ({ context, event }) => event.type === "safety.highlight" && event.highlight !== context.safety,
    isKnownPoint: ({ context, event }) =>
      event.type === "point.open" &&
      chartOf(context) !== undefined &&
      siteByKey(chartOf(context)!, event.key) !== undefined,
  },
}).createMachine({
  id: "chart",
  context: ({ input }) => {
    const plan = planFor(null, input.subject)
    return {
      subject: input.subject,
      plan,
      view: viewToShow(plan, input.view),
      charts: {},
      highlight: input.highlight ?? (input.subject.kind === "point" ? input.subject.code : null),
      focus: null,
      zoom: { scale: 1, center: [0, 0] },
      mode: input.mode ?? "chart",
      safety: input.safety ?? "none",
      failure: null,
    }
  },
  // The choice of flags outlives loading, failing and switching views: the address holds it.
  on: {
    "safety.highlight": {
      guard: "isOtherHighlight",
      actions: assign(({ event }) => ({ safety: event.highlight })),
    },
  },
  initial: "starting",
  states: {
    starting: {
      always: [{ guard: "hasIndexSubject", target: "locating" }, { target: "loading" }],
    },
    locating: {
      tags: ["busy"],
      invoke: {
        src: "fetchIndex",
        onDone: [
          {
            target: "choosing",
            actions: assign(({ context, event }) => {
              const plan = planFor(event.output, context.subject)
              return { plan, view: viewToShow(plan, context.view) }
            }),
          },
        ],
        onError: { target: "failed", actions: assign(({ event }) => ({ failure: chartFailure(event.error) })) },
      },
    },
    choosing: {
      always: [{ guard: "hasViews", target: "loading" }, { target: "absent" }],
    },
    /** Nothing to draw for this subject (no view shows it for this caller). */
    absent: {},
    loading: {
      tags: ["busy"],
      invoke: {
        src: "fetchChart",
        input: ({ context }) => ({ view: context.view! }),
        onDone: {
          target: "ready",
          actions: assign(({ context, event }) => ({
            charts: { ...context.charts, [event.output.id]: event.output },
            focus: startingFocus(context, event.output),
            zoom: startingZoom(context, event.output),
            failure: null,
          })),
        },
        onError: { target: "failed", actions: assign(({ event }) => ({ failure: chartFailure(event.error) })) },
      },
      on: {
        "view.select": {
          guard: "isOtherOfferedView",
          target: "loading",
          reenter: true,
          actions: assign(({ event }) => ({ view: event.view })),
        },
      },
    },
    ready: {
      on: {
        "view.select": [
          {
            guard: "isLoadedOtherView",
            actions: assign(({ context, event }) => {
              const chart = context.charts[event.view]!
              return { view: event.view, focus: startingFocus(context, chart), zoom: startingZoom(context, chart) }
            }),
          },
          { guard: "isOtherOfferedView", target: "loading", actions: assign(({ event }) => ({ view: event.view })) },
        ],
        "point.focus": { guard: "hasTarget", actions: "moveFocus" },
        "point.step": { guard: "hasTarget", actions: "moveFocus" },
        "point.end": { guard: "hasTarget", actions: "moveFocus" },
        "group.step": { guard: "hasTarget", actions: "moveFocus" },
        "point.open": {
          guard: "isKnownPoint",
          actions: [
            assign(({ event }) => ({ focus: event.key })),
            {
              type: "openPoint",
              params: ({ context, event }) => ({ slug: siteByKey(chartOf(context)!, event.key)!.point.slug }),
            },
          ],
        },
        "zoom.in": { actions: assign(({ context }) => ({ zoom: zoomAround(context, ZOOM_STEP) })) },
        "zoom.out": { actions: assign(({ context }) => ({ zoom: zoomAround(context, 1 / ZOOM_STEP) })) },
        "zoom.reset": { actions: assign(({ context }) => ({ zoom: initialZoom(chartOf(context)!.viewBox) })) },
        "zoom.by": {
          actions: assign(({ context, event }) => ({
            zoom: zoomBy(context.zoom, chartOf(context)!.viewBox, event.factor, event.at),
          })),
        },
        "pan.by": {
          actions: assign(({ context, event }) => ({
            zoom: panBy(context.zoom, chartOf(context)!.viewBox, event.dx, event.dy),
          })),
        },
        "mode.set": { actions: assign(({ event }) => ({ mode: event.mode })) },
      },
    },
    failed: {
      on: {
        "chart.retry": [
          { guard: ({ context }) => context.view === null && needsIndex(context.subject), target: "locating" },
          { target: "loading" },
        ],
        "view.select": {
          guard: "isOtherOfferedView",
          target: "loading",
          actions: assign(({ event }) => ({ view: event.view })),
        },
      },
    },
  },
})

/**
 * Zoom by a factor (the buttons, + and −): on a chart about a point, centred on the point the
 * keyboard is on (the page's point until the user moves on); else around the centre, panned as
 * little as needed to keep the keyboard's point on screen.
 */
function zoomAround(context: ChartContext, factor: number): Zoom {
  const chart = chartOf(context)!
  const site = context.focus ? siteByKey(chart, context.focus) : undefined
  if (site && highlightSite(context, chart)) return zoomOn(context.zoom, chart.viewBox, factor, site.position)
  const zoomed = zoomBy(context.zoom, chart.viewBox, factor)
  return site ? clampZoom(revealPoint(zoomed, chart.viewBox, site.position), chart.viewBox) : zoomed
}
