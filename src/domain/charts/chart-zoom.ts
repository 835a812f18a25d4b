// Zooming and panning a chart: the part of the view on screen is a box of the view's size divided
// by the zoom, around a centre that is kept inside the drawing. Keys, buttons, the wheel and pinch
// all go through these functions, so they agree on the limits.
import type { Point2 } from "./chart-geometry.ts"

export type ViewBox = readonly [number, number, number, number]

export interface Zoom {
  /** 1 shows the whole view; 2 shows half its width and height. */
  readonly scale: number
  /** The centre of what is shown, in view units. */
  readonly center: Point2
}

export const MIN_ZOOM = 1
export const MAX_ZOOM = 8
/** One press of + or − (or one wheel notch) zooms by this factor. */
export const ZOOM_STEP = 1.5
/** One pan step moves by this fraction of what is on screen. */
export const PAN_STEP = 0.2
/** A focused point closer than this fraction of the shown box to its edge is brought into view. */
export const REVEAL_MARGIN = 0.08

export const initialZoom = (box: ViewBox): Zoom => ({ scale: 1, center: [box[0] + box[2] / 2, box[1] + box[3] / 2] })

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(max, value))

/** The same zoom with its scale in range and its centre such that the shown box stays on the view. */
export const clampZoom = (zoom: Zoom, box: ViewBox): Zoom => {
  const scale = clamp(zoom.scale, MIN_ZOOM, MAX_ZOOM)
  const w = box[2] / scale
  const h = box[3] / scale
  return {
    scale,
    center: [
      clamp(zoom.center[0], box[0] + w / 2, box[0] + box[2] - w / 2),
      clamp(zoom.center[1], box[1] + h / 2, box[1] + box[3] - h / 2),
    ],
  }
}

/** The part of the view on screen: minX, minY, width, height. */
export const visibleBox = (zoom: Zoom, box: ViewBox): ViewBox => {
  const z = clampZoom(zoom, box)
  const w = box[2] / z.scale
  const h = box[3] / z.scale
  return [z.center[0] - w / 2, z.center[1] - h / 2, w, h]
}

/**
 * Zoom by a factor, keeping the spot `at` where it is on screen (the pointer, a pinch's midpoint);
 * without `at`, around the centre.
 */
export const zoomBy = (zoom: Zoom, box: ViewBox, factor: number, at?: Point2): Zoom => {
  const current = clampZoom(zoom, box)
  const scale = clamp(current.scale * factor, MIN_ZOOM, MAX_ZOOM)
  if (!at) return clampZoom({ scale, center: current.center }, box)
  const k = current.scale / scale
  return clampZoom(
    { scale, center: [at[0] + (current.center[0] - at[0]) * k, at[1] + (current.center[1] - at[1]) * k] },
    box,
  )
}

/** Move what is shown by fractions of its own width and height (a drag passes its own fractions). */
export const panBy = (zoom: Zoom, box: ViewBox, dx: number, dy: number): Zoom => {
  const current = clampZoom(zoom, box)
  const [, , w, h] = visibleBox(current, box)
  return clampZoom({ scale: current.scale, center: [current.center[0] + dx * w, current.center[1] + dy * h] }, box)
}

/** The same zoom, moved as little as needed to show the point with a margin. */
export const revealPoint = (zoom: Zoom, box: ViewBox, p: Point2): Zoom => {
  const current = clampZoom(zoom, box)
  const [x, y, w, h] = visibleBox(current, box)
  const mx = w * REVEAL_MARGIN
  const my = h * REVEAL_MARGIN
  const dx = p[0] < x + mx ? p[0] - (x + mx) : p[0] > x + w - mx ? p[0] - (x + w - mx) : 0
  const dy = p[1] < y + my ? p[1] - (y + my) : p[1] > y + h - my ? p[1] - (y + h - my) : 0
  if (dx === 0 && dy === 0) return current
  return clampZoom({ scale: current.scale, center: [current.center[0] + dx, current.center[1] + dy] }, box)
}

/** A zoom showing these points with room around them (a point and its neighbours, an area's points). */
export const fitPoints = (box: ViewBox, points: ReadonlyArray<Point2>, padding = 0.15, maxScale = 3): Zoom => {
  if (points.length === 0) return initialZoom(box)
  const xs = points.map((p) => p[0])
  const ys = points.map((p) => p[1])
  const minX = Math.min(...xs)
  const maxX = Math.max(...xs)
  const minY = Math.min(...ys)
  const maxY = Math.max(...ys)
  const w = Math.max(maxX - minX, box[2] / maxScale) * (1 + 2 * padding)
  const h = Math.max(maxY - minY, box[3] / maxScale) * (1 + 2 * padding)
  const scale = clamp(Math.min(box[2] / w, box[3] / h), MIN_ZOOM, maxScale)
  return clampZoom({ scale, center: [(minX + maxX) / 2, (minY + maxY) / 2] }, box)
}

/**
 * Another dot nearer to a point than this share of the view's long side crowds it: on a drawing of
 * ordinary size (560 px tall) that is 17 px between centres, room for the highlighted dot (7 px
 * radius) beside a neighbour's (4.5 px) with a gap.
 */
export const CLEAR_SHARE = 0.03
/** Dots nearer than this share lie at one spot (the sites of one place): no zoom parts them. */
export const SAME_SPOT_SHARE = 0.002
/**
 * A page opens no further in than this: the point with its surroundings — on a whole-body view,
 * about a trunk's worth.
 */
export const MAX_OPENING_ZOOM = 3

/**
 * The zoom a page opens a point on: centred on it, at least `least` and as far in as its nearest
 * neighbouring dot needs to stand clear of it (up to MAX_OPENING_ZOOM); the whole view when
 * nothing crowds it.
 */
export const openingZoom = (box: ViewBox, at: Point2, others: ReadonlyArray<Point2>, least = MIN_ZOOM): Zoom => {
  const long = Math.max(box[2], box[3])
  let nearest = Number.POSITIVE_INFINITY
  for (const p of others) {
    const d = Math.hypot(p[0] - at[0], p[1] - at[1])
    if (d > SAME_SPOT_SHARE * long && d < nearest) nearest = d
  }
  const scale = clamp(Math.max(least, (CLEAR_SHARE * long) / nearest), MIN_ZOOM, MAX_OPENING_ZOOM)
  return scale <= MIN_ZOOM ? initialZoom(box) : clampZoom({ scale, center: at }, box)
}

/** The same zoom at another scale, centred on a point (as far as the drawing allows). */
export const zoomOn = (zoom: Zoom, box: ViewBox, factor: number, at: Point2): Zoom =>
  clampZoom({ scale: clamp(clampZoom(zoom, box).scale * factor, MIN_ZOOM, MAX_ZOOM), center: at }, box)

export const isZoomedIn = (zoom: Zoom) => zoom.scale > MIN_ZOOM + 1e-9
export const canZoomIn = (zoom: Zoom) => zoom.scale < MAX_ZOOM - 1e-9
