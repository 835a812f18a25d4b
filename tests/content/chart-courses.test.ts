// The channel and vessel courses as the views draw them: every step of a course keeps to the body,
// and a view that draws a course past one of its points either places the point or says why not.
import { describe, expect, it } from "vitest"
import { resolveView } from "../../src/domain/charts/chart-resolve.ts"
import type { ChartView } from "../../src/domain/charts/chart-schema.ts"
import { coursesOffTheBody, skippedPoints } from "./chart-courses.ts"
import { loadChartViews, loadPathways } from "./chart-helpers.ts"

const views = loadChartViews()
const resolved = views.map(resolveView)
const pathways = loadPathways()
const viewOf = (id: string) => views.find((v) => v.id === id)!

/** Points a view's courses pass over ("view CODE"), and why the view does not show them. */
const HIDDEN: ReadonlyMap<string, string> = new Map([
  ["body-front GV-28", "inside the upper lip, where its frenulum meets the gum (on the mouth view)"],
  ["body-side GV-28", "inside the upper lip, where its frenulum meets the gum (on the mouth view)"],
  ["head-front GV-28", "inside the upper lip, where its frenulum meets the gum (on the mouth view)"],
  ["body-front GB-25", "at the free end of the 12th rib, on the back of the flank, behind the side of the trunk"],
  ["body-back LI-15", "in the hollow in front of the acromion, hidden by the shoulder from behind"],
  ["body-back GB-29", "on the side of the hip between the ASIS and the greater trochanter, in front of its outline"],
  ["body-side TE-15", "at the upper angle of the shoulder blade, behind the shoulder seen from the side"],
  ["head-front GB-2", "in front of the intertragic notch, at the side of the head like SI-19 and TE-21"],
])

describe("courses on the body", () => {
  it.each(resolved.map((r) => [r.view.id, r] as const))("%s: no course leaves the body outline", (_, r) => {
    expect(coursesOffTheBody(r, pathways).problems).toEqual([])
  })

  it.each(resolved.map((r) => [r.view.id, r] as const))("%s: every point a course passes over is placed", (_, r) => {
    expect(skippedPoints(r, pathways, new Set(HIDDEN.keys())).problems).toEqual([])
  })

  it("excuses only points the courses really pass over", () => {
    const skipped = new Set(resolved.flatMap((r) => [...skippedPoints(r, pathways, new Set()).skipped]))
    expect([...HIDDEN.keys()].filter((key) => !skipped.has(key))).toEqual([])
  })
})

/** A copy of a view without some of its points and bends, resolved again. */
const without = (id: string, codes: ReadonlyArray<string>, bends: ReadonlyArray<string>): ChartView => {
  const view = viewOf(id)
  return {
    ...view,
    points: view.points.filter((p) => !codes.includes(p.code)),
    bends: (view.bends ?? []).filter((b) => !bends.includes(`${b.from}>${b.to}`)),
  }
}

describe("the checks catch courses off the body", () => {
  it("the Kidney course on the front without KI-10 and its bend runs out between the thighs", () => {
    const r = resolveView(without("body-front", ["KI-10"], ["KI-10>KI-11"]))
    expect(coursesOffTheBody(r, pathways).problems.join("\n")).toMatch(
      /body-front: KI KI-9:right→KI-11:right leaves the body by 0\.2\d cun/,
    )
    expect(skippedPoints(r, pathways, new Set(HIDDEN.keys())).problems.join("\n")).toContain(
      "body-front: KI-10 (KI KI-9→KI-11) is passed over but not placed",
    )
  })

  it("the Stomach course on the outer foot without its bend crosses the front of the ankle", () => {
    const r = resolveView(without("foot-outer", [], ["ST-40>ST-41"]))
    expect(coursesOffTheBody(r, pathways).problems.join("\n")).toContain("foot-outer: ST ST-40:right→ST-41:right")
  })

  it("the Gallbladder course on the back without its bend cuts across the air beside the neck", () => {
    const r = resolveView(without("body-back", [], ["GB-20>GB-21"]))
    expect(coursesOffTheBody(r, pathways).problems.join("\n")).toMatch(
      /GB GB-20:left→GB-21:left leaves the body by 0\.8/,
    )
  })
})
