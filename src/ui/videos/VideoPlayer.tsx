// The player: a <video> with its captions as WebVTT tracks and React Aria controls — play and pause,
// the position (a slider: arrows, Page Up/Down, Home/End), speed, captions on or off and their
// language, full screen — and the transcript beside it, its current line marked, each line a way to
// jump there. Keys on the picture itself: Space or K plays and pauses, J and L skip 10 s, the
// arrows 5 s, F full screen, C captions. With reduced motion (video settings, or the device's wish)
// it plays the video's still version, and says so. The element is the source of truth: its events go to the
// queue's machine (`media.*`), and the controls act on it.
import { type KeyboardEvent, useEffect, useRef, useState } from "react"
import { Button } from "react-aria-components/Button"
import { Label } from "react-aria-components/Label"
import { ListBox, ListBoxItem } from "react-aria-components/ListBox"
import { Popover } from "react-aria-components/Popover"
import { Select, SelectValue } from "react-aria-components/Select"
import { Slider, SliderThumb, SliderTrack } from "react-aria-components/Slider"
import { ToggleButton } from "react-aria-components/ToggleButton"
import { useTranslation } from "react-i18next"
import type { CaptionLanguage, VideoListing, VideoMedia } from "../../domain/videos/video-listing.ts"
import {
  cueAt,
  formatTime,
  PLAYBACK_SPEEDS,
  type PlaybackPreferences,
  type PlaybackSpeed,
  SEEK_LARGE,
  SEEK_SMALL,
  seekWithin,
} from "../../domain/videos/video-playback.ts"
import type { VideoQueueEvent } from "../../machines/videos/video-queue-machine.ts"

const LANGUAGE_NAMES: Record<CaptionLanguage, string> = { en: "English", de: "Deutsch", es: "Español" }

export interface VideoPlayerProps {
  readonly video: VideoListing & { readonly media: VideoMedia }
  readonly preferences: PlaybackPreferences
  /** Start as soon as the video can play (chosen in the queue, or the queue went on by itself). */
  readonly autostart: boolean
  /** Where to continue (after fresh addresses). */
  readonly resumeAt: number
  readonly send: (event: VideoQueueEvent) => void
}

