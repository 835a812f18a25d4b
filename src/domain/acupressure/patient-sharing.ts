// Sharing acupressure videos with patients (§4 account menu, §5, §7 "Patient videos"): what a Pro
// member sends (one patient address and the videos), what they see of what they sent (the address
// masked, the videos, when, until when, revoked or not), and what the patient's link opens without
// an account (the videos and who sent them, or plainly that the link has ended). The limits both
// sides keep — how long a link lives, how many shares a day — are in sharing-limits.ts; how long a
// label may be is here.
import { Schema } from "effect"
import { Email } from "../account/email-rules.ts"
import { MessageKey } from "../shared/validation.ts"
import { VideoListing } from "../videos/video-listing.ts"
import { ACUPRESSURE_TITLE_MAX } from "./acupressure-script.ts"
import { SHARE_VIDEOS_MAX } from "./sharing-limits.ts"

/** Labels in the form's video select are cut to this many characters (§5). */
export const SHARE_LABEL_MAX = ACUPRESSURE_TITLE_MAX

/** The messages of the sharing form's fields and answers (English only, as the feature is, §6). */
export const SharingMessageKey = {
  videosRequired: "validation.videosRequired",
  videosTooMany: "validation.videosTooMany",
  /** The address asked, through a mail's unsubscribe line, to receive no more shares. */
  unsubscribed: "validation.patientUnsubscribed",
} as const

/** A label of the video select, cut to §5's 30 characters with an ellipsis when longer. */
export const shareLabel = (title: string): string =>
  title.length <= SHARE_LABEL_MAX ? title : `${title.slice(0, SHARE_LABEL_MAX - 1).trimEnd()}…`

/** "j•••@example.com": the first character of the local part, the domain whole. */
export const maskAddress = (email: string): string => {
  const at = email.lastIndexOf("@")
  if (at <= 0) return "•••"
  return `${email.slice(0, 1)}•••${email.slice(at)}`
}

const VideoId = Schema.String.check(Schema.isUUID(undefined, { message: MessageKey.invalid }))

/** §7 `POST /api/jing/email/patient_videos`: the patient's address and the videos' ids (uuids). */
export const SharePayload = Schema.Struct({
  email: Email,
  videos: Schema.Array(VideoId).check(
    Schema.isMinLength(1, { message: SharingMessageKey.videosRequired }),
    Schema.isMaxLength(SHARE_VIDEOS_MAX, { message: SharingMessageKey.videosTooMany }),
  ),
})
export type SharePayload = typeof SharePayload.Type

/** §7 `GET /api/jing/patient_videos`: every acupressure video (kind "acupressure", id its uuid). */
export const PatientVideoList = Schema.Struct({ videos: Schema.Array(VideoListing) })
export type PatientVideoList = typeof PatientVideoList.Type

export const ShareStatus = Schema.Literals(["active", "expired", "revoked"])
export type ShareStatus = typeof ShareStatus.Type

/** One video of a share, as the member's list names it. */
export const SharedVideo = Schema.Struct({ id: Schema.String, point: Schema.String, title: Schema.String })
export type SharedVideo = typeof SharedVideo.Type

/** One share as its member sees it: never the patient's whole address. */
export const Share = Schema.Struct({
  id: Schema.String,
  /** The patient's address masked ("j•••@example.com"). */
  patient: Schema.String,
  videos: Schema.Array(SharedVideo),
  /** ISO times. */
  sentAt: Schema.String,
  expiresAt: Schema.String,
  status: ShareStatus,
})
export type Share = typeof Share.Type

/** The member's shares, newest first, and how many more they may send today. */
export const ShareList = Schema.Struct({
  shares: Schema.Array(Share),
  sharesLeftToday: Schema.Number,
})
export type ShareList = typeof ShareList.Type

/** What the patient's link opens: who sent which videos until when, or that the link has ended. */
export const PatientPage = Schema.Union([
  Schema.TaggedStruct("Open", {
    /** The member's name as the patient knows it ("Dr Anna Berg" → "Anna Berg"). */
    sender: Schema.String,
    videos: Schema.Array(VideoListing),
    expiresAt: Schema.String,
  }),
  Schema.TaggedStruct("Ended", { reason: Schema.Literals(["expired", "revoked"]) }),
])
export type PatientPage = typeof PatientPage.Type

/** The unsubscribe line's key, from the mail's link (`/patient/unsubscribe?key=…`). */
export const UnsubscribePayload = Schema.Struct({
  key: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200)),
})
export type UnsubscribePayload = typeof UnsubscribePayload.Type
