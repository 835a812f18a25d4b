// Plane geometry for the body charts: vectors, mirroring across the midline, point-in-polygon,
// projection onto a polyline (how far along a course a point lies) and the smooth SVG curve drawn
// through a list of points. Pure functions of numbers; the chart files supply the numbers.
import type { Vec } from "./chart-schema.ts"

export type Point2 = readonly [number, number]

export const add = (a: Point2, b: Point2): Point2 => [a[0] + b[0], a[1] + b[1]]
export const sub = (a: Point2, b: Point2): Point2 => [a[0] - b[0], a[1] - b[1]]
export const scale = (a: Point2, k: number): Point2 => [a[0] * k, a[1] * k]
export const dot = (a: Point2, b: Point2) => a[0] * b[0] + a[1] * b[1]
export const length = (a: Point2) => Math.hypot(a[0], a[1])
export const distance = (a: Point2, b: Point2) => Math.hypot(a[0] - b[0], a[1] - b[1])
export const lerp = (a: Point2, b: Point2, t: number): Point2 => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]
export const normalize = (a: Point2): Point2 => {
  const l = length(a)
  return l === 0 ? [0, 0] : [a[0] / l, a[1] / l]
}
/** The direction on the right-hand side of someone walking along `a` on the screen (y points down). */
export const rightOf = (a: Point2): Point2 => [-a[1], a[0]]

/** The mirror image of a point across the vertical line x = midline. */
export const mirrorPoint = (p: Point2, midline: number): Point2 => [2 * midline - p[0], p[1]]

/** Even-odd ray casting; points on an edge count as inside. */
export const pointInPolygon = (p: Point2, polygon: ReadonlyArray<Point2>): boolean => {
  let inside = false
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!
    const b = polygon[j]!
    if (distanceToSegment(p, a, b) < 1e-9) return true
    if (a[1] > p[1] !== b[1] > p[1]) {
      const x = a[0] + ((p[1] - a[1]) / (b[1] - a[1])) * (b[0] - a[0])
      if (p[0] < x) inside = !inside
    }
  }
  return inside
}

export const distanceToSegment = (p: Point2, a: Point2, b: Point2): number => {
  const ab = sub(b, a)
  const l2 = dot(ab, ab)
  const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, dot(sub(p, a), ab) / l2))
  return distance(p, add(a, scale(ab, t)))
}

/** Total length of a polyline. */
export const polylineLength = (line: ReadonlyArray<Point2>): number =>
  line.reduce((sum, p, i) => (i === 0 ? 0 : sum + distance(line[i - 1]!, p)), 0)

/**
 * How far along a polyline the point's nearest projection lies, as a length from its start. Used to
 * check that a channel's points follow its course in order.
 */
export const positionAlong = (line: ReadonlyArray<Point2>, p: Point2): number => {
  let best = Number.POSITIVE_INFINITY
  let bestAt = 0
  let walked = 0
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1]!
    const b = line[i]!
    const ab = sub(b, a)
    const l2 = dot(ab, ab)
    const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, dot(sub(p, a), ab) / l2))
    const d = distance(p, add(a, scale(ab, t)))
    if (d < best) {
      best = d
      bestAt = walked + t * Math.sqrt(l2)
    }
    walked += Math.sqrt(l2)
  }
  return bestAt
}

/** The point at a fraction t (0…1) of a polyline's length. */
export const pointAlong = (line: ReadonlyArray<Point2>, t: number): Point2 => {
  const total = polylineLength(line)
  let remaining = t * total
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1]!
    const b = line[i]!
    const l = distance(a, b)
    if (remaining <= l || i === line.length - 1) return l === 0 ? a : lerp(a, b, Math.min(1, remaining / l))
    remaining -= l
  }
  return line[0]!
}

