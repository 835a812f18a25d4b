// Every chart view as a Pro reader gets it, built straight from the knowledge base's files without a
// server or a database: the real positions of all the points, their names, and the index of the
// views that show each point best. For view tests that go over every point. Line art, regions and
// pathways are left out: nothing that decides where a point is drawn depends on them.
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { loadContent } from "../../server/content/load-content.ts"
import { decodeChartView } from "../../src/domain/charts/chart-content.ts"
import { CHART_VIEW_IDS, type ChartViewId } from "../../src/domain/charts/chart-ids.ts"
import { pointGroup, viewsForPoint } from "../../src/domain/charts/chart-navigation.ts"
import { type PointInstance, resolveView } from "../../src/domain/charts/chart-resolve.ts"
import { chartFileName } from "../../src/domain/charts/chart-schema.ts"
import type { ChartIndex, ServedChart } from "../../src/domain/charts/chart-views.ts"

const CONTENT = join(import.meta.dirname, "..", "..", "content")

export const contentCharts = () => {
  const content = loadContent()
  const points = new Map([...content.channels.flatMap((c) => c.points), ...content.extraPoints].map((p) => [p.code, p]))
  const resolved = CHART_VIEW_IDS.map((id) =>
    resolveView(decodeChartView(JSON.parse(readFileSync(join(CONTENT, chartFileName(id)), "utf8")), id)),
  )
  const charts = new Map<ChartViewId, ServedChart>(
    resolved.map(({ view, points: instances }) => {
      const byCode = new Map<string, Array<PointInstance>>()
      for (const p of instances) byCode.set(p.code, [...(byCode.get(p.code) ?? []), p])
      const chart: ServedChart = {
        id: view.id,
        title: view.title.en,
        description: view.description.en,
        viewBox: view.viewBox,
        nearSide: view.nearSide,
        art: [],
        regions: [],
        points: [...byCode].map(([code, sites]) => {
          const point = points.get(code)!
          return {
            code,
            slug: point.slug,
            pinyin: point.pinyin,
            name: point.name.en,
            location: point.location,
            locationLanguage: "en",
            group: pointGroup(code).group,
            sites: sites.map((s) => ({
              key: s.key,
              site: s.site ?? null,
              side: s.side,
              x: s.position[0],
              y: s.position[1],
            })),
          }
        }),
        dots: [],
        lockedPoints: 0,
        pathways: [],
        groups: [],
      }
      return [view.id, chart]
    }),
  )
  const index: ChartIndex = {
    views: resolved.map(({ view, points: instances }) => ({
      id: view.id,
      title: view.title.en,
      points: new Set(instances.map((p) => p.code)).size,
      dots: 0,
    })),
    points: Object.fromEntries([...points.keys()].map((code) => [code, viewsForPoint(resolved, code)])),
    pathways: {},
    areas: {},
  }
  return { charts, index, points: [...points.values()] }
}
