// Safety flags on the charts: what a served point carries (only the kinds a chart highlights, only
// where present), how a highlighted point is marked, which points a highlight marks, the point
// page's words for each flag, and an address's choice read safely.
import { describe, expect, it } from "vitest"
import {
  CHART_HIGHLIGHTS,
  chartSafetyOf,
  flagTexts,
  highlightedPoints,
  highlightTexts,
  parseChartHighlight,
  safetyMark,
} from "../../src/domain/charts/chart-safety.ts"
import type { ChartSafety } from "../../src/domain/charts/chart-views.ts"
import type { PointSafety } from "../../src/domain/content/point-safety.ts"
import { frontChart } from "../support/chart-fixtures.ts"

const source = { list: "cautions", index: 0 } as const
const none: PointSafety = {
  pregnancy: { level: "none", source: null },
  organsBeneath: [],
  vessels: [],
  nerves: [],
  needlingDepthLimit: null,
  children: null,
}

describe("a served point's safety flags", () => {
  it("carries nothing for a point without the flags a chart highlights, vessels and nerves included", () => {
    expect(chartSafetyOf(none, (id) => id)).toBeUndefined()
    expect(
      chartSafetyOf(
        { ...none, vessels: [{ vessel: "radial-artery", source }], nerves: [{ nerve: "median-nerve", source }] },
        (id) => id,
      ),
    ).toBeUndefined()
  })

  it("carries only the flags present: levels, organs by name, the depth in cun", () => {
    expect(chartSafetyOf({ ...none, pregnancy: { level: "contraindicated", source } }, (id) => id)).toEqual({
      pregnancy: "contraindicated",
    })
    expect(
      chartSafetyOf(
        {
          ...none,
          pregnancy: { level: "caution", source },
          children: { level: "contraindicated", source },
          organsBeneath: [
            { organ: "lung-pleura", source },
            { organ: "heart", source },
          ],
          needlingDepthLimit: { cun: 0.5, source },
        },
        (id) => `the ${id}`,
      ),
    ).toEqual({
      pregnancy: "caution",
      children: "contraindicated",
      organs: ["the lung-pleura", "the heart"],
      depth: 0.5,
    })
  })
})

describe("highlighting", () => {
  const all: ChartSafety = { pregnancy: "contraindicated", children: "caution", organs: ["heart"], depth: 1 }

  it("marks forbidden and caution apart, and organs and depth with a ring", () => {
    expect(safetyMark(all, "pregnancy")).toBe("forbidden")
    expect(safetyMark(all, "children")).toBe("caution")
    expect(safetyMark({ pregnancy: "caution" }, "pregnancy")).toBe("caution")
    expect(safetyMark(all, "organs")).toBe("flagged")
    expect(safetyMark(all, "depth")).toBe("flagged")
    expect(safetyMark(all, "none")).toBeNull()
  })

  it("leaves unmarked a point without the flag, and one without flags (a point the caller may not open has none)", () => {
    expect(safetyMark({ depth: 1 }, "pregnancy")).toBeNull()
    expect(safetyMark({ pregnancy: "caution" }, "organs")).toBeNull()
    expect(safetyMark({ organs: [] }, "organs")).toBeNull()
    for (const highlight of CHART_HIGHLIGHTS) expect(safetyMark(undefined, highlight)).toBeNull()
  })

  it("counts the points of a view a highlight marks, each point once", () => {
    // The fixture's LU-1 and LU-2 lie over the lung, on both sides.
    const chart = {
      ...frontChart,
      points: frontChart.points.map((p) =>
        p.code === "LI-2" ? { ...p, safety: { pregnancy: "caution" as const } } : p,
      ),
    }
    expect(highlightedPoints(chart, "organs").map((p) => p.code)).toEqual(["LU-1", "LU-2"])
    expect(highlightedPoints(chart, "pregnancy").map((p) => p.code)).toEqual(["LI-2"])
    expect(highlightedPoints(chart, "depth")).toEqual([])
    expect(highlightedPoints(chart, "none")).toEqual([])
  })

  it("says each flag in the point page's words and order, and the highlighted ones alone", () => {
    expect(flagTexts(all).map((f) => [f.text, f.icon, f.label ?? f.cun ?? null])).toEqual([
      ["browse.safety.pregnancyForbidden", "forbidden", null],
      ["browse.safety.childrenCaution", "caution", null],
      ["browse.safety.organBeneath", "organ", "heart"],
      ["browse.safety.depthLimit", "depth", 1],
    ])
    expect(new Set(flagTexts({ ...all, organs: ["heart", "liver"] }).map((f) => f.key)).size).toBe(5)
    expect(highlightTexts(all, "organs").map((f) => f.label)).toEqual(["heart"])
    expect(highlightTexts(all, "none")).toEqual([])
    expect(flagTexts(undefined)).toEqual([])
  })
})

describe("the highlight in the address", () => {
  it("reads every choice, and anything else as no highlight", () => {
    for (const highlight of CHART_HIGHLIGHTS) expect(parseChartHighlight(highlight)).toBe(highlight)
    for (const bad of [null, undefined, "", "PREGNANCY", "pregnancy ", "toString", "__proto__", "x".repeat(500)])
      expect(parseChartHighlight(bad)).toBe("none")
  })
})