/** Area-weighted centroid of a simple polygon (falls back to the vertex mean when degenerate). */
export const centroid = (polygon: ReadonlyArray<Point2>): Point2 => {
  let a = 0
  let cx = 0
  let cy = 0
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const p = polygon[j]!
    const q = polygon[i]!
    const cross = p[0] * q[1] - q[0] * p[1]
    a += cross
    cx += (p[0] + q[0]) * cross
    cy += (p[1] + q[1]) * cross
  }
  if (Math.abs(a) < 1e-9) {
    const n = polygon.length
    return [polygon.reduce((s, p) => s + p[0], 0) / n, polygon.reduce((s, p) => s + p[1], 0) / n]
  }
  return [cx / (3 * a), cy / (3 * a)]
}

const round = (n: number) => {
  const r = Math.round(n * 10) / 10
  return Object.is(r, -0) ? "0" : String(r)
}

type Bezier = readonly [Point2, Point2, Point2, Point2]

/**
 * The cubic Béziers of a smooth curve through the points: centripetal Catmull–Rom, which keeps
 * tight turns (fingertips, the crotch) from overshooting into loops.
 */
export const smoothSegments = (points: ReadonlyArray<Vec | Point2>, closed = false): ReadonlyArray<Bezier> => {
  const n = points.length
  if (n < 2) return []
  const at = (i: number): Point2 => {
    if (closed) return points[((i % n) + n) % n]!
    if (i < 0) return sub(scale(points[0]!, 2), points[1]!)
    if (i >= n) return sub(scale(points[n - 1]!, 2), points[n - 2]!)
    return points[i]!
  }
  const segments: Bezier[] = []
  for (let i = 0; i < (closed ? n : n - 1); i++) {
    const p0 = at(i - 1)
    const p1 = at(i)
    const p2 = at(i + 1)
    const p3 = at(i + 2)
    const d01 = Math.max(Math.sqrt(distance(p0, p1)), 1e-6)
    const d12 = Math.max(Math.sqrt(distance(p1, p2)), 1e-6)
    const d23 = Math.max(Math.sqrt(distance(p2, p3)), 1e-6)
    // Tangents of the centripetal spline at p1 and p2, scaled to the segment (Barry–Goldman form).
    const m1 = scale(
      add(sub(scale(sub(p1, p0), 1 / d01), scale(sub(p2, p0), 1 / (d01 + d12))), scale(sub(p2, p1), 1 / d12)),
      d12,
    )
    const m2 = scale(
      add(sub(scale(sub(p2, p1), 1 / d12), scale(sub(p3, p1), 1 / (d12 + d23))), scale(sub(p3, p2), 1 / d23)),
      d12,
    )
    segments.push([p1, add(p1, scale(m1, 1 / 3)), sub(p2, scale(m2, 1 / 3)), p2])
  }
  return segments
}

/** An SVG path through the points as a smooth curve, closed when asked. */
export const smoothPath = (points: ReadonlyArray<Vec | Point2>, closed = false): string => {
  const segments = smoothSegments(points, closed)
  if (segments.length === 0) return ""
  const xy = (p: Point2) => `${round(p[0])} ${round(p[1])}`
  return `M${xy(segments[0]![0])}${segments.map(([, c1, c2, p]) => `C${xy(c1)} ${xy(c2)} ${xy(p)}`).join("")}${closed ? "Z" : ""}`
}

/** The same smooth curve as a polyline, `steps` points per segment (for hit tests and checks). */
export const smoothPolyline = (
  points: ReadonlyArray<Vec | Point2>,
  closed = false,
  steps = 8,
): ReadonlyArray<Point2> => {
  const segments = smoothSegments(points, closed)
  const line: Point2[] = segments.length > 0 ? [segments[0]![0]] : []
  for (const [p0, c1, c2, p3] of segments)
    for (let k = 1; k <= steps; k++) {
      const t = k / steps
      const u = 1 - t
      line.push([
        u * u * u * p0[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t * t * t * p3[0],
        u * u * u * p0[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t * t * t * p3[1],
      ])
    }
  return line
}

/** An SVG path for a circle (two arcs), for nipples, the umbilicus and the malleoli. */
export const circlePath = (cx: number, cy: number, r: number): string =>
  `M${round(cx - r)} ${round(cy)}a${round(r)} ${round(r)} 0 1 0 ${round(2 * r)} 0a${round(r)} ${round(r)} 0 1 0 ${round(-2 * r)} 0Z`
