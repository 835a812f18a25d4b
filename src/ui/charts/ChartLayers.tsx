// The layers of a chart's drawing (ChartFigure.tsx draws them): the still backdrop (the area's region
// and the line art), the points as links grouped by channel colour with their names worked out once
// per view and language, the Pro dots, and the User Timing marks of how long a view takes to draw.
import { memo, type RefObject, useLayoutEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { groupColor } from "../../domain/charts/chart-colors.ts"
import { type ChartSite, chartSites } from "../../domain/charts/chart-served.ts"
import type { ServedChart } from "../../domain/charts/chart-views.ts"
import { pointHref } from "../../domain/content/content-links.ts"

const sideText = (site: ChartSite) => site.side

export const useSiteLabel = () => {
  const { t } = useTranslation("charts")
  return (site: ChartSite) => {
    const point = t("pointName", { code: site.code, pinyin: site.point.pinyin, name: site.point.name })
    if (site.site) return t("pointAtSite", { point, site: site.site, side: t(`side.${sideText(site)}`) })
    return site.side === "midline" ? point : t("pointOnSide", { point, side: t(`side.${site.side}`) })
  }
}

/** Pro dots, each place once (a point drawn twice at one spot is one dot). */
export const lockedDots = (chart: ServedChart) => {
  const seen = new Set<string>()
  return chart.dots.filter(([x, y]) => {
    const key = `${x} ${y}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** The still part of the drawing: the area's region and the line art. Nothing in it is named. */
export const ChartBackdrop = memo(
  ({ chart, area }: { readonly chart: ServedChart; readonly area: string | undefined }) => (
    <g className="chart-backdrop">
      {chart.regions
        .filter((r) => r.area === area)
        .map((r) => (
          <path key={r.d} className="chart-region" d={r.d} />
        ))}
      {chart.art.map((a) => (
        <path key={a.d} className={`chart-art chart-art-${a.kind}`} d={a.d} />
      ))}
    </g>
  ),
)

/** A channel's (or vessel's) points, drawn in one group that carries their colour. */
export interface SiteGroup {
  readonly color: string
  readonly sites: ReadonlyArray<{ readonly site: ChartSite; readonly label: string; readonly href: string }>
}

/** Names and addresses per view and language, worked out once: drawing a view reuses them. */
const siteGroupsCache = new WeakMap<ServedChart, Map<string, ReadonlyArray<SiteGroup>>>()

export const siteGroupsOf = (
  chart: ServedChart,
  language: string,
  label: (site: ChartSite) => string,
): ReadonlyArray<SiteGroup> => {
  let byLanguage = siteGroupsCache.get(chart)
  if (!byLanguage) {
    byLanguage = new Map()
    siteGroupsCache.set(chart, byLanguage)
  }
  const cached = byLanguage.get(language)
  if (cached) return cached
  const groups = new Map<string, Array<SiteGroup["sites"][number]>>()
  for (const site of chartSites(chart)) {
    const group = groups.get(site.point.group) ?? []
    group.push({ site, label: label(site), href: pointHref(site.point.slug) })
    groups.set(site.point.group, group)
  }
  const built = [...groups].map(([group, sites]) => ({ color: groupColor(group), sites }))
  byLanguage.set(language, built)
  return built
}

type DrawnSite = SiteGroup["sites"][number]

interface ChartPointsProps {
  readonly groups: ReadonlyArray<SiteGroup>
  /** Every point but the highlighted one, or the highlighted one's sites alone. */
  readonly part: "others" | "highlighted"
  readonly tabStop: string | undefined
  readonly highlight: string | null
  /** The highlighted site the page is about: the last of its sites drawn. */
  readonly current: string | undefined
  readonly emphasised: ReadonlySet<string>
  /** What the safety highlight says of a point, by code: added to its name. */
  readonly notes: ReadonlyMap<string, string>
}

/**
 * The points: each a link (one tab stop for the chart) holding one dot, its radius from the zoom in
 * CSS. Drawn in two parts: the others below the labels, the highlighted point's sites above
 * everything (the page's own site last of all), so no neighbour's dot, label or leader line is ever
 * drawn over it. Drawn again only when the tab stop, the highlight or the emphasis changes — not on
 * zoom, hover or focus. Clicks, focus and hover are handled once on the drawing (ChartFigure).
 */
export const ChartPoints = memo(
  ({ groups, part, tabStop, highlight, current, emphasised, notes }: ChartPointsProps) => {
    const wanted = (code: string) => (code === highlight) === (part === "highlighted")
    // A point's sites are all in its group: the highlighted part is one group, its current site last.
    const last = (s: DrawnSite) => Number(s.site.key === current)
    const drawn = groups
      .map((group) => ({
        color: group.color,
        sites: group.sites.filter((s) => wanted(s.site.code)).sort((a, b) => last(a) - last(b)),
      }))
      .filter((group) => group.sites.length > 0)
    return (
      <g className="chart-points">
        {drawn.map((group) => (
          <g key={group.color + group.sites[0]!.site.key} fill={group.color}>
            {group.sites.map(({ site, label, href }) => {
              const isHighlight = site.code === highlight
              const faint = emphasised.size > 0 && !emphasised.has(site.code) && !isHighlight
              const note = notes.get(site.code)
              return (
                <a
                  key={site.key}
                  data-key={site.key}
                  href={href}
                  tabIndex={site.key === tabStop ? 0 : -1}
                  aria-label={note === undefined ? label : `${label} — ${note}`}
                  aria-current={isHighlight ? "true" : undefined}
                  className={isHighlight ? "is-highlight" : faint ? "is-faint" : undefined}
                >
                  <circle className="chart-dot" cx={site.position[0]} cy={site.position[1]} />
                </a>
              )
            })}
          </g>
        ))}
      </g>
    )
  },
)

/** The User Timing names `npm run bench` reads: how long a view takes to draw with all its points. */
export const drawMark = (view: string) => `chart-draw-start:${view}`
export const drawMeasure = (view: string) => `chart-draw:${view}`

/**
 * Times drawing a view (issue 15: ≤ 16 ms, measured by the bench, never by tests): from the render
 * that first shows the view to its DOM committed and laid out. Reading the drawing's box forces the
 * style and layout the browser would do before painting anyway, so the measure includes them.
 */
export const useDrawMeasure = (view: string, svg: RefObject<SVGSVGElement | null>) => {
  const drawn = useRef<string | null>(null)
  if (drawn.current !== view && typeof performance !== "undefined" && performance.mark) performance.mark(drawMark(view))
  useLayoutEffect(() => {
    if (drawn.current === view) return
    drawn.current = view
    if (typeof performance === "undefined" || !performance.measure) return
    svg.current?.getBoundingClientRect()
    try {
      performance.measure(drawMeasure(view), drawMark(view))
    } catch {
      // A mark cleared by someone else: nothing to measure.
    }
  }, [view, svg])
}
