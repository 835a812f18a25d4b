// Cun frames: the coordinate system of one body segment on one view (see `Frame` in
// chart-schema.ts). `buildFrame` calibrates it from the view's landmarks; `toView` turns cun into
// view coordinates and `toCun` measures a view position back in cun, which is how the tests and the
// location questions read distances off the chart.
import {
  add,
  distance,
  dot,
  lerp,
  normalize,
  type Point2,
  polylineLength,
  rightOf,
  scale,
  sub,
} from "./chart-geometry.ts"
import type { Direction, Frame } from "./chart-schema.ts"

/** A position in a frame: cun along its axis (from its zero) and across it (signed). */
export interface CunPosition {
  readonly along: number
  readonly across: number
}

export interface BuiltFrame {
  readonly frame: Frame
  readonly stations: ReadonlyArray<Point2>
  readonly cuns: ReadonlyArray<number>
  /** Unit normals at the stations: the mean of the neighbouring segments' right-hand normals. */
  readonly normals: ReadonlyArray<Point2>
  /** View units per cun across the axis. */
  readonly width: number
}

export class ChartDataError extends Error {
  override readonly name = "ChartDataError"
}

export const buildFrame = (frame: Frame, landmark: (name: string) => Point2, midline: number | null): BuiltFrame => {
  const stations = frame.stations.map((s) => landmark(s.at))
  const cuns = frame.stations.map((s) => s.cun)
  const rising = cuns[1]! > cuns[0]!
  for (let i = 1; i < cuns.length; i++) {
    if (cuns[i]! > cuns[i - 1]! !== rising || cuns[i] === cuns[i - 1])
      throw new ChartDataError(`frame ${frame.id}: station cun values must strictly increase or decrease`)
    if (distance(stations[i]!, stations[i - 1]!) === 0)
      throw new ChartDataError(`frame ${frame.id}: stations ${frame.stations[i]!.at} and its predecessor coincide`)
  }
  const segmentNormals = stations.slice(1).map((p, i) => normalize(rightOf(sub(p, stations[i]!))))
  const normals = stations.map((_, i) =>
    normalize(add(segmentNormals[Math.max(0, i - 1)]!, segmentNormals[Math.min(segmentNormals.length - 1, i)]!)),
  )
  const width = widthOf(frame, landmark, midline, stations, cuns)
  return { frame, stations, cuns, normals, width }
}

const widthOf = (
  frame: Frame,
  landmark: (name: string) => Point2,
  midline: number | null,
  stations: ReadonlyArray<Point2>,
  cuns: ReadonlyArray<number>,
): number => {
  const w = frame.width
  if ("between" in w) return distance(landmark(w.between[0]), landmark(w.between[1])) / w.cun
  if ("mirrored" in w) {
    if (midline === null) throw new ChartDataError(`frame ${frame.id}: a mirrored width needs a midline`)
    return (2 * Math.abs(landmark(w.mirrored)[0] - midline)) / w.cun
  }
  return (w.ratio * polylineLength(stations)) / Math.abs(cuns[cuns.length - 1]! - cuns[0]!)
}

/** The segment of the axis holding `along` (the first or last one beyond the ends) and the fraction in it. */
const segmentAt = (f: BuiltFrame, along: number): readonly [number, number] => {
  const n = f.cuns.length
  let i = 0
  while (i < n - 2) {
    const a = f.cuns[i + 1]!
    const beyond = f.cuns[1]! > f.cuns[0]! ? along > a : along < a
    if (!beyond) break
    i++
  }
  const t = (along - f.cuns[i]!) / (f.cuns[i + 1]! - f.cuns[i]!)
  return [i, t]
}

/** View units per cun along the axis at `along`. */
export const alongScale = (f: BuiltFrame, along: number): number => {
  const [i] = segmentAt(f, along)
  return distance(f.stations[i]!, f.stations[i + 1]!) / Math.abs(f.cuns[i + 1]! - f.cuns[i]!)
}

/** How far an offset across the axis moves on the view, in view units (see `wrap`). */
const acrossDisplacement = (f: BuiltFrame, across: number): number => {
  const wrap = f.frame.wrap
  if (!wrap) return across * f.width
  const angle = Math.max(-Math.PI / 2, Math.min(Math.PI / 2, across / wrap.radius))
  return wrap.seen === "face-on"
    ? wrap.radius * Math.sin(angle) * f.width
    : wrap.radius * (1 - Math.cos(angle)) * f.width
}

export const toView = (f: BuiltFrame, at: CunPosition): Point2 => {
  const [i, t] = segmentAt(f, at.along)
  const onAxis = lerp(f.stations[i]!, f.stations[i + 1]!, t)
  const normal = normalize(lerp(f.normals[i]!, f.normals[i + 1]!, Math.max(0, Math.min(1, t))))
  return add(onAxis, scale(normal, acrossDisplacement(f, at.across)))
}

