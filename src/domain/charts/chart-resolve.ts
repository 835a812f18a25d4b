// Turns one chart file into what is drawn: every point's position on the view (both sides where
// the view shows both), the body-area regions as polygons, and the line art as SVG paths. A
// placement that names an unknown landmark, point or direction stops with a ChartDataError.

import type { BodyAreaId } from "../content/content-schema.ts"
import {
  type BuiltFrame,
  buildFrame,
  ChartDataError,
  type CunPosition,
  offsetOf,
  toCun,
  toView,
} from "./chart-frames.ts"
import { circlePath, mirrorPoint, type Point2, pointAlong, smoothPath, smoothPolyline } from "./chart-geometry.ts"
import { type ChartView, DIRECTIONS, type Direction, type Placement } from "./chart-schema.ts"

export type ChartSide = "left" | "right" | "midline"

export interface PointInstance {
  /** Unique on the view: code, site and side ("LU-9:right", "EX-B2#l3:left", "CV-12"). */
  readonly key: string
  readonly code: string
  readonly site: string | undefined
  readonly side: ChartSide
  readonly position: Point2
  /** The frame it was placed in and its cun position there (the same for both sides). */
  readonly frame: string
  readonly cun: CunPosition
  /** True for the copy drawn across the midline. */
  readonly mirrored: boolean
}

export interface ResolvedRegion {
  readonly area: BodyAreaId
  readonly polygon: ReadonlyArray<Point2>
}

export interface ChartPath {
  readonly kind: "outline" | "feature" | "guide" | "cut"
  readonly d: string
}

export interface ResolvedView {
  readonly view: ChartView
  readonly frames: ReadonlyMap<string, BuiltFrame>
  readonly points: ReadonlyArray<PointInstance>
  readonly regions: ReadonlyArray<ResolvedRegion>
  /** The view's bends by "FROM>TO": the spots, on the near side, a course passes between the two. */
  readonly bends: ReadonlyMap<string, ReadonlyArray<Point2>>
}

const otherSide = (side: "left" | "right"): "left" | "right" => (side === "left" ? "right" : "left")

/** Placement reference for a point: its code, with "#site" for the sites of multi-site points. */
export const placementRef = (p: Placement) => (p.site ? `${p.code}#${p.site}` : p.code)

export const instanceKey = (code: string, site: string | undefined, side: ChartSide) =>
  `${site ? `${code}#${site}` : code}${side === "midline" ? "" : `:${side}`}`

const directionWords = (p: Placement): Partial<Record<Direction, number>> => {
  const words: Partial<Record<Direction, number>> = {}
  for (const d of DIRECTIONS) if (p[d] !== undefined) words[d] = p[d]
  return words
}

