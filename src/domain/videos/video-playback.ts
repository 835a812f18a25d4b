// What the player decides from the learner's video settings and the videos listed: the captions'
// language, the speed, whether the next video starts by itself, and the small sums of a player
// (the cue at a time, a time as m:ss, a seek that stays inside the video).
import type { SelectableLanguage } from "../shared/locales.ts"
import type { CaptionLanguage, VideoCue, VideoListing } from "./video-listing.ts"
import {
  captionLanguageOf,
  reducesMotion,
  VIDEO_SPEEDS,
  type VideoSettings,
  type VideoSpeed,
} from "./video-settings.ts"

export const PLAYBACK_SPEEDS = VIDEO_SPEEDS
export type PlaybackSpeed = VideoSpeed

/** The seconds a seek key moves: arrows 5, J and L 10. */
export const SEEK_SMALL = 5
export const SEEK_LARGE = 10

/** How the player starts, from the learner's settings (a visitor's are the defaults). */
export interface PlaybackPreferences {
  readonly autoplayNext: boolean
  readonly captions: boolean
  readonly captionLanguage: CaptionLanguage
  readonly speed: PlaybackSpeed
  /** Still frames instead of moving zooms. */
  readonly reducedMotion: boolean
}

export const defaultPreferences = (language: SelectableLanguage): PlaybackPreferences => ({
  autoplayNext: false,
  captions: false,
  captionLanguage: language,
  speed: 1,
  reducedMotion: false,
})

/** The cue showing at `time`, if any. */
export const cueAt = (cues: ReadonlyArray<VideoCue>, time: number): VideoCue | undefined =>
  cues.find((cue) => time >= cue.start && time < cue.end)

/** 75.4 → "1:15". */
export const formatTime = (seconds: number): string => {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0))
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`
}

/** `time` moved by `by` seconds, kept inside the video. */
export const seekWithin = (time: number, by: number, duration: number): number =>
  Math.min(Math.max(0, time + by), Math.max(0, duration))

/** The next video the learner may watch after `index`, or null at the end of the queue. */
export const nextPlayable = (items: ReadonlyArray<VideoListing>, index: number): number | null => {
  for (let i = index + 1; i < items.length; i += 1) if (items[i]?.permission) return i
  return null
}

/** The previous video the learner may watch before `index`, or null at the start. */
export const previousPlayable = (items: ReadonlyArray<VideoListing>, index: number): number | null => {
  for (let i = index - 1; i >= 0; i -= 1) if (items[i]?.permission) return i
  return null
}

/** The learner's video settings as the player starts with them. */
export const preferencesOf = (
  settings: VideoSettings,
  language: SelectableLanguage,
  deviceAsksReducedMotion: boolean,
): PlaybackPreferences => ({
  autoplayNext: settings.continousPlay,
  captions: settings.videoCaptions,
  captionLanguage: captionLanguageOf(settings.videoCaptionLanguage, language),
  speed: settings.videoSpeed,
  reducedMotion: reducesMotion(settings.videoReducedMotion, deviceAsksReducedMotion),
})
