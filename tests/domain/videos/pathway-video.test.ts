// The channel and vessel videos over the real charts: one per course of pathways.json, 30–90 s,
// every point of the course lit in order where the line reaches it, captions in every language.
import { describe, expect, it } from "vitest"
import type { Point2 } from "../../../src/domain/charts/chart-geometry.ts"
import { CHANNEL_CODES, VESSEL_IDS } from "../../../src/domain/content/content-schema.ts"
import { traceReached } from "../../../src/domain/videos/frame-svg.ts"
import { PATHWAY_MAX_SECONDS, PATHWAY_MIN_SECONDS } from "../../../src/domain/videos/pathway-video.ts"
import { VIDEO_LANGUAGES } from "../../../src/domain/videos/video-captions.ts"
import { mixNumber, valueAt } from "../../../src/domain/videos/video-scene.ts"
import { built, cueProblems, pathwaySources, sourceOf } from "./video-fixtures.ts"

const near = (a: Point2, b: Point2) => Math.hypot(a[0] - b[0], a[1] - b[1]) < 0.5

describe("channel and vessel videos", () => {
  const sources = pathwaySources()

  it("are made for each of the 14 channels and 8 vessels", () => {
    expect(sources.map((s) => s.subject)).toEqual([...CHANNEL_CODES, ...VESSEL_IDS])
  })

  it(`last ${PATHWAY_MIN_SECONDS}–${PATHWAY_MAX_SECONDS} s`, () => {
    const wrong = sources
      .map((s) => [s.subject, built(s).scene.duration] as const)
      .filter(([, d]) => d < PATHWAY_MIN_SECONDS || d > PATHWAY_MAX_SECONDS)
    expect(wrong).toEqual([])
  })

  it("light every point of the course in order, where the line has reached it", () => {
    const problems: string[] = []
    for (const source of sources) {
      const { scene, chapters } = built(source)
      const course = [...new Set(source.input.pathway.strokes.flat())]
      if (chapters.map((c) => c.code).join() !== course.join())
        problems.push(`${source.subject}: lights ${chapters.map((c) => c.code).join()}`)
      for (const [i, chapter] of chapters.entries()) {
        if (i > 0 && chapter.start <= chapters[i - 1]!.start)
          problems.push(`${source.subject}: ${chapter.code} lights no later than the point before it`)
        if (chapter.start >= scene.duration) problems.push(`${source.subject}: ${chapter.code} lights after the end`)
        const spots = source.input.views
          .flatMap((v) => v.points.filter((p) => p.code === chapter.code))
          .map((p) => p.position)
        const layer = scene.layers.find(
          (l) =>
            valueAt(l.opacity, chapter.start, mixNumber) > 0.99 &&
            l.elements.some((e) => e.type === "dot" && e.from === chapter.start && spots.some((s) => near(s, e.at))),
        )
        if (!layer) {
          problems.push(`${source.subject}: ${chapter.code} is not lit on a view on screen`)
          continue
        }
        const dot = layer.elements.find((e) => e.type === "dot" && e.from === chapter.start)!
        if (dot.type !== "dot") continue
        const reached = layer.elements.some((e) => {
          if (e.type !== "trace") return false
          const end = traceReached(e, chapter.start).at(-1)
          return end !== undefined && near(end, dot.at)
        })
        // The line comes from the stop before, where this view shows it (a course that goes on
        // from another view starts afresh).
        const stroke = source.input.pathway.strokes.find((s) => s.includes(chapter.code))!
        const before = stroke[stroke.indexOf(chapter.code) - 1]
        const beforeShown =
          before !== undefined &&
          layer.elements.some(
            (e) =>
              e.type === "dot" &&
              source.input.views.some((v) => v.points.some((p) => p.code === before && near(p.position, e.at))),
          )
        if (!reached && beforeShown)
          problems.push(`${source.subject}: the line has not reached ${chapter.code} when it lights`)
      }
    }
    expect(problems).toEqual([])
  })

  it("caption the name, then each point as it lights, in every language", () => {
    const problems: string[] = []
    for (const source of sources) {
      const { scene, cues, chapters } = built(source)
      for (const language of VIDEO_LANGUAGES) {
        const list = cues[language]
        problems.push(...cueProblems(list, scene.duration).map((p) => `${source.subject} ${language}: ${p}`))
        if (list.length !== chapters.length + 1) problems.push(`${source.subject} ${language}: ${list.length} cues`)
        chapters.forEach((chapter, i) => {
          const cue = list[i + 1]
          if (!cue?.text.startsWith(`${chapter.code} · `) || cue.start !== chapter.start)
            problems.push(`${source.subject} ${language}: no cue for ${chapter.code} as it lights`)
        })
      }
    }
    expect(problems).toEqual([])
  })

  it("name the channel in the captions' language", () => {
    const { cues } = built(sourceOf("LU"))
    expect(cues.en[0]!.text).toBe("Lung Channel of Hand Taiyin · Shǒu Tàiyīn Fèi Jīng")
    expect(cues.de[0]!.text).toBe("Lungen-Leitbahn des Hand-Taiyin · Shǒu Tàiyīn Fèi Jīng")
    expect(cues.es[1]!.text).toBe("LU-1 · Zhōngfǔ · Palacio Central")
  })

  it("cross-fade where a course goes on on another view", () => {
    // The Kidney channel starts on the sole and the inner foot before it climbs the front.
    const { scene } = built(sourceOf("KI"))
    const cameraLayers = scene.layers.filter((l) => l.camera !== null)
    expect(cameraLayers.length).toBeGreaterThan(1)
    const fades = cameraLayers.slice(1).map((l) => l.opacity.find((k) => k.value === 1)!.at)
    for (const at of fades) {
      const visible = cameraLayers.filter((l) => valueAt(l.opacity, at - 0.4, mixNumber) > 0.01)
      expect(visible.length).toBe(2)
    }
  })
})
