// The channel and vessel pathways on one view: each stroke of `pathways.json` drawn through the
// points it names that this view shows, once per side (once only when all its points are on the
// midline). A point or two missing from the view are skipped, so a course continues past them;
// a longer gap (the course runs on another view meanwhile) breaks the line.
import { type Point2, smoothPath } from "./chart-geometry.ts"
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
          drawn.push({
            id: pathway.id,
            kind: pathway.kind,
            side: onlyMidline ? "midline" : side,
            stops,
            d: smoothPath(stops.map((p): Point2 => p.position)),
          })
        }
      }
    }
  }
  return drawn
}
