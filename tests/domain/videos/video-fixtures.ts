// The videos of the real knowledge base, built once per test worker: the sources the catalogue
// builds from (chart views, courses, names and texts) and each built video, with checks the video
// tests share.
import { CONTENT_DIR } from "../../../server/content/load-content.ts"
import {
  buildVideo,
  type MultilingualSource,
  type VideoSource,
  videoSources,
} from "../../../server/videos/catalogue.ts"
import type { Cue } from "../../../src/domain/videos/video-captions.ts"
import type { BuiltVideo } from "../../../src/domain/videos/video-parts.ts"

let sources: ReadonlyArray<VideoSource> | undefined
export const allSources = (): ReadonlyArray<VideoSource> => {
  sources ??= videoSources(CONTENT_DIR)
  return sources
}

const builtBySource = new Map<MultilingualSource, BuiltVideo>()
export const built = (source: MultilingualSource): BuiltVideo => {
  let video = builtBySource.get(source)
  if (!video) {
    video = buildVideo(source)
    builtBySource.set(source, video)
  }
  return video
}

type PathwaySource = Extract<VideoSource, { readonly kind: "channel" | "vessel" }>
type PointSource = Extract<VideoSource, { readonly kind: "point" }>
type AcupressureSource = Extract<VideoSource, { readonly kind: "acupressure" }>
export const pathwaySources = () =>
  allSources().filter((s): s is PathwaySource => s.kind === "channel" || s.kind === "vessel")
export const pointSources = () => allSources().filter((s): s is PointSource => s.kind === "point")
export const acupressureSources = () => allSources().filter((s): s is AcupressureSource => s.kind === "acupressure")
/** The channel, vessel or point video source of a subject. */
export const sourceOf = (subject: string): MultilingualSource => {
  const found = [...pathwaySources(), ...pointSources()].find((s) => s.subject === subject)
  if (!found) throw new Error(`no video source ${subject}`)
  return found
}

/** What is wrong with a list of cues for a video of `duration` seconds: none when all is well. */
export const cueProblems = (cues: ReadonlyArray<Cue>, duration: number): ReadonlyArray<string> => {
  const problems: string[] = []
  if (cues.length === 0) problems.push("no cues")
  cues.forEach((cue, i) => {
    if (cue.text.trim() === "") problems.push(`cue ${i} is empty`)
    if (!(cue.start >= 0 && cue.end > cue.start && cue.end <= duration + 1e-9))
      problems.push(`cue ${i} [${cue.start}, ${cue.end}] lies outside 0…${duration}`)
    const next = cues[i + 1]
    if (next && next.start < cue.end - 1e-9) problems.push(`cue ${i} overlaps cue ${i + 1}`)
  })
  return problems
}
