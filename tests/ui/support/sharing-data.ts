// The API data of patient sharing that machine, view and model tests share: acupressure videos as
// `GET /api/jing/patient_videos` lists them, the member's shares, and the patient's page — without
// React, so model files (which Playwright loads too) can import it.
import type {
  PatientPage,
  PatientVideoList,
  Share,
  ShareList,
} from "../../../src/domain/acupressure/patient-sharing.ts"
import type { VideoListing } from "../../../src/domain/videos/video-listing.ts"

export const acupressureVideo = (id: string, subject: string, title: string, duration = 95): VideoListing => ({
  id,
  kind: "acupressure",
  subject,
  slug: subject.toLowerCase(),
  title,
  subtitle: subject,
  duration,
  permission: true,
  media: {
    src: `/media/acupressure/${id}.mp4?sig=x`,
    still: `/media/acupressure/${id}.stills.mp4?sig=x`,
    type: "video/mp4",
    poster: `/media/acupressure/${id}.jpg?sig=x`,
    captions: [
      {
        language: "en",
        src: `/media/acupressure/${id}.en.vtt?sig=x`,
        cues: [
          { start: 0, end: 4, text: `Find ${subject}.` },
          { start: 4, end: 9, text: "Press gently in small circles." },
        ],
      },
    ],
    expires: "2026-12-31T00:00:00.000Z",
  },
})

export const VIDEO_IDS = [
  "7d0b6a8e-3c1f-4b8e-9a51-2f6f1d0c4a11",
  "0c8f2e55-91d4-4f0a-8b3e-6a7c5d4e3f22",
  "a4e1c9b2-6f3d-4c7a-9e85-1b2c3d4e5f33",
] as const

export const VIDEOS: ReadonlyArray<VideoListing> = [
  acupressureVideo(VIDEO_IDS[0], "LI-4", "LI-4 for headaches", 95),
  acupressureVideo(VIDEO_IDS[1], "PC-6", "PC-6 for nausea", 80),
  // Longer than a select's label (§5: 30 characters): shown cut, named in full.
  acupressureVideo(VIDEO_IDS[2], "ST-36", "ST-36 to settle the stomach after meals", 120),
]

export const videoList: PatientVideoList = { videos: VIDEOS }

export const share = (id: string, overrides: Partial<Share> = {}): Share => ({
  id,
  patient: "j•••@example.com",
  videos: [{ id: VIDEO_IDS[0], point: "LI-4", title: "LI-4 for headaches" }],
  sentAt: "2026-11-29T09:30:00.000Z",
  expiresAt: "2026-12-29T09:30:00.000Z",
  status: "active",
  ...overrides,
})

export const shareList = (shares: ReadonlyArray<Share>, sharesLeftToday = 19): ShareList => ({
  shares,
  sharesLeftToday,
})

export const SHARES: ReadonlyArray<Share> = [
  share("s-3"),
  share("s-2", {
    patient: "m•••@example.org",
    videos: [
      { id: VIDEO_IDS[1], point: "PC-6", title: "PC-6 for nausea" },
      { id: VIDEO_IDS[2], point: "ST-36", title: "ST-36 to settle the stomach after meals" },
    ],
    sentAt: "2026-10-01T08:00:00.000Z",
    expiresAt: "2026-10-31T08:00:00.000Z",
    status: "expired",
  }),
  share("s-1", { patient: "k•••@example.net", sentAt: "2026-09-01T08:00:00.000Z", status: "revoked" }),
]

export const openPage: PatientPage = {
  _tag: "Open",
  sender: "Anna Berg",
  videos: [VIDEOS[0]!, VIDEOS[1]!],
  expiresAt: "2026-12-29T09:30:00.000Z",
}
