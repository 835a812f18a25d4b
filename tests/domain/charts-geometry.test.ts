// The chart geometry at its boundaries: plane helpers, cun frames (calibration, wrap, the way back
// from the drawing to cun), resolving placements (mirroring, references, errors), pathways that
// break over long gaps, and moving along a channel or choosing the best view.
import { describe, expect, it } from "vitest"
import { decodeChartView, decodePathways } from "../../src/domain/charts/chart-content.ts"
import {
  alongScale,
  buildFrame,
  ChartDataError,
  offsetOf,
  toCun,
  toView,
} from "../../src/domain/charts/chart-frames.ts"
import {
  distance,
  mirrorPoint,
  type Point2,
  pointAlong,
  pointInPolygon,
  positionAlong,
  smoothPath,
  smoothPolyline,
} from "../../src/domain/charts/chart-geometry.ts"
import { PROPORTIONAL_CUN, standardMeasure } from "../../src/domain/charts/chart-measures.ts"
import {
  bestViews,
  channelSequence,
  nearestPoint,
  pointGroup,
  stepAlongChannel,
  viewsForPoint,
} from "../../src/domain/charts/chart-navigation.ts"
import { chartPathways, MAX_SKIPPED_STOPS } from "../../src/domain/charts/chart-pathways.ts"
import { chartPaths, cunBetween, resolveView, symmetricPoints } from "../../src/domain/charts/chart-resolve.ts"
import type { ChartView, Frame, Placement } from "../../src/domain/charts/chart-schema.ts"

const close = (a: number, b: number, digits = 6) => expect(a).toBeCloseTo(b, digits)
const closeTo = (p: Point2, q: Point2, digits = 6) => {
  close(p[0], q[0], digits)
  close(p[1], q[1], digits)
}

describe("plane geometry", () => {
  it("mirrors across a vertical midline", () => {
    expect(mirrorPoint([90, 10], 100)).toEqual([110, 10])
    expect(mirrorPoint(mirrorPoint([37, 5], 100), 100)).toEqual([37, 5])
  })

  it("tells inside from outside a polygon, edges counting as inside", () => {
    const square: ReadonlyArray<Point2> = [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
    ]
    expect(pointInPolygon([5, 5], square)).toBe(true)
    expect(pointInPolygon([10, 5], square)).toBe(true)
    expect(pointInPolygon([10.01, 5], square)).toBe(false)
    expect(pointInPolygon([-1, -1], square)).toBe(false)
  })

  it("measures how far along a course a point projects, and finds the point at a fraction", () => {
    const course: ReadonlyArray<Point2> = [
      [0, 0],
      [0, 10],
      [10, 10],
    ]
    expect(positionAlong(course, [1, 4])).toBe(4)
    expect(positionAlong(course, [6, 12])).toBe(16)
    expect(pointAlong(course, 0.5)).toEqual([0, 10])
    expect(pointAlong(course, 0.75)).toEqual([5, 10])
  })

  it("draws a smooth curve that passes through every given point", () => {
    const points: ReadonlyArray<Point2> = [
      [0, 0],
      [10, 5],
      [20, 0],
      [30, 8],
    ]
    const d = smoothPath(points)
    expect(d.startsWith("M0 0C")).toBe(true)
    for (const [x, y] of points.slice(1)) expect(d).toContain(` ${x} ${y}`)
    const line = smoothPolyline(points, false, 4)
    expect(line).toHaveLength(13)
    closeTo(line[4]!, [10, 5])
    expect(smoothPath(points, true).endsWith("Z")).toBe(true)
  })

  it("draws an open symmetric half from its outer end through the midline, whichever way it is listed", () => {
    const half: ReadonlyArray<Point2> = [
      [100, 0],
      [80, 10],
    ]
    const expected = [
      [80, 10],
      [100, 0],
      [120, 10],
    ]
    expect(symmetricPoints(half, 100, false)).toEqual(expected)
    expect(symmetricPoints([...half].reverse(), 100, false)).toEqual(expected)
  })

  it("joins a symmetric half with its mirror image, the midline points drawn once", () => {
    expect(
      symmetricPoints(
        [
          [100, 0],
          [80, 10],
          [100, 20],
        ],
        100,
        true,
      ),
    ).toEqual([
      [100, 0],
      [80, 10],
      [100, 20],
      [120, 10],
    ])
  })
})

