// The video of a channel's or an extraordinary vessel's course: on the fewest views that show it
// point by point (the whole-body views before the detailed ones), the course is drawn from point to
// point in the order of pathways.json, each point lit and labelled (code, pinyin, hanzi where they
// fit) as the line reaches it. A long stretch on a whole-body view is followed by the camera in
// shots; a change of view cross-fades. The captions name the channel, then each point as it lights.
import { groupColor } from "../charts/chart-colors.ts"
import { ChartDataError } from "../charts/chart-frames.ts"
import { type Point2, smoothPolyline } from "../charts/chart-geometry.ts"
import { BODY_VIEW_IDS } from "../charts/chart-ids.ts"
import { courseKnots } from "../charts/chart-pathways.ts"
import type { ResolvedView } from "../charts/chart-resolve.ts"
import type { Pathway } from "../charts/chart-schema.ts"
import type { ViewBox } from "../charts/chart-zoom.ts"
import { type Cue, perLanguage, round3 } from "./video-captions.ts"
import {
  artOf,
  type BuiltVideo,
  nearInstance,
  pointCueText,
  screenLabels,
  titleLayer,
  type VideoPointText,
  type VideoTitle,
  videoScene,
  wholeView,
} from "./video-parts.ts"
import { boundsOf, cameraFor, type Keyframe, type SceneElement, type SceneLayer } from "./video-scene.ts"

/** A channel or vessel video lasts this long at least and at most (seconds). */
export const PATHWAY_MIN_SECONDS = 30
export const PATHWAY_MAX_SECONDS = 90
/**
 * Frames per second: a line drawn on a still drawing reads smoothly at the rate elements move
 * (ANIMATION_RATE), so every frame of the course is a new one and none is wasted.
 */
export const PATHWAY_FPS = 12
/** Seconds from one point to the next, when the course is neither too short nor too long for it. */
export const PACE_SECONDS = 1.6
/** The slowest pace, for short courses (the rest of the minimum is a longer look at the end). */
export const MAX_PACE_SECONDS = 4

const INTRO = 2.6
const CROSSFADE = 0.8
const GLIDE = 1
const OUTRO_GLIDE = 1.2
const MIN_HOLD = 2.5
const FIRST_STOP = 0.6
/** What a detailed view costs against a whole-body one when choosing the views of a course. */
const DETAIL_VIEW_COST = 1.35
/** What a view saves when it also shows the stop the line comes from. */
const CONTINUED_LINE_BONUS = 0.4
/** A shot on a whole-body view spans at most this share of the view's height. */
const SHOT_SHARE = 0.42
const LABEL_SIZE = 15
const DOT_RADIUS = 5.5

export interface PathwayVideoInput {
  readonly pathway: Pathway
  readonly title: VideoTitle
  readonly views: ReadonlyArray<ResolvedView>
  /** Every point of the course by code. */
  readonly points: ReadonlyMap<string, VideoPointText>
}

interface Step {
  readonly code: string
  readonly startsStroke: boolean
}

interface Shot {
  readonly view: ResolvedView
  readonly layer: number
  readonly steps: ReadonlyArray<number>
  readonly box: ViewBox
}

const isBody = (r: ResolvedView) => BODY_VIEW_IDS.includes(r.view.id)
const positionOn = (r: ResolvedView, code: string) => nearInstance(r, code)?.position

/**
 * The views the course is drawn on, as runs of steps: the fewest runs (a detailed view counts a
 * little more than a whole-body one, a view that also shows the stop the line comes from a little
 * less, so the line goes on unbroken), each as long as it can be.
 */
