// The catalogue of videos: one entry per channel, vessel, placed point and acupressure script,
// URL-safe ids, an acupressure video found by its script's uuid and captioned in English only, file
// names that carry a digest of the scene (so a changed scene is a new file), and the burned-in
// texts drawable by the one font the renderer loads.
import { readFileSync, statSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { fontCodePoints, videoCharacters } from "../../../scripts/hanzi.ts"
import { CONTENT_DIR } from "../../../server/content/load-content.ts"
import { loadVideoCatalogue, sceneHash } from "../../../server/videos/catalogue.ts"
import { VIDEO_FONT_FILES } from "../../../server/videos/render.ts"
import { videoId } from "../../../src/domain/videos/video-parts.ts"
import { acupressureSources, built, pathwaySources, pointSources } from "./video-fixtures.ts"

/** The fonts stay small enough to ship in the repository. */
const MAX_FONT_BYTES = 400 * 1024

describe("video catalogue", () => {
  const catalogue = loadVideoCatalogue(CONTENT_DIR)

  it("holds every channel, vessel, placed point and acupressure script once, by a lower-case URL-safe id", () => {
    expect(catalogue.entries.length).toBe(pathwaySources().length + pointSources().length + acupressureSources().length)
    expect(catalogue.byId.size).toBe(catalogue.entries.length)
    for (const e of catalogue.entries)
      expect(e.id).toMatch(/^(channel|vessel|point|acupressure)-[a-z0-9]+(?:-[a-z0-9]+)*$/)
    expect(catalogue.byId.get("point-lu-9")).toMatchObject({ kind: "point", subject: "LU-9" })
    expect(catalogue.byId.get("point-ex-hn-3")).toMatchObject({ kind: "point", subject: "EX-HN3" })
    expect(catalogue.byId.get("vessel-du")).toMatchObject({ kind: "vessel", subject: "du" })
    expect(catalogue.byId.get("channel-lu")).toMatchObject({ kind: "channel", subject: "LU" })
  })

  it("holds an acupressure video per script, found by the script's uuid, captioned in English only", () => {
    const scripts = acupressureSources().map((s) => s.input.script)
    const videos = catalogue.entries.filter((e) => e.kind === "acupressure")
    expect(videos.map((e) => e.id)).toEqual(scripts.map((s) => videoId("acupressure", s.point)))
    expect(catalogue.byScript.size).toBe(scripts.length)
    for (const script of scripts)
      expect(catalogue.byScript.get(script.id)).toMatchObject({
        kind: "acupressure",
        subject: script.point,
        script: { id: script.id, title: script.title },
        captionLanguages: ["en"],
      })
    expect(catalogue.byId.get("acupressure-li-4")).toBe(catalogue.byScript.get(scripts[0]!.id))
    for (const e of videos) expect(Object.keys(e.cues)).toEqual(["en"])
    for (const e of catalogue.entries.filter((e) => e.kind !== "acupressure")) {
      expect(e.script).toBeNull()
      expect(e.captionLanguages).toEqual(["en", "de", "es"])
    }
  })

  it("names each file by the digest of its scene, so a changed scene gets a new name", () => {
    for (const e of catalogue.entries) {
      const hash = sceneHash(catalogue.scene(e.id))
      expect(hash).toMatch(/^[0-9a-f]{16}$/)
      expect(e.file).toBe(`${e.id}-${hash}.mp4`)
      expect(e.poster).toBe(`${e.id}-${hash}.png`)
      expect(e.duration).toBe(catalogue.scene(e.id).duration)
    }
    const scene = catalogue.scene("point-lu-9")
    expect(sceneHash({ ...scene, duration: scene.duration + 1 })).not.toBe(sceneHash(scene))
    expect(() => catalogue.scene("point-xx-1")).toThrow()
  })

  it("gives each entry the captions of its video", () => {
    const source = pointSources().find((s) => s.subject === "LU-9")!
    expect(catalogue.byId.get("point-lu-9")!.cues).toEqual(built(source).cues)
  })

  it("burns in only characters the shipped fonts draw", async () => {
    expect(VIDEO_FONT_FILES.reduce((sum, f) => sum + statSync(f).size, 0)).toBeLessThanOrEqual(MAX_FONT_BYTES)
    const drawn = new Set<number>()
    for (const file of VIDEO_FONT_FILES) for (const code of await fontCodePoints(readFileSync(file))) drawn.add(code)
    const missing = new Set<string>()
    for (const code of videoCharacters()) if (!drawn.has(code)) missing.add(String.fromCodePoint(code))
    for (const e of catalogue.entries)
      for (const layer of catalogue.scene(e.id).layers)
        for (const element of layer.elements) {
          const texts =
            element.type === "label"
              ? [element.text]
              : element.type === "ruler"
                ? [...element.labels, element.mark?.label ?? ""]
                : []
          for (const text of texts) for (const char of text) if (!drawn.has(char.codePointAt(0)!)) missing.add(char)
        }
    expect([...missing].join("")).toBe("")
  })
})
