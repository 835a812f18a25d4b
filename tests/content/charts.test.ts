// The body charts over all their data: every file decodes and resolves, every point is drawn,
// midline points lie on the midline, paired points mirror each other, points lie on the body and
// inside the regions of their body areas, frames use the standard proportional cun, distances the
// location texts give hold on the drawing, and channels run in order along their courses.
import { gzipSync } from "node:zlib"
import { describe, expect, it } from "vitest"
import { loadContent } from "../../server/content/load-content.ts"
import { alongScale } from "../../src/domain/charts/chart-frames.ts"
import { CHART_VIEW_IDS, MAX_VIEW_GZIP_BYTES } from "../../src/domain/charts/chart-ids.ts"
import { standardMeasure } from "../../src/domain/charts/chart-measures.ts"
import { pointGroup, stepAlongChannel, viewsForPoint } from "../../src/domain/charts/chart-navigation.ts"
import { chartPathways } from "../../src/domain/charts/chart-pathways.ts"
import { resolveView } from "../../src/domain/charts/chart-resolve.ts"
import { chartFileName, PATHWAYS_FILE, type Placement } from "../../src/domain/charts/chart-schema.ts"
import { CHANNEL_CODES, POINT_COUNTS } from "../../src/domain/content/content-schema.ts"
import {
  type CourseLeg,
  chartFilesOnDisk,
  courseProblems,
  distanceProblems,
  limbOrderProblems,
  loadChartViews,
  loadPathways,
  midlineProblems,
  mirrorProblems,
  placementPairs,
  pointsOffTheBody,
  proportionProblems,
  readChartJson,
  regionProblems,
} from "./chart-helpers.ts"
import { TEXT_PAIRS } from "./chart-pairs.ts"
import { allPoints, standardPoints } from "./content-helpers.ts"

const content = loadContent()
const views = loadChartViews()
const resolved = views.map(resolveView)
const pathways = loadPathways()
const areasOf = new Map(allPoints(content).map((p) => [p.code, p.bodyAreas]))
const isMidline = (code: string) => code.startsWith("CV-") || code.startsWith("GV-")
const byView = (id: string) => resolved.find((r) => r.view.id === id)

/** Points inside the mouth or a nostril: drawn where they are, within the outline of the lips or nose. */
const INSIDE_AN_OPENING = new Set(["EX-HN9", "EX-HN10", "EX-HN11", "EX-HN12", "EX-HN13", "GV-28"])

/** Where a channel's course turns back on itself on a limb. */
const LIMB_TURNS: ReadonlySet<string> = new Set([
  "KI-3>KI-4",
  "KI-4>KI-5",
  "KI-5>KI-6",
  "ST-39>ST-40",
  "BL-39>BL-40",
  "GB-30>GB-31",
  "BL-60>BL-61",
  "BL-61>BL-62",
])

const range = (channel: string, from: number, to: number) =>
  Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => `${channel}-${from < to ? from + i : from - i}`)

const COURSE_LEGS: ReadonlyArray<CourseLeg> = [
  { view: "body-front", codes: range("CV", 1, 22), direction: "up" },
  { view: "body-front", codes: range("KI", 11, 27), direction: "up" },
  { view: "body-front", codes: range("ST", 12, 30).filter((c) => c !== "ST-12"), direction: "down" },
  { view: "body-front", codes: range("SP", 12, 20).filter((c) => c !== "SP-12"), direction: "up" },
  { view: "body-front", codes: ["LU-1", "LU-2"], direction: "up" },
  { view: "body-front", codes: ["LR-12", "LR-13", "LR-14"], direction: "up" },
  { view: "body-front", codes: range("ST", 5, 8), direction: "up" },
  { view: "body-front", codes: range("ST", 9, 11), direction: "down" },
  { view: "body-back", codes: range("GV", 1, 20), direction: "up" },
  { view: "body-back", codes: range("BL", 11, 30), direction: "down" },
  { view: "body-back", codes: range("BL", 31, 34), direction: "down" },
  { view: "body-back", codes: range("BL", 41, 54), direction: "down" },
  { view: "body-back", codes: range("BL", 36, 40), direction: "down" },
  { view: "body-back", codes: range("BL", 55, 60), direction: "down" },
  { view: "body-side", codes: range("GB", 22, 30).filter((c) => c !== "GB-23"), direction: "down" },
  { view: "head-front", codes: range("GV", 27, 20), direction: "up" },
  { view: "head-side", codes: ["GV-16", "GV-17", "GV-18", "GV-19", "GV-20"], direction: "up" },
  { view: "head-side", codes: range("GB", 15, 18), direction: "left" },
  { view: "head-side", codes: range("BL", 3, 8), direction: "left" },
]

