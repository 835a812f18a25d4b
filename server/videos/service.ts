// The videos as each caller may see them (§7 `api/channel-videos`, `api/point-videos/{id}`): every
// channel, vessel and point video of the catalogue (sharing lists the acupressure videos), titled in
// the caller's language, with `permission` from the one rule of `permissions.ts` (a channel's or
// vessel's own free flag, a point's free flag). With permission a listing carries signed addresses of its MP4, poster and
// captions and the captions' cues; without it, nothing that leads to the video's bytes or words.
import { Clock, Context, Effect, Layer } from "effect"
import { canOpen } from "../../src/domain/content/permissions.ts"
import { NotFound } from "../../src/domain/shared/errors.ts"
import type { SelectableLanguage } from "../../src/domain/shared/locales.ts"
import { EXTRA_POINT_VIDEOS } from "../../src/domain/videos/video-links.ts"
import type { ChannelVideos, PointVideos, VideoListing, VideoMedia } from "../../src/domain/videos/video-listing.ts"
import { videoId } from "../../src/domain/videos/video-parts.ts"
import { type Caller, Content, type ContentSnapshot } from "../content/service.ts"
import { ServerConfig } from "../platform/config/server-config.ts"
import { Translations } from "../platform/i18n/translations.ts"
import type { VideoEntry } from "./catalogue.ts"
import { signMediaPath } from "./media-signing.ts"
import { VideoFiles } from "./video-files.ts"

export const VIDEO_PATH = "/media/videos"
export const CAPTIONS_PATH = "/media/captions"

export const captionFile = (id: string, language: SelectableLanguage) => `${id}.${language}.vtt`

/**
 * The signed addresses of a video's MP4, still version, poster and captions, with the captions'
 * cues: only in the languages the video has captions in (an acupressure video: English alone).
 */
export const videoMedia = (serverSecret: string, entry: VideoEntry, nowMs: number): VideoMedia => {
  const sign = (path: string) => signMediaPath(serverSecret, path, nowMs)
  const video = sign(`${VIDEO_PATH}/${entry.file}`)
  return {
    src: video.url,
    still: sign(`${VIDEO_PATH}/${entry.still}`).url,
    type: "video/mp4",
    poster: sign(`${VIDEO_PATH}/${entry.poster}`).url,
    captions: entry.captionLanguages.flatMap((language) => {
      const cues = entry.cues[language]
      return cues ? [{ language, src: sign(`${CAPTIONS_PATH}/${captionFile(entry.id, language)}`).url, cues }] : []
    }),
    expires: new Date(video.expires * 1000).toISOString(),
  }
}

