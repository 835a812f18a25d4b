// The video of one point: the whole-body view that shows it, the camera closing in, a cross-fade to
// the view that shows it in most detail, the landmarks its placement is measured from, the cun
// measure as a proportional ruler between two stations of its frame with the point's distance
// marked, and then the point with a pulsing ring, held. The captions say its code, pinyin and name,
// its location text sentence by sentence, and the measurement in words.
import { groupColor } from "../charts/chart-colors.ts"
import { lerp, type Point2 } from "../charts/chart-geometry.ts"
import { pointGroup } from "../charts/chart-navigation.ts"
import type { ResolvedView } from "../charts/chart-resolve.ts"
import type { ContentLanguage } from "../content/content-schema.ts"
import { approachPoint, litPoint, nearSites, placeOfPoint } from "./point-approach.ts"
import { clipToBox, legOf, placementGeometry } from "./point-measure.ts"
import {
  type Cue,
  formatCun,
  formatShare,
  measurementWords,
  perLanguage,
  readingSeconds,
  round3,
  sentences,
  spreadCues,
  VIDEO_LANGUAGES,
} from "./video-captions.ts"
import {
  artOf,
  type BuiltVideo,
  pointCueText,
  screenLabels,
  titleLayer,
  type VideoPointText,
  videoScene,
} from "./video-parts.ts"
import { boundsOf, cameraFor, type SceneElement, type SceneLayer, screenTransform } from "./video-scene.ts"

export const POINT_MIN_SECONDS = 6
export const POINT_MAX_SECONDS = 15
export const POINT_FPS = 24
/** The title cue stays this long before the location text begins. */
export const POINT_TITLE_SECONDS = 2.6

const RULER_COLOR = "#1a5fb4"
const MEASURE_COLOR = "#c01c28"
const MARK_STEP = 0.35
const RULER_DRAW = 1
const LEG_DRAW = 0.7
const HOLD_POINT = 1.6
/** One pulse of the point's ring: a whole number of frames, so the pulse's frames repeat exactly. */
const POINT_PULSE_SECONDS = 1
/** Pixels the ruler stands beside the frame's axis. */
const RULER_OFFSET = 34

export interface PointVideoInput {
  readonly point: VideoPointText & { readonly location: Readonly<Record<ContentLanguage, string>> }
  readonly views: ReadonlyArray<ResolvedView>
}

const evenTimes = (count: number, from: number, until: number) =>
  Array.from({ length: count }, (_, k) => round3(from + ((until - from) * k) / Math.max(1, count - 1)))