const landmarks: Record<string, Point2> = {
  elbow: [100, 100],
  wrist: [100, 340],
  a: [60, 0],
  b: [140, 0],
  knee: [0, 0],
  mid: [0, 100],
  ankle: [0, 400],
}
const landmark = (name: string) => landmarks[name]!
const forearm: Frame = {
  id: "forearm",
  stations: [
    { at: "elbow", cun: 0 },
    { at: "wrist", cun: 12 },
  ],
  along: ["proximal", "distal"],
  across: ["ulnar", "radial"],
  width: { ratio: 1 },
}

describe("cun frames", () => {
  it("calibrates a segment by its standard measure: 12 cun from elbow to wrist", () => {
    const f = buildFrame(forearm, landmark, null)
    expect(alongScale(f, 6)).toBe(20)
    expect(toView(f, { along: 12, across: 0 })).toEqual([100, 340])
    // Walking down the screen, the right-hand side is the screen's left.
    expect(toView(f, { along: 0, across: 1 })).toEqual([80, 100])
  })

  it("uses a different scale on each stretch between stations, extrapolating past the ends", () => {
    const leg: Frame = {
      ...forearm,
      id: "leg",
      stations: [
        { at: "knee", cun: 0 },
        { at: "mid", cun: 10 },
        { at: "ankle", cun: 16 },
      ],
    }
    const f = buildFrame(leg, landmark, null)
    expect(alongScale(f, 5)).toBe(10)
    expect(alongScale(f, 13)).toBe(50)
    closeTo(toView(f, { along: 13, across: 0 }), [0, 250])
    closeTo(toView(f, { along: 17, across: 0 }), [0, 450])
    closeTo(toView(f, { along: -1, across: 0 }), [0, -10])
  })

  it("takes the scale across from two landmarks, or a landmark and its mirror image", () => {
    const between = buildFrame({ ...forearm, width: { between: ["a", "b"], cun: 8 } }, landmark, null)
    expect(between.width).toBe(10)
    const mirrored = buildFrame({ ...forearm, width: { mirrored: "a", cun: 8 } }, landmark, 100)
    expect(mirrored.width).toBe(10)
    expect(() => buildFrame({ ...forearm, width: { mirrored: "a", cun: 8 } }, landmark, null)).toThrow(ChartDataError)
  })

  it("reads a drawn position back in cun, on every kind of frame", () => {
    const frames = [
      forearm,
      { ...forearm, wrap: { radius: 3, seen: "face-on" as const } },
      { ...forearm, wrap: { radius: 3, seen: "edge-on" as const } },
    ]
    for (const frame of frames) {
      const f = buildFrame(frame, landmark, null)
      for (const at of [
        { along: 3, across: 1.2 },
        { along: 11.5, across: 2.5 },
        { along: -2, across: 0.4 },
      ]) {
        const back = toCun(f, toView(f, at))
        close(back.along, at.along, 4)
        close(back.across, at.across, 4)
      }
    }
  })

  it("shrinks offsets on a surface curving away: face-on by the sine, edge-on as an inset", () => {
    const faceOn = buildFrame({ ...forearm, wrap: { radius: 2, seen: "face-on" } }, landmark, null)
    close(toView(faceOn, { along: 0, across: Math.PI })[0], 100 - 2 * 20)
    const edgeOn = buildFrame({ ...forearm, wrap: { radius: 2, seen: "edge-on" } }, landmark, null)
    close(toView(edgeOn, { along: 0, across: Math.PI })[0], 100 - 2 * 20)
    close(toView(edgeOn, { along: 0, across: -Math.PI })[0], 100 - 2 * 20)
    expect(toView(edgeOn, { along: 0, across: 0 })).toEqual([100, 100])
  })

  it("turns direction words into signed cun and refuses words the frame does not use", () => {
    const f = buildFrame(forearm, landmark, null)
    expect(offsetOf(f, { proximal: 2, radial: 1 }, "x")).toEqual({ along: -2, across: 1 })
    expect(offsetOf(f, { distal: 3, ulnar: 0.5 }, "x")).toEqual({ along: 3, across: -0.5 })
    expect(() => offsetOf(f, { lateral: 1 }, "x")).toThrow(/not a direction of frame forearm/)
  })

  it("rejects stations that go back and forth or coincide", () => {
    const bad: Frame = {
      ...forearm,
      stations: [
        { at: "knee", cun: 0 },
        { at: "mid", cun: 10 },
        { at: "ankle", cun: 5 },
      ],
    }
    expect(() => buildFrame(bad, landmark, null)).toThrow(ChartDataError)
  })
})

