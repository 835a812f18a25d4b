// Rendering one point video end to end: an H.264 MP4 with its moov box first and the scene's
// duration, within the size budget, a PNG poster; the same bytes on every run; and no file at all
// when the encoder fails.
import { spawn } from "node:child_process"
import { createHash } from "node:crypto"
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { renderVideo } from "../../../server/videos/render.ts"
import type { VideoScene } from "../../../src/domain/videos/video-scene.ts"
import { built, sourceOf } from "./video-fixtures.ts"

/** A point video's size budget. */
const MAX_POINT_VIDEO_BYTES = 300 * 1024

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "jingluo-video-"))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex")

/** The movie's duration in seconds from its mvhd box (version 0 or 1). */
const mvhdSeconds = (mp4: Buffer) => {
  const at = mp4.indexOf("mvhd")
  const version = mp4[at + 4]
  return version === 1
    ? Number(mp4.readBigUInt64BE(at + 28)) / mp4.readUInt32BE(at + 24)
    : mp4.readUInt32BE(at + 20) / mp4.readUInt32BE(at + 16)
}

describe("video rendering", () => {
  const { scene } = built(sourceOf("LU-9"))

  it("renders LU-9 as an H.264 MP4 of the scene's length, moov first, within budget, with a PNG poster", async () => {
    const dir = tempDir()
    const result = await renderVideo(scene, dir, "lu-9.mp4", "lu-9.png")
    expect(readdirSync(dir).sort()).toEqual(["lu-9.mp4", "lu-9.png"])
    const mp4 = readFileSync(join(dir, "lu-9.mp4"))
    const png = readFileSync(join(dir, "lu-9.png"))
    expect(result.bytes).toBe(mp4.length)
    expect(mp4.subarray(4, 8).toString("latin1")).toBe("ftyp")
    expect(mp4.indexOf("avc1")).toBeGreaterThan(0)
    expect(mp4.indexOf("moov")).toBeLessThan(mp4.indexOf("mdat"))
    expect(Math.abs(mvhdSeconds(mp4) - scene.duration)).toBeLessThanOrEqual(1 / scene.fps)
    expect(mp4.length).toBeLessThanOrEqual(MAX_POINT_VIDEO_BYTES)
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG")
    expect(png.readUInt32BE(16)).toBe(640)
  }, 60_000)

  it("renders the same scene to the same bytes twice (its first seconds: the zoom, the lit point)", async () => {
    // Long enough for the camera to move and the point's label to appear; a whole video twice would
    // only add seconds of encoding.
    const cut: VideoScene = { ...scene, duration: 3 }
    const outputs = []
    for (const dir of [tempDir(), tempDir()]) {
      await renderVideo(cut, dir, "cut.mp4", "cut.png")
      outputs.push({ mp4: readFileSync(join(dir, "cut.mp4")), png: readFileSync(join(dir, "cut.png")) })
    }
    const [a, b] = outputs as [(typeof outputs)[0], (typeof outputs)[0]]
    expect(sha256(a.mp4)).toBe(sha256(b.mp4))
    expect(sha256(a.png)).toBe(sha256(b.png))
    expect(Math.abs(mvhdSeconds(a.mp4) - 3)).toBeLessThanOrEqual(1 / scene.fps)
  }, 60_000)

  it("leaves no file behind when rendering fails half-way", async () => {
    const dir = tempDir()
    // A character XML does not allow stops the rasteriser at the second second, while ffmpeg runs.
    const broken: VideoScene = {
      ...scene,
      duration: 2,
      layers: [
        ...scene.layers,
        {
          camera: null,
          opacity: [{ at: 0, value: 1 }],
          elements: [{ type: "label", at: [100, 100], text: "\u0001", size: 20, color: "#000000", from: 1 }],
        },
      ],
    }
    await expect(renderVideo(broken, dir, "broken.mp4", "broken.png")).rejects.toThrow()
    expect(readdirSync(dir)).toEqual([])
    await expect(renderVideo({ ...scene, width: 1281 }, dir, "odd.mp4", "odd.png")).rejects.toThrow(/even/)
    expect(readdirSync(dir)).toEqual([])
  }, 30_000)

  it("leaves no file under its real name when the process is killed half-way", async () => {
    const dir = tempDir()
    const sceneFile = join(tempDir(), "scene.json")
    writeFileSync(sceneFile, JSON.stringify(scene))
    const render = join(import.meta.dirname, "../../../server/videos/render.ts")
    const child = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { readFileSync } from "node:fs"
         import { renderVideo } from ${JSON.stringify(render)}
         await renderVideo(JSON.parse(readFileSync(${JSON.stringify(sceneFile)}, "utf8")), ${JSON.stringify(dir)}, "lu-9.mp4", "lu-9.png")`,
      ],
      { stdio: "ignore" },
    )
    const exited = new Promise((resolve) => child.on("exit", resolve))
    // Killed once the encoder has written part of the file.
    const deadline = Date.now() + 20_000
    while (Date.now() < deadline && readdirSync(dir).length === 0) await sleep(50)
    await sleep(400)
    child.kill("SIGKILL")
    await exited
    expect(readdirSync(dir).filter((f) => !f.endsWith(".partial"))).toEqual([])
    expect(readdirSync(dir).some((f) => f.endsWith(".partial"))).toBe(true)
  }, 30_000)
})
