// The rules the chart on screen follows: zoom limits and panning inside the drawing, labels that
// never overlap each other or a dot, and the positions offered when asking where a point is.
import { describe, expect, it } from "vitest"
import { type Box, boxesOverlap, layoutLabels } from "../../src/domain/charts/chart-labels.ts"
import {
  MIN_CHOICE_GAP,
  PRACTICE_CHOICES,
  practiceQuestion,
  seededRandom,
} from "../../src/domain/charts/chart-practice.ts"
import {
  CLEAR_SHARE,
  clampZoom,
  fitPoints,
  MAX_OPENING_ZOOM,
  MAX_ZOOM,
  MIN_ZOOM,
  openingZoom,
  panBy,
  revealPoint,
  type ViewBox,
  visibleBox,
  zoomBy,
  zoomOn,
} from "../../src/domain/charts/chart-zoom.ts"

const box: ViewBox = [0, 0, 200, 400]

describe("chart zoom", () => {
  it("keeps the scale between the limits", () => {
    expect(zoomBy({ scale: 1, center: [100, 200] }, box, 1 / 3).scale).toBe(MIN_ZOOM)
    expect(zoomBy({ scale: 6, center: [100, 200] }, box, 3).scale).toBe(MAX_ZOOM)
  })

  it("keeps what is shown on the drawing", () => {
    const z = clampZoom({ scale: 2, center: [0, 0] }, box)
    expect(visibleBox(z, box)).toEqual([0, 0, 100, 200])
    expect(visibleBox(panBy(z, box, 10, 10), box)).toEqual([100, 200, 100, 200])
  })

  it("keeps the spot under the pointer where it is", () => {
    const before = { scale: 2, center: [100, 200] } as const
    const at = [80, 150] as const
    const after = zoomBy(before, box, 2, at)
    const [x0, y0, w0, h0] = visibleBox(before, box)
    const [x1, y1, w1, h1] = visibleBox(after, box)
    expect((at[0] - x1) / w1).toBeCloseTo((at[0] - x0) / w0)
    expect((at[1] - y1) / h1).toBeCloseTo((at[1] - y0) / h0)
  })

  it("moves no more than needed to reveal a point, and not at all for one on screen", () => {
    const z = { scale: 4, center: [100, 200] } as const
    expect(revealPoint(z, box, [100, 200])).toEqual(z)
    const moved = revealPoint(z, box, [160, 200])
    const [x, , w] = visibleBox(moved, box)
    expect(160).toBeLessThan(x + w)
    expect(moved.center[1]).toBe(200)
  })

  it("opens a point's view whole when no dot crowds it, else on the point, as far in as its nearest neighbour needs", () => {
    const at = [100, 200] as const
    const clear = CLEAR_SHARE * 400
    expect(openingZoom(box, at, [[100, 200 + clear]])).toEqual({ scale: 1, center: [100, 200] })
    expect(
      openingZoom(box, at, [
        [100, 200 + clear / 2],
        [100, 100],
      ]),
    ).toEqual({ scale: 2, center: [100, 200] })
    // Dots at the same spot (the sites of one place) are not parted by any zoom: they do not count.
    expect(openingZoom(box, at, [[100, 200.4]]).scale).toBe(1)
    // No further in than a point with its surroundings, and at least as far as asked (a whole-body view).
    expect(openingZoom(box, at, [[100, 201.5]]).scale).toBe(MAX_OPENING_ZOOM)
    expect(openingZoom(box, at, [], 2)).toEqual({ scale: 2, center: [100, 200] })
    // Near the edge the centre stays where the drawing still fills the screen.
    expect(openingZoom(box, [10, 10], [[10, 12]])).toEqual({ scale: MAX_OPENING_ZOOM, center: [100 / 3, 200 / 3] })
  })

  it("zooms on a point: centred on it at the new scale, within the drawing", () => {
    expect(zoomOn({ scale: 2, center: [50, 50] }, box, 1.5, [100, 250])).toEqual({ scale: 3, center: [100, 250] })
    expect(zoomOn({ scale: 6, center: [50, 50] }, box, 2, [100, 250]).scale).toBe(MAX_ZOOM)
    expect(zoomOn({ scale: 2, center: [50, 50] }, box, 1 / 4, [100, 250])).toEqual({ scale: 1, center: [100, 200] })
  })

  it("fits a group of points with room around them", () => {
    const z = fitPoints(box, [
      [90, 190],
      [110, 210],
    ])
    const [x, y, w, h] = visibleBox(z, box)
    expect(x).toBeLessThan(90)
    expect(y).toBeLessThan(190)
    expect(x + w).toBeGreaterThan(110)
    expect(y + h).toBeGreaterThan(210)
    expect(z.scale).toBeGreaterThan(1)
  })
})

