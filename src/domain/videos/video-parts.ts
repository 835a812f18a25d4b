// Pieces the video builders share: the ids of the videos, the texts they are built from, the line
// art of a view, the burned-in title, and labels laid out on the screen by the charts' own label
// layout (so labels in a video never overlap each other or a dot, as on the charts).
import type { Point2 } from "../charts/chart-geometry.ts"
import { CHAR_WIDTH, layoutLabels } from "../charts/chart-labels.ts"
import { type ChartPath, chartPaths, type PointInstance, type ResolvedView } from "../charts/chart-resolve.ts"
import type { ChartView } from "../charts/chart-schema.ts"
import type { ViewBox } from "../charts/chart-zoom.ts"
import type { ContentLanguage } from "../content/content-schema.ts"
import type { Captions } from "./video-captions.ts"
import {
  type ArtElement,
  type LabelElement,
  type SceneLayer,
  screenTransform,
  textWidth,
  toScreen,
  VIDEO_BACKGROUND,
  VIDEO_HEIGHT,
  VIDEO_WIDTH,
  type VideoScene,
} from "./video-scene.ts"

export type VideoKind = "channel" | "vessel" | "point" | "acupressure"

/**
 * What a builder makes: the scene, its captions (in every language, or in those named by `L`), and
 * when each point it shows lights up.
 */
export interface BuiltVideo<L extends ContentLanguage = ContentLanguage> {
  readonly scene: VideoScene
  readonly cues: Readonly<Pick<Captions, L>>
  readonly chapters: ReadonlyArray<{ readonly code: string; readonly start: number }>
}

/**
 * "channel-lu", "vessel-yin-qiao", "point-lu-9", "point-ex-hn-3", "acupressure-li-4": lower case, a
 * hyphen before a number.
 */
export const videoId = (kind: VideoKind, subject: string): string =>
  `${kind}-${subject
    .toLowerCase()
    .replace(/([a-z])(\d)/g, "$1-$2")
    .replace(/[^a-z0-9]+/g, "-")}`

/** What a video says of a point: code, names and, for a point's own video, where it lies. */
export interface VideoPointText {
  readonly code: string
  readonly pinyin: string
  readonly hanzi: string
  readonly name: Readonly<Record<ContentLanguage, string>>
}

/** The title of a channel or vessel: its code (none for a vessel), names, pinyin and hanzi. */
export interface VideoTitle {
  readonly code: string | null
  readonly pinyin: string
  readonly hanzi: string
  readonly name: Readonly<Record<ContentLanguage, string>>
}

/** A scene of the videos' size and background. */
export const videoScene = (fps: number, duration: number, layers: ReadonlyArray<SceneLayer>): VideoScene => ({
  width: VIDEO_WIDTH,
  height: VIDEO_HEIGHT,
  fps,
  duration,
  background: VIDEO_BACKGROUND,
  layers,
})

/** "LU-9 · Tàiyuān · Great Abyss" */
export const pointCueText = (p: VideoPointText, language: ContentLanguage) =>
  `${p.code} · ${p.pinyin} · ${p.name[language]}`

/** The drawn instance of a point on a view: the near side (or the midline), the given site. */
export const nearInstance = (
  resolved: ResolvedView,
  code: string,
  site: string | undefined = undefined,
): PointInstance | undefined => resolved.points.find((p) => p.code === code && p.site === site && !p.mirrored)

const artByView = new WeakMap<ChartView, ReadonlyArray<ChartPath>>()
/** The line art of a view as an element (the paths are worked out once per view). */
export const artOf = (view: ChartView): ArtElement => {
  let paths = artByView.get(view)
  if (!paths) {
    paths = chartPaths(view)
    artByView.set(view, paths)
  }
  return { type: "art", paths }
}

/** The whole of a view, framed on the screen. */
export const wholeView = (view: ChartView): ViewBox => {
  const [x, y, w, h] = view.viewBox
  const scale = Math.min((VIDEO_WIDTH - 40) / w, (VIDEO_HEIGHT - 40) / h)
  const bw = VIDEO_WIDTH / scale
  const bh = VIDEO_HEIGHT / scale
  return [x + w / 2 - bw / 2, y + h / 2 - bh / 2, bw, bh]
}

const TITLE_COLOR = "#202124"

/**
 * The burned-in title at the top left for the whole video: a code in bold, then pinyin and hanzi
 * (language-neutral, so one video serves every language).
 */
export const titleLayer = (parts: ReadonlyArray<string>, duration: number): SceneLayer => {
  const elements: LabelElement[] = []
  let x = 40
  parts.forEach((text, i) => {
    const size = i === 0 ? 34 : 26
    elements.push({ type: "label", at: [x, 56], text, size, color: TITLE_COLOR, bold: i === 0, from: 0 })
    x += textWidth(text) * size + 22
  })
  return {
    camera: null,
    opacity: [
      { at: 0, value: 1 },
      { at: duration, value: 1 },
    ],
    elements,
  }
}

/** Where labels may stand on the screen: below the title, above the captions. */
const LABEL_BOUNDS = { x: 12, y: 78, w: VIDEO_WIDTH - 24, h: VIDEO_HEIGHT - 78 - 96 }

export interface ScreenLabelWish {
  readonly id: string
  readonly at: Point2
  readonly text: string
  readonly fallbacks?: ReadonlyArray<string>
  readonly required?: boolean
}

/**
 * Labels for spots of a view seen through a camera box, placed on the screen by the charts' label
 * layout; each comes back as the spot and the label's offset from it in screen pixels.
 */
export const screenLabels = (
  wishes: ReadonlyArray<ScreenLabelWish>,
  box: ViewBox,
  dots: ReadonlyArray<Point2>,
  size: number,
  dotRadius: number,
): ReadonlyArray<{
  readonly id: string
  readonly at: Point2
  readonly text: string
  readonly offset: Point2
  readonly leader: boolean
}> => {
  const m = screenTransform(box)
  const spots = new Map(wishes.map((w) => [w.id, w.at]))
  const placed = layoutLabels(
    wishes.map((w) => ({ ...w, at: toScreen(m, w.at) })),
    { fontSize: size, charWidth: CHAR_WIDTH, dotRadius, textWidth },
    dots.map((d) => toScreen(m, d)),
    LABEL_BOUNDS,
  )
  return placed.map((l) => {
    const at = spots.get(l.id)!
    const spot = toScreen(m, at)
    return { id: l.id, at, text: l.text, offset: [l.x - spot[0], l.y - spot[1]] as const, leader: l.leader }
  })
}
