import { describe, expect, it, vi } from "vitest"
import { createActor, waitFor } from "xstate"
import type { ChartViewId } from "../../src/domain/charts/chart-ids.ts"
import type { ChartSubject } from "../../src/domain/charts/chart-subjects.ts"
import type { ChartIndex, ServedChart } from "../../src/domain/charts/chart-views.ts"
import { MAX_OPENING_ZOOM, MAX_ZOOM, MIN_ZOOM, ZOOM_STEP } from "../../src/domain/charts/chart-zoom.ts"
import {
  Forbidden,
  NotFound,
  Offline,
  RequestTimeout,
  ServerError,
  Unauthorized,
  ValidationFailed,
} from "../../src/domain/shared/errors.ts"
import { type ChartInput, chartMachine } from "../../src/machines/charts/chart-machine.ts"
import { chartIndex, frontChart, palmChart } from "../support/chart-fixtures.ts"
import { pendingActor } from "./support/pending-actor.ts"

const start = (input: ChartInput) => {
  const fetchIndex = pendingActor<ChartIndex, void>()
  const fetchChart = pendingActor<ServedChart, { readonly view: ChartViewId }>()
  const openPoint = vi.fn()
  const actor = createActor(
    chartMachine.provide({
      actors: { fetchIndex: fetchIndex.logic, fetchChart: fetchChart.logic },
      actions: { openPoint: (_, params) => openPoint(params) },
    }),
    { input },
  )
  actor.start()
  return { actor, fetchIndex, fetchChart, openPoint }
}
type Started = ReturnType<typeof start>

const views = (list: ReadonlyArray<ChartViewId>): ChartSubject => ({ kind: "views", views: list })

const loaded = async (started: Started, chart: ServedChart = frontChart) => {
  started.fetchChart.resolve(chart)
  await waitFor(started.actor, (s) => s.matches("ready"))
  return started
}

const startReady = async (input: ChartInput = { subject: views(["body-front", "hand-palm"]) }) =>
  loaded(start(input), input.view === "hand-palm" ? palmChart : frontChart)

const context = (started: Started) => started.actor.getSnapshot().context
const send = (started: Started, event: Parameters<Started["actor"]["send"]>[0]) => started.actor.send(event)

