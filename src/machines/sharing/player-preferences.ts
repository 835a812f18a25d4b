// The player's own choices (captions on or off, their language, the speed) for the sharing pages,
// where no queue runs: the preview of a video before sharing it, and the patient's page. Patients
// have no settings, and the feature is English only, so English captions are on from the start.
import type { CaptionLanguage } from "../../domain/videos/video-listing.ts"
import { defaultPreferences, type PlaybackPreferences, type PlaybackSpeed } from "../../domain/videos/video-playback.ts"

/** The player's events that change a choice; its `media.*` reports need no flow here. */
export type PlayerPreferenceEvent =
  | { readonly type: "captions.toggle" }
  | { readonly type: "captions.language"; readonly language: CaptionLanguage }
  | { readonly type: "speed.set"; readonly speed: PlaybackSpeed }

export const PLAYER_PREFERENCE_EVENTS: ReadonlyArray<PlayerPreferenceEvent["type"]> = [
  "captions.toggle",
  "captions.language",
  "speed.set",
]

export const isPlayerPreferenceEvent = (event: { readonly type: string }): event is PlayerPreferenceEvent =>
  (PLAYER_PREFERENCE_EVENTS as ReadonlyArray<string>).includes(event.type)

/** English captions on, normal speed; still frames when the device asks for reduced motion. */
export const sharingPreferences = (reducedMotion: boolean): PlaybackPreferences => ({
  ...defaultPreferences("en"),
  captions: true,
  reducedMotion,
})

export const preferencesAfter = (
  preferences: PlaybackPreferences,
  event: PlayerPreferenceEvent,
): PlaybackPreferences => {
  switch (event.type) {
    case "captions.toggle":
      return { ...preferences, captions: !preferences.captions }
    case "captions.language":
      return { ...preferences, captionLanguage: event.language }
    case "speed.set":
      return { ...preferences, speed: event.speed }
  }
}