export const buildPointVideo = (input: PointVideoInput): BuiltVideo => {
  const { point, views } = input
  const place = placeOfPoint(views, point.code)
  const { detail, instance, color } = place
  const g = placementGeometry(detail, instance)
  const ruled = g.measurement.ruler !== null

  // The ruler is drawn as far as the picture goes (a detailed view may show one station only).
  const [span0, span1] = clipToBox(g.ruler.from, g.ruler.to, detail.view.viewBox)
  const rulerAt = (k: number): Point2 => [
    g.ruler.from[0] + (g.ruler.to[0] - g.ruler.from[0]) * k,
    g.ruler.from[1] + (g.ruler.to[1] - g.ruler.from[1]) * k,
  ]
  // The close-up frames the point, the way to it, the ruler and the references.
  const spots = [
    g.point,
    g.from,
    g.corner,
    ...(ruled ? [rulerAt(span0), rulerAt(span1)] : []),
    ...g.references.map((r) => r.at),
  ]
  const [, , vw, vh] = detail.view.viewBox
  const box = cameraFor(boundsOf(spots), 0.2, 0.24 * Math.max(vw, vh))
  const { camera: detailCamera, opacity: detailOpacity, closeUp, layers: opening } = approachPoint(place, box)
  const layers: SceneLayer[] = [...opening]

  // Timeline.
  const stationMarks = (
    ruled ? [...(span0 === 0 ? [g.ruler.from] : []), ...(span1 === 1 ? [g.ruler.to] : [])] : []
  ).filter((s) => !g.references.some((r) => Math.hypot(r.at[0] - s[0], r.at[1] - s[1]) < 0.5))
  const marks = [
    ...g.references.map((r) => ({ at: r.at, code: r.code })),
    ...stationMarks.map((at) => ({ at, code: null })),
  ]
  const marksFrom = closeUp + 0.2
  const rulerFrom = marksFrom + marks.length * MARK_STEP + 0.2
  const rulerUntil = rulerFrom + (ruled ? RULER_DRAW : 0)
  const along = g.measurement.offsets.find((o) => g.frame.frame.along.includes(o.direction))
  const across = g.measurement.offsets.find((o) => g.frame.frame.across.includes(o.direction))
  const alongUntil = rulerUntil + (along ? LEG_DRAW : 0)
  const acrossUntil = alongUntil + (across ? LEG_DRAW : 0)
  const pointAt = acrossUntil + 0.3
  const visualEnd = pointAt + HOLD_POINT

  const texts = perLanguage((language) => ({
    title: pointCueText(point, language),
    rest: [...sentences(point.location[language]), measurementWords(g.measurement, language)],
  }))
  const need = Math.max(
    ...VIDEO_LANGUAGES.map((l) => POINT_TITLE_SECONDS + texts[l].rest.reduce((sum, s) => sum + readingSeconds(s), 0)),
  )
  const duration = round3(Math.min(POINT_MAX_SECONDS, Math.max(POINT_MIN_SECONDS, visualEnd, need)))

  const elements: SceneElement[] = [artOf(detail.view)]
  if (g.measurement.start.kind === "line") {
    const line = g.references.map((r) => r.at)
    elements.push({
      type: "trace",
      points: line,
      times: evenTimes(line.length, marksFrom, marksFrom + marks.length * MARK_STEP),
      color: RULER_COLOR,
      width: 1.6,
      dash: [7, 5],
    })
  }
  marks.forEach((m, i) => {
    const from = round3(marksFrom + i * MARK_STEP)
    if (m.code === null) elements.push({ type: "landmark", at: m.at, size: 7, color: RULER_COLOR, from, fade: 0.2 })
    else
      elements.push({
        type: "dot",
        at: m.at,
        radius: 5,
        color: groupColor(pointGroup(m.code).group),
        rim: 1.5,
        from,
        fade: 0.2,
      })
  })
  const rulerSign = Math.sign(g.ruler.toCun - g.ruler.fromCun) || 1
  const onRuler = (cun: number) => Math.max(0, Math.min(g.ruler.cun, (cun - g.ruler.fromCun) * rulerSign))
  // The ruler stands on the side of the axis away from the point.
  const d: Point2 = [g.ruler.to[0] - g.ruler.from[0], g.ruler.to[1] - g.ruler.from[1]]
  const side = d[0] * (g.point[1] - g.ruler.from[1]) - d[1] * (g.point[0] - g.ruler.from[0])
  if (ruled)
    elements.push({
      type: "ruler",
      from: g.ruler.from,
      to: g.ruler.to,
      cun: g.ruler.cun,
      ...(span0 > 0 || span1 < 1 ? { span: [span0 * g.ruler.cun, span1 * g.ruler.cun] as const } : {}),
      offset: side > 0 ? -RULER_OFFSET : RULER_OFFSET,
      color: RULER_COLOR,
      draw: { from: round3(rulerFrom), until: round3(rulerUntil) },
      labels: ["0", `${formatCun(g.ruler.cun, "neutral")} cun`],
      ...(along
        ? {
            mark: {
              from: onRuler(g.start.along),
              to: onRuler(instance.cun.along),
              label: formatCun(along.cun, "neutral"),
              color: MEASURE_COLOR,
              draw: { from: round3(rulerUntil), until: round3(alongUntil) },
            },
          }
        : {}),
    })
  const alongLeg = legOf(g.frame, g.start, { along: instance.cun.along, across: g.start.across })
  const acrossLeg = legOf(g.frame, { along: instance.cun.along, across: g.start.across }, instance.cun)
  if (along)
    elements.push({
      type: "trace",
      points: alongLeg,
      times: evenTimes(alongLeg.length, rulerUntil, alongUntil),
      color: MEASURE_COLOR,
      width: 2,
      dash: [6, 5],
    })
  if (across)
    elements.push({
      type: "trace",
      points: acrossLeg,
      times: evenTimes(acrossLeg.length, alongUntil, acrossUntil),
      color: MEASURE_COLOR,
      width: 2.5,
    })

  // The point, every site of it on the near side, with a ring that pulses to the end.
  const sites = nearSites(detail, point.code)
  elements.push(...litPoint(sites, color, round3(pointAt), POINT_PULSE_SECONDS))
  // Labels: the point's code (always), the cun across, the share of a line, and the codes of the
  // points it is measured from, clear of the dots, the ruler and the measuring lines.
  const scale = screenTransform(box).scale
  const rulerShift = (side > 0 ? -RULER_OFFSET : RULER_OFFSET) / scale
  const rulerLength = Math.hypot(d[0], d[1]) || 1
  const shifted = (p: Point2): Point2 => [
    p[0] - (d[1] / rulerLength) * rulerShift,
    p[1] + (d[0] / rulerLength) * rulerShift,
  ]
  const onLine = g.measurement.start.kind === "line" ? g.references.map((r) => r.at) : []
  const obstacles: Point2[] = [
    ...marks.map((m) => m.at),
    ...sites.filter((s) => s !== instance).map((s) => s.position),
    ...(ruled ? Array.from({ length: 17 }, (_, k) => shifted(rulerAt(span0 + ((span1 - span0) * k) / 16))) : []),
    ...alongLeg,
    ...acrossLeg,
    ...onLine.flatMap((p, i) =>
      i === 0 ? [p] : Array.from({ length: 8 }, (_, k) => lerp(onLine[i - 1]!, p, (k + 1) / 8)),
    ),
  ]
  const references = marks.flatMap((m, i) =>
    m.code === null ? [] : [{ id: `ref:${i}`, at: m.at, text: m.code, from: round3(marksFrom + i * MARK_STEP) }],
  )
  type Extra = { id: string; at: Point2; text: string; from: number; size: number; color: string; bold: boolean }
  const extras: Extra[] = [
    // Without a ruler, the distance along is written beside its line (with one, on the ruler).
    ...(along && !ruled
      ? [
          {
            id: "along",
            at: alongLeg[6]!,
            text: formatCun(along.cun, "neutral"),
            from: round3(alongUntil),
            size: 20,
            color: MEASURE_COLOR,
            bold: true,
          },
        ]
      : []),
    ...(across
      ? [
          {
            id: "across",
            at: acrossLeg[6]!,
            text: formatCun(across.cun, "neutral"),
            from: round3(acrossUntil),
            size: 20,
            color: MEASURE_COLOR,
            bold: true,
          },
        ]
      : []),
    ...(g.measurement.start.kind === "line"
      ? [
          {
            id: "share",
            at: g.from,
            text: formatShare(g.measurement.start.t),
            from: round3(marksFrom + marks.length * MARK_STEP),
            size: 18,
            color: RULER_COLOR,
            bold: true,
          },
        ]
      : []),
    ...references.map((r) => ({ ...r, size: 17, color: groupColor(pointGroup(r.text).group), bold: false })),
  ]
  const placed = screenLabels(
    [
      { id: point.code, at: instance.position, text: point.code, required: true },
      ...extras.map((e) => ({ id: e.id, at: e.at, text: e.text })),
    ],
    box,
    obstacles,
    22,
    9,
  )
  for (const label of placed) {
    const extra = extras.find((e) => e.id === label.id)
    elements.push({
      type: "label",
      at: label.at,
      offset: label.offset,
      text: label.text,
      size: extra?.size ?? 22,
      color: extra?.color ?? color,
      bold: extra?.bold ?? true,
      leader: label.leader,
      from: extra?.from ?? round3(pointAt + 0.2),
      fade: 0.25,
    })
  }
  layers.push({ camera: detailCamera, opacity: detailOpacity, elements })
  layers.push(titleLayer([point.code, point.pinyin, point.hanzi], duration))

  const cues = perLanguage(
    (language): ReadonlyArray<Cue> => [
      { start: 0, end: POINT_TITLE_SECONDS, text: texts[language].title },
      ...spreadCues(texts[language].rest, POINT_TITLE_SECONDS, duration),
    ],
  )

  return {
    scene: videoScene(POINT_FPS, duration, layers),
    cues,
    chapters: [{ code: point.code, start: round3(pointAt) }],
  }
}
