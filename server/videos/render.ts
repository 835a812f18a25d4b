// Renders a video scene to an H.264 MP4 (yuv420p, 720p, moov atom first) and a small PNG still of
// its last frame. Each frame's SVG is rasterised by resvg with only the fonts shipped beside this
// file (never the system's), each distinct frame once, and piped as raw YUV into the ffmpeg that
// the npm package ships. The output is the same bytes on every run: one x264 thread, bit-exact
// flags, no metadata, no timestamps. Files are written under a temporary name and renamed into
// place, so a crash never leaves half a file under a real name.
import { spawn } from "node:child_process"
import { once } from "node:events"
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg"
import { Resvg } from "@resvg/resvg-js"
import { frameSvg } from "../../src/domain/videos/frame-svg.ts"
import { frameCount, VIDEO_FONT_FAMILIES, type VideoScene } from "../../src/domain/videos/video-scene.ts"

/** The subsets of Noto Serif TC and SC the burned-in texts are set in (`npm run videos:font` makes them). */
export const VIDEO_FONT_FILES = ["video-serif-tc.ttf", "video-serif-sc.ttf"].map((f) =>
  join(import.meta.dirname, "fonts", f),
)

/** Constant quality: line art on white stays crisp at this level and compresses well. */
export const VIDEO_CRF = 30
/**
 * x264's speed and tuning: line art on white loses little to the faster searches, and "-tune
 * animation" only cost time here (measured on LU-9's frames: veryfast 129 KB in 2.0 s of CPU;
 * veryfast with -tune animation 138 KB in 2.7 s; medium with it 139 KB in 5.2 s).
 */
export const VIDEO_PRESET = "veryfast"
/** Width of the poster still (its height follows the video's aspect). */
export const POSTER_WIDTH = 640
/** Distinct frames kept rasterised, so a pulse that repeats is rasterised once. */
const FRAME_CACHE = 48

const resvgOptions = (width?: number) => ({
  font: { loadSystemFonts: false, fontFiles: VIDEO_FONT_FILES, defaultFontFamily: VIDEO_FONT_FAMILIES[0] },
  ...(width === undefined ? {} : { fitTo: { mode: "width" as const, value: width } }),
})

const rasterise = (svg: string, width?: number) => new Resvg(svg, resvgOptions(width)).render()

/**
 * Opaque RGBA pixels as planar YUV 4:2:0 (BT.601, limited range), what H.264 stores: converted
 * here once per distinct frame rather than by ffmpeg for every frame, and a third of the bytes
 * through the pipe. Width and height must be even.
 */
export const toYuv420 = (rgba: Uint8Array, width: number, height: number): Buffer => {
  const n = width * height
  // Four bytes at a time (little-endian: red in the low byte); a copy when the pixels are unaligned.
  const px =
    rgba.byteOffset % 4 === 0 ? new Uint32Array(rgba.buffer, rgba.byteOffset, n) : new Uint32Array(rgba.slice().buffer)
  const cw = width >> 1
  const ch = height >> 1
  const out = Buffer.allocUnsafe(n + 2 * cw * ch)
  for (let i = 0; i < n; i++) {
    const q = px[i]!
    out[i] = ((66 * (q & 255) + 129 * ((q >>> 8) & 255) + 25 * ((q >>> 16) & 255) + 128) >> 8) + 16
  }
  const v = n + cw * ch
  for (let cy = 0, o = 0; cy < ch; cy++) {
    let top = 2 * cy * width
    let bottom = top + width
    for (let cx = 0; cx < cw; cx++, top += 2, bottom += 2, o++) {
      const a = px[top]!
      const b = px[top + 1]!
      const c = px[bottom]!
      const d = px[bottom + 1]!
      const r = (a & 255) + (b & 255) + (c & 255) + (d & 255)
      const g = ((a >>> 8) & 255) + ((b >>> 8) & 255) + ((c >>> 8) & 255) + ((d >>> 8) & 255)
      const bl = ((a >>> 16) & 255) + ((b >>> 16) & 255) + ((c >>> 16) & 255) + ((d >>> 16) & 255)
      out[n + o] = ((-38 * r - 74 * g + 112 * bl + 512) >> 10) + 128
      out[v + o] = ((112 * r - 94 * g - 18 * bl + 512) >> 10) + 128
    }
  }
  return out
}

