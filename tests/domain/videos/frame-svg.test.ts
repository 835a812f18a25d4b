// frameSvg draws any scene: a camera that eases between boxes, layers that cross-fade, a line
// drawn as far as the clock says, a ruler with a tick per cun, labels escaped, and the same frame
// for the same scene and frame number every time.
import { describe, expect, it } from "vitest"
import { frameSvg, traceReached } from "../../../src/domain/videos/frame-svg.ts"
import {
  cameraFor,
  eased,
  frameCount,
  SAFE_AREA,
  screenTransform,
  toScreen,
  type VideoScene,
} from "../../../src/domain/videos/video-scene.ts"
import { built, sourceOf } from "./video-fixtures.ts"

const scene: VideoScene = {
  width: 1280,
  height: 720,
  fps: 10,
  duration: 4,
  background: "#ffffff",
  layers: [
    {
      camera: [
        { at: 0, value: [0, 0, 1280, 720] },
        { at: 2, value: [0, 0, 640, 360], ease: "in-out" },
      ],
      opacity: [
        { at: 0, value: 1 },
        { at: 3, value: 1 },
        { at: 4, value: 0 },
      ],
      elements: [
        { type: "art", paths: [{ kind: "outline", d: "M0 0L100 100" }] },
        {
          type: "trace",
          points: [
            [0, 0],
            [100, 0],
            [100, 100],
          ],
          times: [1, 2, 3],
          color: "#f00",
          width: 2,
        },
        {
          type: "ruler",
          from: [100, 100],
          to: [100, 400],
          cun: 3,
          offset: 20,
          color: "#00f",
          draw: { from: 0, until: 1 },
          labels: ["0", "3 cun"],
        },
        { type: "label", at: [10, 10], text: "A&B <C>", size: 16, color: "#000", from: 2 },
      ],
    },
  ],
}

describe("frameSvg", () => {
  it("is a pure function: the same scene and frame give the same text, and the scene is untouched", () => {
    const before = JSON.stringify(scene)
    expect(frameSvg(scene, 17)).toBe(frameSvg(scene, 17))
    expect(JSON.stringify(scene)).toBe(before)
    const lu9 = built(sourceOf("LU-9")).scene
    const copy = structuredClone(lu9)
    for (const i of [0, 30, 90, frameCount(lu9) - 1]) expect(frameSvg(copy, i)).toBe(frameSvg(lu9, i))
  })

  it("draws a document of the video's size on its background", () => {
    const svg = frameSvg(scene, 0)
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1280" height="720" viewBox="0 0 1280 720">/,
    )
    expect(svg).toContain('<rect width="1280" height="720" fill="#ffffff"/>')
    expect(svg.endsWith("</svg>")).toBe(true)
  })

  it("moves the camera from box to box, eased", () => {
    expect(frameSvg(scene, 0)).toContain('transform="matrix(1 0 0 1 0 0)"')
    expect(frameSvg(scene, 20)).toContain('transform="matrix(2 0 0 2 0 0)"')
    // Halfway in time the eased zoom is halfway (in-out is symmetric), sizes mixed geometrically;
    // a quarter of the way in it has barely started (4 · 0.25³ of the way).
    expect(eased("in-out", 0.5)).toBe(0.5)
    expect(frameSvg(scene, 10)).toContain(`matrix(${Math.round(Math.SQRT2 * 1000) / 1000} 0 0`)
    expect(frameSvg(scene, 5)).toContain(`matrix(${Math.round(2 ** 0.0625 * 1000) / 1000} 0 0`)
  })

  it("draws a line only as far as it has got", () => {
    const trace = {
      points: [
        [0, 0],
        [100, 0],
        [100, 100],
      ] as const,
      times: [1, 2, 3],
    }
    expect(traceReached(trace, 0.5)).toEqual([])
    expect(traceReached(trace, 1.5)).toEqual([
      [0, 0],
      [50, 0],
    ])
    expect(traceReached(trace, 3)).toEqual([
      [0, 0],
      [100, 0],
      [100, 100],
    ])
    const still: VideoScene = {
      ...scene,
      layers: [{ ...scene.layers[0]!, camera: [{ at: 0, value: [0, 0, 1280, 720] }] }],
    }
    expect(frameSvg(still, 5)).not.toContain('stroke="#f00"')
    expect(frameSvg(still, 15)).toContain('<path d="M0 0L50 0" fill="none" stroke="#f00"')
    expect(frameSvg(still, 25)).toContain('<path d="M0 0L100 0L100 50" fill="none" stroke="#f00"')
  })

  it("ticks the ruler once per cun as it is drawn, and labels its ends", () => {
    const ticks = (svg: string) => (svg.match(/stroke="#00f" stroke-width="1.4"/g) ?? []).length
    expect(ticks(frameSvg(scene, 5))).toBe(2)
    const done = frameSvg(scene, 10)
    expect(ticks(done)).toBe(4)
    expect(done).toContain(">0</text>")
    expect(done).toContain(">3 cun</text>")
  })

  it("escapes text and fades a layer out", () => {
    expect(frameSvg(scene, 25)).toContain(">A&amp;B &lt;C&gt;</text>")
    // A layer's opacity is each element's, never a group's around them.
    const fading = frameSvg(scene, 35)
    expect(fading).toContain('stroke-linejoin="round" opacity="0.5"><path d="M0 0L100 100"')
    expect(fading).toContain('<g opacity="0.5"><rect')
    expect(fading.match(/ opacity="[\d.]+"/g)?.length).toBe(4)
    expect(frameSvg(scene, 40)).not.toContain("<g")
  })

  it("frames content inside the safe area", () => {
    const box = cameraFor([100, 200, 300, 600], 0)
    const m = screenTransform(box)
    const [x0, y0] = toScreen(m, [100, 200])
    const [x1, y1] = toScreen(m, [400, 800])
    expect(y0).toBeCloseTo(SAFE_AREA.y)
    expect(y1).toBeCloseTo(SAFE_AREA.y + SAFE_AREA.h)
    expect((x0 + x1) / 2).toBeCloseTo(SAFE_AREA.x + SAFE_AREA.w / 2)
    expect(box[2] / box[3]).toBeCloseTo(1280 / 720)
  })
})
