// Checks of the channel and vessel courses as each view draws them: the drawn line keeps to the body,
// and a course that passes over a point it skips on a view says why the view leaves that point out.
// Pure functions returning the problems they find, so the tests can also run them on broken data.
import { alongScale } from "../../src/domain/charts/chart-frames.ts"
import { distanceToSegment, type Point2, smoothSegments } from "../../src/domain/charts/chart-geometry.ts"
import { chartPathways, courseKnots, MAX_SKIPPED_STOPS } from "../../src/domain/charts/chart-pathways.ts"
import { outlinePolylines, type PointInstance, type ResolvedView } from "../../src/domain/charts/chart-resolve.ts"
import type { Pathway } from "../../src/domain/charts/chart-schema.ts"
import { offTheBody } from "./chart-helpers.ts"

/** How far a drawn course may stray past the outline, in cun: a line along the skin's edge. */
export const COURSE_EDGE_TOLERANCE = 0.04

/** One cun at a point, in view units (its frame's scale along the axis). */
const cunAt = (resolved: ResolvedView, p: PointInstance) => alongScale(resolved.frames.get(p.frame)!, p.cun.along)

const bezierAt = (b: readonly [Point2, Point2, Point2, Point2], t: number): Point2 => {
  const u = 1 - t
  const [p0, c1, c2, p3] = b
  return [
    u * u * u * p0[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t * t * t * p3[0],
    u * u * u * p0[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t * t * t * p3[1],
  ]
}

/** Label of one drawn step of a course: "KI KI-9:right→KI-11:right". */
export const stepLabel = (id: string, a: PointInstance, b: PointInstance) => `${id} ${a.key}→${b.key}`

/**
 * Every step of every course drawn on the view (from one stop to the next, bends included) that
 * leaves the body by more than `tolerance` cun, sampled along the drawn curve about every view unit.
 * `allowed` holds the steps ("view: KI KI-9:right→KI-11:right") that may.
 */
export const coursesOffTheBody = (
  resolved: ResolvedView,
  pathways: ReadonlyArray<Pathway>,
  allowed: ReadonlySet<string> = new Set(),
  tolerance = COURSE_EDGE_TOLERANCE,
) => {
  const off = offTheBody(resolved.view)
  const outlines = outlinePolylines(resolved.view)
  const toOutline = (p: Point2) => {
    let best = Number.POSITIVE_INFINITY
    for (const line of outlines)
      for (let i = 1; i < line.length; i++) best = Math.min(best, distanceToSegment(p, line[i - 1]!, line[i]!))
    return best
  }
  const problems: string[] = []
  let steps = 0
  for (const drawn of chartPathways(resolved, pathways)) {
    const { knots, stopAt } = courseKnots(resolved, drawn.stops, drawn.side)
    const segments = smoothSegments(knots)
    for (let i = 1; i < drawn.stops.length; i++) {
      const a = drawn.stops[i - 1]!
      const b = drawn.stops[i]!
      steps++
      const label = `${resolved.view.id}: ${stepLabel(drawn.id, a, b)}`
      if (allowed.has(label)) continue
      const cun = Math.min(cunAt(resolved, a), cunAt(resolved, b))
      let worst = 0
      let where: Point2 | undefined
      for (const segment of segments.slice(stopAt[i - 1], stopAt[i])) {
        const n = Math.max(8, Math.ceil(Math.hypot(segment[3][0] - segment[0][0], segment[3][1] - segment[0][1])))
        for (let k = 1; k < n; k++) {
          const p = bezierAt(segment, k / n)
          if (!off(p)) continue
          const d = toOutline(p) / cun
          if (d > worst) {
            worst = d
            where = p
          }
        }
      }
      if (worst > tolerance)
        problems.push(
          `${label} leaves the body by ${worst.toFixed(2)} cun near (${where![0].toFixed(0)}, ${where![1].toFixed(0)})`,
        )
    }
  }
  return { problems, steps }
}

/**
 * The points a view's courses pass over without drawing them ("body-front: KI-10 (KI KI-9→KI-11)"):
 * a stroke of pathways.json drawn through the points on either side of one that the view does not
 * place. Each must be listed in `hidden` ("body-front KI-10") with the reason the view leaves it out.
 */
export const skippedPoints = (
  resolved: ResolvedView,
  pathways: ReadonlyArray<Pathway>,
  hidden: ReadonlySet<string>,
) => {
  const placed = new Set(resolved.points.filter((p) => p.site === undefined).map((p) => p.code))
  const problems = new Set<string>()
  const skipped = new Set<string>()
  for (const pathway of pathways)
    for (const stroke of pathway.strokes) {
      const present = stroke.flatMap((code, i) => (placed.has(code) ? [i] : []))
      for (let k = 1; k < present.length; k++) {
        // A longer gap breaks the line: the course runs on another view meanwhile.
        if (present[k]! - present[k - 1]! - 1 > MAX_SKIPPED_STOPS) continue
        for (const code of stroke.slice(present[k - 1]! + 1, present[k]!)) {
          skipped.add(`${resolved.view.id} ${code}`)
          if (!hidden.has(`${resolved.view.id} ${code}`))
            problems.add(
              `${resolved.view.id}: ${code} (${pathway.id} ${stroke[present[k - 1]!]}→${stroke[present[k]!]}) is passed over but not placed`,
            )
        }
      }
    }
  return { problems: [...problems], skipped }
}
