// Every video the knowledge base makes: one per channel, one per extraordinary vessel, one per
// point drawn on the charts (the 361 channel points and the extra points that have a placement) and
// one per acupressure script (content/acupressure.json, for patients), each with its scene, its
// captions (in every language; an acupressure video's in English only) and the names of its files: the video, its
// reduced-motion version (still-scene.ts) and its poster. A file name carries a digest of the scene
// and of the generator, so a changed drawing, text placement or encoder setting gives a new name and
// a cached file never goes stale.
import { createHash } from "node:crypto"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { decodeChartView, decodePathways } from "../../src/domain/charts/chart-content.ts"
import { CHART_VIEW_IDS } from "../../src/domain/charts/chart-ids.ts"
import { resolveView } from "../../src/domain/charts/chart-resolve.ts"
import { chartFileName, PATHWAYS_FILE } from "../../src/domain/charts/chart-schema.ts"
import { CHANNEL_CODES, type ContentLanguage, type Point, VESSEL_IDS } from "../../src/domain/content/content-schema.ts"
import { localizeText, overlaysFor, pointOverlayOf } from "../../src/domain/content/localize-content.ts"
import { type AcupressureVideoInput, buildAcupressureVideo } from "../../src/domain/videos/acupressure-video.ts"
import { buildPathwayVideo, type PathwayVideoInput } from "../../src/domain/videos/pathway-video.ts"
import { buildPointVideo, type PointVideoInput } from "../../src/domain/videos/point-video.ts"
import { type Cue, perLanguage, VIDEO_LANGUAGES } from "../../src/domain/videos/video-captions.ts"
import { type BuiltVideo, type VideoKind, type VideoPointText, videoId } from "../../src/domain/videos/video-parts.ts"
import type { VideoScene } from "../../src/domain/videos/video-scene.ts"
import { loadContent } from "../content/load-content.ts"

/**
 * Part of every file name's digest besides the scene: raise it whenever the same scene would come
 * out differently (frameSvg's drawing, the font, the encoder's settings in render.ts, the stills
 * of still-scene.ts).
 */
export const GENERATOR_VERSION = "videos-1"

export interface VideoEntry {
  /** "channel-lu", "vessel-du", "point-lu-9", "point-ex-hn-3", "acupressure-li-4" (lower case, URL-safe). */
  readonly id: string
  readonly kind: VideoKind
  /** Channel code "LU", vessel id "du", point code "LU-9" (also of an acupressure video). */
  readonly subject: string
  /** An acupressure video's script: its uuid (the video's id in sharing) and title; null for the others. */
  readonly script: { readonly id: string; readonly title: string } | null
  /** Seconds. */
  readonly duration: number
  /** `${id}-${hash}.mp4`; hash = first 16 hex of sha256(JSON of the scene + GENERATOR_VERSION). */
  readonly file: string
  /** `${id}-${hash}.png`: a small still of the last frame. */
  readonly poster: string
  /** `${id}-still-${hash}.mp4`: the same video as stills, for reduced motion. */
  readonly still: string
  /** The languages it has captions in: every language, or English alone (an acupressure video). */
  readonly captionLanguages: ReadonlyArray<ContentLanguage>
  readonly cues: Readonly<Partial<Record<ContentLanguage, ReadonlyArray<Cue>>>>
}

/** Every file a video has on disk: the video, its poster and its still version. */
export const filesOf = (entry: VideoEntry): ReadonlyArray<string> => [entry.file, entry.poster, entry.still]

/** The files one render job leaves: the video with its poster, the still version, or the poster alone. */
export const filesOfPart = (entry: VideoEntry, part: "video" | "still" | "poster"): ReadonlyArray<string> =>
  part === "still" ? [entry.still] : part === "poster" ? [entry.poster] : [entry.file, entry.poster]

export interface VideoCatalogue {
  readonly entries: ReadonlyArray<VideoEntry>
  readonly byId: ReadonlyMap<string, VideoEntry>
  /** The acupressure videos by their script's uuid. */
  readonly byScript: ReadonlyMap<string, VideoEntry>
  /** The scene of a video by id; throws for an id the catalogue does not hold. */
  scene(id: string): VideoScene
}

/** The digest a video's file names carry. */
export const sceneHash = (scene: VideoScene): string =>
  createHash("sha256")
    .update(JSON.stringify(scene) + GENERATOR_VERSION)
    .digest("hex")
    .slice(0, 16)

/** One video to build: its kind, subject and the builder's input. */
export type VideoSource =
  | { readonly kind: "channel" | "vessel"; readonly subject: string; readonly input: PathwayVideoInput }
  | { readonly kind: "point"; readonly subject: string; readonly input: PointVideoInput }
  | { readonly kind: "acupressure"; readonly subject: string; readonly input: AcupressureVideoInput }

