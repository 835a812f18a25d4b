// The declarative video scene: what a video shows, as data. A scene has a size, a frame rate, a
// duration and layers; a layer is one chart view (or the screen) seen through an eased camera and
// faded in and out, holding timed elements: line art, lines drawn progressively, dots, pulsing
// rings, labels, cun rulers, landmark markers and a pressing fingertip. `frameSvg` draws any scene at any frame; the
// channel, point (and any later) videos are builders that produce scenes from our data.
import type { Point2 } from "../charts/chart-geometry.ts"
import type { ChartPath } from "../charts/chart-resolve.ts"
import type { ViewBox } from "../charts/chart-zoom.ts"

export const VIDEO_WIDTH = 1280
export const VIDEO_HEIGHT = 720
/**
 * The faces every burned-in text is set in, in order: subsets of Noto Serif TC and, for the few
 * characters it lacks, Noto Serif SC, shipped with the renderer.
 */
export const VIDEO_FONT_FAMILIES = ["Noto Serif TC", "Noto Serif SC"] as const
export const VIDEO_BACKGROUND = "#ffffff"

/**
 * How a change between two keyframes runs: evenly, slow at both ends, or not at all until the
 * second keyframe's time, when it cuts to the new value (the reduced-motion scenes).
 */
export type Ease = "linear" | "in-out" | "cut"

export interface Keyframe<A> {
  /** Seconds from the start of the video. */
  readonly at: number
  readonly value: A
  /** How the change from the previous keyframe to this one runs (linear when absent). */
  readonly ease?: Ease
}

/** When an element shows: from `from` (faded in over `fade` seconds) until `until` (for good when absent). */
export interface Shown {
  readonly from: number
  readonly until?: number
  readonly fade?: number
}

/** The body's line art, drawn in the layer's coordinates; widths are screen pixels. */
export interface ArtElement {
  readonly type: "art"
  readonly paths: ReadonlyArray<ChartPath>
}

/** A line drawn progressively: it reaches `points[i]` at `times[i]` (non-decreasing). */
export interface TraceElement extends Partial<Shown> {
  readonly type: "trace"
  readonly points: ReadonlyArray<Point2>
  readonly times: ReadonlyArray<number>
  readonly color: string
  /** Screen pixels. */
  readonly width: number
  /** Dash and gap in screen pixels; solid when absent. */
  readonly dash?: readonly [number, number]
  readonly opacity?: number
  /** Drawn a whole stretch at a time, each when the line reaches its end (reduced motion). */
  readonly stepwise?: boolean
}

/** A filled dot (a lit point, a reference). Radius in screen pixels. */
export interface DotElement extends Shown {
  readonly type: "dot"
  readonly at: Point2
  readonly radius: number
  readonly color: string
  /** A white rim, so a dot stands out on a line. */
  readonly rim?: number
}

/**
 * A ring around a spot. With `pulse` it grows to `grow` times its radius and fades out once per
 * period, from `from` until `until`; without, it stays.
 */
export interface RingElement extends Shown {
  readonly type: "ring"
  readonly at: Point2
  readonly radius: number
  readonly color: string
  readonly width: number
  readonly pulse?: { readonly period: number; readonly grow: number }
}

/**
 * A text at a spot of the layer, shifted by `offset` screen pixels (where the label layout put it),
 * with a white halo. Sizes in screen pixels; `anchor` is where `at` + `offset` sits on the text.
 */
export interface LabelElement extends Shown {
  readonly type: "label"
  readonly at: Point2
  readonly offset?: readonly [number, number]
  readonly text: string
  readonly size: number
  readonly color: string
  readonly anchor?: "start" | "middle" | "end"
  readonly bold?: boolean
  /** A line from the spot to the text (the label had to move away). */
  readonly leader?: boolean
}

/**
 * A proportional ruler between two spots that are `cun` apart: a tick at every whole cun from
 * `from`, longer at both ends, `labels` beyond the ends, drawn from `from` toward `to` during
 * `draw`. It stands `offset` screen pixels to the right of the line from `from` to `to`. Only the
 * stretch `span` (in cun from `from`; all of it when absent) is drawn, where the picture ends
 * the ruler does; a cut end carries an arrowhead and its label. `mark` highlights the stretch from
 * `mark.from` to `mark.to` cun with its length written beside it.
 */