/**
 * The cun position of a view point, found by Newton's method from its projection onto the axis.
 * Seen edge-on, left and right of the midline look alike, so `across` comes back non-negative.
 */
export const toCun = (f: BuiltFrame, p: Point2): CunPosition => {
  // Start from the nearest points of the axis: the two closest segments, so a bend cannot trap the
  // search and a long curved axis (the scalp) does not cost a search per segment.
  const starts: Array<{ along: number; distance: number }> = []
  for (let i = 0; i + 1 < f.stations.length; i++) {
    const a = f.stations[i]!
    const ab = sub(f.stations[i + 1]!, a)
    const t = dot(sub(p, a), ab) / dot(ab, ab)
    const clamped = i === 0 || i + 2 === f.stations.length ? t : Math.max(0, Math.min(1, t))
    const foot = add(a, scale(ab, Math.max(0, Math.min(1, t))))
    starts.push({ along: f.cuns[i]! + clamped * (f.cuns[i + 1]! - f.cuns[i]!), distance: distance(p, foot) })
  }
  starts.sort((x, y) => x.distance - y.distance)
  let best = { along: f.cuns[0]!, across: 0, error: Number.POSITIVE_INFINITY }
  for (const start of starts.slice(0, 2)) {
    const guess = refine(f, p, { along: start.along, across: initialAcross(f, p, start.along) })
    if (guess.error < best.error) best = guess
  }
  return { along: best.along, across: best.across }
}

const initialAcross = (f: BuiltFrame, p: Point2, along: number): number => {
  const [i, t] = segmentAt(f, along)
  const onAxis = lerp(f.stations[i]!, f.stations[i + 1]!, t)
  const normal = normalize(lerp(f.normals[i]!, f.normals[i + 1]!, Math.max(0, Math.min(1, t))))
  const d = dot(sub(p, onAxis), normal) / f.width
  const wrap = f.frame.wrap
  if (!wrap) return d
  const r = wrap.radius
  if (wrap.seen === "face-on") return r * Math.asin(Math.max(-1, Math.min(1, d / r)))
  return r * Math.acos(Math.max(-1, Math.min(1, 1 - Math.abs(d) / r)))
}

const refine = (f: BuiltFrame, p: Point2, start: CunPosition) => {
  let { along, across } = start
  const edgeOn = f.frame.wrap?.seen === "edge-on"
  const limit = f.frame.wrap ? (f.frame.wrap.radius * Math.PI) / 2 : Number.POSITIVE_INFINITY
  const residual = (a: number, l: number) => sub(toView(f, { along: a, across: l }), p)
  let r = residual(along, across)
  for (let k = 0; k < 40 && Math.hypot(r[0], r[1]) > 1e-7; k++) {
    const h = 1e-4
    const da = scale(sub(residual(along + h, across), r), 1 / h)
    // Seen edge-on the inset is flat at the midline, so step outward to get a usable slope.
    const lh = edgeOn && across < h ? across + h : across
    const dl = scale(sub(residual(along, lh + h), residual(along, lh)), 1 / h)
    const det = da[0] * dl[1] - da[1] * dl[0]
    if (Math.abs(det) < 1e-12) break
    const stepA = (r[0] * dl[1] - r[1] * dl[0]) / det
    const stepL = (da[0] * r[1] - da[1] * r[0]) / det
    let damping = 1
    let next = { along: along - stepA, across: across - stepL }
    let nr = residual(next.along, clampAcross(next.across, edgeOn, limit))
    while (Math.hypot(nr[0], nr[1]) > Math.hypot(r[0], r[1]) && damping > 1e-4) {
      damping /= 2
      next = { along: along - stepA * damping, across: across - stepL * damping }
      nr = residual(next.along, clampAcross(next.across, edgeOn, limit))
    }
    if (damping <= 1e-4) break
    along = next.along
    across = clampAcross(next.across, edgeOn, limit)
    r = nr
  }
  return { along, across, error: Math.hypot(r[0], r[1]) }
}

const clampAcross = (l: number, edgeOn: boolean, limit: number) =>
  Math.max(edgeOn ? 0 : -limit, Math.min(limit, edgeOn ? Math.abs(l) : l))

/** The signed cun a placement's direction words add up to on this frame's axes. */
export const offsetOf = (f: BuiltFrame, words: Partial<Record<Direction, number>>, what: string): CunPosition => {
  let along = 0
  let across = 0
  for (const [word, value] of Object.entries(words) as Array<[Direction, number | undefined]>) {
    if (value === undefined) continue
    if (word === f.frame.along[0]) along -= value
    else if (word === f.frame.along[1]) along += value
    else if (word === f.frame.across[0]) across -= value
    else if (word === f.frame.across[1]) across += value
    else
      throw new ChartDataError(
        `${what}: "${word}" is not a direction of frame ${f.frame.id} (${f.frame.along.join("/")}, ${f.frame.across.join("/")})`,
      )
  }
  return { along, across }
}
