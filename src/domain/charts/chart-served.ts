// Reading a served view: its points as sites (one per side and site), walking along a channel with
// the domain's navigation, jumping between channels, and finding the site to show for a point.
import type { Point2 } from "./chart-geometry.ts"
import { BODY_VIEW_IDS } from "./chart-ids.ts"
import { channelSequence, stepAlongChannel } from "./chart-navigation.ts"
import type { ServedChart, ServedPoint, ServedSite } from "./chart-views.ts"
import { MAX_OPENING_ZOOM, MIN_ZOOM, openingZoom, type Zoom } from "./chart-zoom.ts"

export interface ChartSite extends ServedSite {
  readonly code: string
  readonly point: ServedPoint
  readonly position: Point2
}

const sitesCache = new WeakMap<ServedChart, ReadonlyArray<ChartSite>>()

/** Every site of the points the caller may open, in the chart file's order. */
export const chartSites = (chart: ServedChart): ReadonlyArray<ChartSite> => {
  let sites = sitesCache.get(chart)
  if (!sites) {
    sites = chart.points.flatMap((point) =>
      point.sites.map((s) => ({ ...s, code: point.code, point, position: [s.x, s.y] as const })),
    )
    sitesCache.set(chart, sites)
  }
  return sites
}

const navigable = (chart: ServedChart) => ({ view: { nearSide: chart.nearSide }, points: chartSites(chart) })

const byKeyCache = new WeakMap<ServedChart, ReadonlyMap<string, ChartSite>>()

export const siteByKey = (chart: ServedChart, key: string | null): ChartSite | undefined => {
  if (key === null) return undefined
  let byKey = byKeyCache.get(chart)
  if (!byKey) {
    byKey = new Map(chartSites(chart).map((s) => [s.key, s]))
    byKeyCache.set(chart, byKey)
  }
  return byKey.get(key)
}

/** The site to show a point at: the given key when it is on this view, else the near side's. */
export const siteForCode = (chart: ServedChart, code: string, key?: string | null): ChartSite | undefined => {
  const sites = chartSites(chart).filter((s) => s.code === code)
  return sites.find((s) => s.key === key) ?? sites.find((s) => s.side === chart.nearSide) ?? sites[0]
}

export interface ChannelNeighbours {
  readonly previous: ChartSite | undefined
  readonly next: ChartSite | undefined
}

const neighboursCache = new WeakMap<ServedChart, Map<string, ChannelNeighbours>>()

/** The points before and after a site along its channel on the same side (worked out once per site). */
export const channelNeighbours = (chart: ServedChart, key: string): ChannelNeighbours => {
  let byKey = neighboursCache.get(chart)
  if (!byKey) {
    byKey = new Map()
    neighboursCache.set(chart, byKey)
  }
  let neighbours = byKey.get(key)
  if (!neighbours) {
    neighbours = {
      previous: stepAlongChannel(navigable(chart), key, -1),
      next: stepAlongChannel(navigable(chart), key, 1),
    }
    byKey.set(key, neighbours)
  }
  return neighbours
}

/** The next (+1) or previous (−1) site along the channel. */
export const stepSite = (chart: ServedChart, key: string, step: 1 | -1): ChartSite | undefined =>
  stepAlongChannel(navigable(chart), key, step)

/** The site's channel on its side, in walking order. */
export const channelOf = (chart: ServedChart, key: string): ReadonlyArray<ChartSite> => {
  const site = siteByKey(chart, key)
  return site ? channelSequence(navigable(chart), site) : []
}

/** The first (or last) site of the site's channel. */
export const channelEnd = (chart: ServedChart, key: string, end: "first" | "last"): ChartSite | undefined => {
  const sequence = channelOf(chart, key)
  return end === "first" ? sequence[0] : sequence.at(-1)
}

/**
 * The first site of the next (+1) or previous (−1) channel or group on the view, on the same side
 * where it has one, in the order the view lists its points.
 */
export const stepGroup = (chart: ServedChart, key: string, step: 1 | -1): ChartSite | undefined => {
  const site = siteByKey(chart, key)
  if (!site) return undefined
  const groups = [...new Set(chart.points.map((p) => p.group))]
  const index = groups.indexOf(site.point.group)
  const group = groups[index + step]
  if (group === undefined) return undefined
  const sites = chartSites(chart).filter((s) => s.point.group === group)
  const sameSide = sites.filter((s) => s.side === site.side || s.side === "midline")
  const first = (sameSide.length > 0 ? sameSide : sites)[0]
  return first ? (channelSequence(navigable(chart), first)[0] ?? first) : undefined
}

/** The first point of a channel or group on the view, on the near side where it has one. */
export const firstOfGroup = (chart: ServedChart, group: string): ChartSite | undefined => {
  const far = chart.nearSide === "left" ? "right" : "left"
  const sites = chartSites(chart).filter((s) => s.point.group === group)
  const first = sites.find((s) => s.side !== far) ?? sites[0]
  return first ? (channelSequence(navigable(chart), first)[0] ?? first) : undefined
}

/** The first site to focus on a view: the given one, else the first point of the first channel. */
export const entrySite = (chart: ServedChart, key: string | null): ChartSite | undefined => {
  const given = siteByKey(chart, key)
  if (given) return given
  const first = chartSites(chart).find((s) => s.side !== (chart.nearSide === "left" ? "right" : "left"))
  return first ? (channelSequence(navigable(chart), first)[0] ?? first) : undefined
}

/**
 * The site nearest to a place on the drawing, if one lies within `within` (view units): a pointer
 * pressed a few pixels off a small dot still means that point.
 */
export const nearestSite = (chart: ServedChart, at: Point2, within: number): ChartSite | undefined => {
  let best: ChartSite | undefined
  let bestDistance = within
  for (const site of chartSites(chart)) {
    const distance = Math.hypot(site.position[0] - at[0], site.position[1] - at[1])
    if (distance <= bestDistance) {
      best = site
      bestDistance = distance
    }
  }
  return best
}

/**
 * The zoom a point's page opens its best view on: centred on the point's site, in as far as its
 * neighbours' dots need, and on a whole-body view (a trunk point's only views) about a trunk's worth.
 */
export const openingZoomFor = (chart: ServedChart, site: ChartSite): Zoom =>
  openingZoom(
    chart.viewBox,
    site.position,
    [
      ...chartSites(chart)
        .filter((s) => s.code !== site.code)
        .map((s) => s.position),
      ...chart.dots,
    ],
    BODY_VIEW_IDS.includes(chart.id) ? MAX_OPENING_ZOOM : MIN_ZOOM,
  )