export interface RulerElement {
  readonly type: "ruler"
  readonly from: Point2
  readonly to: Point2
  readonly cun: number
  readonly span?: readonly [number, number]
  readonly offset: number
  readonly color: string
  readonly draw: { readonly from: number; readonly until: number }
  readonly labels: readonly [string, string]
  readonly mark?: {
    readonly from: number
    readonly to: number
    readonly label: string
    readonly color: string
    readonly draw: { readonly from: number; readonly until: number }
  }
}

/** A landmark a placement is measured from: a small diamond, pulsing once when it appears. */
export interface LandmarkElement extends Shown {
  readonly type: "landmark"
  readonly at: Point2
  readonly size: number
  readonly color: string
  /** Appears at its size, without the pulse (reduced motion). */
  readonly still?: boolean
}

/**
 * A fingertip pressing a spot in a slow rhythm: a soft disc that, once per `period`, sinks in (it
 * shrinks and darkens), holds and lets go, from `from` until `until`. Radius in screen pixels.
 */
export interface PressElement extends Shown {
  readonly type: "press"
  readonly at: Point2
  readonly radius: number
  readonly color: string
  readonly period: number
  /** Drawn pressed in, without the rhythm (reduced motion). */
  readonly still?: boolean
}

export type SceneElement =
  | ArtElement
  | TraceElement
  | DotElement
  | RingElement
  | LabelElement
  | RulerElement
  | LandmarkElement
  | PressElement

export interface SceneLayer {
  /** The part of the layer's coordinates on screen over time; null: the layer is in screen pixels. */
  readonly camera: ReadonlyArray<Keyframe<ViewBox>> | null
  /** The layer's opacity over time, linear between keyframes (a cross-fade is two layers' keys). */
  readonly opacity: ReadonlyArray<Keyframe<number>>
  readonly elements: ReadonlyArray<SceneElement>
}

export interface VideoScene {
  readonly width: number
  readonly height: number
  readonly fps: number
  /** Seconds. */
  readonly duration: number
  readonly background: string
  readonly layers: ReadonlyArray<SceneLayer>
}

export const frameCount = (scene: Pick<VideoScene, "fps" | "duration">) => Math.round(scene.duration * scene.fps)

const clamp01 = (t: number) => Math.max(0, Math.min(1, t))

export const eased = (ease: Ease | undefined, t: number) => {
  const x = clamp01(t)
  if (ease === "cut") return x < 1 ? 0 : 1
  return ease === "in-out" ? (x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2) : x
}

/** The keyframes' value at a time, mixed by `mix` between the two keys around it. */
export const valueAt = <A>(keys: ReadonlyArray<Keyframe<A>>, t: number, mix: (a: A, b: A, k: number) => A): A => {
  const first = keys[0]
  if (!first) throw new Error("a track needs a keyframe")
  if (t <= first.at) return first.value
  for (let i = 1; i < keys.length; i++) {
    const b = keys[i]!
    if (t < b.at) {
      const a = keys[i - 1]!
      return mix(a.value, b.value, eased(b.ease, (t - a.at) / (b.at - a.at)))
    }
  }
  return keys[keys.length - 1]!.value
}

export const mixNumber = (a: number, b: number, k: number) => a + (b - a) * k

/** Boxes mix their centres evenly and their sizes geometrically, so a zoom feels even. */
export const mixBox = (a: ViewBox, b: ViewBox, k: number): ViewBox => {
  if (k <= 0) return a
  if (k >= 1) return b
  const w = a[2] * (b[2] / a[2]) ** k
  const h = a[3] * (b[3] / a[3]) ** k
  const cx = mixNumber(a[0] + a[2] / 2, b[0] + b[2] / 2, k)
  const cy = mixNumber(a[1] + a[3] / 2, b[1] + b[3] / 2, k)
  return [cx - w / 2, cy - h / 2, w, h]
}

/** How far an element has faded in at `t` (0 before it shows, 1 once shown, 0 after `until`). */
export const shownAt = (shown: Partial<Shown>, t: number): number => {
  const from = shown.from ?? 0
  if (t < from || (shown.until !== undefined && t >= shown.until)) return 0
  return shown.fade ? clamp01((t - from) / shown.fade) : 1
}

