// A view's bends: the course between two consecutive points passes through the spots the view
// gives for them (round the armpit, down the side of the neck), either way round, mirrored on the
// far side of a view that shows both; a bend that names a point the view does not place is refused.
import { describe, expect, it } from "vitest"
import { ChartDataError } from "../../src/domain/charts/chart-frames.ts"
import { chartPathways, courseKnots } from "../../src/domain/charts/chart-pathways.ts"
import { resolveView } from "../../src/domain/charts/chart-resolve.ts"
import type { Bend, ChartView, Pathway } from "../../src/domain/charts/chart-schema.ts"

const view = (bends: ReadonlyArray<Bend>): ChartView => ({
  id: "body-front",
  title: { en: "t", de: "t", es: "t" },
  description: { en: "d", de: "d", es: "d" },
  viewBox: [0, 0, 200, 300],
  nearSide: "right",
  midline: 100,
  strokes: [
    {
      kind: "outline",
      points: [
        [100, 0],
        [40, 100],
        [100, 200],
      ],
      symmetric: true,
      closed: true,
    },
  ],
  landmarks: { top: [100, 20], bottom: [100, 220], nipple: [60, 60], armpit: [50, 70] },
  frames: [
    {
      id: "trunk",
      stations: [
        { at: "top", cun: 0 },
        { at: "bottom", cun: 10 },
      ],
      along: ["up", "down"],
      across: ["medial", "lateral"],
      width: { mirrored: "nipple", cun: 8 },
    },
  ],
  regions: [],
  points: [
    { code: "PC-1", frame: "trunk", at: "top", down: 2, lateral: 1 },
    { code: "PC-2", frame: "trunk", at: "top", down: 6, lateral: 2 },
    { code: "PC-3", frame: "trunk", at: "top", down: 8, lateral: 2 },
  ],
  bends,
})
const pc: ReadonlyArray<Pathway> = [{ id: "PC", kind: "channel", strokes: [["PC-1", "PC-2", "PC-3"]] }]

describe("bends", () => {
  it("passes the course through the view's spots between the two points, mirrored on the far side", () => {
    const resolved = resolveView(view([{ from: "PC-1", to: "PC-2", via: ["armpit", [55, 90]] }]))
    const [near, far] = chartPathways(resolved, pc)
    expect(near?.side).toBe("right")
    const knots = courseKnots(resolved, near!.stops, near!.side)
    expect(knots.knots.slice(1, 3)).toEqual([
      [50, 70],
      [55, 90],
    ])
    expect(knots.stopAt).toEqual([0, 3, 4])
    expect(courseKnots(resolved, far!.stops, far!.side).knots.slice(1, 3)).toEqual([
      [150, 70],
      [145, 90],
    ])
    expect(near?.d).toContain("50 70")
  })

  it("takes a bend given the other way round in reverse", () => {
    const resolved = resolveView(view([{ from: "PC-2", to: "PC-1", via: ["armpit", [55, 90]] }]))
    const [near] = chartPathways(resolved, pc)
    expect(courseKnots(resolved, near!.stops, near!.side).knots.slice(1, 3)).toEqual([
      [55, 90],
      [50, 70],
    ])
  })

  it("refuses a bend at a point the view does not place, or one given twice", () => {
    expect(() => resolveView(view([{ from: "PC-1", to: "PC-9", via: [[1, 1]] }]))).toThrow(ChartDataError)
    expect(() =>
      resolveView(
        view([
          { from: "PC-1", to: "PC-2", via: [[1, 1]] },
          { from: "PC-2", to: "PC-1", via: [[2, 2]] },
        ]),
      ),
    ).toThrow(/given twice/)
    expect(() => resolveView(view([{ from: "PC-1", to: "PC-2", via: ["nowhere"] }]))).toThrow(/unknown landmark/)
  })
})