describe("standard proportional measures", () => {
  it("holds the classic measures of the location texts", () => {
    expect(standardMeasure("wrist-crease", "elbow-crease")?.cun).toBe(12)
    expect(standardMeasure("arm-fold-level", "elbow-crease")?.cun).toBe(9)
    expect(standardMeasure("knee-line", "ankle-line")?.cun).toBe(16)
    expect(standardMeasure("nipple", "mirrored")?.cun).toBe(8)
    expect(standardMeasure("xiphisternal", "umbilicus")?.cun).toBe(8)
    expect(standardMeasure("umbilicus", "pubis")?.cun).toBe(5)
    expect(standardMeasure("hairline-front", "hairline-back")?.cun).toBe(12)
    expect(standardMeasure("scapula-medial-border", "mirrored")?.cun).toBe(6)
    expect(standardMeasure("wrist-crease", "knee-line")).toBeUndefined()
    expect(new Set(PROPORTIONAL_CUN.map((m) => `${m.from}>${m.to}`)).size).toBe(PROPORTIONAL_CUN.length)
  })
})

/** A small two-sided view: a trunk 10 cun tall with two channels and a midline vessel. */
const place = (p: Omit<Placement, "frame"> & { frame?: string }): Placement => ({ frame: "trunk", ...p }) as Placement
const testView = (points: ReadonlyArray<Placement>): ChartView => ({
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
  landmarks: { top: [100, 20], bottom: [100, 220], nipple: [60, 60] },
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
  regions: [
    {
      area: "chest",
      frame: "trunk",
      polygon: [
        [0, -1],
        [0, 1],
        [5, 1],
        [5, -1],
      ],
      mirror: true,
    },
  ],
  points,
})

