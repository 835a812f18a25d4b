// The body charts as the location test sees them: per view the sites of its points (rounded as the
// chart answer serves them, so a position in a question is exactly where the learner's chart draws
// a point), and per point the views that show it best — the views a point page shows it on.
import { viewsForPoint } from "../charts/chart-navigation.ts"
import type { ResolvedView } from "../charts/chart-resolve.ts"
import type { TestCharts } from "./test-content.ts"

const round = (n: number) => Math.round(n * 10) / 10

export const testChartsOf = (views: ReadonlyArray<ResolvedView>): TestCharts => {
  const codes = [...new Set(views.flatMap((v) => v.points.map((p) => p.code)))]
  const places: Record<string, ReadonlyArray<{ view: ResolvedView["view"]["id"]; key: string }>> = {}
  for (const code of codes) places[code] = viewsForPoint(views, code)
  return {
    views: views.map((resolved) => ({
      id: resolved.view.id,
      size: Math.max(resolved.view.viewBox[2], resolved.view.viewBox[3]),
      sites: resolved.points.map((p) => ({
        key: p.key,
        code: p.code,
        x: round(p.position[0]),
        y: round(p.position[1]),
      })),
    })),
    places,
  }
}
