// The reduced-motion videos: the same scene as stills. Between two frames nothing moves — a frame
// either repeats the one before or cuts to a new picture — and the pictures are few; the length,
// the views and what is shown at the end are the moving video's.
import { describe, expect, it } from "vitest"
import { frameSvg, traceReached } from "../../../src/domain/videos/frame-svg.ts"
import { stillScene } from "../../../src/domain/videos/still-scene.ts"
import { eased, frameCount, type VideoScene } from "../../../src/domain/videos/video-scene.ts"
import { built, sourceOf } from "./video-fixtures.ts"

/** How many times the picture changes from one frame to the next. */
const changes = (scene: VideoScene) => {
  let count = 0
  let before = frameSvg(scene, 0)
  for (let i = 1; i < frameCount(scene); i++) {
    const frame = frameSvg(scene, i)
    if (frame !== before) count++
    before = frame
  }
  return count
}

describe("a cut", () => {
  it("holds the first value until the second keyframe's time, then takes the second", () => {
    expect([0, 0.5, 0.99, 1].map((t) => eased("cut", t))).toEqual([0, 0, 0, 1])
  })

  it("draws a course a whole stretch at a time when stepwise", () => {
    const line = {
      points: [
        [0, 0],
        [10, 0],
        [10, 10],
      ] as const,
      times: [0, 1, 2],
    }
    expect(traceReached(line, 1.5)).toEqual([
      [0, 0],
      [10, 0],
      [10, 5],
    ])
    expect(traceReached({ ...line, stepwise: true }, 1.5)).toEqual([
      [0, 0],
      [10, 0],
    ])
    expect(traceReached({ ...line, stepwise: true }, 2)).toEqual([
      [0, 0],
      [10, 0],
      [10, 10],
    ])
  })
})

describe.each(["LU-9", "ST-36"])("the still version of the %s point video", (code) => {
  const { scene } = built(sourceOf(code))
  const still = stillScene(scene)

  it("keeps the length, the frame rate and the views", () => {
    expect(still.duration).toBe(scene.duration)
    expect(still.fps).toBe(scene.fps)
    expect(still.layers).toHaveLength(scene.layers.length)
  })

  it("changes picture a few times (cuts) where the moving video changes on almost every frame", () => {
    const moving = changes(scene)
    const cuts = changes(still)
    expect(moving).toBeGreaterThan(frameCount(scene) / 2)
    expect(cuts).toBeGreaterThan(2)
    expect(cuts).toBeLessThanOrEqual(25)
  })

  it("has no pulse, fade, or gradual drawing left in it", () => {
    for (const layer of still.layers) {
      for (const track of [layer.camera ?? [], layer.opacity])
        for (const key of track.slice(1)) expect(key.ease).toBe("cut")
      for (const element of layer.elements) {
        if ("fade" in element) expect(element.fade).toBeUndefined()
        if (element.type === "ring") expect(element.pulse).toBeUndefined()
        if (element.type === "landmark") expect(element.still).toBe(true)
        if (element.type === "ruler") expect(element.draw.from).toBe(element.draw.until)
      }
    }
  })
})

describe("the still version of the Lung channel video", () => {
  const { scene } = built(sourceOf("LU"))
  const still = stillScene(scene)

  it("shows the course at the end as the moving video does", () => {
    const last = frameCount(scene) - 1
    expect(frameSvg(still, last)).toBe(frameSvg(scene, last))
  })

  it("cuts a picture per point reached and per view, not one per frame", () => {
    const cuts = changes(still)
    const points = still.layers.flatMap((l) => l.elements.filter((e) => e.type === "dot")).length
    expect(cuts).toBeGreaterThanOrEqual(points)
    expect(cuts).toBeLessThanOrEqual(2 * points + 6)
    expect(changes(scene)).toBeGreaterThan(frameCount(scene) / 2)
  })
})