describe("chart machine", () => {
  describe("finding the views", () => {
    it("loads the first view offered at once when the views are given", () => {
      const started = start({ subject: views(["body-front", "hand-palm"]) })
      expect(started.actor.getSnapshot().value).toBe("loading")
      expect(started.actor.getSnapshot().hasTag("busy")).toBe(true)
      expect(started.fetchChart.inputs).toEqual([{ view: "body-front" }])
      expect(started.fetchIndex.inputs).toEqual([])
    })

    it("starts on the view asked for (the explorer's route) when it is offered, else on the first", () => {
      expect(start({ subject: views(["body-front", "hand-palm"]), view: "hand-palm" }).fetchChart.inputs).toEqual([
        { view: "hand-palm" },
      ])
      expect(start({ subject: views(["body-front"]), view: "hand-palm" }).fetchChart.inputs).toEqual([
        { view: "body-front" },
      ])
    })

    it("asks the index for a point's views, loads the best one and starts on the point's site", async () => {
      const started = start({ subject: { kind: "point", code: "LU-3" } })
      expect(started.actor.getSnapshot().value).toBe("locating")
      expect(started.actor.getSnapshot().hasTag("busy")).toBe(true)
      started.fetchIndex.resolve(chartIndex)
      await waitFor(started.actor, (s) => s.matches("loading"))
      expect(context(started).plan.views).toEqual(["hand-palm", "body-front"])
      expect(started.fetchChart.inputs).toEqual([{ view: "hand-palm" }])
      await loaded(started, palmChart)
      expect(context(started)).toMatchObject({ view: "hand-palm", highlight: "LU-3", focus: "LU-3:right" })
    })

    it("starts a channel's course on its first point", async () => {
      const started = start({ subject: { kind: "pathway", id: "LI" } })
      started.fetchIndex.resolve({ ...chartIndex, pathways: { LI: ["body-front"] } })
      await waitFor(started.actor, (s) => s.matches("loading"))
      await loaded(started)
      expect(context(started).focus).toBe("LI-1:right")
    })

    it("finds a channel's views and a body area's views in the index", async () => {
      const channel = start({ subject: { kind: "pathway", id: "LU" } })
      channel.fetchIndex.resolve(chartIndex)
      await waitFor(channel.actor, (s) => s.matches("loading"))
      expect(context(channel).plan.views).toEqual(["body-front", "hand-palm"])
      const area = start({ subject: { kind: "area", id: "chest" } })
      area.fetchIndex.resolve(chartIndex)
      await waitFor(area.actor, (s) => s.matches("loading"))
      expect(context(area).plan.views).toEqual(["body-front"])
    })

    it("draws nothing when no view shows the subject", async () => {
      const started = start({ subject: { kind: "point", code: "ST-36" } })
      started.fetchIndex.resolve(chartIndex)
      await waitFor(started.actor, (s) => s.matches("absent"))
      expect(started.fetchChart.inputs).toEqual([])
      expect(started.actor.getSnapshot().hasTag("busy")).toBe(false)
    })

    it("fails when the index cannot be loaded, and asks again on retry", async () => {
      const started = start({ subject: { kind: "point", code: "LU-3" } })
      started.fetchIndex.reject(new Offline())
      await waitFor(started.actor, (s) => s.matches("failed"))
      expect(context(started).failure).toEqual({ key: "charts:errors.offline", reference: null })
      send(started, { type: "chart.retry" })
      expect(started.actor.getSnapshot().value).toBe("locating")
      expect(started.fetchIndex.inputs).toHaveLength(2)
    })
  })

  describe("loading a view", () => {
    it("shows the view with the whole drawing on screen and the first point of its first channel as tab stop", async () => {
      const started = await startReady()
      expect(context(started)).toMatchObject({
        view: "body-front",
        focus: "LU-1:right",
        zoom: { scale: 1, center: [100, 200] },
        failure: null,
        mode: "chart",
      })
      expect(context(started).charts["body-front"]).toBe(frontChart)
    })

    it.each([
      [new Offline(), "charts:errors.offline", null],
      [new RequestTimeout(), "charts:errors.timeout", null],
      [new NotFound({ message: "gone" }), "charts:errors.notFound", null],
      [new Unauthorized({ message: "expired" }), "charts:errors.signedOut", null],
      [new Forbidden({ message: "no" }), "charts:errors.forbidden", null],
      [new ValidationFailed({ message: "bad", errors: {} }), "charts:errors.invalid", null],
      [new ServerError({ message: "broke", correlationId: "c0ffee" }), "charts:errors.server", "c0ffee"],
      [new Error("defect"), "charts:errors.server", null],
    ])("says why in place when the view fails (%s)", async (error, key, reference) => {
      const started = start({ subject: views(["body-front"]) })
      started.fetchChart.reject(error)
      await waitFor(started.actor, (s) => s.matches("failed"))
      expect(context(started).failure).toEqual({ key, reference })
      expect(started.actor.getSnapshot().hasTag("busy")).toBe(false)
    })

    it("loads the view again on retry and forgets the failure", async () => {
      const started = start({ subject: views(["body-front"]) })
      started.fetchChart.reject(new Offline())
      await waitFor(started.actor, (s) => s.matches("failed"))
      send(started, { type: "chart.retry" })
      expect(started.actor.getSnapshot().value).toBe("loading")
      await loaded(started)
      expect(context(started).failure).toBeNull()
      expect(started.fetchChart.inputs).toHaveLength(2)
    })
  })

  describe("switching views", () => {
    it("loads another offered view when it is selected, and shows a loaded one again without a call", async () => {
      const started = await startReady()
      send(started, { type: "view.select", view: "hand-palm" })
      expect(started.actor.getSnapshot().value).toBe("loading")
      expect(started.fetchChart.inputs.at(-1)).toEqual({ view: "hand-palm" })
      await loaded(started, palmChart)
      expect(context(started)).toMatchObject({ view: "hand-palm", focus: "LU-3:right" })
      send(started, { type: "view.select", view: "body-front" })
      expect(started.actor.getSnapshot().value).toBe("ready")
      expect(context(started)).toMatchObject({ view: "body-front", focus: "LU-1:right" })
      expect(started.fetchChart.inputs).toHaveLength(2)
    })

    it("ignores a view it does not offer and the view already shown", async () => {
      const started = await startReady({ subject: views(["body-front"]) })
      send(started, { type: "view.select", view: "hand-palm" })
      send(started, { type: "view.select", view: "body-front" })
      expect(started.actor.getSnapshot().value).toBe("ready")
      expect(started.fetchChart.inputs).toHaveLength(1)
    })

    it("switches to another view while one is loading, and from a failed one", async () => {
      const started = start({ subject: views(["body-front", "hand-palm"]) })
      send(started, { type: "view.select", view: "hand-palm" })
      expect(started.fetchChart.inputs).toEqual([{ view: "body-front" }, { view: "hand-palm" }])
      started.fetchChart.reject(new Offline())
      await waitFor(started.actor, (s) => s.matches("failed"))
      send(started, { type: "view.select", view: "body-front" })
      expect(started.actor.getSnapshot().value).toBe("loading")
      await loaded(started)
      expect(context(started).view).toBe("body-front")
    })

    it("highlights the page's point on every view that shows it", async () => {
      const started = await startReady({ subject: views(["body-front", "hand-palm"]), highlight: "LU-4" })
      expect(context(started).focus).toBe("LU-4:right")
      send(started, { type: "view.select", view: "hand-palm" })
      await loaded(started, palmChart)
      expect(context(started)).toMatchObject({ highlight: "LU-4", focus: "LU-4:right" })
    })
  })

  describe("moving along a channel", () => {
    it("steps to the next and previous point of the channel on the same side, and stops at its ends", async () => {
      const started = await startReady()
      send(started, { type: "point.step", step: 1 })
      expect(context(started).focus).toBe("LU-2:right")
      send(started, { type: "point.step", step: 1 })
      send(started, { type: "point.step", step: 1 })
      expect(context(started).focus).toBe("LU-4:right")
      send(started, { type: "point.step", step: 1 })
      expect(context(started).focus).toBe("LU-4:right")
      send(started, { type: "point.step", step: -1 })
      expect(context(started).focus).toBe("LU-3:right")
    })

    it("jumps to the channel's first and last point, and to the next and previous channel", async () => {
      const started = await startReady()
      send(started, { type: "point.end", end: "last" })
      expect(context(started).focus).toBe("LU-4:right")
      send(started, { type: "point.end", end: "first" })
      expect(context(started).focus).toBe("LU-1:right")
      send(started, { type: "group.step", step: 1 })
      expect(context(started).focus).toBe("LI-1:right")
      send(started, { type: "group.step", step: 1 })
      expect(context(started).focus).toBe("LI-1:right")
      send(started, { type: "group.step", step: -1 })
      expect(context(started).focus).toBe("LU-1:right")
    })

    it("puts the keyboard on a point the pointer or the list picks, on either side, and ignores unknown ones", async () => {
      const started = await startReady()
      send(started, { type: "point.focus", key: "LU-3:left" })
      expect(context(started).focus).toBe("LU-3:left")
      send(started, { type: "point.step", step: -1 })
      expect(context(started).focus).toBe("LU-2:left")
      send(started, { type: "point.focus", key: "ST-36:left" })
      expect(context(started).focus).toBe("LU-2:left")
    })

    it("pans the zoomed chart just enough to show the point the keyboard moves to", async () => {
      const started = await startReady()
      send(started, { type: "zoom.by", factor: 4, at: [60, 100] })
      const before = context(started).zoom
      send(started, { type: "point.focus", key: "LI-1:right" })
      const after = context(started).zoom
      expect(after.scale).toBe(before.scale)
      expect(after.center).not.toEqual(before.center)
      // LI-1 on the right side is drawn at (20, 260); a quarter of the view is on screen.
      const [x, y, w, h] = [after.center[0] - 25, after.center[1] - 50, 50, 100]
      expect(20).toBeGreaterThan(x)
      expect(20).toBeLessThan(x + w)
      expect(260).toBeGreaterThan(y)
      expect(260).toBeLessThan(y + h)
    })

    it("opens the page of a point, and of no unknown one", async () => {
      const started = await startReady()
      send(started, { type: "point.open", key: "LU-2:left" })
      expect(started.openPoint).toHaveBeenCalledWith({ slug: "lu-2-yunmen" })
      expect(context(started).focus).toBe("LU-2:left")
      send(started, { type: "point.open", key: "ST-36:left" })
      expect(started.openPoint).toHaveBeenCalledTimes(1)
    })
  })

  describe("opening on a point", () => {
    const openPoint = async (code: string, index: ChartIndex, chart: ServedChart) => {
      const started = start({ subject: { kind: "point", code } })
      started.fetchIndex.resolve(index)
      await waitFor(started.actor, (s) => s.matches("loading"))
      return loaded(started, chart)
    }

    it("opens a point's whole-body view on the trunk around it, centred on the point", async () => {
      const started = await openPoint("LU-1", chartIndex, frontChart)
      expect(context(started)).toMatchObject({
        focus: "LU-1:right",
        zoom: { scale: MAX_OPENING_ZOOM, center: [60, 100] },
      })
    })

    it("opens a detailed view whole when nothing crowds the point, and in on it when a neighbour does", async () => {
      expect(context(await openPoint("LU-3", chartIndex, palmChart)).zoom).toEqual({ scale: 1, center: [50, 100] })
      const crowded: ServedChart = {
        ...palmChart,
        points: palmChart.points.map((p) =>
          p.code === "LU-4" ? { ...p, sites: p.sites.map((s) => ({ ...s, x: 50, y: 147 })) } : p,
        ),
      }
      expect(context(await openPoint("LU-3", chartIndex, crowded)).zoom).toEqual({ scale: 2, center: [50, 150] })
    })

    it("shows a point's second view whole (its channel around it), and the best view on the point again", async () => {
      const started = await openPoint(
        "LU-1",
        {
          ...chartIndex,
          points: {
            "LU-1": [
              { view: "body-front", key: "LU-1:right" },
              { view: "hand-palm", key: null },
            ],
          },
        },
        frontChart,
      )
      send(started, { type: "view.select", view: "hand-palm" })
      await loaded(started, palmChart)
      expect(context(started).zoom).toEqual({ scale: 1, center: [50, 100] })
      send(started, { type: "view.select", view: "body-front" })
      expect(context(started).zoom).toEqual({ scale: MAX_OPENING_ZOOM, center: [60, 100] })
    })

    it("zooms in and out centred on the point the keyboard is on, even after panning away", async () => {
      const started = await openPoint("LU-1", chartIndex, frontChart)
      send(started, { type: "pan.by", dx: 1, dy: 1 })
      send(started, { type: "zoom.in" })
      expect(context(started).zoom).toEqual({ scale: MAX_OPENING_ZOOM * ZOOM_STEP, center: [60, 100] })
      send(started, { type: "point.focus", key: "LU-3:right" })
      send(started, { type: "zoom.out" })
      expect(context(started).zoom).toEqual({ scale: MAX_OPENING_ZOOM, center: [40, 150] })
      send(started, { type: "zoom.reset" })
      expect(context(started).zoom).toEqual({ scale: 1, center: [100, 200] })
    })
  })

  describe("highlighting safety flags", () => {
    it("starts without a highlight, or on the one asked for (the explorer's address)", async () => {
      expect(context(await startReady()).safety).toBe("none")
      expect(context(await startReady({ subject: views(["body-front"]), safety: "pregnancy" })).safety).toBe(
        "pregnancy",
      )
    })

    it("changes the highlight on a shown view without loading or moving anything", async () => {
      const started = await startReady()
      send(started, { type: "point.step", step: 1 })
      const before = context(started)
      send(started, { type: "safety.highlight", highlight: "organs" })
      expect(started.actor.getSnapshot().value).toBe("ready")
      expect(context(started)).toEqual({ ...before, safety: "organs" })
      send(started, { type: "safety.highlight", highlight: "none" })
      expect(context(started).safety).toBe("none")
      expect(started.fetchChart.inputs).toHaveLength(1)
    })

    it("ignores the highlight already shown", async () => {
      const started = await startReady({ subject: views(["body-front"]), safety: "depth" })
      const before = started.actor.getSnapshot()
      send(started, { type: "safety.highlight", highlight: "depth" })
      expect(started.actor.getSnapshot().context).toBe(before.context)
    })

    it("keeps the highlight when the view changes, loaded or not", async () => {
      const started = await startReady()
      send(started, { type: "safety.highlight", highlight: "pregnancy" })
      send(started, { type: "view.select", view: "hand-palm" })
      await loaded(started, palmChart)
      expect(context(started)).toMatchObject({ view: "hand-palm", safety: "pregnancy" })
      send(started, { type: "view.select", view: "body-front" })
      expect(context(started)).toMatchObject({ view: "body-front", safety: "pregnancy" })
    })

    it("takes a highlight while the index or a view is loading, and while a view has failed", async () => {
      const locating = start({ subject: { kind: "point", code: "LU-3" } })
      send(locating, { type: "safety.highlight", highlight: "children" })
      expect(locating.actor.getSnapshot().value).toBe("locating")
      expect(context(locating).safety).toBe("children")
      const loading = start({ subject: views(["body-front"]) })
      send(loading, { type: "safety.highlight", highlight: "pregnancy" })
      expect(loading.actor.getSnapshot().value).toBe("loading")
      expect(loading.fetchChart.inputs).toHaveLength(1)
      loading.fetchChart.reject(new Offline())
      await waitFor(loading.actor, (s) => s.matches("failed"))
      send(loading, { type: "safety.highlight", highlight: "organs" })
      expect(loading.actor.getSnapshot().value).toBe("failed")
      expect(context(loading)).toMatchObject({ safety: "organs", failure: { key: "charts:errors.offline" } })
    })
  })

  describe("zoom, pan and mode", () => {
    it("zooms in and out by one step within the limits, and back to the whole drawing", async () => {
      const started = await startReady()
      send(started, { type: "zoom.in" })
      expect(context(started).zoom.scale).toBeCloseTo(ZOOM_STEP)
      for (let i = 0; i < 10; i++) send(started, { type: "zoom.in" })
      expect(context(started).zoom.scale).toBe(MAX_ZOOM)
      send(started, { type: "zoom.out" })
      expect(context(started).zoom.scale).toBeCloseTo(MAX_ZOOM / ZOOM_STEP)
      for (let i = 0; i < 10; i++) send(started, { type: "zoom.out" })
      expect(context(started).zoom.scale).toBe(MIN_ZOOM)
      send(started, { type: "zoom.by", factor: 3, at: [40, 40] })
      send(started, { type: "zoom.reset" })
      expect(context(started).zoom).toEqual({ scale: 1, center: [100, 200] })
    })

    it("zooms around the spot under the pointer and pans within the drawing", async () => {
      const started = await startReady()
      send(started, { type: "zoom.by", factor: 2, at: [50, 100] })
      expect(context(started).zoom).toEqual({ scale: 2, center: [75, 150] })
      send(started, { type: "pan.by", dx: -1, dy: 0 })
      expect(context(started).zoom.center).toEqual([50, 150])
      send(started, { type: "pan.by", dx: 0, dy: 5 })
      expect(context(started).zoom.center).toEqual([50, 300])
      // Not zoomed in, there is nothing to pan.
      send(started, { type: "zoom.reset" })
      send(started, { type: "pan.by", dx: 1, dy: 1 })
      expect(context(started).zoom.center).toEqual([100, 200])
    })

    it("switches between the drawing and the list of its points", async () => {
      const started = await startReady()
      send(started, { type: "mode.set", mode: "list" })
      expect(context(started).mode).toBe("list")
      send(started, { type: "point.step", step: 1 })
      expect(context(started).focus).toBe("LU-2:right")
      send(started, { type: "mode.set", mode: "chart" })
      expect(context(started).mode).toBe("chart")
    })

    it("starts in list mode when asked", async () => {
      const started = await startReady({ subject: views(["body-front"]), mode: "list" })
      expect(context(started).mode).toBe("list")
    })
  })
})
