// Where the labels of a chart go: each wanted label, most important first, takes the first spot
// around its point that overlaps no label placed before it, no other point's dot and stays on
// screen; a label with no free spot is left out. So labels never overlap, at any zoom: the
// highlighted point and its neighbours are placed first, the rest fill in as zooming makes room.
// A required label (the page's own point) is never left out: it goes further away on a leader line
// and, with no free spot at all, over other dots — still on screen and clear of the labels before it.
import type { Point2 } from "./chart-geometry.ts"

export interface Box {
  readonly x: number
  readonly y: number
  readonly w: number
  readonly h: number
}

export interface LabelWish {
  readonly id: string
  readonly at: Point2
  readonly text: string
  /** Placed even where every nearby spot is taken (see above). */
  readonly required?: boolean
  /** Shorter texts tried in turn where the text finds no spot (a name without its hanzi). */
  readonly fallbacks?: ReadonlyArray<string>
}

export interface PlacedLabel {
  readonly id: string
  readonly text: string
  /** The box the text takes, in view units. */
  readonly box: Box
  /** Where the text starts (baseline, left), in view units. */
  readonly x: number
  readonly y: number
  /** The point the label belongs to, for a leader line when it had to move away. */
  readonly at: Point2
  readonly leader: boolean
}

export interface LabelMetrics {
  /** Font size in view units. */
  readonly fontSize: number
  /** Mean character width as a fraction of the font size. */
  readonly charWidth: number
  /** Radius of a point's dot in view units. */
  readonly dotRadius: number
  /** A text's width in font sizes, where the mean character width is too rough (hanzi are wider). */
  readonly textWidth?: (text: string) => number
}

/** A label's average character width for the app's sans-serif at small sizes. */
export const CHAR_WIDTH = 0.58

export const boxesOverlap = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h

const inside = (a: Box, bounds: Box) =>
  a.x >= bounds.x && a.y >= bounds.y && a.x + a.w <= bounds.x + bounds.w && a.y + a.h <= bounds.y + bounds.h

/** Directions tried around a point, nearest first: right, left, above, below, then the diagonals. */
const DIRECTIONS: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [-1, 0],
  [0, -1],
  [0, 1],
  [1, -1],
  [1, 1],
  [-1, -1],
  [-1, 1],
]
/** Distances tried, in font sizes beyond the dot. */
const DISTANCES = [0.35, 1.2, 2.4]
/** Further distances tried for a required label. */
const REQUIRED_DISTANCES = [...DISTANCES, 3.6, 5, 7, 9.5]

export const layoutLabels = (
  wishes: ReadonlyArray<LabelWish>,
  metrics: LabelMetrics,
  /** Dots of every point drawn, so a label never hides one. */
  dots: ReadonlyArray<Point2>,
  bounds: Box,
): ReadonlyArray<PlacedLabel> => {
  const { fontSize, charWidth, dotRadius } = metrics
  const widthOf = metrics.textWidth ?? ((text: string) => text.length * charWidth)
  const pad = fontSize * 0.15
  const dotBoxes: Array<Box> = dots.map((d) => ({
    x: d[0] - dotRadius,
    y: d[1] - dotRadius,
    w: 2 * dotRadius,
    h: 2 * dotRadius,
  }))
  const placed: Array<PlacedLabel> = []
  const spot = (wish: LabelWish, distance: number, [dx, dy]: readonly [number, number], w: number, h: number) => {
    const gap = dotRadius + distance * fontSize
    const cx = wish.at[0] + dx * gap
    const cy = wish.at[1] + dy * (dotRadius + distance * fontSize * 0.6)
    const box: Box = {
      x: dx > 0 ? cx : dx < 0 ? cx - w : cx - w / 2,
      y: dy > 0 ? cy : dy < 0 ? cy - h : cy - h / 2,
      w,
      h,
    }
    return box
  }
  const labelAt = (wish: LabelWish, box: Box, h: number, leader: boolean): PlacedLabel => ({
    id: wish.id,
    text: wish.text,
    box,
    x: box.x + pad,
    y: box.y + h * 0.8,
    at: wish.at,
    leader,
  })
  /** The first spot that stays on screen, clears the labels placed and, unless told, every dot. */
  const find = (wish: LabelWish, distances: ReadonlyArray<number>, overDots: boolean): PlacedLabel | undefined => {
    const w = widthOf(wish.text) * fontSize + 2 * pad
    const h = fontSize * 1.25
    for (const distance of distances) {
      for (const direction of DIRECTIONS) {
        const box = spot(wish, distance, direction, w, h)
        if (!inside(box, bounds)) continue
        if (placed.some((l) => boxesOverlap(l.box, box))) continue
        if (!overDots && dotBoxes.some((d) => boxesOverlap(d, box))) continue
        if (
          overDots &&
          boxesOverlap(box, {
            x: wish.at[0] - dotRadius,
            y: wish.at[1] - dotRadius,
            w: 2 * dotRadius,
            h: 2 * dotRadius,
          })
        )
          continue
        return labelAt(wish, box, h, distance > DISTANCES[0]!)
      }
    }
    return undefined
  }
  for (const wish of wishes) {
    let found: PlacedLabel | undefined
    for (const text of [wish.text, ...(wish.fallbacks ?? [])]) {
      const version = { ...wish, text }
      found = wish.required
        ? (find(version, REQUIRED_DISTANCES, false) ?? find(version, REQUIRED_DISTANCES, true))
        : find(version, DISTANCES, false)
      if (found) break
    }
    if (found) placed.push(found)
  }
  return placed
}