describe("resolving a view", () => {
  const view = testView([
    place({ code: "CV-1", at: "top", down: 1, unpaired: true }),
    place({ code: "CV-2", at: "CV-1", down: 2, unpaired: true }),
    place({ code: "KI-1", at: "CV-1", lateral: 0.5 }),
    place({ code: "KI-2", on: ["CV-1", "CV-2"], t: 0.5, lateral: 0.5 }),
    place({ code: "KI-3", at: "nipple" }),
    place({ code: "EX-B2", site: "a", at: "top", lateral: 0.5 }),
    place({ code: "EX-B2", site: "b", at: "EX-B2#a", down: 1 }),
    place({ code: "EX-HN12", at: "top", down: 5, lateral: 1, unpaired: true }),
  ])
  const resolved = resolveView(view)
  const at = (key: string) => resolved.points.find((p) => p.key === key)

  it("places points in cun from landmarks and from other points, and mirrors paired points", () => {
    expect(at("CV-1")?.position).toEqual([100, 40])
    expect(at("CV-2")?.position).toEqual([100, 80])
    closeTo(at("KI-1:right")!.position, [95, 40])
    closeTo(at("KI-1:left")!.position, [105, 40])
    closeTo(at("KI-2:right")!.position, [95, 60])
    closeTo(at("KI-3:right")!.position, [60, 60])
    closeTo(at("EX-B2#b:left")!.position, [105, 40])
    expect(resolved.points.filter((p) => p.code === "KI-1").map((p) => p.mirrored)).toEqual([false, true])
  })

  it("gives unpaired points their side from where they lie", () => {
    expect(at("CV-1")?.side).toBe("midline")
    // Drawn left of the midline on a front view: the patient's right.
    expect(at("EX-HN12:right")?.side).toBe("right")
  })

  it("measures cun between two points back off the drawing", () => {
    const m = cunBetween(resolved, "trunk", at("CV-1")!, at("CV-2")!)
    close(m.along, 2)
    close(m.across, 0)
    close(cunBetween(resolved, "trunk", at("CV-1")!, at("KI-1:left")!).across, 0.5)
  })

  it("turns regions given in cun into polygons on both sides", () => {
    expect(resolved.regions).toHaveLength(2)
    expect(pointInPolygon(at("KI-1:right")!.position, resolved.regions[0]!.polygon)).toBe(true)
    expect(pointInPolygon(at("KI-1:left")!.position, resolved.regions[1]!.polygon)).toBe(true)
  })

  it("draws symmetric strokes as one closed path", () => {
    const paths = chartPaths(view)
    expect(paths).toHaveLength(1)
    expect(paths[0]!.d.endsWith("Z")).toBe(true)
    expect(paths[0]!.d).toContain("160 100")
  })

  it("stops on unknown landmarks, unplaced references, loops and duplicates", () => {
    expect(() => resolveView(testView([place({ code: "KI-1", at: "nowhere" })]))).toThrow(/unknown landmark/)
    expect(() => resolveView(testView([place({ code: "KI-1", at: "KI-9" })]))).toThrow(/not placed/)
    expect(() =>
      resolveView(testView([place({ code: "KI-1", at: "KI-2" }), place({ code: "KI-2", at: "KI-1" })])),
    ).toThrow(/relative to itself/)
    expect(() => resolveView(testView([place({ code: "KI-1" }), place({ code: "KI-1" })]))).toThrow(/placed twice/)
    expect(() => resolveView(testView([place({ code: "KI-1", frame: "leg" })]))).toThrow(/unknown frame/)
    expect(() => resolveView(testView([place({ code: "KI-1", radial: 1 })]))).toThrow(/not a direction/)
  })
})

describe("pathways", () => {
  const chain = (n: number, skip: ReadonlyArray<number>) =>
    testView(
      Array.from({ length: n }, (_, i) => i + 1)
        .filter((i) => !skip.includes(i))
        .map((i) => place({ code: `KI-${i}`, at: "top", down: i * 0.5, lateral: 1 })),
    )
  const strokes = [Array.from({ length: 9 }, (_, i) => `KI-${i + 1}`)]

  it("draws a channel through its points on each side, skipping a short gap", () => {
    const drawn = chartPathways(resolveView(chain(9, [4, 5])), [{ id: "KI", kind: "channel", strokes }])
    expect(drawn.map((p) => [p.side, p.stops.length])).toEqual([
      ["right", 7],
      ["left", 7],
    ])
  })

  it("breaks the line where more than MAX_SKIPPED_STOPS points in a row are missing", () => {
    const skip = Array.from({ length: MAX_SKIPPED_STOPS + 1 }, (_, i) => i + 3)
    const drawn = chartPathways(resolveView(chain(9, skip)), [{ id: "KI", kind: "channel", strokes }])
    expect(drawn.filter((p) => p.side === "right").map((p) => p.stops.map((s) => s.code))).toEqual([
      ["KI-1", "KI-2"],
      ["KI-6", "KI-7", "KI-8", "KI-9"],
    ])
  })

  it("draws a midline vessel once", () => {
    const view = testView([
      place({ code: "CV-1", at: "top", unpaired: true }),
      place({ code: "CV-2", at: "top", down: 1, unpaired: true }),
    ])
    const drawn = chartPathways(resolveView(view), [{ id: "ren", kind: "vessel", strokes: [["CV-1", "CV-2"]] }])
    expect(drawn.map((p) => p.side)).toEqual(["midline"])
  })
})