export const VideoPlayer = ({ video, preferences, autostart, resumeAt, send }: VideoPlayerProps) => {
  const { t } = useTranslation("videos")
  const element = useRef<HTMLVideoElement>(null)
  const frame = useRef<HTMLDivElement>(null)
  const [time, setTime] = useState(0)
  const [duration, setDuration] = useState(video.duration)
  const [playing, setPlaying] = useState(false)
  /** Asked to play, waiting for data (a video rendered on its first request takes a few seconds). */
  const [buffering, setBuffering] = useState(false)
  const [fullScreen, setFullScreen] = useState(false)
  const { media } = video
  const track = media.captions.find((c) => c.language === preferences.captionLanguage) ?? media.captions[0]
  const cue = track ? cueAt(track.cues, time) : undefined

  // Speed and captions follow the preferences; the tracks' modes are the browser's captions.
  useEffect(() => {
    if (element.current) element.current.playbackRate = preferences.speed
  }, [preferences.speed])
  useEffect(() => {
    const tracks = element.current?.textTracks
    if (!tracks) return
    for (const textTrack of Array.from(tracks)) {
      textTrack.mode = preferences.captions && textTrack.language === preferences.captionLanguage ? "showing" : "hidden"
    }
  }, [preferences.captions, preferences.captionLanguage])
  useEffect(() => {
    const changed = () => setFullScreen(document.fullscreenElement === frame.current)
    document.addEventListener("fullscreenchange", changed)
    return () => document.removeEventListener("fullscreenchange", changed)
  }, [])

  // A refused start (autoplay rules, a media error) is reported by the element's own events.
  const play = () => {
    element.current?.play()?.catch(() => {})
  }
  // Nothing is fetched until the video is played (only its poster): a video chosen in the queue, or
  // one the queue went on to by itself, starts here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per video, as it is shown
  useEffect(() => {
    if (autostart) play()
  }, [video.id])

  const toggle = () => {
    const el = element.current
    if (!el) return
    if (el.paused || el.ended) play()
    else el.pause()
  }
  const seekTo = (seconds: number) => {
    const el = element.current
    if (!el) return
    el.currentTime = seekWithin(seconds, 0, duration)
    setTime(el.currentTime)
  }
  const seekBy = (by: number) => seekTo((element.current?.currentTime ?? time) + by)
  const toggleFullScreen = () => {
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {})
    else frame.current?.requestFullscreen().catch(() => {})
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return
    const actions: Record<string, () => void> = {
      " ": toggle,
      k: toggle,
      j: () => seekBy(-SEEK_LARGE),
      l: () => seekBy(SEEK_LARGE),
      ArrowLeft: () => seekBy(-SEEK_SMALL),
      ArrowRight: () => seekBy(SEEK_SMALL),
      f: toggleFullScreen,
      c: () => send({ type: "captions.toggle" }),
    }
    const action = actions[event.key.length === 1 ? event.key.toLowerCase() : event.key]
    if (!action) return
    event.preventDefault()
    action()
  }

  return (
    <div className="video-player">
      {/* biome-ignore lint/a11y/useSemanticElements: a picture that takes keys, not a set of form fields */}
      <div
        ref={frame}
        className="video-frame"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the picture takes the player's keys (Space, K, J, L, arrows)
        tabIndex={0}
        role="group"
        aria-label={t("player.frame", { title: video.title })}
        aria-describedby="video-keys"
        onKeyDown={onKeyDown}
      >
        {/* biome-ignore lint/a11y/useMediaCaption: the tracks are below, one per language */}
        <video
          key={video.id}
          ref={element}
          src={preferences.reducedMotion ? media.still : media.src}
          poster={media.poster}
          preload="none"
          playsInline
          onClick={toggle}
          onLoadedMetadata={(event) => {
            const el = event.currentTarget
            setDuration(Number.isFinite(el.duration) ? el.duration : video.duration)
            el.playbackRate = preferences.speed
            if (resumeAt > 0) el.currentTime = resumeAt
            for (const textTrack of Array.from(el.textTracks ?? [])) {
              textTrack.mode =
                preferences.captions && textTrack.language === preferences.captionLanguage ? "showing" : "hidden"
            }
          }}
          onTimeUpdate={(event) => {
            setTime(event.currentTarget.currentTime)
            send({ type: "media.time", time: event.currentTarget.currentTime })
          }}
          onPlay={() => setPlaying(true)}
          onWaiting={() => setBuffering(true)}
          onPlaying={() => {
            setBuffering(false)
            send({ type: "media.playing" })
          }}
          onPause={() => {
            setPlaying(false)
            setBuffering(false)
            send({ type: "media.paused" })
          }}
          onEnded={() => {
            setPlaying(false)
            send({ type: "media.ended" })
          }}
          onError={() => {
            setBuffering(false)
            send({ type: "media.error" })
          }}
        >
          {media.captions.map((captions) => (
            <track
              key={captions.language}
              kind="captions"
              srcLang={captions.language}
              label={LANGUAGE_NAMES[captions.language]}
              src={captions.src}
            />
          ))}
        </video>
        <p className="video-buffering" role="status">
          {buffering ? (
            <>
              <span className="spinner" aria-hidden="true" /> {t("player.buffering")}
            </>
          ) : null}
        </p>
      </div>
      <p id="video-keys" className="visually-hidden">
        {t("player.keys")}
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: the player's buttons, named together; not a form */}
      <div className="video-controls" role="group" aria-label={t("player.controls")}>
        <Button className="video-button" onPress={toggle} aria-label={playing ? t("player.pause") : t("player.play")}>
          <span aria-hidden="true">{playing ? "❚❚" : "▶"}</span>
        </Button>
        <Slider
          className="video-position"
          aria-label={t("player.position")}
          minValue={0}
          maxValue={Math.max(1, Math.round(duration))}
          step={1}
          value={Math.round(time)}
          onChange={(value) => seekTo(value)}
          // Read as "12 seconds" in the interface's language.
          formatOptions={{ style: "unit", unit: "second", unitDisplay: "long" }}
        >
          <SliderTrack className="video-track">
            {({ state }) => (
              <>
                <div className="video-track-fill" style={{ width: `${state.getThumbPercent(0) * 100}%` }} />
                <SliderThumb className="video-thumb" />
              </>
            )}
          </SliderTrack>
        </Slider>
        <span className="video-time" aria-hidden="true">
          {formatTime(time)} / {formatTime(duration)}
        </span>
        <Select
          className="video-select"
          selectedKey={String(preferences.speed)}
          onSelectionChange={(key) => send({ type: "speed.set", speed: Number(key) as PlaybackSpeed })}
        >
          <Label className="visually-hidden">{t("player.speed")}</Label>
          <Button className="video-button wide">
            <SelectValue />
          </Button>
          <Popover className="video-popover">
            <ListBox>
              {PLAYBACK_SPEEDS.map((speed) => (
                <ListBoxItem key={speed} id={String(speed)} className="video-option" textValue={`${speed}×`}>
                  {speed}×
                </ListBoxItem>
              ))}
            </ListBox>
          </Popover>
        </Select>
        <ToggleButton
          className="video-button wide"
          isSelected={preferences.captions}
          onChange={() => send({ type: "captions.toggle" })}
        >
          {t("player.captions")}
        </ToggleButton>
        <Select
          className="video-select"
          selectedKey={preferences.captionLanguage}
          onSelectionChange={(key) => send({ type: "captions.language", language: key as CaptionLanguage })}
        >
          <Label className="visually-hidden">{t("player.captionLanguage")}</Label>
          <Button className="video-button wide">
            <SelectValue />
          </Button>
          <Popover className="video-popover">
            <ListBox>
              {media.captions.map((captions) => (
                <ListBoxItem
                  key={captions.language}
                  id={captions.language}
                  className="video-option"
                  textValue={LANGUAGE_NAMES[captions.language]}
                >
                  <span lang={captions.language}>{LANGUAGE_NAMES[captions.language]}</span>
                </ListBoxItem>
              ))}
            </ListBox>
          </Popover>
        </Select>
        <Button
          className="video-button"
          onPress={toggleFullScreen}
          aria-label={fullScreen ? t("player.exitFullScreen") : t("player.fullScreen")}
        >
          <span aria-hidden="true">⛶</span>
        </Button>
      </div>
      {preferences.reducedMotion ? <p className="video-note">{t("player.stills")}</p> : null}
      {track ? (
        <section className="video-transcript" aria-labelledby="video-transcript-title">
          <h2 id="video-transcript-title">{t("player.transcript")}</h2>
          <ol lang={track.language}>
            {track.cues.map((line) => (
              <li key={`${line.start}`} aria-current={line === cue ? "true" : undefined}>
                <Button className="video-cue" onPress={() => seekTo(line.start)}>
                  <span className="video-cue-time">{formatTime(line.start)}</span> {line.text}
                </Button>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  )
}
