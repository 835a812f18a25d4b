// The acupressure video a practitioner shares with a patient: the script's title, the whole body
// with the camera closing in on the point, the point marked with a pulsing ring while the captions
// say how to find it, then how to press it — finger, pressure and time written on the screen and a
// fingertip pressing in a slow rhythm — what is normal to feel, who must not press it, and the
// closing line. Captions in English only, as sharing is (§6); each stays long enough to read, so
// the video is as long as its words.
import { type AcupressureScript, type FINGERS, SEE_A_PRACTITIONER } from "../acupressure/acupressure-script.ts"
import type { ResolvedView } from "../charts/chart-resolve.ts"
import { approachPoint, litPoint, nearSites, placeOfPoint } from "./point-approach.ts"
import { placementGeometry } from "./point-measure.ts"
import { type Cue, readingSeconds, round3 } from "./video-captions.ts"
import { artOf, type BuiltVideo, screenLabels, titleLayer, videoScene } from "./video-parts.ts"
import { boundsOf, cameraFor, SAFE_AREA, type SceneElement, type SceneLayer, VIDEO_WIDTH } from "./video-scene.ts"

export const ACUPRESSURE_FPS = 24
/** The title cue stays at least this long: the camera closes in on the point meanwhile. */
export const ACUPRESSURE_TITLE_SECONDS = 3.2
/** A breath after each cue's reading time before the next one begins. */
export const ACUPRESSURE_CUE_PAUSE = 0.4
/** One press of the fingertip: in, held, out and a rest — a slow rhythm, a whole number of frames. */
export const ACUPRESSURE_PRESS_PERIOD = 4

/** How much of its view the close-up shows at least: of a detailed view, of a whole-body view. */
const DETAIL_SHARE = 0.55
const BODY_SHARE = 0.32
const PRESS_COLOR = "#e66100"
const PRESS_RADIUS = 26
const PRESS_LABEL_SIZE = 28
/** One pulse of the point's ring while the captions say how to find it. */
const RING_PULSE_SECONDS = 1.5

export interface AcupressureVideoInput {
  readonly script: AcupressureScript
  readonly views: ReadonlyArray<ResolvedView>
}

const FINGER_WORDS: Readonly<Record<(typeof FINGERS)[number], string>> = {
  thumb: "Thumb",
  index: "Index finger",
  middle: "Middle finger",
  knuckle: "Knuckle",
  fingertips: "Fingertips",
}

/**
 * "Thumb, firm pressure, 1 min, 3 rounds each side": how to press, as the video writes it (in the
 * characters the burned-in face draws: printable ASCII).
 */
export const pressWords = (script: AcupressureScript): string => {
  const time = script.seconds % 60 === 0 ? `${script.seconds / 60} min` : `${script.seconds} s`
  const rounds = `${script.rounds} ${script.rounds === 1 ? "round" : "rounds"}${script.sides === "both" ? " each side" : ""}`
  return [FINGER_WORDS[script.finger], `${script.pressure} pressure`, time, rounds].join(", ")
}

/** Everything the captions say, in order: title, finding, pressing, feeling, cautions, the closing line. */
export const acupressureCaptionTexts = (script: AcupressureScript): ReadonlyArray<string> => [
  script.title,
  ...script.find,
  ...script.press,
  script.feel,
  ...script.notFor,
  SEE_A_PRACTITIONER,
]

/** The cues end to end, each its reading time and a breath (the title at least the opening's time). */
const timedCues = (texts: ReadonlyArray<string>): ReadonlyArray<Cue> => {
  const cues: Cue[] = []
  // In tenths of a second, so the times add up exactly.
  let at = 0
  texts.forEach((text, i) => {
    const need = readingSeconds(text) + ACUPRESSURE_CUE_PAUSE
    const tenths = Math.ceil(10 * (i === 0 ? Math.max(need, ACUPRESSURE_TITLE_SECONDS) : need) - 1e-9)
    cues.push({ start: at / 10, end: (at + tenths) / 10, text })
    at += tenths
  })
  return cues
}

export const buildAcupressureVideo = (input: AcupressureVideoInput): BuiltVideo<"en"> => {
  const { script, views } = input
  const place = placeOfPoint(views, script.point)
  const { detail, instance, color } = place
  const g = placementGeometry(detail, instance)
  // The close-up shows the point with what it is found from, and enough around it to know the place:
  // half of a detailed view (a hand, a foot, a face), a third of a whole-body one.
  const [, , vw, vh] = detail.view.viewBox
  const around = (place.body ? DETAIL_SHARE : BODY_SHARE) * Math.max(vw, vh)
  const box = cameraFor(boundsOf([g.point, g.from, ...g.references.map((r) => r.at)]), 0.3, around)
  const opening = approachPoint(place, box)

  const cues = timedCues(acupressureCaptionTexts(script))
  const duration = cues.at(-1)!.end
  // The title is the first cue; the pressing begins with the first press sentence and ends where
  // the cautions begin (after the feel sentence).
  const pressFrom = cues[1 + script.find.length]!.start
  const cautionsFrom = cues[1 + script.find.length + script.press.length + 1]!.start
  const pointAt = round3(opening.closeUp + 0.3)

  const elements: SceneElement[] = [artOf(detail.view)]
  // The point, every site of it on the near side; a ring pulses on it until the pressing begins.
  elements.push(...litPoint(nearSites(detail, script.point), color, pointAt, RING_PULSE_SECONDS, pressFrom))
  elements.push({
    type: "press",
    at: instance.position,
    radius: PRESS_RADIUS,
    color: PRESS_COLOR,
    period: ACUPRESSURE_PRESS_PERIOD,
    from: pressFrom,
    until: cautionsFrom,
    fade: 0.4,
  })
  for (const label of screenLabels(
    [{ id: script.point, at: instance.position, text: script.point, required: true }],
    box,
    [],
    22,
    PRESS_RADIUS + 2,
  ))
    elements.push({
      type: "label",
      at: label.at,
      offset: label.offset,
      text: label.text,
      size: 22,
      color,
      bold: true,
      leader: label.leader,
      from: round3(pointAt + 0.2),
      fade: 0.25,
    })

  // How to press, written at the foot of the picture, above where a player shows the captions.
  const pressLabel: SceneLayer = {
    camera: null,
    opacity: [
      { at: 0, value: 1 },
      { at: duration, value: 1 },
    ],
    elements: [
      {
        type: "label",
        at: [VIDEO_WIDTH / 2, SAFE_AREA.y + SAFE_AREA.h - 8],
        text: pressWords(script),
        size: PRESS_LABEL_SIZE,
        color: PRESS_COLOR,
        anchor: "middle",
        bold: true,
        from: pressFrom,
        fade: 0.4,
      },
    ],
  }

  const layers: SceneLayer[] = [
    ...opening.layers,
    { camera: opening.camera, opacity: opening.opacity, elements },
    titleLayer([script.point, script.title], duration),
    pressLabel,
  ]
  return {
    scene: videoScene(ACUPRESSURE_FPS, duration, layers),
    cues: { en: cues },
    chapters: [{ code: script.point, start: pointAt }],
  }
}