describe("moving around a chart", () => {
  const view = testView([
    place({ code: "KI-3", at: "top", down: 3, lateral: 1 }),
    place({ code: "KI-1", at: "top", down: 1, lateral: 1 }),
    place({ code: "KI-2", at: "top", down: 2, lateral: 1 }),
    place({ code: "CV-4", at: "top", down: 4, unpaired: true }),
    place({ code: "EX-B2", site: "t1", at: "top", down: 1, lateral: 0.5 }),
    place({ code: "EX-B2", site: "t2", at: "top", down: 2, lateral: 0.5 }),
  ])
  const resolved = resolveView(view)

  it("reads the channel and number of a code", () => {
    expect(pointGroup("LU-9")).toEqual({ group: "LU", number: 9 })
    expect(pointGroup("EX-HN3")).toEqual({ group: "EX-HN", number: 3 })
  })

  it("steps to the next and previous point of the channel on the same side", () => {
    expect(stepAlongChannel(resolved, "KI-1:left", 1)?.key).toBe("KI-2:left")
    expect(stepAlongChannel(resolved, "KI-2:left", 1)?.key).toBe("KI-3:left")
    expect(stepAlongChannel(resolved, "KI-2:right", -1)?.key).toBe("KI-1:right")
    expect(stepAlongChannel(resolved, "KI-3:right", 1)).toBeUndefined()
    expect(stepAlongChannel(resolved, "KI-1:right", -1)).toBeUndefined()
    expect(stepAlongChannel(resolved, "nothing", 1)).toBeUndefined()
  })

  it("steps through the sites of a multi-site point in file order", () => {
    const first = resolved.points.find((p) => p.key === "EX-B2#t1:right")!
    expect(channelSequence(resolved, first).map((p) => p.key)).toEqual(["EX-B2#t1:right", "EX-B2#t2:right"])
  })

  it("finds the point nearest to a spot", () => {
    const hit = nearestPoint(resolved, [109, 41])
    expect(hit?.point.key).toBe("KI-1:left")
    expect(hit?.distance).toBeCloseTo(distance([109, 41], hit!.point.position))
  })

  it("ranks the views that show a point by detail and pairs a detailed view with a whole-body one", () => {
    const body = resolveView(view)
    const detail = resolveView({ ...view, id: "foot-inner", viewBox: [0, 0, 100, 150] })
    expect(bestViews([body, detail], "KI-1").map((v) => v.view)).toEqual(["foot-inner", "body-front"])
    expect(viewsForPoint([body, detail], "KI-1").map((v) => v.view)).toEqual(["foot-inner", "body-front"])
    expect(viewsForPoint([body], "KI-1")).toEqual([{ view: "body-front", key: "KI-1:right" }])
    expect(viewsForPoint([body], "LU-1")).toEqual([])
  })
})

describe("decoding chart files", () => {
  it("accepts a valid view and names a broken one in the error", () => {
    const view = testView([place({ code: "KI-1", at: "top" })])
    expect(decodeChartView(JSON.parse(JSON.stringify(view))).id).toBe("body-front")
    expect(() => decodeChartView({ ...view, nearSide: "middle" }, "charts/body-front.json")).toThrow(
      /charts\/body-front.json does not match/,
    )
    expect(() => decodeChartView({ ...view, points: [{ code: "LU-99x", frame: "trunk" }] })).toThrow(ChartDataError)
  })

  it("decodes the pathways and refuses an unknown channel", () => {
    expect(decodePathways({ pathways: [{ id: "LU", kind: "channel", strokes: [["LU-1", "LU-2"]] }] })).toHaveLength(1)
    expect(() => decodePathways({ pathways: [{ id: "XX", kind: "channel", strokes: [["LU-1", "LU-2"]] }] })).toThrow(
      /pathways.json does not match/,
    )
  })
})
