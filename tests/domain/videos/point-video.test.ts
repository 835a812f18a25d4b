// The point videos over the real charts: one per point drawn on a chart, 6–15 s, captions in every
// language (name, location sentence by sentence, the measurement), and the point at its chart
// position in the last frame.
import { describe, expect, it } from "vitest"
import { bestViews } from "../../../src/domain/charts/chart-navigation.ts"
import { STANDARD_POINT_TOTAL } from "../../../src/domain/content/content-schema.ts"
import { frameSvg } from "../../../src/domain/videos/frame-svg.ts"
import { POINT_MAX_SECONDS, POINT_MIN_SECONDS } from "../../../src/domain/videos/point-video.ts"
import { VIDEO_LANGUAGES } from "../../../src/domain/videos/video-captions.ts"
import {
  frameCount,
  mixBox,
  mixNumber,
  SAFE_AREA,
  screenTransform,
  toScreen,
  valueAt,
} from "../../../src/domain/videos/video-scene.ts"
import { built, cueProblems, pointSources, sourceOf } from "./video-fixtures.ts"

const EXTRA_POINTS_PLACED = 48

describe("point videos", () => {
  const sources = pointSources()

  it("are made for every channel point and every extra point on a chart", () => {
    expect(sources.filter((s) => !s.subject.startsWith("EX-")).length).toBe(STANDARD_POINT_TOTAL)
    expect(sources.filter((s) => s.subject.startsWith("EX-")).length).toBe(EXTRA_POINTS_PLACED)
  })

  it(`last ${POINT_MIN_SECONDS}–${POINT_MAX_SECONDS} s`, () => {
    const wrong = sources
      .map((s) => [s.subject, built(s).scene.duration] as const)
      .filter(([, d]) => d < POINT_MIN_SECONDS || d > POINT_MAX_SECONDS)
    expect(wrong).toEqual([])
  })

  it("caption the name, the location sentence by sentence and the measurement, in every language", () => {
    const problems: string[] = []
    for (const source of sources) {
      const { scene, cues } = built(source)
      const { point } = source.input
      for (const language of VIDEO_LANGUAGES) {
        const list = cues[language]
        problems.push(...cueProblems(list, scene.duration).map((p) => `${point.code} ${language}: ${p}`))
        if (list[0]?.text !== `${point.code} · ${point.pinyin} · ${point.name[language]}`)
          problems.push(`${point.code} ${language}: the first cue is not its name`)
        const location = list
          .slice(1, -1)
          .map((c) => c.text)
          .join(" ")
        if (location !== point.location[language].replace(/\s+/g, " ").trim())
          problems.push(`${point.code} ${language}: the location cues are not its location text`)
      }
    }
    expect(problems).toEqual([])
  })

  it("end with the point at its chart position on its most detailed view", () => {
    const problems: string[] = []
    for (const source of sources) {
      const { scene } = built(source)
      const { views, point } = source.input
      const best = bestViews(views, point.code)[0]!
      const instance = views.find((v) => v.view.id === best.view)!.points.find((p) => p.key === best.key)!
      const last = frameCount(scene) - 1
      const t = last / scene.fps
      const layer = scene.layers.find((l) => l.camera !== null && valueAt(l.opacity, t, mixNumber) > 0.99)
      if (!layer?.camera) {
        problems.push(`${point.code}: no view on screen at the end`)
        continue
      }
      const [x, y] = toScreen(screenTransform(valueAt(layer.camera, t, mixBox)), instance.position)
      const svg = frameSvg(scene, last)
      const dots = [...svg.matchAll(/<circle cx="([\d.-]+)" cy="([\d.-]+)" r="7"/g)].map((m) => [
        Number(m[1]),
        Number(m[2]),
      ])
      if (!dots.some(([cx, cy]) => Math.abs(cx! - x) < 0.11 && Math.abs(cy! - y) < 0.11))
        problems.push(`${point.code}: no dot at ${x.toFixed(1)}, ${y.toFixed(1)} in the last frame`)
      const inside =
        x >= SAFE_AREA.x && x <= SAFE_AREA.x + SAFE_AREA.w && y >= SAFE_AREA.y && y <= SAFE_AREA.y + SAFE_AREA.h
      if (!inside) problems.push(`${point.code}: the point stands outside the picture's safe area`)
    }
    expect(problems).toEqual([])
  })

  it("measure LU-7 from the wrist crease on the forearm's 12 cun ruler, its 1.5 cun marked", () => {
    const { cues, scene } = built(sourceOf("LU-7"))
    expect(cues.en.at(-1)!.text).toBe(
      "Measured from the marked landmark: 1.5 cun proximal, 1.2 cun radial. The ruler divides the 12 cun between two stations.",
    )
    expect(cues.de.at(-1)!.text).toBe(
      "Gemessen vom markierten Orientierungspunkt: 1,5 Cun nach proximal, 1,2 Cun nach radial. Das Lineal teilt die 12 Cun zwischen zwei Bezugspunkten.",
    )
    const ruler = scene.layers.flatMap((l) => l.elements).find((e) => e.type === "ruler")
    expect(ruler).toMatchObject({ cun: 12, labels: ["0", "12 cun"], mark: { label: "1.5" } })
  })

  it("show no ruler where nothing is measured along a proportional measure (LU-9 across the wrist, LU-10 on the hand)", () => {
    const lu9 = built(sourceOf("LU-9"))
    expect(lu9.cues.en.at(-1)!.text).toBe("Measured from the marked landmark: 1 cun radial.")
    expect(lu9.scene.layers.flatMap((l) => l.elements).some((e) => e.type === "ruler")).toBe(false)
    // The hand is drawn to a frame of 5.36 cun to the middle finger's crease: a chart's fit, not a measure.
    const lu10 = built(sourceOf("LU-10"))
    expect(lu10.scene.layers.flatMap((l) => l.elements).some((e) => e.type === "ruler")).toBe(false)
    expect(lu10.cues.en.map((c) => c.text).join(" ")).not.toContain("5.36")
  })

  it("label every ruler's ends in whole or half cun", () => {
    const labels = pointSources().flatMap((source) =>
      built(source)
        .scene.layers.flatMap((l) => l.elements)
        .flatMap((e) => (e.type === "ruler" ? [e.labels[1]] : [])),
    )
    expect(labels.length).toBeGreaterThan(100)
    expect(labels.filter((label) => !/^\d+(\.5)? cun$/.test(label))).toEqual([])
  })
})