export const courseViews = (
  steps: ReadonlyArray<Step>,
  views: ReadonlyArray<ResolvedView>,
): ReadonlyArray<{ readonly view: ResolvedView; readonly from: number; readonly to: number }> => {
  const n = steps.length
  const shows = views.map((v) => steps.map((s) => positionOn(v, s.code) !== undefined))
  const cost = (v: number, from: number) =>
    (isBody(views[v]!) ? 1 : DETAIL_VIEW_COST) -
    (from > 0 && !steps[from]!.startsStroke && shows[v]![from - 1] ? CONTINUED_LINE_BONUS : 0)
  const best: number[] = Array.from({ length: n + 1 }, () => Number.POSITIVE_INFINITY)
  best[n] = 0
  for (let i = n - 1; i >= 0; i--)
    views.forEach((_, v) => {
      for (let j = i; j < n && shows[v]![j]; j++) best[i] = Math.min(best[i]!, cost(v, i) + best[j + 1]!)
    })
  const runs: Array<{ view: ResolvedView; from: number; to: number }> = []
  for (let i = 0; i < n; ) {
    let pick: { v: number; to: number } | undefined
    views.forEach((_, v) => {
      for (let j = i; j < n && shows[v]![j]; j++)
        if (Math.abs(cost(v, i) + best[j + 1]! - best[i]!) < 1e-9 && (!pick || j + 1 > pick.to)) pick = { v, to: j + 1 }
    })
    if (!pick) throw new ChartDataError(`${steps[i]!.code} is on no chart view`)
    runs.push({ view: views[pick.v]!, from: i, to: pick.to })
    i = pick.to
  }
  return runs
}

/** The run split into shots the camera can frame with legible labels. */
const shotsOf = (view: ResolvedView, steps: ReadonlyArray<Step>, from: number, to: number) => {
  const [, , vw, vh] = view.view.viewBox
  const limit = isBody(view) ? SHOT_SHARE * Math.max(vw, vh) : Number.POSITIVE_INFINITY
  const shots: number[][] = []
  let current: number[] = []
  let spots: Point2[] = []
  for (let k = from; k < to; k++) {
    const p = positionOn(view, steps[k]!.code)!
    const next = [...spots, p]
    const [, , w, h] = boundsOf(next)
    if (current.length > 0 && (h > limit || w > limit)) {
      shots.push(current)
      // The new shot keeps the stop the line sets out from in view (none where a stroke starts).
      current = []
      spots = steps[k]!.startsStroke ? [p] : [spots[spots.length - 1]!, p]
    } else spots = next
    current.push(k)
  }
  if (current.length > 0) shots.push(current)
  return shots
}

const shotBox = (view: ResolvedView, spots: ReadonlyArray<Point2>): ViewBox =>
  cameraFor(boundsOf(spots), 0.15, (isBody(view) ? 0.28 : 0.5) * view.view.viewBox[3])

