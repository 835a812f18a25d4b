// The learner's video settings (§3 settings, §2 "video settings"): continuous play of a channel's
// point videos, captions and their language, playback speed and reduced motion. They are part of
// the user settings (`api/user-settings`), so the player reads them with the rest; the
// video-settings page saves them together on its button, checked by the same Schema as the request.
import { Schema } from "effect"
import type { SelectableLanguage } from "../shared/locales.ts"

/** "interface": the captions follow the app's language; the others are the app's languages. */
export const VIDEO_CAPTION_LANGUAGES = ["interface", "en", "de", "es"] as const satisfies ReadonlyArray<
  "interface" | SelectableLanguage
>
export const VideoCaptionLanguage = Schema.Literals(VIDEO_CAPTION_LANGUAGES)
export type VideoCaptionLanguage = typeof VideoCaptionLanguage.Type

/** Playback speeds offered, as factors of the normal speed. */
export const VIDEO_SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const
export const NORMAL_VIDEO_SPEED = 1
export const VideoSpeed = Schema.Literals(VIDEO_SPEEDS)
export type VideoSpeed = typeof VideoSpeed.Type

/** "system": as the device asks (prefers-reduced-motion); "on": still frames instead of moving zooms. */
export const VIDEO_REDUCED_MOTION = ["system", "on", "off"] as const
export const VideoReducedMotion = Schema.Literals(VIDEO_REDUCED_MOTION)
export type VideoReducedMotion = typeof VideoReducedMotion.Type

export const VideoSettings = Schema.Struct({
  /**
   * When a point video of a channel ends, the next one starts. §3 spells the setting
   * `countinous_play` and §7 `continousPlay`; the API keeps §7's spelling.
   */
  continousPlay: Schema.Boolean,
  /** Captions on when a video starts. */
  videoCaptions: Schema.Boolean,
  videoCaptionLanguage: VideoCaptionLanguage,
  videoSpeed: VideoSpeed,
  videoReducedMotion: VideoReducedMotion,
})
export type VideoSettings = typeof VideoSettings.Type
export type VideoSetting = keyof VideoSettings

export const DEFAULT_VIDEO_SETTINGS: VideoSettings = {
  continousPlay: false,
  videoCaptions: false,
  videoCaptionLanguage: "interface",
  videoSpeed: NORMAL_VIDEO_SPEED,
  videoReducedMotion: "system",
}

const checks: { readonly [K in VideoSetting]: (value: unknown) => boolean } = {
  continousPlay: Schema.is(VideoSettings.fields.continousPlay),
  videoCaptions: Schema.is(VideoSettings.fields.videoCaptions),
  videoCaptionLanguage: Schema.is(VideoCaptionLanguage),
  videoSpeed: Schema.is(VideoSpeed),
  videoReducedMotion: Schema.is(VideoReducedMotion),
}

/** Whether the setting takes this value (a choice on the page is checked as the request will be). */
export const isVideoSettingValue = <K extends VideoSetting>(setting: K, value: unknown): value is VideoSettings[K] =>
  checks[setting](value)

/** The video settings among all of the learner's settings. */
export const videoSettingsOf = (settings: VideoSettings): VideoSettings => ({
  continousPlay: settings.continousPlay,
  videoCaptions: settings.videoCaptions,
  videoCaptionLanguage: settings.videoCaptionLanguage,
  videoSpeed: settings.videoSpeed,
  videoReducedMotion: settings.videoReducedMotion,
})

/** The language the captions are in: the chosen one, or the app's for "interface". */
export const captionLanguageOf = (
  setting: VideoCaptionLanguage,
  interfaceLanguage: SelectableLanguage,
): SelectableLanguage => (setting === "interface" ? interfaceLanguage : setting)

/** Whether the player shows still frames instead of moving zooms, given what the device asks for. */
export const reducesMotion = (setting: VideoReducedMotion, deviceAsks: boolean): boolean =>
  setting === "system" ? deviceAsks : setting === "on"
