// The channel and vessel pathways on one view: each stroke of `pathways.json` drawn through the
// points it names that this view shows, once per side (once only when all its points are on the
// midline). A point or two missing from the view are skipped, so a course continues past them;
// a longer gap (the course runs on another view meanwhile) breaks the line. Between two stops the
// line passes the view's bends for them, so it keeps to the body where a straight way would not.
import { mirrorPoint, type Point2, smoothPath } from "./chart-geometry.ts"
import type { ChartSide, PointInstance, ResolvedView } from "./chart-resolve.ts"
import type { Pathway } from "./chart-schema.ts"

/** Most stops of a stroke a drawn line may pass over without a break. */
export const MAX_SKIPPED_STOPS = 2

export interface DrawnPathway {
  readonly id: Pathway["id"]
  readonly kind: Pathway["kind"]
  readonly side: ChartSide
  readonly stops: ReadonlyArray<PointInstance>
  readonly d: string
}

/** The sides a view draws: the near side, and the far side when it shows both. */
export const viewSides = (resolved: ResolvedView): ReadonlyArray<"left" | "right"> => {
  const near = resolved.view.nearSide
  return resolved.view.midline === null ? [near] : [near, near === "left" ? "right" : "left"]
}

/** The present stops in runs, broken where more than MAX_SKIPPED_STOPS in a row are missing. */
const runsOf = (stops: ReadonlyArray<PointInstance | undefined>): ReadonlyArray<ReadonlyArray<PointInstance>> => {
  const runs: PointInstance[][] = []
  let current: PointInstance[] = []
  let missing = 0
  for (const stop of stops) {
    if (!stop) {
      missing++
      continue
    }
    if (missing > MAX_SKIPPED_STOPS && current.length > 0) {
      runs.push(current)
      current = []
    }
    missing = 0
    current.push(stop)
  }
  runs.push(current)
  return runs.filter((run) => run.length >= 2)
}

/**
 * The spots a drawn course passes through: its stops, with the view's bends between them (mirrored
 * on the far side). `stopAt[i]` is the index of stop i among the knots.
 */
export const courseKnots = (
  resolved: ResolvedView,
  stops: ReadonlyArray<PointInstance>,
  side: ChartSide,
): { readonly knots: ReadonlyArray<Point2>; readonly stopAt: ReadonlyArray<number> } => {
  const { midline, nearSide } = resolved.view
  const farSide = side !== "midline" && side !== nearSide && midline !== null
  const knots: Point2[] = []
  const stopAt: number[] = []
  stops.forEach((stop, i) => {
    const previous = stops[i - 1]
    if (previous) {
      const forward = resolved.bends.get(`${previous.code}>${stop.code}`)
      const via = forward ?? [...(resolved.bends.get(`${stop.code}>${previous.code}`) ?? [])].reverse()
      for (const p of via) knots.push(farSide ? mirrorPoint(p, midline) : p)
    }
    stopAt.push(knots.length)
    knots.push(stop.position)
  })
  return { knots, stopAt }
}

export const chartPathways = (
  resolved: ResolvedView,
  pathways: ReadonlyArray<Pathway>,
): ReadonlyArray<DrawnPathway> => {
  const bySide = new Map<string, PointInstance>()
  for (const p of resolved.points) if (p.site === undefined) bySide.set(`${p.code}:${p.side}`, p)
  const drawn: DrawnPathway[] = []
  for (const pathway of pathways) {
    for (const stroke of pathway.strokes) {
      const perSide = viewSides(resolved).map((side) => ({
        side,
        runs: runsOf(stroke.map((code) => bySide.get(`${code}:${side}`) ?? bySide.get(`${code}:midline`))),
      }))
      const onlyMidline = perSide.every((s) => s.runs.every((run) => run.every((p) => p.side === "midline")))
      for (const { side, runs } of onlyMidline ? perSide.slice(0, 1) : perSide) {
        for (const stops of runs) {
          const drawnSide = onlyMidline ? "midline" : side
          drawn.push({
            id: pathway.id,
            kind: pathway.kind,
            side: drawnSide,
            stops,
            d: smoothPath(courseKnots(resolved, stops, drawnSide).knots),
          })
        }
      }
    }
  }
  return drawn
}