describe("chart files", () => {
  it("holds only view files and the pathways", () => {
    const known = new Set([...CHART_VIEW_IDS.map((id) => chartFileName(id)), PATHWAYS_FILE])
    expect(chartFilesOnDisk().filter((f) => !known.has(`charts/${f}`))).toEqual([])
  })

  it.each(views.map((v) => [v.id, v] as const))("%s is named after its id and resolves", (id, view) => {
    expect(view.id).toBe(id)
    expect(() => resolveView(view)).not.toThrow()
  })

  it.each(views.map((v) => v.id))("%s is at most 60 KB gzipped", (id) => {
    const bytes = gzipSync(JSON.stringify(readChartJson(chartFileName(id)))).length
    expect(bytes).toBeLessThanOrEqual(MAX_VIEW_GZIP_BYTES)
  })
})

describe("coverage", () => {
  const placed = new Set(resolved.flatMap((r) => r.points.map((p) => p.code)))

  it("has a file for every view", () => {
    expect(views.map((v) => v.id)).toEqual([...CHART_VIEW_IDS])
  })

  it("draws all 361 standard points on at least one view", () => {
    expect(
      standardPoints(content)
        .filter((p) => !placed.has(p.code))
        .map((p) => p.code),
    ).toEqual([])
  })

  it("draws all 48 extra points on at least one view", () => {
    expect(content.extraPoints).toHaveLength(48)
    expect(content.extraPoints.filter((p) => !placed.has(p.code)).map((p) => p.code)).toEqual([])
  })

  it("places only points of the knowledge base", () => {
    expect([...placed].filter((code) => !areasOf.has(code))).toEqual([])
  })

  it("draws every channel's pathway through all of its points, on some view", () => {
    for (const code of CHANNEL_CODES) {
      const drawn = new Set(
        resolved.flatMap((r) =>
          chartPathways(r, pathways)
            .filter((p) => p.id === code)
            .flatMap((p) => p.stops.map((s) => s.code)),
        ),
      )
      expect(POINT_COUNTS[code] - drawn.size, code).toBe(0)
    }
  })

  it("draws every extraordinary vessel through all of its points, on some view", () => {
    for (const vessel of content.vessels) {
      const drawn = new Set(
        resolved.flatMap((r) =>
          chartPathways(r, pathways)
            .filter((p) => p.id === vessel.id)
            .flatMap((p) => p.stops.map((s) => s.code)),
        ),
      )
      expect(
        vessel.points.filter((code) => !drawn.has(code)),
        vessel.id,
      ).toEqual([])
    }
  })
})

describe("midlines and mirroring", () => {
  it.each(resolved.map((r) => [r.view.id, r] as const))(
    "%s: Conception and Governing vessel points lie on the midline, paired points off it",
    (_, r) => {
      expect(midlineProblems(r, isMidline)).toEqual([])
    },
  )

  it.each(resolved.map((r) => [r.view.id, r] as const))("%s: paired points mirror each other", (_, r) => {
    expect(mirrorProblems(r)).toEqual([])
  })

  it("puts Jinjin under the left side of the tongue and Yuye under the right", () => {
    const mouth = byView("mouth")!
    expect(mouth.points.find((p) => p.code === "EX-HN12")?.side).toBe("left")
    expect(mouth.points.find((p) => p.code === "EX-HN13")?.side).toBe("right")
  })

  it("draws the Conception vessel on the front and the Governing vessel on the back midline", () => {
    const front = byView("body-front")!
    const back = byView("body-back")
    expect(front.points.filter((p) => p.code.startsWith("CV-")).every((p) => p.side === "midline")).toBe(true)
    if (back) expect(back.points.filter((p) => p.code.startsWith("GV-")).every((p) => p.side === "midline")).toBe(true)
  })
})

describe("points on the body and in their body areas", () => {
  it.each(resolved.map((r) => [r.view.id, r] as const))("%s: every point lies inside the body outline", (_, r) => {
    expect(pointsOffTheBody(r, INSIDE_AN_OPENING)).toEqual([])
  })

  it.each(resolved.map((r) => [r.view.id, r] as const))(
    "%s: every point lies inside the region of each body area it is listed in",
    (_, r) => {
      expect(regionProblems(r, areasOf)).toEqual([])
    },
  )
})

