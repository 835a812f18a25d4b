// The accessible player (src/ui/videos/VideoPlayer.tsx) as the sharing pages use it: one video, not
// started until asked, its caption and speed choices kept by the page's flow.
import type { VideoListing } from "../../domain/videos/video-listing.ts"
import type { PlaybackPreferences } from "../../domain/videos/video-playback.ts"
import { isPlayerPreferenceEvent, type PlayerPreferenceEvent } from "../../machines/sharing/player-preferences.ts"
import { VideoPlayer } from "../videos/VideoPlayer.tsx"
import "../videos/videos.css"

export const PlayerFor = ({
  video,
  preferences,
  send,
}: {
  readonly video: VideoListing
  readonly preferences: PlaybackPreferences
  readonly send: (event: PlayerPreferenceEvent) => void
}) =>
  video.media ? (
    <VideoPlayer
      video={{ ...video, media: video.media }}
      preferences={preferences}
      autostart={false}
      resumeAt={0}
      send={(event) => {
        if (isPlayerPreferenceEvent(event)) send(event)
      }}
    />
  ) : null