export class Videos extends Context.Service<
  Videos,
  {
    readonly channelVideos: (caller: Caller) => Effect.Effect<ChannelVideos>
    readonly channelVideo: (caller: Caller, slug: string) => Effect.Effect<VideoListing, NotFound>
    readonly pointVideos: (caller: Caller, slug: string) => Effect.Effect<PointVideos, NotFound>
    /**
     * The acupressure videos (English only, as sharing is), each with its media signed: the ones
     * whose script ids are given, in that order, or all of them in the catalogue's order.
     */
    readonly acupressureVideos: (ids?: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<VideoListing>>
  }
>()("jingluo/server/Videos") {
  static readonly layer = Layer.effect(
    Videos,
    Effect.gen(function* () {
      const content = yield* Content
      const files = yield* VideoFiles
      const { serverSecret } = yield* ServerConfig
      const { t, message } = yield* Translations

      const listing = (
        entry: VideoEntry,
        item: { readonly slug: string; readonly free: boolean; readonly title: string; readonly subtitle: string },
        caller: Caller,
        nowMs: number,
      ): VideoListing => {
        const permission = canOpen(caller.viewer, item)
        return {
          id: entry.id,
          kind: entry.kind,
          subject: entry.subject,
          slug: item.slug,
          title: item.title,
          subtitle: item.subtitle,
          duration: entry.duration,
          permission,
          media: permission ? videoMedia(serverSecret, entry, nowMs) : null,
        }
      }

      const pointCount = (language: SelectableLanguage, count: number) =>
        t(language, count === 1 ? "server:videos.pointCount_one" : "server:videos.pointCount_other", { count })

      const channelListing = (snapshot: ContentSnapshot, code: string, caller: Caller, nowMs: number) =>
        Effect.gen(function* () {
          const { byId } = yield* files.catalogue
          const row = snapshot.channelByCode.get(code)
          const entry = byId.get(videoId("channel", code))
          if (!row || !entry) return undefined
          const count = snapshot.briefs.filter((b) => b.channel_code === code).length
          return listing(
            entry,
            {
              slug: row.slug,
              free: row.free,
              title: row.data.name[caller.language],
              subtitle: pointCount(caller.language, count),
            },
            caller,
            nowMs,
          )
        })

      const channelVideos = Effect.fn("Videos.channelVideos")(function* (caller: Caller) {
        const snapshot = yield* content.snapshot
        const { byId } = yield* files.catalogue
        const nowMs = yield* Clock.currentTimeMillis
        const channels: Array<VideoListing> = []
        for (const row of snapshot.channels) {
          const found = yield* channelListing(snapshot, row.code, caller, nowMs)
          if (found) channels.push(found)
        }
        const vessels = snapshot.vessels.flatMap((row) => {
          const entry = byId.get(videoId("vessel", row.id))
          if (!entry) return []
          const title = `${row.data.pinyin} · ${row.data.name[caller.language].replace(/\s*\([^)]*\)\s*$/, "")}`
          const subtitle = pointCount(caller.language, row.data.points.length)
          return [listing(entry, { slug: row.slug, free: row.free, title, subtitle }, caller, nowMs)]
        })
        return { channels, vessels }
      })

      const notFound = (language: SelectableLanguage) => new NotFound({ message: message("notFound", language) })

      const channelVideo = Effect.fn("Videos.channelVideo")(function* (caller: Caller, slug: string) {
        const { channels, vessels } = yield* channelVideos(caller)
        const found = [...channels, ...vessels].find((v) => v.slug === slug)
        return found ?? (yield* notFound(caller.language))
      })

      /** The extra points' queue has a head of its own: their name and count, no video. */
      const extraPointsHead = (snapshot: ContentSnapshot, caller: Caller): VideoListing => {
        const extras = snapshot.briefs.filter((b) => b.kind === "extra")
        return {
          id: EXTRA_POINT_VIDEOS,
          kind: "group",
          subject: "EX",
          slug: EXTRA_POINT_VIDEOS,
          title: t(caller.language, "server:videos.extraPoints"),
          subtitle: pointCount(caller.language, extras.length),
          duration: 0,
          // As the extra points page: open when any of them is.
          permission: extras.some((b) => canOpen(caller.viewer, b)),
          media: null,
        }
      }

      const pointVideos = Effect.fn("Videos.pointVideos")(function* (caller: Caller, slug: string) {
        const snapshot = yield* content.snapshot
        const { byId } = yield* files.catalogue
        const nowMs = yield* Clock.currentTimeMillis
        const row = snapshot.channelBySlug.get(slug)
        const channel =
          slug === EXTRA_POINT_VIDEOS
            ? extraPointsHead(snapshot, caller)
            : row
              ? yield* channelListing(snapshot, row.code, caller, nowMs)
              : undefined
        if (!channel) return yield* notFound(caller.language)
        const points = snapshot.briefs
          .filter((b) => (row ? b.channel_code === row.code : b.kind === "extra"))
          .flatMap((brief) => {
            const entry = byId.get(videoId("point", brief.code))
            if (!entry) return []
            const title = `${brief.code} ${brief.pinyin}`
            const subtitle = brief.name[caller.language]
            return [listing(entry, { slug: brief.slug, free: brief.free, title, subtitle }, caller, nowMs)]
          })
        return { channel, points }
      })

      const acupressureVideos = Effect.fn("Videos.acupressureVideos")(function* (ids?: ReadonlyArray<string>) {
        const snapshot = yield* content.snapshot
        const { entries, byScript } = yield* files.catalogue
        const nowMs = yield* Clock.currentTimeMillis
        const chosen = ids
          ? ids.flatMap((id) => {
              const entry = byScript.get(id)
              return entry ? [entry] : []
            })
          : entries.filter((e) => e.script !== null)
        return chosen.flatMap((entry): ReadonlyArray<VideoListing> => {
          const brief = snapshot.briefs.find((b) => b.code === entry.subject)
          if (!entry.script || !brief) return []
          return [
            {
              id: entry.script.id,
              kind: "acupressure",
              subject: entry.subject,
              slug: brief.slug,
              title: entry.script.title,
              subtitle: `${brief.pinyin} · ${brief.name.en}`,
              duration: entry.duration,
              permission: true,
              media: videoMedia(serverSecret, entry, nowMs),
            },
          ]
        })
      })

      return Videos.of({ channelVideos, channelVideo, pointVideos, acupressureVideos })
    }),
  )
}