describe("proportions", () => {
  it.each(views.map((v) => [v.id, v] as const))("%s: frames use the standard proportional cun", (_, view) => {
    expect(proportionProblems(view).problems).toEqual([])
  })

  it("calibrates the whole-body views by the standard measures", () => {
    const checked = views
      .filter((v) => v.id.startsWith("body-"))
      .map((v) => [v.id, proportionProblems(v).checked] as const)
    for (const [id, count] of checked) expect(count, id).toBeGreaterThanOrEqual(5)
  })

  it("draws the whole body in human proportions: a cun is 1.5–3.5 cm on every calibrated segment", () => {
    // Whole-body views are drawn in millimetres of a 170 cm body; foreshortened parts (the scalp
    // and the foot seen from the front) are not calibrated by a standard measure and are left out.
    for (const r of resolved.filter((r) => r.view.id.startsWith("body-")))
      for (const [id, f] of r.frames) {
        const calibrated = f.frame.stations.some((a) => f.frame.stations.some((b) => standardMeasure(a.at, b.at)))
        if (!calibrated) continue
        const first = f.cuns[0]!
        const last = f.cuns[f.cuns.length - 1]!
        for (const along of [first, (first + last) / 2, last]) {
          const mm = alongScale(f, along)
          expect(mm, `${r.view.id} ${id}`).toBeGreaterThan(15)
          expect(mm, `${r.view.id} ${id}`).toBeLessThan(35)
        }
      }
  })
})

describe("distances from the location texts", () => {
  it.each(resolved.map((r) => [r.view.id, r] as const))("%s: pairs stated in the texts hold on the drawing", (_, r) => {
    expect(distanceProblems(r, TEXT_PAIRS).problems).toEqual([])
  })

  it.each(resolved.map((r) => [r.view.id, r] as const))("%s: every placement holds when measured back", (_, r) => {
    expect(distanceProblems(r, placementPairs(r.view)).problems).toEqual([])
  })

  it("measures every pair of the texts on at least one view", () => {
    const measured = new Set(resolved.flatMap((r) => [...distanceProblems(r, TEXT_PAIRS).measuredPairs]))
    expect(TEXT_PAIRS.filter((pair) => !measured.has(pair)).map((pair) => `${pair.a}→${pair.b}`)).toEqual([])
  })
})

describe("order along the channels", () => {
  it("pathways.json draws every channel and vessel through its points in order", () => {
    for (const code of CHANNEL_CODES) {
      const pathway = pathways.find((p) => p.id === code)
      expect(pathway, code).toBeDefined()
      const numbers = pathway!.strokes.map((s) => s.map((c) => Number(c.slice(c.indexOf("-") + 1))))
      for (const stroke of numbers) {
        // Inside a stroke the points are consecutive; the first may be the point a branch leaves
        // from and the last the point it rejoins.
        const inner = stroke.slice(1, -1)
        for (let i = 1; i < inner.length; i++) expect(inner[i], code).toBe(inner[i - 1]! + 1)
      }
      const covered = new Set(numbers.flat())
      expect(covered.size, code).toBe(POINT_COUNTS[code])
    }
    for (const vessel of content.vessels) {
      const pathway = pathways.find((p) => p.id === vessel.id)
      expect(pathway, vessel.id).toBeDefined()
      for (const stroke of pathway!.strokes) {
        const indices = stroke.map((c) => vessel.points.indexOf(c))
        expect(
          indices.every((i) => i >= 0),
          vessel.id,
        ).toBe(true)
        expect(indices, vessel.id).toEqual([...indices].sort((a, b) => a - b))
      }
      expect(new Set(pathway!.strokes.flat()), vessel.id).toEqual(new Set(vessel.points))
    }
  })

  it.each(resolved.map((r) => [r.view.id, r] as const))(
    "%s: on the limbs each channel's points follow one another toward or away from the fingers and toes",
    (_, r) => {
      expect(limbOrderProblems(r, LIMB_TURNS).problems).toEqual([])
    },
  )

  it.each(
    COURSE_LEGS.map((leg) => [`${leg.view}: ${leg.codes[0]}…${leg.codes.at(-1)} ${leg.direction}`, leg] as const),
  )("%s", (_, leg) => {
    const r = byView(leg.view)
    expect(r).toBeDefined()
    expect(courseProblems(r!, leg).problems).toEqual([])
  })
})

/** A copy of a view file with one placement changed, resolved again. */
const withPlacement = (id: string, code: string, change: (p: Placement) => Placement) => {
  const view = views.find((v) => v.id === id)!
  return resolveView({ ...view, points: view.points.map((p) => (p.code === code ? change(p) : p)) })
}

