// The body charts over all their data: every file decodes and resolves, every point is drawn,
// midline points lie on the midline, paired points mirror each other, points lie on the body and
// inside the regions of their body areas, frames use the standard proportional cun, distances the
// location texts give hold on the drawing, and channels run in order along their courses.
import { gzipSync } from "node:zlib"
import { describe, expect, it } from "vitest"
import { loadContent } from "../../server/content/load-content.ts"
import { alongScale } from "../../src/domain/charts/chart-frames.ts"
import { standardMeasure } from "../../src/domain/charts/chart-measures.ts"
import { resolveView } from "../../src/domain/charts/chart-resolve.ts"
import {
  CHART_VIEW_IDS,
  chartFileName,
  MAX_VIEW_GZIP_BYTES,
  PATHWAYS_FILE,
} from "../../src/domain/charts/chart-schema.ts"
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
import { allPoints } from "./content-helpers.ts"

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
  { view: "head-front", codes: range("GV", 28, 22), direction: "up" },
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
    if (!r) return
    expect(courseProblems(r, leg).problems).toEqual([])
  })
})
