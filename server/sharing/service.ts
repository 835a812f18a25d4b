// Sharing acupressure videos with patients (§7 "Patient videos"). A Pro member lists the videos and
// e-mails one patient a link to some of them: the address is checked against the unsubscribed ones
// and the day's limits (per member, per address) in the same transaction that records the share and
// enqueues the one English mail, so parallel requests cannot pass a limit. The address itself is
// never stored (the share keeps it masked, and a keyed hash for the limits until the link ends); the
// link's token only as its hash. The member lists and revokes their shares (also after their Pro
// plan ended); the patient's link opens the videos without an account until it expires or is
// revoked, and the mail's unsubscribe line stops every member's mails to that address.
import { Clock, Context, Effect, Layer, Option } from "effect"
import { normalizeEmail } from "../../src/domain/account/email-rules.ts"
import {
  maskAddress,
  type PatientPage,
  type PatientVideoList,
  type Share,
  type ShareList,
  type SharePayload,
  SharingMessageKey,
} from "../../src/domain/acupressure/patient-sharing.ts"
import {
  MAILS_PER_ADDRESS_PER_DAY,
  SHARE_LINK_DAYS,
  SHARES_PER_MEMBER_PER_DAY,
} from "../../src/domain/acupressure/sharing-limits.ts"
import { isProPlan } from "../../src/domain/billing/plans.ts"
import { NotFound, ProRequired, TooManyRequests, ValidationFailed } from "../../src/domain/shared/errors.ts"
import type { SelectableLanguage } from "../../src/domain/shared/locales.ts"
import { MessageKey } from "../../src/domain/shared/validation.ts"
import type { VideoListing } from "../../src/domain/videos/video-listing.ts"
import { ServerConfig } from "../platform/config/server-config.ts"
import { Translations } from "../platform/i18n/translations.ts"
import { MailQueue } from "../platform/mail/mail-queue.ts"
import { keyedHash, Secrets, safeEqual, sha256 } from "../platform/security/secrets.ts"
import { Videos } from "../videos/service.ts"
import { patientVideosMail } from "./mails.ts"
import { type ShareRow, SharingRepo } from "./repo.ts"

const DAY_MS = 24 * 60 * 60 * 1000

/** The member who calls: who they are, their plan and the language of their request. */
export interface SharingMember {
  readonly userId: number
  readonly planId: number
  readonly language: SelectableLanguage
}

/** The patient's page and the unsubscribe page, in the app. */
export const patientLink = (appOrigin: string, token: string) => `${appOrigin}/patient/${token}`
export const unsubscribeLink = (appOrigin: string, key: string) =>
  `${appOrigin}/patient/unsubscribe?key=${encodeURIComponent(key)}`

export class Sharing extends Context.Service<
  Sharing,
  {
    readonly videos: (member: SharingMember) => Effect.Effect<PatientVideoList, ProRequired>
    readonly share: (
      member: SharingMember,
      payload: SharePayload,
    ) => Effect.Effect<Share, ProRequired | ValidationFailed | TooManyRequests>
    readonly shares: (member: SharingMember) => Effect.Effect<ShareList>
    readonly revoke: (member: SharingMember, shareId: string) => Effect.Effect<ShareList, NotFound>
    readonly page: (token: string) => Effect.Effect<PatientPage, NotFound>
    readonly unsubscribe: (key: string) => Effect.Effect<{ readonly message: string }, ValidationFailed>
    /** Forgets the address keys of shares whose links have ended (also done on every list). */
    readonly forgetEnded: Effect.Effect<void>
  }
