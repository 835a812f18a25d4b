// The video player's flow (§3 `/video/play-channel-video/{id}`, `/video/play-channel/{id}`): the
// videos load with the learner's preferences — one channel or vessel video, or the point videos of a
// channel as a queue — then play. The <video> element is the source of truth for playing and
// pausing; the view reports its events here (`media.*`). When a video ends, the next one the
// learner may watch starts by itself if they asked for that in the video settings; otherwise the
// queue waits on "Play next". A locked video in the queue offers the upgrade instead of playing. A
// media error (a signed address expired, the network dropped) lists the videos again for fresh
// addresses and resumes where it stopped; a second failure in a row says so with a retry.
import { assign, setup } from "xstate"
import { formErrorKey } from "../../domain/shared/failures.ts"
import type { CaptionLanguage, VideoListing } from "../../domain/videos/video-listing.ts"
import {
  nextPlayable,
  type PlaybackPreferences,
  type PlaybackSpeed,
  previousPlayable,
} from "../../domain/videos/video-playback.ts"
import { apiCall } from "../shared/api-call.ts"

export type VideoQueueMode = "channel" | "points"

export interface LoadedVideos {
  /** The channel's or vessel's own video (mode "channel"), or the channel whose points play. */
  readonly channel: VideoListing
  /** What plays, in order: the channel video alone, or the channel's point videos. */
  readonly items: ReadonlyArray<VideoListing>
  readonly preferences: PlaybackPreferences
}

export interface VideoQueueInput {
  readonly slug: string
  readonly mode: VideoQueueMode
  /** A point's page address to start the queue at (the point page's "play video"). */
  readonly start?: string | undefined
}

export interface VideoQueueContext {
  readonly slug: string
  readonly mode: VideoQueueMode
  readonly start: string | undefined
  readonly channel: VideoListing | null
  readonly items: ReadonlyArray<VideoListing>
  readonly index: number
  /** Preferences of this visit: from the settings, changed by the player's own controls. */
  readonly preferences: PlaybackPreferences | null
  /** Whether the view starts the current video as soon as it can (after a choice or by itself). */
  readonly autostart: boolean
  /** Where to continue after fresh addresses were fetched. */
  readonly resumeAt: number
  /** The position the view last reported. */
  readonly time: number
  readonly error: string | null
  /** Counts the videos started by the queue itself, so the view can announce each one. */
  readonly advanced: number
}

export type VideoQueueEvent =
  | { readonly type: "media.playing" }
  | { readonly type: "media.paused" }
  | { readonly type: "media.ended" }
  | { readonly type: "media.time"; readonly time: number }
  | { readonly type: "media.error" }
  | { readonly type: "queue.select"; readonly index: number }
  | { readonly type: "queue.next" }
  | { readonly type: "queue.previous" }
  | { readonly type: "captions.toggle" }
  | { readonly type: "captions.language"; readonly language: CaptionLanguage }
  | { readonly type: "speed.set"; readonly speed: PlaybackSpeed }
  | { readonly type: "page.reload" }

const startIndex = (items: ReadonlyArray<VideoListing>, start: string | undefined) => {
  const wanted = start === undefined ? -1 : items.findIndex((item) => item.slug === start)
  if (wanted >= 0) return wanted
  const first = items.findIndex((item) => item.permission)
  return first >= 0 ? first : 0
}

const withPreferences = (
  context: VideoQueueContext,
  change: Partial<PlaybackPreferences>,
): Partial<VideoQueueContext> =>
  context.preferences === null ? {} : { preferences: { ...context.preferences, ...change } }

