// The acupressure videos over the real scripts and charts: English captions of every script sentence
// in order, each up long enough to read, ending with the practitioner line; the video as long as its
// words; the point and the pressing fingertip on the picture while the pressing is shown, and the
// words of how to press clear of the captions' strip; the same scene for the same script.
import { describe, expect, it } from "vitest"
import { SEE_A_PRACTITIONER } from "../../../src/domain/acupressure/acupressure-script.ts"
import {
  ACUPRESSURE_PRESS_PERIOD,
  buildAcupressureVideo,
  pressWords,
} from "../../../src/domain/videos/acupressure-video.ts"
import { frameSvg } from "../../../src/domain/videos/frame-svg.ts"
import { stillScene } from "../../../src/domain/videos/still-scene.ts"
import { readingSeconds } from "../../../src/domain/videos/video-captions.ts"
import {
  frameCount,
  mixBox,
  type PressElement,
  SAFE_AREA,
  type SceneLayer,
  screenTransform,
  textWidth,
  toScreen,
  type VideoScene,
  valueAt,
} from "../../../src/domain/videos/video-scene.ts"
import { acupressureSources, cueProblems } from "./video-fixtures.ts"

const sources = acupressureSources()
const videos = sources.map((source) => {
  const video = buildAcupressureVideo(source.input)
  return { script: source.input.script, video, scene: video.scene, cues: video.cues.en }
})

const pressOf = (scene: VideoScene): { layer: SceneLayer; press: PressElement } => {
  for (const layer of scene.layers)
    for (const element of layer.elements) if (element.type === "press") return { layer, press: element }
  throw new Error("no pressing fingertip")
}

const inSafeArea = ([x, y]: readonly [number, number], margin = 0) =>
  x - margin >= SAFE_AREA.x &&
  x + margin <= SAFE_AREA.x + SAFE_AREA.w &&
  y - margin >= SAFE_AREA.y &&
  y + margin <= SAFE_AREA.y + SAFE_AREA.h

/** The radius of the pressing fingertip drawn at a frame (it is the only circle in its colour). */
const fingertipRadius = (scene: VideoScene, color: string, frame: number) =>
  Number(frameSvg(scene, frame).match(new RegExp(`r="([\\d.]+)" fill="${color}" fill-opacity`))?.[1] ?? Number.NaN)

describe("acupressure videos", () => {
  it("are made for every script", () => {
    expect(sources.length).toBe(26)
  })

  it("caption, in English only, the title and every sentence of the script in order, then the practitioner line", () => {
    const problems: string[] = []
    for (const { script, video } of videos) {
      expect(Object.keys(video.cues)).toEqual(["en"])
      const said = video.cues.en.map((cue) => cue.text)
      const written = [script.title, ...script.find, ...script.press, script.feel, ...script.notFor, SEE_A_PRACTITIONER]
      if (JSON.stringify(said) !== JSON.stringify(written)) problems.push(`${script.point}: ${said.join(" | ")}`)
    }
    expect(problems).toEqual([])
  })

  it("keep every cue up long enough to read, one after another, and last as long as their words", () => {
    const problems: string[] = []
    for (const { script, scene, cues } of videos) {
      problems.push(...cueProblems(cues, scene.duration).map((p) => `${script.point}: ${p}`))
      for (const cue of cues)
        if (cue.end - cue.start < readingSeconds(cue.text))
          problems.push(`${script.point}: "${cue.text.slice(0, 30)}…" is up ${cue.end - cue.start} s`)
      if (cues[0]!.start !== 0 || cues.at(-1)!.end !== scene.duration)
        problems.push(`${script.point}: the captions run ${cues[0]!.start}–${cues.at(-1)!.end} of ${scene.duration} s`)
    }
    expect(problems).toEqual([])
  })

  it("show the point and the fingertip pressing it inside the picture, and how to press above the captions", () => {
    const problems: string[] = []
    for (const { script, scene, cues } of videos) {
      const { layer, press } = pressOf(scene)
      // The pressing is shown from the first press sentence until the cautions.
      const pressCue = cues[1 + script.find.length]!
      if (press.from !== pressCue.start || press.until !== cues[cues.length - 1 - script.notFor.length]!.start)
        problems.push(`${script.point}: the fingertip presses ${press.from}–${press.until}`)
      for (const t of [press.from, (press.from + (press.until ?? scene.duration)) / 2]) {
        const box = valueAt(layer.camera!, t, mixBox)
        const [x, y, w, h] = box
        if (!(press.at[0] > x && press.at[0] < x + w && press.at[1] > y && press.at[1] < y + h))
          problems.push(`${script.point}: the point is outside the camera at ${t} s`)
        if (!inSafeArea(toScreen(screenTransform(box), press.at), press.radius))
          problems.push(`${script.point}: the fingertip leaves the safe area at ${t} s`)
      }
      const words = scene.layers
        .filter((l) => l.camera === null)
        .flatMap((l) => l.elements)
        .find((e) => e.type === "label" && e.text === pressWords(script))
      if (words?.type !== "label") {
        problems.push(`${script.point}: "${pressWords(script)}" is not written on the screen`)
        continue
      }
      const half = (textWidth(words.text) * words.size) / 2
      const [cx, baseline] = words.at
      if (words.from !== press.from || words.until !== undefined)
        problems.push(`${script.point}: the press words show from ${words.from}`)
      if (!inSafeArea([cx - half, baseline - words.size]) || !inSafeArea([cx + half, baseline + words.size * 0.26]))
        problems.push(`${script.point}: the press words reach outside the safe area`)
    }
    expect(problems).toEqual([])
  })

  it("press in a slow rhythm: the fingertip sinks in and lets go each period, and stays pressed in the still version", () => {
    const { scene } = videos[0]!.video
    const { press } = pressOf(scene)
    const frames = Array.from({ length: ACUPRESSURE_PRESS_PERIOD * scene.fps }, (_, k) =>
      Math.round(press.from * scene.fps + 12 + k),
    )
    const radii = frames.map((f) => fingertipRadius(scene, press.color, f))
    expect(Math.max(...radii)).toBeCloseTo(press.radius, 0)
    expect(Math.min(...radii)).toBeLessThan(press.radius * 0.8)
    // The same picture one period later.
    expect(frames.map((f) => fingertipRadius(scene, press.color, f + ACUPRESSURE_PRESS_PERIOD * scene.fps))).toEqual(
      radii,
    )
    const still = stillScene(scene)
    expect(new Set(frames.map((f) => fingertipRadius(still, press.color, f))).size).toBe(1)
  })

  it("write how to press in plain words", () => {
    const script = videos[0]!.script
    expect(pressWords({ ...script, finger: "thumb", pressure: "firm", seconds: 60, rounds: 3, sides: "both" })).toBe(
      "Thumb, firm pressure, 1 min, 3 rounds each side",
    )
    expect(
      pressWords({ ...script, finger: "middle", pressure: "gentle", seconds: 45, rounds: 1, sides: "midline" }),
    ).toBe("Middle finger, gentle pressure, 45 s, 1 round")
  })

  it("are the same scene for the same script, and draw their first, a middle and the last frame", () => {
    for (const [i, source] of sources.entries()) {
      const again = buildAcupressureVideo(source.input)
      expect(JSON.stringify(again)).toBe(JSON.stringify(videos[i]!.video))
      const { scene } = again
      const last = frameCount(scene) - 1
      for (const frame of [0, Math.floor(last / 2), last])
        expect(frameSvg(scene, frame)).toMatch(/^<svg[\s\S]*<\/svg>$/)
    }
  })
})