export const buildPathwayVideo = (input: PathwayVideoInput): BuiltVideo => {
  const { pathway, title, views, points } = input
  const color = groupColor(pathway.id)
  const steps: Step[] = pathway.strokes.flatMap((stroke) => stroke.map((code, i) => ({ code, startsStroke: i === 0 })))
  const runs = courseViews(steps, views)

  const shots: Shot[] = runs.flatMap((run, layer) =>
    shotsOf(run.view, steps, run.from, run.to).map((members) => {
      // The stop the line sets out from stays in the picture.
      const first = members[0]!
      const from = first > 0 && !steps[first]!.startsStroke ? [first - 1] : []
      const spots = [...from, ...members]
        .map((k) => positionOn(run.view, steps[k]!.code))
        .filter((p): p is Point2 => p !== undefined)
      return { view: run.view, layer, steps: members, box: shotBox(run.view, spots) }
    }),
  )

  // Pace: the time per point that keeps the whole within its bounds.
  const seen = new Set<string>()
  let drawn = 0
  let firstStops = 0
  for (const s of steps) {
    if (s.startsStroke) {
      if (!seen.has(s.code)) firstStops++
    } else drawn++
    seen.add(s.code)
  }
  const transitions = shots.slice(1).reduce((sum, s, i) => sum + (s.layer === shots[i]!.layer ? GLIDE : CROSSFADE), 0)
  const fixed = INTRO + transitions + firstStops * FIRST_STOP + OUTRO_GLIDE + MIN_HOLD
  let pace = PACE_SECONDS
  if (fixed + drawn * pace > PATHWAY_MAX_SECONDS) pace = (PATHWAY_MAX_SECONDS - fixed) / drawn
  else if (fixed + drawn * pace < PATHWAY_MIN_SECONDS)
    pace = Math.min(MAX_PACE_SECONDS, (PATHWAY_MIN_SECONDS - fixed) / drawn)

  // The timeline: when the line sets out for each step and when it arrives (lighting the point).
  const lineStart: number[] = []
  const arrival: number[] = []
  const firstLit = new Map<string, number>()
  const shotTimes: Array<{ start: number; end: number }> = []
  const layerKeys = runs.map(() => ({ camera: [] as Keyframe<ViewBox>[], opacity: [] as Keyframe<number>[] }))
  let t = INTRO
  shots.forEach((shot, q) => {
    const keys = layerKeys[shot.layer]!
    if (q === 0) {
      const whole = wholeView(shot.view.view)
      keys.camera.push(
        { at: 0, value: whole },
        { at: 0.6, value: whole },
        { at: INTRO - 0.2, value: shot.box, ease: "in-out" },
      )
      keys.opacity.push({ at: 0, value: 1 })
    } else {
      const previous = shots[q - 1]!
      if (previous.layer === shot.layer) {
        keys.camera.push({ at: t, value: previous.box }, { at: t + GLIDE, value: shot.box, ease: "in-out" })
        t += GLIDE
      } else {
        layerKeys[previous.layer]!.opacity.push({ at: t, value: 1 }, { at: t + CROSSFADE, value: 0 })
        keys.camera.push({ at: 0, value: shot.box })
        keys.opacity.push({ at: 0, value: 0 }, { at: t, value: 0 }, { at: t + CROSSFADE, value: 1 })
        t += CROSSFADE
      }
    }
    const start = t
    for (const k of shot.steps) {
      const step = steps[k]!
      lineStart[k] = t
      if (step.startsStroke) t += firstLit.has(step.code) ? 0 : FIRST_STOP
      else t += pace
      arrival[k] = t
      if (!firstLit.has(step.code)) firstLit.set(step.code, round3(t))
    }
    shotTimes.push({ start, end: t })
  })

  // The end: the whole course on the last view, held.
  const last = shots[shots.length - 1]!
  const lastKeys = layerKeys[last.layer]!
  const course = [...firstLit.keys()].map((code) => positionOn(last.view, code)).filter((p) => p !== undefined)
  const finalBox = shotBox(last.view, course)
  lastKeys.camera.push({ at: t, value: last.box }, { at: t + OUTRO_GLIDE, value: finalBox, ease: "in-out" })
  const outroStart = t
  const outroEnd = t + OUTRO_GLIDE
  const duration = round3(Math.min(PATHWAY_MAX_SECONDS, Math.max(PATHWAY_MIN_SECONDS, outroEnd + MIN_HOLD)))

  const labelText = (code: string) => {
    const p = points.get(code)
    return p ? { text: `${code} ${p.pinyin} ${p.hanzi}`, fallbacks: [`${code} ${p.pinyin}`, code] } : { text: code }
  }

  const layers: SceneLayer[] = runs.map((run, layer) => {
    const view = run.view
    const elements: SceneElement[] = [artOf(view.view)]
    // The course on this view: each stroke in runs of consecutive steps the view shows.
    let offset = 0
    for (const stroke of pathway.strokes) {
      let members: number[] = []
      const flush = () => {
        if (members.length >= 2) elements.push(traceOf(view, steps, members, lineStart, arrival, color))
        members = []
      }
      stroke.forEach((code, i) => {
        if (positionOn(view, code)) members.push(offset + i)
        else flush()
      })
      flush()
      offset += stroke.length
    }
    const codes = [...firstLit.keys()].filter((code) => positionOn(view, code))
    for (const code of codes) {
      const at = positionOn(view, code)!
      const lit = firstLit.get(code)!
      elements.push({ type: "dot", at, radius: DOT_RADIUS, color, rim: 1.5, from: lit, fade: 0.15 })
      elements.push({
        type: "ring",
        at,
        radius: DOT_RADIUS + 2,
        color,
        width: 2,
        from: lit,
        until: lit + 0.8,
        pulse: { period: 0.8, grow: 2.6 },
      })
    }
    const dots = codes.map((code) => positionOn(view, code)!)
    const labelWindows = shots
      .map((shot, q) => ({ shot, time: shotTimes[q]! }))
      .filter(({ shot }) => shot.layer === layer)
      .map(({ shot, time }, i, all) => ({
        box: shot.box,
        from: time.start,
        until: i === all.length - 1 ? (shot === last ? outroStart : time.end + CROSSFADE) : time.end,
      }))
    if (layer === last.layer) labelWindows.push({ box: finalBox, from: outroEnd, until: duration + 1 })
    for (const window of labelWindows) {
      const wanted = codes
        .filter((code) => firstLit.get(code)! <= window.until)
        .sort((a, b) => {
          const inA = firstLit.get(a)! >= window.from
          const inB = firstLit.get(b)! >= window.from
          if (inA !== inB) return inA ? -1 : 1
          return inA ? firstLit.get(a)! - firstLit.get(b)! : firstLit.get(b)! - firstLit.get(a)!
        })
      const placed = screenLabels(
        wanted.map((code) => ({ id: code, at: positionOn(view, code)!, ...labelText(code) })),
        window.box,
        dots,
        LABEL_SIZE,
        DOT_RADIUS + 1,
      )
      for (const l of placed)
        elements.push({
          type: "label",
          at: l.at,
          offset: l.offset,
          text: l.text,
          size: LABEL_SIZE,
          color,
          leader: l.leader,
          from: Math.max(window.from, firstLit.get(l.id)!),
          until: window.until,
          fade: 0.2,
        })
    }
    const keys = layerKeys[layer]!
    return { camera: keys.camera, opacity: keys.opacity, elements }
  })

  const heading = title.code ? [title.code, title.pinyin, title.hanzi] : [title.pinyin, title.hanzi]
  layers.push(titleLayer(heading, duration))

  const lit = [...firstLit.entries()]
  const cues = perLanguage((language): ReadonlyArray<Cue> => {
    const first = lit[0]?.[1] ?? INTRO
    const list: Cue[] = [{ start: 0, end: round3(first), text: `${title.name[language]} · ${title.pinyin}` }]
    lit.forEach(([code, at], i) => {
      const point = points.get(code)
      const end = i + 1 < lit.length ? lit[i + 1]![1] : Math.min(duration, at + 4)
      list.push({ start: round3(at), end: round3(end), text: point ? pointCueText(point, language) : code })
    })
    return list
  })

  return {
    scene: videoScene(PATHWAY_FPS, duration, layers),
    cues,
    chapters: lit.map(([code, start]) => ({ code, start })),
  }
}

