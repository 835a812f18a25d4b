// Location test: a location description → which point; a point → which description; a point →
// where it lies on a body chart. Every point has its own location (content rule), so any other
// point is a wrong answer; experts get points of the same channel or body area, whose descriptions
// read alike, and on a chart the points drawn nearest.

import type { ChartViewId } from "../charts/chart-ids.ts"
import { MIN_CHOICE_GAP } from "../charts/chart-practice.ts"
import { OPTION_COUNT, type QuestionOption } from "./question.ts"
import {
  type BuildContext,
  choiceQuestion,
  type KindBuilder,
  nearness,
  otherPoolPoints,
  pickDistractors,
  pointOption,
  textOption,
} from "./question-kit.ts"
import type { PointInfo, TestChartSite, TestCharts, TestChartView } from "./test-content.ts"

const differentLocation = (context: BuildContext, focus: PointInfo) => {
  return otherPoolPoints(context, focus).filter((p) => p.locationKey !== focus.locationKey)
}

export const pointFromLocation: KindBuilder = (context, focus) => {
  const distractors = pickDistractors(context, differentLocation(context, focus), { plausibility: nearness(focus) })
  if (!distractors) return undefined
  return choiceQuestion(
    context,
    { kind: "point-from-location", text: { point: focus.code, field: "location", index: 0 } },
    pointOption(focus),
    distractors.map(pointOption),
    { points: [focus.code] },
  )
}

export const locationOfPoint: KindBuilder = (context, focus) => {
  const distractors = pickDistractors(context, differentLocation(context, focus), {
    plausibility: nearness(focus),
    clash: (a, b) => a.locationKey === b.locationKey,
  })
  if (!distractors) return undefined
  return choiceQuestion(
    context,
    { kind: "location-of-point", point: focus.code },
    textOption(focus, "location", 0),
    distractors.map((p) => textOption(p, "location", 0)),
    { points: [focus.code] },
  )
}

/** Experts are offered wrong positions among this many points drawn nearest to the right one. */
export const NEAREST_CHART_POINTS = 10

const viewsById = new WeakMap<TestCharts, ReadonlyMap<ChartViewId, TestChartView>>()
const chartView = (charts: TestCharts, id: ChartViewId) => {
  let views = viewsById.get(charts)
  if (!views) {
    views = new Map(charts.views.map((v) => [v.id, v]))
    viewsById.set(charts, views)
  }
  return views.get(id)
}

const apart = (a: TestChartSite, b: TestChartSite) => Math.hypot(a.x - b.x, a.y - b.y)

const siteOption = (site: TestChartSite): QuestionOption & { readonly _tag: "Site" } => ({
  _tag: "Site",
  code: site.code,
  x: site.x,
  y: site.y,
})

/**
 * "Where is ST-36?" answered on a chart: one of the views that show the point best, its site there
 * and three other points of the pool drawn on that view, each at least MIN_CHOICE_GAP of the view
 * away from every site of the asked point (its other side included) and from each other, so that
 * no wrong position can be read as right. Experts get wrong positions among the points drawn
 * nearest; beginners any on the view. Positions are lettered in reading order.
 */
export const pointOnChart: KindBuilder = (context, focus) => {
  const charts = context.index.content.charts
  if (!charts || !Object.hasOwn(charts.places, focus.code)) return undefined
  for (const place of context.random.shuffle(charts.places[focus.code] ?? [])) {
    const view = chartView(charts, place.view)
    const target = view?.sites.find((s) => s.key === place.key)
    if (!view || !target) continue
    const gap = MIN_CHOICE_GAP * view.size
    const own = view.sites.filter((s) => s.code === focus.code)
    // One site per other point of the pool (its nearest to the right one), nearest first.
    const nearest = new Map<string, TestChartSite>()
    for (const site of view.sites) {
      if (site.code === focus.code || !context.pool.points.has(site.code)) continue
      if (own.some((o) => apart(o, site) < gap)) continue
      const known = nearest.get(site.code)
      if (!known || apart(site, target) < apart(known, target)) nearest.set(site.code, site)
    }
    const candidates = [...nearest.values()].sort(
      (a, b) => apart(a, target) - apart(b, target) || a.key.localeCompare(b.key),
    )
    const rank = new Map(candidates.map((c, i) => [c, i]))
    const distractors = pickDistractors(context, candidates, {
      plausibility: (c) => ((rank.get(c) ?? 0) < NEAREST_CHART_POINTS ? 1 : 0),
      clash: (a, b) => apart(a, b) < gap,
    })
    if (!distractors) continue
    // Reading order: top to bottom in bands of one gap, then left to right.
    const sites = [target, ...distractors].sort((a, b) => Math.round(a.y / gap) - Math.round(b.y / gap) || a.x - b.x)
    if (sites.length !== OPTION_COUNT) continue
    return {
      prompt: { kind: "point-on-chart", point: focus.code, view: view.id },
      options: sites.map(siteOption),
      answer: { _tag: "Choice", index: sites.indexOf(target) },
      explanation: { points: [focus.code] },
    }
  }
  return undefined
}