export const resolveView = (view: ChartView): ResolvedView => {
  const landmark = (name: string): Point2 => {
    const p = view.landmarks[name]
    if (!p) throw new ChartDataError(`${view.id}: unknown landmark "${name}"`)
    return p
  }
  const frames = new Map<string, BuiltFrame>()
  for (const frame of view.frames) {
    if (frames.has(frame.id)) throw new ChartDataError(`${view.id}: frame ${frame.id} is defined twice`)
    frames.set(frame.id, buildFrame(frame, landmark, view.midline))
  }
  const frameOf = (id: string, what: string) => {
    const f = frames.get(id)
    if (!f) throw new ChartDataError(`${view.id}: ${what} uses unknown frame "${id}"`)
    return f
  }

  const byRef = new Map<string, Placement>()
  for (const p of view.points) {
    const ref = placementRef(p)
    if (byRef.has(ref)) throw new ChartDataError(`${view.id}: ${ref} is placed twice`)
    byRef.set(ref, p)
  }
  const placed = new Map<string, { position: Point2; cun: CunPosition }>()
  const resolving = new Set<string>()

  const reference = (name: string, from: string): Point2 => {
    if (/^[a-z]/.test(name)) return landmark(name)
    const target = byRef.get(name)
    if (!target) throw new ChartDataError(`${view.id}: ${from} refers to ${name}, which is not placed on this view`)
    return place(target).position
  }

  const place = (p: Placement): { position: Point2; cun: CunPosition } => {
    const ref = placementRef(p)
    const done = placed.get(ref)
    if (done) return done
    if (resolving.has(ref)) throw new ChartDataError(`${view.id}: ${ref} is placed relative to itself`)
    resolving.add(ref)
    const f = frameOf(p.frame, ref)
    if (p.at !== undefined && p.on !== undefined) throw new ChartDataError(`${view.id}: ${ref} has both "at" and "on"`)
    if ((p.on === undefined) !== (p.t === undefined))
      throw new ChartDataError(`${view.id}: ${ref} needs "on" and "t" together`)
    const start =
      p.at !== undefined
        ? toCun(f, reference(p.at, ref))
        : p.on !== undefined
          ? toCun(
              f,
              pointAlong(
                p.on.map((name) => reference(name, ref)),
                p.t!,
              ),
            )
          : { along: 0, across: 0 }
    const offset = offsetOf(f, directionWords(p), `${view.id}: ${ref}`)
    const cun = { along: start.along + offset.along, across: start.across + offset.across }
    const result = { position: toView(f, cun), cun }
    resolving.delete(ref)
    placed.set(ref, result)
    return result
  }

  const points: PointInstance[] = []
  const midline = view.midline
  for (const p of view.points) {
    const { position, cun } = place(p)
    if (p.unpaired || midline === null) {
      const side: ChartSide =
        p.unpaired && midline !== null
          ? Math.abs(position[0] - midline) < 0.5
            ? "midline"
            : position[0] < midline
              ? view.nearSide
              : otherSide(view.nearSide)
          : p.unpaired
            ? "midline"
            : view.nearSide
      points.push({
        key: instanceKey(p.code, p.site, side),
        code: p.code,
        site: p.site,
        side,
        position,
        frame: p.frame,
        cun,
        mirrored: false,
      })
    } else {
      for (const mirrored of [false, true]) {
        const side = mirrored ? otherSide(view.nearSide) : view.nearSide
        points.push({
          key: instanceKey(p.code, p.site, side),
          code: p.code,
          site: p.site,
          side,
          position: mirrored ? mirrorPoint(position, midline) : position,
          frame: p.frame,
          cun,
          mirrored,
        })
      }
    }
  }

  const regions: ResolvedRegion[] = []
  for (const r of view.regions) {
    let polygon: ReadonlyArray<Point2> = r.polygon
    if (r.frame !== undefined) {
      const f = frameOf(r.frame, `region ${r.area}`)
      // Edges are followed in steps of at most a quarter cun so curved frames bend them too.
      polygon = r.polygon.flatMap((a, i) => {
        const b = r.polygon[(i + 1) % r.polygon.length]!
        const steps = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / 0.25))
        return Array.from({ length: steps }, (_, k) =>
          toView(f, { along: a[0] + ((b[0] - a[0]) * k) / steps, across: a[1] + ((b[1] - a[1]) * k) / steps }),
        )
      })
    }
    regions.push({ area: r.area, polygon })
    if (r.mirror) {
      if (midline === null) throw new ChartDataError(`${view.id}: region ${r.area} is mirrored on a one-sided view`)
      regions.push({ area: r.area, polygon: polygon.map((p) => mirrorPoint(p, midline)) })
    }
  }

  const bends = new Map<string, ReadonlyArray<Point2>>()
  for (const b of view.bends ?? []) {
    const what = `bend ${b.from}→${b.to}`
    for (const code of [b.from, b.to])
      if (!byRef.has(code))
        throw new ChartDataError(`${view.id}: ${what} names ${code}, which is not placed on this view`)
    if (b.from === b.to || bends.has(`${b.from}>${b.to}`) || bends.has(`${b.to}>${b.from}`))
      throw new ChartDataError(`${view.id}: ${what} is given twice or goes nowhere`)
    bends.set(
      `${b.from}>${b.to}`,
      b.via.map((v) => (typeof v === "string" ? landmark(v) : v)),
    )
  }

  return { view, frames, points, regions, bends }
}

