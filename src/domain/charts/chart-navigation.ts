// Moving around a chart: the previous and next point along a channel (arrow keys), the point
// nearest to a spot (answering "where is ST-36" by pointing), and which views show a point best
// (the point page shows the most detailed one, plus a whole-body view for context).
import { alongScale } from "./chart-frames.ts"
import { distance, type Point2 } from "./chart-geometry.ts"
import { BODY_VIEW_IDS, type ChartViewId } from "./chart-ids.ts"
import type { ChartSide, PointInstance, ResolvedView } from "./chart-resolve.ts"

/** "LU-9" → { group: "LU", number: 9 }; "EX-HN3" → { group: "EX-HN", number: 3 }. */
export const pointGroup = (code: string): { readonly group: string; readonly number: number } => {
  const match = /^(.*?)-?(\d+)$/.exec(code)
  if (!match) return { group: code, number: 0 }
  return { group: match[1]!, number: Number(match[2]) }
}

/** What walking a channel needs of a point: the chart's resolved points and the served ones alike. */
export interface NavigablePoint {
  readonly key: string
  readonly code: string
  readonly side: ChartSide
}

/** A view as far as walking it goes: its near side and its points in the chart file's order. */
export interface NavigableView<P extends NavigablePoint> {
  readonly view: { readonly nearSide: "left" | "right" }
  readonly points: ReadonlyArray<P>
}

/**
 * The points of the same channel (or extra-point group) on the same side of this view, in order:
 * by number, then sites in the order the chart file lists them. Midline points join either side.
 */
export const channelSequence = <P extends NavigablePoint>(
  resolved: NavigableView<P>,
  instance: P,
): ReadonlyArray<P> => {
  const { group } = pointGroup(instance.code)
  const sides: ReadonlyArray<ChartSide> =
    instance.side === "midline" ? ["midline", resolved.view.nearSide] : [instance.side, "midline"]
  const order = new Map(resolved.points.map((p, i) => [p, i]))
  return resolved.points
    .filter((p) => pointGroup(p.code).group === group && sides.includes(p.side))
    .sort((a, b) => pointGroup(a.code).number - pointGroup(b.code).number || order.get(a)! - order.get(b)!)
}

/** The next (+1) or previous (−1) point along the channel from `key`, or undefined at the ends. */
export const stepAlongChannel = <P extends NavigablePoint>(
  resolved: NavigableView<P>,
  key: string,
  step: 1 | -1,
): P | undefined => {
  const current = resolved.points.find((p) => p.key === key)
  if (!current) return undefined
  const sequence = channelSequence(resolved, current)
  return sequence[sequence.indexOf(current) + step]
}

/** The point instance nearest to a spot on the view, with its distance in view units. */
export const nearestPoint = (
  resolved: ResolvedView,
  spot: Point2,
): { readonly point: PointInstance; readonly distance: number } | undefined => {
  let best: { point: PointInstance; distance: number } | undefined
  for (const point of resolved.points) {
    const d = distance(point.position, spot)
    if (!best || d < best.distance) best = { point, distance: d }
  }
  return best
}

/**
 * How large a cun is drawn at this point, relative to the size of the drawing: the higher, the
 * more detail the view gives the point.
 */
export const detailAt = (resolved: ResolvedView, instance: PointInstance): number => {
  const frame = resolved.frames.get(instance.frame)
  if (!frame) return 0
  const [, , w, h] = resolved.view.viewBox
  return alongScale(frame, instance.cun.along) / Math.max(w, h)
}

/** The views showing a point, the most detailed first; the instance to highlight on each. */
export const bestViews = (
  views: ReadonlyArray<ResolvedView>,
  code: string,
): ReadonlyArray<{ readonly view: ChartViewId; readonly key: string }> =>
  views
    .flatMap((resolved) => {
      const instances = resolved.points.filter((p) => p.code === code)
      const shown = instances.find((p) => !p.mirrored) ?? instances[0]
      return shown ? [{ view: resolved.view.id, key: shown.key, detail: detailAt(resolved, shown) }] : []
    })
    .sort((a, b) => b.detail - a.detail)
    .map(({ view, key }) => ({ view, key }))

/**
 * The view to show a point on and, where it helps, a second one: a detailed view is paired with
 * the whole-body view that shows the point's channel around it; a whole-body view with a detailed
 * one when there is one.
 */
export const viewsForPoint = (
  views: ReadonlyArray<ResolvedView>,
  code: string,
): ReadonlyArray<{ readonly view: ChartViewId; readonly key: string }> => {
  const ranked = bestViews(views, code)
  const first = ranked[0]
  if (!first) return []
  const isBody = (id: ChartViewId) => BODY_VIEW_IDS.includes(id)
  const second = ranked.find((r) => r !== first && isBody(r.view) !== isBody(first.view))
  return second ? [first, second] : [first]
}