export const videoQueueMachine = setup({
  types: {
    context: {} as VideoQueueContext,
    events: {} as VideoQueueEvent,
    input: {} as VideoQueueInput,
  },
  actors: {
    loadVideos: apiCall<LoadedVideos, { readonly slug: string; readonly mode: VideoQueueMode }>("loadVideos"),
  },
  actions: {
    /** Provided: the lite upgrade modal offers itself (the wiring keeps it to once a session). */
    offerUpgrade: () => {},
    /** Provided: the upgrade modal opens (a locked video was chosen). */
    openUpgrade: () => {},
    /** The queue goes on to the next video the learner may watch, by itself. */
    advance: assign(({ context }) => ({
      index: nextPlayable(context.items, context.index) ?? context.index,
      autostart: true,
      resumeAt: 0,
      time: 0,
      advanced: context.advanced + 1,
    })),
  },
  guards: {
    channelLocked: ({ event }) => "output" in event && !(event.output as LoadedVideos).channel.permission,
    autoplaysNext: ({ context }) =>
      context.preferences?.autoplayNext === true && nextPlayable(context.items, context.index) !== null,
    chosenPlayable: ({ context, event }) =>
      event.type === "queue.select" && context.items[event.index]?.permission === true,
    chosenLocked: ({ context, event }) =>
      event.type === "queue.select" && context.items[event.index]?.permission === false,
    hasNext: ({ context }) => nextPlayable(context.items, context.index) !== null,
    hasPrevious: ({ context }) => previousPlayable(context.items, context.index) !== null,
  },
}).createMachine({
  id: "videoQueue",
  context: ({ input }) => ({
    slug: input.slug,
    mode: input.mode,
    start: input.start,
    channel: null,
    items: [],
    index: 0,
    preferences: null,
    autostart: false,
    resumeAt: 0,
    time: 0,
    error: null,
    advanced: 0,
  }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        src: "loadVideos",
        input: ({ context }) => ({ slug: context.slug, mode: context.mode }),
        onDone: [
          {
            guard: "channelLocked",
            target: "locked",
            actions: assign(({ event }) => ({ channel: event.output.channel, items: event.output.items })),
          },
          {
            target: "ready",
            actions: assign(({ context, event }) => ({
              channel: event.output.channel,
              items: event.output.items,
              preferences: event.output.preferences,
              index: startIndex(event.output.items, context.start),
              error: null,
            })),
          },
        ],
        onError: { target: "failed", actions: assign(({ event }) => ({ error: formErrorKey(event.error) })) },
      },
    },
    locked: { entry: "offerUpgrade", on: { "page.reload": "loading" } },
    failed: { on: { "page.reload": "loading" } },
    ready: {
      initial: "idle",
      on: {
        "media.time": { actions: assign(({ event }) => ({ time: event.time })) },
        "media.error": { target: "refreshing", actions: assign(({ context }) => ({ resumeAt: context.time })) },
        "queue.select": [
          {
            guard: "chosenPlayable",
            target: ".idle",
            actions: assign(({ event }) => ({ index: event.index, autostart: true, resumeAt: 0, time: 0 })),
          },
          { guard: "chosenLocked", actions: "openUpgrade" },
        ],
        "queue.next": {
          guard: "hasNext",
          target: ".idle",
          actions: assign(({ context }) => ({
            index: nextPlayable(context.items, context.index) ?? context.index,
            autostart: true,
            resumeAt: 0,
            time: 0,
          })),
        },
        "queue.previous": {
          guard: "hasPrevious",
          target: ".idle",
          actions: assign(({ context }) => ({
            index: previousPlayable(context.items, context.index) ?? context.index,
            autostart: true,
            resumeAt: 0,
            time: 0,
          })),
        },
        "captions.toggle": {
          actions: assign(({ context }) => withPreferences(context, { captions: !context.preferences?.captions })),
        },
        "captions.language": {
          actions: assign(({ context, event }) =>
            withPreferences(context, { captions: true, captionLanguage: event.language }),
          ),
        },
        "speed.set": { actions: assign(({ context, event }) => withPreferences(context, { speed: event.speed })) },
      },
      states: {
        idle: { on: { "media.playing": "playing" } },
        playing: {
          tags: ["playing"],
          on: {
            "media.paused": "paused",
            "media.ended": [
              { guard: "autoplaysNext", target: "idle", reenter: true, actions: "advance" },
              { target: "ended" },
            ],
          },
        },
        // At its end a video pauses first, then ends: its end is heard here too.
        paused: {
          on: {
            "media.playing": "playing",
            "media.ended": [
              { guard: "autoplaysNext", target: "idle", reenter: true, actions: "advance" },
              { target: "ended" },
            ],
          },
        },
        ended: { tags: ["ended"], on: { "media.playing": "playing" } },
      },
    },
    refreshing: {
      tags: ["busy"],
      invoke: {
        src: "loadVideos",
        input: ({ context }) => ({ slug: context.slug, mode: context.mode }),
        onDone: {
          target: "resumed",
          actions: assign(({ event }) => ({
            items: event.output.items,
            channel: event.output.channel,
            autostart: true,
          })),
        },
        onError: { target: "failed", actions: assign(({ event }) => ({ error: formErrorKey(event.error) })) },
      },
    },
    /** Fresh addresses are in; a media error before the video plays again is not retried. */
    resumed: {
      on: {
        "media.playing": "ready.playing",
        "media.time": { actions: assign(({ event }) => ({ time: event.time })) },
        "media.error": { target: "failed", actions: assign({ error: "errors.playFailed" }) },
      },
    },
  },
})

export type VideoQueueMachine = typeof videoQueueMachine