/**
 * A symmetric half followed by its mirror image in reverse order; a point on the midline where the
 * halves meet is drawn once.
 */
export const symmetricPoints = (
  half: ReadonlyArray<Point2>,
  midline: number,
  closed: boolean,
): ReadonlyArray<Point2> => {
  const onMidline = (p: Point2) => Math.abs(p[0] - midline) < 0.01
  // An open half is drawn from its outer end to the midline, whichever way it was listed.
  if (!closed && onMidline(half[0]!) && !onMidline(half[half.length - 1]!)) half = [...half].reverse()
  let other = half.map((p) => mirrorPoint(p, midline)).reverse()
  if (onMidline(half[half.length - 1]!)) other = other.slice(1)
  if (closed && onMidline(half[0]!)) other = other.slice(0, -1)
  return [...half, ...other]
}

interface ExpandedStroke {
  readonly kind: ChartPath["kind"]
  readonly points: ReadonlyArray<Point2>
  readonly closed: boolean
  readonly circle?: readonly [number, number, number]
}

/** Every stroke as drawn: symmetric halves joined with their mirror image, mirrored copies added. */
const expandStrokes = (view: ChartView): ReadonlyArray<ExpandedStroke> =>
  view.strokes.flatMap((s): ReadonlyArray<ExpandedStroke> => {
    const midline = view.midline
    if ("points" in s && s.symmetric) {
      if (midline === null) throw new ChartDataError(`${view.id}: a symmetric stroke needs a midline`)
      const closed = s.closed ?? false
      return [{ kind: s.kind, points: symmetricPoints(s.points, midline, closed), closed }]
    }
    const copies = s.mirror && midline !== null ? [false, true] : [false]
    return copies.map((mirrored) => {
      const m = (p: Point2) => (mirrored ? mirrorPoint(p, midline!) : p)
      if ("circle" in s) {
        const [x, y] = m([s.circle[0], s.circle[1]])
        return { kind: s.kind, points: [[x, y]], closed: true, circle: [x, y, s.circle[2]] as const }
      }
      return { kind: s.kind, points: s.points.map(m), closed: s.closed ?? false }
    })
  })

/** The line art as SVG paths, mirrored strokes included. */
export const chartPaths = (view: ChartView): ReadonlyArray<ChartPath> =>
  expandStrokes(view).map((s) => ({
    kind: s.kind,
    d: s.circle ? circlePath(s.circle[0], s.circle[1], s.circle[2]) : smoothPath(s.points, s.closed),
  }))

/** The body's outline strokes (and the cuts that close them) as sampled polylines. */
export const outlinePolylines = (view: ChartView): ReadonlyArray<ReadonlyArray<Point2>> =>
  expandStrokes(view)
    .filter((s) => (s.kind === "outline" || s.kind === "cut") && !s.circle)
    .map((s) => smoothPolyline(s.points, s.closed))

/** The position of a point instance on the near side (mirrored copies reflected back). */
export const nearSidePosition = (resolved: ResolvedView, instance: PointInstance): Point2 =>
  instance.mirrored && resolved.view.midline !== null
    ? mirrorPoint(instance.position, resolved.view.midline)
    : instance.position

/**
 * The cun between two points measured on the chart in one frame: along its axis, across it, and
 * straight. Both positions are read off the drawing, so a point drawn in the wrong place shows here.
 */
export const cunBetween = (
  resolved: ResolvedView,
  frameId: string,
  a: PointInstance,
  b: PointInstance,
): { readonly along: number; readonly across: number; readonly direct: number } => {
  const f = resolved.frames.get(frameId)
  if (!f) throw new ChartDataError(`${resolved.view.id}: no frame ${frameId}`)
  const ca = toCun(f, nearSidePosition(resolved, a))
  const cb = toCun(f, nearSidePosition(resolved, b))
  const along = cb.along - ca.along
  const across = cb.across - ca.across
  return { along, across, direct: Math.hypot(along, across) }
}