export const ffmpegArgs = (scene: VideoScene, output: string): ReadonlyArray<string> => [
  "-hide_banner",
  "-loglevel",
  "error",
  "-f",
  "rawvideo",
  "-pix_fmt",
  "yuv420p",
  "-s:v",
  `${scene.width}x${scene.height}`,
  "-framerate",
  String(scene.fps),
  "-i",
  "pipe:0",
  "-an",
  "-c:v",
  "libx264",
  "-preset",
  VIDEO_PRESET,
  "-crf",
  String(VIDEO_CRF),
  "-threads",
  "1",
  "-movflags",
  "+faststart",
  "-fflags",
  "+bitexact",
  "-flags:v",
  "+bitexact",
  "-map_metadata",
  "-1",
  "-f",
  "mp4",
  "-y",
  output,
]

const partialName = (outDir: string, name: string) => join(outDir, `.${name}.${process.pid}.partial`)

/**
 * Renders only the still of `scene`'s last frame to `outDir/poster`: what a page shows before its
 * video is played, a fraction of a second's work where the video takes seconds.
 */
export const renderPoster = (scene: VideoScene, outDir: string, poster: string): { bytes: number; ms: number } => {
  const started = performance.now()
  mkdirSync(outDir, { recursive: true })
  const temp = partialName(outDir, poster)
  writeFileSync(temp, rasterise(frameSvg(scene, Math.max(0, frameCount(scene) - 1)), POSTER_WIDTH).asPng())
  renameSync(temp, join(outDir, poster))
  return { bytes: statSync(join(outDir, poster)).size, ms: Math.round(performance.now() - started) }
}

/** Renders `scene` to `outDir/file` and, when named, its last frame to `outDir/poster`. */
export const renderVideo = async (
  scene: VideoScene,
  outDir: string,
  file: string,
  poster?: string,
): Promise<{ bytes: number; ms: number }> => {
  const started = performance.now()
  if (scene.width % 2 !== 0 || scene.height % 2 !== 0)
    throw new Error(`a video's width and height must be even (${scene.width}×${scene.height})`)
  mkdirSync(outDir, { recursive: true })
  const videoTemp = partialName(outDir, file)
  const ffmpeg = spawn(ffmpegInstaller.path, ffmpegArgs(scene, videoTemp), { stdio: ["pipe", "ignore", "pipe"] })
  const errors: Buffer[] = []
  ffmpeg.stderr.on("data", (chunk: Buffer) => errors.push(chunk))
  const exited = new Promise<number | null>((resolve, reject) => {
    ffmpeg.on("error", reject)
    ffmpeg.on("close", (code) => resolve(code))
  })
  // A write after ffmpeg has gone fails on the pipe; its exit code says why.
  ffmpeg.stdin.on("error", () => undefined)
  try {
    const cache = new Map<string, Buffer>()
    const frames = frameCount(scene)
    for (let i = 0; i < frames; i++) {
      const svg = frameSvg(scene, i)
      const kept = cache.get(svg)
      if (kept) cache.delete(svg)
      else if (cache.size >= FRAME_CACHE) cache.delete(cache.keys().next().value!)
      const pixels = kept ?? toYuv420(rasterise(svg).pixels, scene.width, scene.height)
      cache.set(svg, pixels)
      // A failed write (ffmpeg has gone) ends the wait; its exit code says why.
      if (!ffmpeg.stdin.write(pixels)) await Promise.race([once(ffmpeg.stdin, "drain").catch(() => undefined), exited])
      if (ffmpeg.exitCode !== null) break
    }
    ffmpeg.stdin.end()
    const code = await exited
    if (code !== 0) throw new Error(`ffmpeg exited with ${code}: ${Buffer.concat(errors).toString("utf8").trim()}`)
    if (poster !== undefined) renderPoster(scene, outDir, poster)
    renameSync(videoTemp, join(outDir, file))
  } catch (error) {
    ffmpeg.kill("SIGKILL")
    rmSync(videoTemp, { force: true })
    throw error
  }
  return { bytes: statSync(join(outDir, file)).size, ms: Math.round(performance.now() - started) }
}
