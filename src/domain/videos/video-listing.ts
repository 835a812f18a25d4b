// What the video calls answer (§7 `api/channel-videos`, `api/point-videos/{id}`): each video with its
// title in the caller's language, its length and `permission`. With permission it carries `media`:
// short-lived signed addresses of the MP4, its poster and its captions in every language, and the
// captions' cues for the transcript beside the player. Without it, `media` is null — the server
// never hands out an address of a video the caller may not watch, and refuses its bytes too.
import { Schema } from "effect"
import { SELECTABLE_LANGUAGES } from "../shared/locales.ts"

/**
 * "group": the extra points, listed as the head of their queue; it has no video of its own.
 * "acupressure": a video a practitioner shares with a patient (English only), its id a uuid.
 */
export const VideoKind = Schema.Literals(["channel", "vessel", "point", "group", "acupressure"])
export type VideoKind = typeof VideoKind.Type

export const CaptionLanguage = Schema.Literals(SELECTABLE_LANGUAGES)
export type CaptionLanguage = typeof CaptionLanguage.Type

/** One caption: its text from `start` to `end`, in seconds from the start of the video. */
export const VideoCue = Schema.Struct({ start: Schema.Number, end: Schema.Number, text: Schema.String })
export type VideoCue = typeof VideoCue.Type

export const CaptionTrack = Schema.Struct({
  language: CaptionLanguage,
  /** The WebVTT file (signed like the video). */
  src: Schema.String,
  cues: Schema.Array(VideoCue),
})
export type CaptionTrack = typeof CaptionTrack.Type

export const VideoMedia = Schema.Struct({
  /** The MP4 (H.264), signed; `expires` says until when the address works. */
  src: Schema.String,
  /** The same video as stills, cut where it moves (reduced motion), signed like `src`. */
  still: Schema.String,
  type: Schema.Literal("video/mp4"),
  poster: Schema.String,
  captions: Schema.Array(CaptionTrack),
  /** ISO time after which `src`, `poster` and the caption files answer 403; list the video again. */
  expires: Schema.String,
})
export type VideoMedia = typeof VideoMedia.Type

export const VideoListing = Schema.Struct({
  id: Schema.String,
  kind: VideoKind,
  /** The channel code ("LU"), vessel id ("du") or point code ("LU-9") the video shows. */
  subject: Schema.String,
  /** The page of the channel, vessel or point it belongs to. */
  slug: Schema.String,
  /** "LU-9 Tàiyuān", "Lung Channel of Hand Taiyin" — in the caller's language. */
  title: Schema.String,
  /** A second line: the point's name in the caller's language, or the number of points of a channel. */
  subtitle: Schema.String,
  duration: Schema.Number,
  permission: Schema.Boolean,
  media: Schema.NullOr(VideoMedia),
})
export type VideoListing = typeof VideoListing.Type

/** §7 `GET /api/channel-videos`: the channel and vessel videos in the book's order. */
export const ChannelVideos = Schema.Struct({
  channels: Schema.Array(VideoListing),
  vessels: Schema.Array(VideoListing),
})
export type ChannelVideos = typeof ChannelVideos.Type

/**
 * §7 `GET /api/point-videos/{id}`: the point videos of one channel in its order, or of the extra
 * points (`EXTRA_POINT_VIDEOS` of video-links.ts; then `channel` is the group's head, kind "group", without media).
 */
export const PointVideos = Schema.Struct({
  channel: VideoListing,
  points: Schema.Array(VideoListing),
})
export type PointVideos = typeof PointVideos.Type