describe("the checks catch misplaced points", () => {
  it("a point moved 2 cun breaks the distances of the texts", () => {
    const moved = withPlacement("body-front", "ST-36", (p) => ({ ...p, distal: (p.distal ?? 0) + 2 }))
    expect(distanceProblems(moved, TEXT_PAIRS).problems.join("\n")).toContain("ST-35→ST-36")
  })

  it("a point moved across its frame by 2 cun breaks the distances too", () => {
    const moved = withPlacement("body-back", "BL-23", (p) => ({ ...p, lateral: 3.5 }))
    expect(distanceProblems(moved, TEXT_PAIRS).problems.join("\n")).toContain("GV-4→BL-23")
  })

  it("a Governing vessel point pushed off the midline is caught", () => {
    const moved = withPlacement("body-back", "GV-4", (p) => ({ ...p, lateral: 0.5 }))
    expect(midlineProblems(moved, isMidline).join("\n")).toMatch(/GV-4:left is -?\d+(\.\d)? off the midline/)
  })

  it("two points swapped along a channel break its order", () => {
    const view = views.find((v) => v.id === "body-front")!
    const lu6 = view.points.find((p) => p.code === "LU-6")!
    const lu7 = view.points.find((p) => p.code === "LU-7")!
    const swapped = resolveView({
      ...view,
      points: view.points.map((p) =>
        p.code === "LU-6" ? { ...lu7, code: "LU-6" } : p.code === "LU-7" ? { ...lu6, code: "LU-7" } : p,
      ),
    })
    expect(limbOrderProblems(swapped, LIMB_TURNS).problems.join("\n")).toContain("LU-7 does not follow LU-6")
  })

  it("a point carried out of its body area is caught", () => {
    const moved = withPlacement("body-front", "HT-7", (p) => ({ ...p, proximal: 14 }))
    expect(regionProblems(moved, areasOf).join("\n")).toContain("HT-7:right lies outside its forearm-wrist region")
  })

  it("a point placed off the body is caught", () => {
    const moved = withPlacement("body-front", "LU-1", (p) => ({ ...p, lateral: 12 }))
    expect(pointsOffTheBody(moved).join("\n")).toContain("LU-1:right lies outside the body outline")
  })

  it("a mirror image that does not mirror is caught", () => {
    const front = byView("body-front")!
    const shifted = {
      ...front,
      points: front.points.map((p) =>
        p.key === "ST-25:left" ? { ...p, position: [p.position[0] + 6, p.position[1]] as const } : p,
      ),
    }
    expect(mirrorProblems(shifted).join("\n")).toContain("ST-25:right and ST-25:left do not mirror each other")
  })

  it("a frame that does not use the standard measure is caught", () => {
    const view = views.find((v) => v.id === "body-front")!
    const frames = view.frames.map((f) =>
      f.id === "forearm" ? { ...f, stations: f.stations.map((s, i) => (i === 1 ? { ...s, cun: 10 } : s)) } : f,
    )
    expect(proportionProblems({ ...view, frames }).problems.join("\n")).toContain("standard is 12")
  })
})

describe("moving through the charts", () => {
  it("steps from LU-1 to LU-11 on the front view, point by point on one side, and back again", () => {
    const front = byView("body-front")!
    const walked = ["LU-1:right"]
    for (let next = stepAlongChannel(front, walked[0]!, 1); next; next = stepAlongChannel(front, next.key, 1))
      walked.push(next.key)
    expect(walked).toEqual(Array.from({ length: 11 }, (_, i) => `LU-${i + 1}:right`))
    let back = stepAlongChannel(front, "LU-11:right", -1)
    for (let n = 10; n > 1; n--) back = stepAlongChannel(front, back!.key, -1)
    expect(back?.key).toBe("LU-1:right")
  })

  it("walks every channel on every view without leaving its side", () => {
    for (const r of resolved)
      for (const p of r.points.filter((q) => q.site === undefined)) {
        const next = stepAlongChannel(r, p.key, 1)
        if (!next) continue
        expect(pointGroup(next.code).group, `${r.view.id} ${p.key}`).toBe(pointGroup(p.code).group)
        expect(next.side === p.side || next.side === "midline" || p.side === "midline", `${r.view.id} ${p.key}`).toBe(
          true,
        )
        expect(pointGroup(next.code).number, `${r.view.id} ${p.key}`).toBeGreaterThanOrEqual(pointGroup(p.code).number)
      }
  })

  it("shows a hand point on a hand view with a whole-body view beside it, and a back point on the back", () => {
    expect(viewsForPoint(resolved, "LI-4").map((v) => v.view)).toEqual(["hand-back", "body-back"])
    expect(viewsForPoint(resolved, "PC-6")[0]?.view).toBe("hand-palm")
    expect(viewsForPoint(resolved, "ST-36").map((v) => v.view)).toEqual(["foot-outer", "body-front"])
    expect(viewsForPoint(resolved, "GV-20")[0]?.view).toBe("head-side")
    expect(viewsForPoint(resolved, "BL-23")).toEqual([{ view: "body-back", key: "BL-23:left" }])
    expect(viewsForPoint(resolved, "KI-1")).toEqual([{ view: "foot-sole", key: "KI-1:right" }])
  })

  it("offers every point at least one view", () => {
    for (const p of allPoints(content)) expect(viewsForPoint(resolved, p.code).length, p.code).toBeGreaterThan(0)
  })
})
