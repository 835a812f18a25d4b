// The video pages of §3: `/video/play-channel-video/{id}` plays a channel's or vessel's video;
// `/video/play-channel/{id}` plays the channel's point videos one after another, with the queue
// beside the player (the current one marked, locked ones with the Pro badge), "now playing"
// announced politely when the queue goes on by itself, and "Play next" when it waits.
import { useActorRef, useSelector } from "@xstate/react"
import { Button as AriaButton } from "react-aria-components/Button"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import {
  channelHref,
  channelVideoHref,
  EXTRA_POINTS_HREF,
  pointVideosHref,
  vesselHref,
} from "../../domain/content/content-links.ts"
import { formatTime } from "../../domain/videos/video-playback.ts"
import type { VideoQueueMode } from "../../machines/videos/video-queue-machine.ts"
import { useAppServices } from "../app-services.tsx"
import { LockedNotice } from "../content/content-page.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { PageLoader } from "../shared/components/PageLoader.tsx"
import { ProBadge } from "../shared/components/ProBadge.tsx"
import { usePageTitle, useQueryParam } from "../shared/page-hooks.ts"
import { VideoPlayer } from "./VideoPlayer.tsx"
import "./videos.css"

const VideoPage = ({ slug, mode }: { readonly slug: string; readonly mode: VideoQueueMode }) => {
  const { t } = useTranslation("videos")
  const { machines } = useAppServices()
  const start = useQueryParam("start") ?? undefined
  const actor = useActorRef(machines.videos.queue, { input: { slug, mode, start } })
  const status = useSelector(actor, (s) =>
    s.hasTag("busy") && s.context.items.length === 0
      ? "loading"
      : s.matches("locked")
        ? "locked"
        : s.matches("failed")
          ? "failed"
          : "ready",
  )
  const context = useSelector(actor, (s) => s.context)
  const ended = useSelector(actor, (s) => s.hasTag("ended"))
  const canNext = useSelector(actor, (s) => s.can({ type: "queue.next" }))
  const canPrevious = useSelector(actor, (s) => s.can({ type: "queue.previous" }))
  const current = context.items[context.index]
  const channel = context.channel
  const title =
    mode === "channel"
      ? t("page.channelTitle", { name: channel?.title ?? "" })
      : t("page.pointsTitle", { name: channel?.title ?? "" })
  usePageTitle(status === "loading" ? t("page.loading") : title)

  const announced = context.advanced > 0 && current ? t("page.nowPlaying", { title: current.title }) : ""

  if (status === "loading") return <PageLoader />
  if (status === "locked") {
    return (
      <LockedNotice
        item={
          channel
            ? {
                kind: channel.kind === "vessel" ? "vessel" : channel.kind === "group" ? "extraPoints" : "channel",
                code: null,
                pinyin: null,
                name: channel.title,
              }
            : null
        }
      />
    )
  }
  if (status === "failed" || !current || !context.preferences) {
    return (
      <section className="panel">
        <h1>{t("page.failedTitle")}</h1>
        <FormMessage kind="error">{t(context.error ?? "errors.generic", { ns: ["videos", "common"] })}</FormMessage>
        <Button variant="secondary" onPress={() => actor.send({ type: "page.reload" })}>
          {t("page.retry")}
        </Button>
      </section>
    )
  }
  return (
    <section className="video-page" aria-labelledby="video-page-title">
      <h1 id="video-page-title">{title}</h1>
      <p className="lead">
        {mode === "points" ? (
          <>
            {t("page.playing", { title: current.title })} · {current.subtitle}
          </>
        ) : (
          channel?.subtitle
        )}
      </p>
      <p className="visually-hidden" role="status">
        {announced}
      </p>
      <div className={mode === "points" ? "video-layout with-queue" : "video-layout"}>
        {current.media ? (
          <VideoPlayer
            video={{ ...current, media: current.media }}
            preferences={context.preferences}
            autostart={context.autostart}
            resumeAt={context.resumeAt}
            send={actor.send}
          />
        ) : null}
        {mode === "points" ? (
          <nav className="video-queue" aria-labelledby="video-queue-title">
            <h2 id="video-queue-title">{t("queue.title", { count: context.items.length })}</h2>
            <div className="video-queue-steps">
              <Button
                variant="secondary"
                isDisabled={!canPrevious}
                onPress={() => actor.send({ type: "queue.previous" })}
              >
                {t("queue.previous")}
              </Button>
              <Button
                variant={ended && canNext ? "primary" : "secondary"}
                isDisabled={!canNext}
                onPress={() => actor.send({ type: "queue.next" })}
              >
                {t("queue.next")}
              </Button>
            </div>
            <ol>
              {context.items.map((item, index) => (
                <li key={item.id} aria-current={index === context.index ? "true" : undefined}>
                  <AriaButton className="video-queue-item" onPress={() => actor.send({ type: "queue.select", index })}>
                    <span className="video-queue-code">{item.title}</span>{" "}
                    <span className="video-queue-name">{item.subtitle}</span>{" "}
                    {item.permission ? (
                      <span className="video-queue-length">{formatTime(item.duration)}</span>
                    ) : (
                      <ProBadge />
                    )}
                  </AriaButton>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
      </div>
      <p className="video-links">
        {channel?.kind === "group" ? null : mode === "points" ? (
          <Link href={channelVideoHref(slug)}>{t("page.toChannelVideo")}</Link>
        ) : channel?.kind === "channel" ? (
          <Link href={pointVideosHref(slug)}>{t("page.toPointVideos")}</Link>
        ) : null}
        <Link
          href={
            channel?.kind === "group"
              ? EXTRA_POINTS_HREF
              : channel?.kind === "vessel"
                ? vesselHref(slug)
                : channelHref(slug)
          }
        >
          {t("page.toChannelPage", { name: channel?.title ?? "" })}
        </Link>
      </p>
    </section>
  )
}

export const ChannelVideoPage = ({ slug }: { readonly slug: string }) => <VideoPage slug={slug} mode="channel" />
export const PointVideosPage = ({ slug }: { readonly slug: string }) => <VideoPage slug={slug} mode="points" />
