// How a point's placement is measured on a chart view, read back from the resolved view: where the
// measurement starts (a landmark, a point, a spot on a line between references), the way along and
// across the frame to the point, the two stations of the frame around it that a proportional ruler
// spans, and the same in words the captions' templates know.
import { type BuiltFrame, ChartDataError, type CunPosition, offsetOf, toView } from "../charts/chart-frames.ts"
import type { Point2 } from "../charts/chart-geometry.ts"
import type { PointInstance, ResolvedView } from "../charts/chart-resolve.ts"
import { DIRECTIONS, type Direction, type Placement } from "../charts/chart-schema.ts"
import type { Measurement, MeasureStart } from "./video-captions.ts"
import { nearInstance } from "./video-parts.ts"

/** The placement's measurement on its view: where it starts, the way to the point and the ruler. */
export interface PlacementGeometry {
  readonly frame: BuiltFrame
  readonly start: CunPosition
  /** Where the measurement starts, the corner after moving along the frame, and the point. */
  readonly from: Point2
  readonly corner: Point2
  readonly point: Point2
  /** The landmarks and points it refers to. */
  readonly references: ReadonlyArray<{ readonly at: Point2; readonly code: string | null }>
  /** The two stations, the cun between them and the frame's cun value at each. */
  readonly ruler: {
    readonly from: Point2
    readonly to: Point2
    readonly cun: number
    readonly fromCun: number
    readonly toCun: number
  }
  readonly measurement: Measurement
}

const words = (p: Placement): Partial<Record<Direction, number>> => {
  const found: Partial<Record<Direction, number>> = {}
  for (const d of DIRECTIONS) if (p[d] !== undefined) found[d] = p[d]
  return found
}

/** How a point's placement on a view is measured, read back from the resolved view. */
export const placementGeometry = (resolved: ResolvedView, instance: PointInstance): PlacementGeometry => {
  const where = `${resolved.view.id}: ${instance.key}`
  const placement = resolved.view.points.find((p) => p.code === instance.code && p.site === instance.site)
  const frame = resolved.frames.get(instance.frame)
  if (!placement || !frame) throw new ChartDataError(`${where} has no placement`)
  const offset = offsetOf(frame, words(placement), where)
  const start = { along: instance.cun.along - offset.along, across: instance.cun.across - offset.across }
  const refAt = (ref: string): { at: Point2; code: string | null } => {
    if (/^[a-z]/.test(ref)) {
      const at = resolved.view.landmarks[ref]
      if (!at) throw new ChartDataError(`${where}: no landmark ${ref}`)
      return { at, code: null }
    }
    const [code, site] = ref.split("#")
    const other = nearInstance(resolved, code!, site)
    if (!other) throw new ChartDataError(`${where}: ${ref} is not on the view`)
    return { at: other.position, code: code! }
  }
  const refs = placement.at !== undefined ? [placement.at] : (placement.on ?? [])
  const measureStart: MeasureStart =
    placement.on !== undefined
      ? { kind: "line", t: placement.t ?? 0 }
      : placement.at !== undefined && !/^[a-z]/.test(placement.at)
        ? { kind: "point", code: placement.at.split("#")[0]! }
        : { kind: "landmark" }

  // The ruler spans the two stations around the point, from the one nearer the start.
  const { cuns, stations } = frame
  let segment = 0
  let gap = Number.POSITIVE_INFINITY
  for (let i = 0; i + 1 < cuns.length; i++) {
    const lo = Math.min(cuns[i]!, cuns[i + 1]!)
    const hi = Math.max(cuns[i]!, cuns[i + 1]!)
    const d = Math.max(0, lo - instance.cun.along, instance.cun.along - hi)
    if (d < gap - 1e-9) {
      gap = d
      segment = i
    }
  }
  const nearFirst =
    Math.abs(cuns[segment]! - start.along) <= Math.abs(cuns[segment + 1]! - start.along) ? segment : segment + 1
  const farEnd = nearFirst === segment ? segment + 1 : segment
  const along = instance.cun.along - start.along
  const across = instance.cun.across - start.across
  const offsets: Array<{ direction: Direction; cun: number }> = []
  if (Math.abs(along) > 0.005)
    offsets.push({ direction: along < 0 ? frame.frame.along[0] : frame.frame.along[1], cun: Math.abs(along) })
  if (Math.abs(across) > 0.005)
    offsets.push({ direction: across < 0 ? frame.frame.across[0] : frame.frame.across[1], cun: Math.abs(across) })
  const rulerCun = Math.abs(cuns[farEnd]! - cuns[nearFirst]!)
  // A ruler says something only where the point is measured along the frame and the stations around
  // it are a proportional measure (a whole or half number of cun, as between the elbow and wrist
  // creases); a frame drawn to fit a chart (the hand's 5.36 cun to the middle finger's crease) is not.
  const alongCun = Math.abs(along)
  const ruled = alongCun >= 0.25 && Number.isInteger(Math.round(rulerCun * 1000) / 500)
  return {
    frame,
    start,
    from: toView(frame, start),
    corner: toView(frame, { along: instance.cun.along, across: start.across }),
    point: instance.position,
    references: refs.map(refAt),
    ruler: {
      from: stations[nearFirst]!,
      to: stations[farEnd]!,
      cun: rulerCun,
      fromCun: cuns[nearFirst]!,
      toCun: cuns[farEnd]!,
    },
    measurement: { start: measureStart, offsets, ruler: ruled ? rulerCun : null },
  }
}

/** Points along the frame from one cun position to another, so a curved frame bends the line. */
export const legOf = (frame: BuiltFrame, a: CunPosition, b: CunPosition): ReadonlyArray<Point2> =>
  Array.from({ length: 13 }, (_, k) =>
    toView(frame, {
      along: a.along + ((b.along - a.along) * k) / 12,
      across: a.across + ((b.across - a.across) * k) / 12,
    }),
  )

/**
 * The part of the line from `a` to `b` inside the box (inset a little), as fractions of the line:
 * [0, 1] when it is all inside.
 */
export const clipToBox = (
  a: Point2,
  b: Point2,
  box: readonly [number, number, number, number],
): readonly [number, number] => {
  const inset = 0.015 * Math.max(box[2], box[3])
  let lo = 0
  let hi = 1
  const d = [b[0] - a[0], b[1] - a[1]] as const
  for (const [p, q] of [
    [-d[0], a[0] - (box[0] + inset)],
    [d[0], box[0] + box[2] - inset - a[0]],
    [-d[1], a[1] - (box[1] + inset)],
    [d[1], box[1] + box[3] - inset - a[1]],
  ] as const) {
    if (Math.abs(p) < 1e-12) {
      if (q < 0) return [0, 1]
      continue
    }
    const r = q / p
    if (p < 0) lo = Math.max(lo, r)
    else hi = Math.min(hi, r)
  }
  return lo < hi ? [lo, hi] : [0, 1]
}