>()("jingluo/server/Sharing") {
  static readonly layer = Layer.effect(
    Sharing,
    Effect.gen(function* () {
      const repo = yield* SharingRepo
      const videos = yield* Videos
      const mail = yield* MailQueue
      const secrets = yield* Secrets
      const { serverSecret, appOrigin } = yield* ServerConfig
      const { t, message } = yield* Translations

      /** The keyed hash an address is known by, and the signed key of its unsubscribe line. */
      const addressKey = (email: string) => keyedHash(serverSecret, "patient-address", email)
      const unsubscribeSignature = (patientKey: string) =>
        keyedHash(serverSecret, "patient-unsubscribe", patientKey).slice(0, 32)
      const unsubscribeKey = (patientKey: string) => `${patientKey}.${unsubscribeSignature(patientKey)}`

      const requirePro = (member: SharingMember) =>
        isProPlan(member.planId)
          ? Effect.void
          : Effect.fail(new ProRequired({ message: message("proRequired", member.language) }))

      const invalid = (errors: Record<string, string>, language: SelectableLanguage) =>
        new ValidationFailed({ message: message("validationFailed", language), errors })

      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

      const statusOf = (row: ShareRow, at: Date): Share["status"] =>
        row.revoked_at !== null ? "revoked" : Date.parse(row.expires_at) <= at.getTime() ? "expired" : "active"

      const shareOf = (row: ShareRow, listings: ReadonlyMap<string, VideoListing>, at: Date): Share => ({
        id: row.id,
        patient: row.patient_masked,
        videos: row.videos.flatMap((id) => {
          const video = listings.get(id)
          return video ? [{ id, point: video.subject, title: video.title }] : []
        }),
        sentAt: row.sent_at,
        expiresAt: row.expires_at,
        status: statusOf(row, at),
      })

      const allListings = Effect.map(videos.acupressureVideos(), (all) => new Map(all.map((v) => [v.id, v])))

      const forgetEnded = Effect.flatMap(now, (at) => repo.forgetEnded(at, new Date(at.getTime() - DAY_MS)))

      const shares = Effect.fn("Sharing.shares")(function* (member: SharingMember) {
        yield* forgetEnded
        const at = yield* now
        const rows = yield* repo.shares(member.userId)
        const listings = yield* allListings
        const sent = yield* repo.sentSince(member.userId, new Date(at.getTime() - DAY_MS))
        return {
          shares: rows.map((row) => shareOf(row, listings, at)),
          sharesLeftToday: Math.max(0, SHARES_PER_MEMBER_PER_DAY - sent),
        } satisfies ShareList
      })

      const list = Effect.fn("Sharing.videos")(function* (member: SharingMember) {
        yield* requirePro(member)
        return { videos: yield* videos.acupressureVideos() }
      })

      const share = Effect.fn("Sharing.share")(function* (member: SharingMember, payload: SharePayload) {
        yield* requirePro(member)
        const listings = yield* allListings
        const ids = [...new Set(payload.videos.map((id) => id.toLowerCase()))]
        if (ids.some((id) => !listings.has(id))) return yield* invalid({ videos: MessageKey.invalid }, member.language)
        const email = normalizeEmail(payload.email)
        const at = yield* now
        const expiresAt = new Date(at.getTime() + SHARE_LINK_DAYS * DAY_MS)
        const token = yield* secrets.linkToken
        const id = yield* secrets.uuid
        const patientKey = addressKey(email)
        const sender = yield* repo.memberName(member.userId)
        const chosen = ids.flatMap((videoId) => {
          const video = listings.get(videoId)
          return video ? [video] : []
        })
        const refusal = yield* repo.insertWithin(
          {
            id,
            userId: member.userId,
            tokenHash: sha256(token),
            patientMasked: maskAddress(email),
            patientKey,
            videos: ids,
            sentAt: at,
            expiresAt,
          },
          {
            perMember: SHARES_PER_MEMBER_PER_DAY,
            perAddress: MAILS_PER_ADDRESS_PER_DAY,
            since: new Date(at.getTime() - DAY_MS),
          },
          mail.enqueue({
            to: email,
            purpose: "patient-videos",
            ...patientVideosMail(t, {
              sender,
              titles: chosen.map((v) => v.title),
              expiresAt,
              link: patientLink(appOrigin, token),
              unsubscribe: unsubscribeLink(appOrigin, unsubscribeKey(patientKey)),
            }),
          }),
        )
        if (Option.isSome(refusal)) {
          const reason = refusal.value
          if (reason._tag === "Unsubscribed")
            return yield* invalid({ email: SharingMessageKey.unsubscribed }, member.language)
          const retryAfterSeconds = Math.max(1, Math.ceil((Date.parse(reason.oldest) + DAY_MS - at.getTime()) / 1000))
          return yield* new TooManyRequests({
            message: message(reason._tag === "MemberLimit" ? "shareMemberLimit" : "shareAddressLimit", member.language),
            retryAfterSeconds,
          })
        }
        const row = (yield* repo.shares(member.userId)).find((r) => r.id === id)
        if (!row) return yield* Effect.die(new Error("share not recorded"))
        return shareOf(row, listings, at)
      })

      const revoke = Effect.fn("Sharing.revoke")(function* (member: SharingMember, shareId: string) {
        if (!(yield* repo.revoke(member.userId, shareId, yield* now)))
          return yield* new NotFound({ message: message("notFound", member.language) })
        return yield* shares(member)
      })

      const page = Effect.fn("Sharing.page")(function* (token: string) {
        const found = yield* repo.byToken(sha256(token))
        if (Option.isNone(found)) return yield* new NotFound({ message: message("notFound", "en") })
        const row = found.value
        const status = statusOf(row, yield* now)
        if (status !== "active") return { _tag: "Ended", reason: status } satisfies PatientPage
        return {
          _tag: "Open",
          sender: row.sender,
          videos: yield* videos.acupressureVideos(row.videos),
          expiresAt: row.expires_at,
        } satisfies PatientPage
      })

      const unsubscribe = Effect.fn("Sharing.unsubscribe")(function* (key: string) {
        const [patientKey = "", signature = ""] = key.split(".")
        if (!/^[0-9a-f]{64}$/.test(patientKey) || !safeEqual(signature, unsubscribeSignature(patientKey)))
          return yield* invalid({ key: MessageKey.linkInvalid }, "en")
        yield* repo.unsubscribe(patientKey, yield* now)
        return { message: message("patientUnsubscribed", "en") }
      })

      return Sharing.of({ videos: list, share, shares, revoke, page, unsubscribe, forgetEnded })
    }),
  )
}