describe("chart labels", () => {
  const metrics = { fontSize: 10, charWidth: 0.6, dotRadius: 3 }
  const bounds: Box = { x: 0, y: 0, w: 400, h: 400 }

  it("never overlaps two labels or a label and a dot, dropping what does not fit", () => {
    // A dense cluster: 40 points 4 units apart.
    const dots = Array.from({ length: 40 }, (_, i) => [100 + (i % 8) * 4, 100 + Math.floor(i / 8) * 4] as const)
    const wishes = dots.map((at, i) => ({ id: `p${i}`, at, text: `LU-${i}` }))
    const placed = layoutLabels(wishes, metrics, dots, bounds)
    expect(placed.length).toBeGreaterThan(0)
    expect(placed.length).toBeLessThan(wishes.length)
    for (const [i, a] of placed.entries()) {
      for (const b of placed.slice(i + 1)) expect(boxesOverlap(a.box, b.box)).toBe(false)
      for (const d of dots) expect(boxesOverlap(a.box, { x: d[0] - 3, y: d[1] - 3, w: 6, h: 6 })).toBe(false)
      expect(a.box.x).toBeGreaterThanOrEqual(0)
    }
  })

  it("places the most important label first, beside its point", () => {
    const dots = [
      [200, 200],
      [206, 200],
    ] as const
    const placed = layoutLabels(
      [
        { id: "highlight", at: dots[0], text: "ST-36" },
        { id: "other", at: dots[1], text: "ST-37" },
      ],
      metrics,
      dots,
      bounds,
    )
    expect(placed[0]!.id).toBe("highlight")
    expect(Math.abs(placed[0]!.box.y + placed[0]!.box.h / 2 - 200)).toBeLessThan(12)
  })

  it("always places a required label (the page's point), however crowded: further out, else over other dots", () => {
    const dots = Array.from({ length: 400 }, (_, i) => [(i % 20) * 20 + 10, Math.floor(i / 20) * 20 + 10] as const)
    const at = dots[210]!
    const wishes = [
      { id: "page", at, text: "CV-12 Zhōngwǎn", required: true },
      { id: "other", at: dots[211]!, text: "KI-19" },
    ]
    expect(layoutLabels(wishes.slice(1), metrics, dots, bounds)).toEqual([])
    const [label, ...rest] = layoutLabels(wishes, metrics, dots, bounds)
    expect(label!.id).toBe("page")
    expect(rest).toEqual([])
    expect(boxesOverlap(label!.box, { x: at[0] - 3, y: at[1] - 3, w: 6, h: 6 })).toBe(false)
    expect(label!.box.x).toBeGreaterThanOrEqual(0)
    expect(label!.box.x + label!.box.w).toBeLessThanOrEqual(400)
    // With room near it, it sits beside its point like any other label.
    const alone = layoutLabels([wishes[0]!], metrics, [at], bounds)[0]!
    expect(alone.leader).toBe(false)
  })

  it("keeps labels inside what is on screen", () => {
    const placed = layoutLabels([{ id: "edge", at: [398, 5], text: "LI-20" }], metrics, [[398, 5]], bounds)
    expect(placed).toHaveLength(1)
    const [label] = placed
    expect(label!.box.x + label!.box.w).toBeLessThanOrEqual(400)
    expect(label!.box.y).toBeGreaterThanOrEqual(0)
  })
})

describe("where-is questions", () => {
  const sites = Array.from({ length: 30 }, (_, i) => ({
    key: `P-${i}`,
    code: `P-${i}`,
    position: [(i % 6) * 30 + 10, Math.floor(i / 6) * 30 + 10] as const,
  }))

  it("offers the point and others near it, apart from each other, lettered in reading order", () => {
    const q = practiceQuestion(sites, "P-14", 400, seededRandom(3))!
    expect(q.candidates).toHaveLength(PRACTICE_CHOICES)
    expect(q.candidates.map((c) => c.id)).toEqual(["A", "B", "C", "D", "E"])
    expect(q.candidates.find((c) => c.id === q.answer)!.position).toEqual([70, 70])
    for (const [i, a] of q.candidates.entries())
      for (const b of q.candidates.slice(i + 1))
        expect(Math.hypot(a.position[0] - b.position[0], a.position[1] - b.position[1])).toBeGreaterThanOrEqual(
          MIN_CHOICE_GAP * 400,
        )
    const ys = q.candidates.map((c) => c.position[1])
    expect([...ys].sort((a, b) => a - b)).toEqual(ys)
  })

  it("is repeatable for a seed and varies between seeds", () => {
    const a = practiceQuestion(sites, "P-14", 400, seededRandom(1))
    expect(practiceQuestion(sites, "P-14", 400, seededRandom(1))).toEqual(a)
    const others = [2, 3, 4, 5, 6].map((seed) => practiceQuestion(sites, "P-14", 400, seededRandom(seed)))
    expect(others.some((o) => JSON.stringify(o) !== JSON.stringify(a))).toBe(true)
  })

  it("asks nothing about a point the view does not show", () => {
    expect(practiceQuestion(sites, "ST-36", 400, seededRandom(1))).toBeUndefined()
  })
})