/**
 * The part of the screen that content is fitted into: below the burned-in title and above where a
 * player shows the captions.
 */
export const SAFE_AREA = { x: 48, y: 84, w: VIDEO_WIDTH - 96, h: VIDEO_HEIGHT - 84 - 110 } as const

/**
 * The camera box (of the screen's aspect) that shows `content` (view units) inside the safe area,
 * with `padding` (a share of the content's size) around it and no smaller than `minHeight`.
 */
export const cameraFor = (content: ViewBox, padding = 0.12, minHeight = 0): ViewBox => {
  const w = Math.max(content[2] * (1 + 2 * padding), 1e-6)
  const h = Math.max(content[3] * (1 + 2 * padding), minHeight, 1e-6)
  // Pixels per view unit so the padded content fills the safe area in its tighter direction.
  const s = Math.min(SAFE_AREA.w / w, SAFE_AREA.h / h)
  const cx = content[0] + content[2] / 2
  const cy = content[1] + content[3] / 2
  // The content's centre sits at the safe area's centre.
  const sx = SAFE_AREA.x + SAFE_AREA.w / 2
  const sy = SAFE_AREA.y + SAFE_AREA.h / 2
  return [cx - sx / s, cy - sy / s, VIDEO_WIDTH / s, VIDEO_HEIGHT / s]
}

/** The bounding box of some spots. */
export const boundsOf = (points: ReadonlyArray<Point2>): ViewBox => {
  const xs = points.map((p) => p[0])
  const ys = points.map((p) => p[1])
  const x = Math.min(...xs)
  const y = Math.min(...ys)
  return [x, y, Math.max(...xs) - x, Math.max(...ys) - y]
}

/** Pixels per view unit and the shift that put a camera box on the screen. */
export interface ScreenTransform {
  readonly scale: number
  readonly dx: number
  readonly dy: number
}

export const screenTransform = (box: ViewBox): ScreenTransform => {
  const scale = Math.min(VIDEO_WIDTH / box[2], VIDEO_HEIGHT / box[3])
  return {
    scale,
    dx: (VIDEO_WIDTH - box[2] * scale) / 2 - box[0] * scale,
    dy: (VIDEO_HEIGHT - box[3] * scale) / 2 - box[1] * scale,
  }
}

export const toScreen = (m: ScreenTransform, p: Point2): Point2 => [p[0] * m.scale + m.dx, p[1] * m.scale + m.dy]

/**
 * Advance widths of the burned-in face (Noto Serif TC) for "!" (U+0021) to "~" (U+007E), in
 * hundredths of the font size, as measured from the shipped font.
 */
const ASCII_WIDTHS = [
  31, 38, 57, 55, 92, 78, 20, 31, 31, 48, 58, 33, 35, 33, 27, 55, 55, 55, 55, 55, 55, 55, 55, 55, 55, 33, 33, 58, 58,
  58, 43, 91, 72, 65, 69, 75, 65, 62, 75, 85, 40, 40, 73, 61, 97, 80, 78, 63, 78, 71, 56, 67, 78, 71, 105, 70, 68, 60,
  29, 27, 29, 58, 56, 43, 55, 63, 53, 63, 54, 36, 56, 66, 33, 31, 61, 33, 97, 66, 59, 63, 60, 46, 47, 37, 65, 55, 84,
  57, 55, 50, 32, 32, 32, 58,
]
const SPACE_WIDTH = 0.23

/**
 * A text's width in font sizes in the burned-in face: printable ASCII from the face's own widths,
 * a letter with a tone mark as the letter, hanzi and other wide characters one font size. Used to
 * lay labels out before they are drawn.
 */
export const textWidth = (text: string): number => {
  let w = 0
  for (const char of text.normalize("NFD")) {
    const code = char.codePointAt(0)!
    if (code === 0x20) w += SPACE_WIDTH
    else if (code > 0x20 && code < 0x7f) w += ASCII_WIDTHS[code - 0x21]! / 100
    else if (code >= 0x300 && code < 0x370) continue
    else w += 1
  }
  return w
}