/** A run of a stroke as a smooth line that reaches each stop when the timeline says. */
const traceOf = (
  view: ResolvedView,
  steps: ReadonlyArray<Step>,
  members: ReadonlyArray<number>,
  lineStart: ReadonlyArray<number>,
  arrival: ReadonlyArray<number>,
  color: string,
): SceneElement => {
  const SUB = 8
  // The line bends where the view says, as the chart draws it, to keep to the body.
  const stops = members.map((k) => nearInstance(view, steps[k]!.code)!)
  const { knots, stopAt } = courseKnots(view, stops, view.view.nearSide)
  const line = smoothPolyline(knots, false, SUB)
  const times: number[] = [arrival[members[0]!]!]
  for (let s = 1; s < members.length; s++) {
    const k = members[s]!
    const piece = line.slice(stopAt[s - 1]! * SUB, stopAt[s]! * SUB + 1)
    const lengths = piece.slice(1).map((p, i) => Math.hypot(p[0] - piece[i]![0], p[1] - piece[i]![1]))
    const total = lengths.reduce((a, b) => a + b, 0) || 1
    let walked = 0
    const from = Math.max(lineStart[k]!, times[times.length - 1]!)
    for (const l of lengths) {
      walked += l
      times.push(round3(from + (arrival[k]! - from) * (walked / total)))
    }
  }
  return { type: "trace", points: line, times, color, width: 3.5, opacity: 0.9 }
}