/**
 * What every video is built from, read from content/: the chart views resolved, the courses, and
 * the names and location texts in every language, the acupressure scripts. In catalogue order: the
 * channels, the vessels, the points (channel by channel, then the extra points that have a
 * placement), then the acupressure videos in the scripts' order.
 */
export const videoSources = (contentDir: string): ReadonlyArray<VideoSource> => {
  const read = (file: string): unknown => JSON.parse(readFileSync(join(contentDir, file), "utf8"))
  const views = CHART_VIEW_IDS.map((id) => resolveView(decodeChartView(read(chartFileName(id)), chartFileName(id))))
  const pathways = decodePathways(read(PATHWAYS_FILE))
  const content = loadContent(contentDir)

  const allPoints: ReadonlyArray<Point> = [...content.channels.flatMap((c) => c.points), ...content.extraPoints]
  const pointText = (p: Point): VideoPointText => ({
    code: p.code,
    pinyin: p.pinyin,
    hanzi: p.hanzi.traditional,
    name: p.name,
  })
  const points = new Map(allPoints.map((p) => [p.code, pointText(p)]))
  const location = (p: Point) =>
    perLanguage(
      (language) =>
        localizeText(
          p.location,
          pointOverlayOf(overlaysFor(content.translations, language), p.code)?.location,
          language,
        ).value,
    )
  const pathwayOf = (id: string) => {
    const pathway = pathways.find((p) => p.id === id)
    if (!pathway) throw new Error(`content/${PATHWAYS_FILE} has no course for ${id}`)
    return pathway
  }

  const sources: VideoSource[] = []
  for (const channel of CHANNEL_CODES.flatMap((code) => content.channels.filter((c) => c.code === code))) {
    const title = { code: channel.code, pinyin: channel.pinyin, hanzi: channel.hanzi.traditional, name: channel.name }
    sources.push({
      kind: "channel",
      subject: channel.code,
      input: { pathway: pathwayOf(channel.code), title, views, points },
    })
  }
  for (const vessel of VESSEL_IDS.flatMap((id) => content.vessels.filter((v) => v.id === id))) {
    const title = { code: null, pinyin: vessel.pinyin, hanzi: vessel.hanzi.traditional, name: vessel.name }
    sources.push({ kind: "vessel", subject: vessel.id, input: { pathway: pathwayOf(vessel.id), title, views, points } })
  }
  const placed = new Set(views.flatMap((v) => v.points.map((p) => p.code)))
  for (const p of allPoints)
    if (placed.has(p.code))
      sources.push({
        kind: "point",
        subject: p.code,
        input: { point: { ...pointText(p), location: location(p) }, views },
      })
  for (const script of content.acupressure)
    sources.push({ kind: "acupressure", subject: script.point, input: { script, views } })
  return sources
}

/** A source of a video with captions in every language. */
export type MultilingualSource = Exclude<VideoSource, { readonly kind: "acupressure" }>

/** Builds one video from its source. */
export function buildVideo(source: MultilingualSource): BuiltVideo
export function buildVideo(source: VideoSource): BuiltVideo | BuiltVideo<"en">
export function buildVideo(source: VideoSource): BuiltVideo | BuiltVideo<"en"> {
  switch (source.kind) {
    case "acupressure":
      return buildAcupressureVideo(source.input)
    case "point":
      return buildPointVideo(source.input)
    default:
      return buildPathwayVideo(source.input)
  }
}

export const loadVideoCatalogue = (contentDir: string): VideoCatalogue => {
  const entries: VideoEntry[] = []
  const scenes = new Map<string, VideoScene>()
  for (const source of videoSources(contentDir)) {
    const built = buildVideo(source)
    const id = videoId(source.kind, source.subject)
    const hash = sceneHash(built.scene)
    const cues: VideoEntry["cues"] = built.cues
    entries.push({
      id,
      kind: source.kind,
      subject: source.subject,
      script: source.kind === "acupressure" ? { id: source.input.script.id, title: source.input.script.title } : null,
      duration: built.scene.duration,
      file: `${id}-${hash}.mp4`,
      poster: `${id}-${hash}.png`,
      still: `${id}-still-${hash}.mp4`,
      captionLanguages: VIDEO_LANGUAGES.filter((language) => cues[language] !== undefined),
      cues,
    })
    scenes.set(id, built.scene)
  }
  const byId = new Map(entries.map((e) => [e.id, e]))
  const byScript = new Map(entries.flatMap((e) => (e.script ? [[e.script.id, e] as const] : [])))
  return {
    entries,
    byId,
    byScript,
    scene: (id) => {
      const scene = scenes.get(id)
      if (!scene) throw new Error(`no video ${id}`)
      return scene
    },
  }
}
