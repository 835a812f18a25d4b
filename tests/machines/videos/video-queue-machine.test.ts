import { describe, expect, it, vi } from "vitest"
import { createActor, waitFor } from "xstate"
import { NotFound, Offline } from "../../../src/domain/shared/errors.ts"
import type { VideoListing } from "../../../src/domain/videos/video-listing.ts"
import { defaultPreferences, type PlaybackPreferences } from "../../../src/domain/videos/video-playback.ts"
import {
  type LoadedVideos,
  type VideoQueueInput,
  type VideoQueueMode,
  videoQueueMachine,
} from "../../../src/machines/videos/video-queue-machine.ts"
import { pendingActor } from "../support/pending-actor.ts"

const media = (id: string) => ({
  src: `/media/videos/${id}.mp4?e=1&s=x`,
  still: `/media/videos/${id}-still.mp4?e=1&s=x`,
  type: "video/mp4" as const,
  poster: `/media/videos/${id}.png?e=1&s=x`,
  captions: [{ language: "en" as const, src: `/media/captions/${id}.en.vtt?e=1&s=x`, cues: [] }],
  expires: "2030-01-01T00:00:00.000Z",
})

const listing = (id: string, permission = true, slug = id): VideoListing => ({
  id,
  kind: id.startsWith("channel") ? "channel" : "point",
  subject: id,
  slug,
  title: id,
  subtitle: "",
  duration: 10,
  permission,
  media: permission ? media(id) : null,
})

const lung = listing("channel-lu", true, "lung-channel")
const points = [
  listing("point-lu-1", true, "lu-1"),
  listing("point-lu-2", false, "lu-2"),
  listing("point-lu-3", true, "lu-3"),
]

const loaded = (preferences: Partial<PlaybackPreferences> = {}, items = points): LoadedVideos => ({
  channel: lung,
  items,
  preferences: { ...defaultPreferences("en"), ...preferences },
})

const start = (input: Partial<VideoQueueInput> = {}) => {
  const loadVideos = pendingActor<LoadedVideos, { readonly slug: string; readonly mode: VideoQueueMode }>()
  const offerUpgrade = vi.fn()
  const openUpgrade = vi.fn()
  const actor = createActor(
    videoQueueMachine.provide({ actors: { loadVideos: loadVideos.logic }, actions: { offerUpgrade, openUpgrade } }),
    { input: { slug: "lung-channel", mode: "points", ...input } },
  )
  actor.start()
  return { actor, loadVideos, offerUpgrade, openUpgrade }
}

const startReady = async (preferences: Partial<PlaybackPreferences> = {}, input: Partial<VideoQueueInput> = {}) => {
  const started = start(input)
  started.loadVideos.resolve(loaded(preferences))
  await waitFor(started.actor, (s) => s.matches("ready"))
  return started
}

const playing = async (preferences: Partial<PlaybackPreferences> = {}) => {
  const started = await startReady(preferences)
  started.actor.send({ type: "media.playing" })
  expect(started.actor.getSnapshot().matches({ ready: "playing" })).toBe(true)
  return started
}

describe("video queue machine", () => {
  describe("loading", () => {
    it("asks for the slug's videos in the page's mode", () => {
      const { loadVideos, actor } = start({ mode: "channel" })
      expect(loadVideos.inputs).toEqual([{ slug: "lung-channel", mode: "channel" }])
      expect(actor.getSnapshot().hasTag("busy")).toBe(true)
    })

    it("is ready with the first video the learner may watch, and the settings' preferences", async () => {
      const { actor } = await startReady({ speed: 1.5 })
      const { context } = actor.getSnapshot()
      expect(actor.getSnapshot().matches({ ready: "idle" })).toBe(true)
      expect(context.index).toBe(0)
      expect(context.preferences?.speed).toBe(1.5)
      expect(context.autostart).toBe(false)
    })

    it("starts at the point asked for", async () => {
      const { actor } = await startReady({}, { start: "lu-3" })
      expect(actor.getSnapshot().context.index).toBe(2)
    })

    it("skips locked videos when no start is asked for", async () => {
      const started = start()
      started.loadVideos.resolve(loaded({}, [points[1]!, points[2]!]))
      await waitFor(started.actor, (s) => s.matches("ready"))
      expect(started.actor.getSnapshot().context.index).toBe(1)
    })

    it("is locked, and offers the upgrade, when the channel is locked", async () => {
      const started = start()
      started.loadVideos.resolve({ ...loaded(), channel: listing("channel-st", false) })
      await waitFor(started.actor, (s) => s.matches("locked"))
      expect(started.offerUpgrade).toHaveBeenCalledTimes(1)
      started.actor.send({ type: "page.reload" })
      expect(started.actor.getSnapshot().matches("loading")).toBe(true)
    })

    it("fails with the catalogue's message and loads again on retry", async () => {
      const started = start()
      started.loadVideos.reject(new Offline())
      await waitFor(started.actor, (s) => s.matches("failed"))
      expect(started.actor.getSnapshot().context.error).toBe("errors.offline")
      started.actor.send({ type: "page.reload" })
      expect(started.actor.getSnapshot().matches("loading")).toBe(true)
      started.loadVideos.resolve(loaded())
      await waitFor(started.actor, (s) => s.matches("ready"))
    })

    it("fails on an unknown channel (the catalogue sends it to not found)", async () => {
      const started = start()
      started.loadVideos.reject(new NotFound({ message: "Not found" }))
      await waitFor(started.actor, (s) => s.matches("failed"))
    })
  })

  describe("playing", () => {
    it("follows the element: playing, paused, playing again, ended", async () => {
      const { actor } = await playing()
      actor.send({ type: "media.paused" })
      expect(actor.getSnapshot().matches({ ready: "paused" })).toBe(true)
      actor.send({ type: "media.playing" })
      expect(actor.getSnapshot().hasTag("playing")).toBe(true)
      actor.send({ type: "media.ended" })
      expect(actor.getSnapshot().hasTag("ended")).toBe(true)
      actor.send({ type: "media.playing" })
      expect(actor.getSnapshot().matches({ ready: "playing" })).toBe(true)
    })

    it("goes on by itself from paused too: at its end a video pauses, then ends", async () => {
      const { actor } = await playing({ autoplayNext: true })
      actor.send({ type: "media.paused" })
      actor.send({ type: "media.ended" })
      expect(actor.getSnapshot().context).toMatchObject({ index: 2, autostart: true, advanced: 1 })
      expect(actor.getSnapshot().matches({ ready: "idle" })).toBe(true)
    })

    it("ends from paused when the next video waits for Play next", async () => {
      const { actor } = await playing()
      actor.send({ type: "media.paused" })
      actor.send({ type: "media.ended" })
      expect(actor.getSnapshot().hasTag("ended")).toBe(true)
    })

    it("keeps the position the element reports", async () => {
      const { actor } = await playing()
      actor.send({ type: "media.time", time: 4.2 })
      expect(actor.getSnapshot().context.time).toBe(4.2)
    })

    it("waits at the end when the learner did not ask for the next video to start by itself", async () => {
      const { actor } = await playing({ autoplayNext: false })
      actor.send({ type: "media.ended" })
      expect(actor.getSnapshot().hasTag("ended")).toBe(true)
      expect(actor.getSnapshot().context.index).toBe(0)
    })

    it("goes on to the next video the learner may watch, by itself, when asked to — skipping locked ones", async () => {
      const { actor } = await playing({ autoplayNext: true })
      actor.send({ type: "media.ended" })
      const { context } = actor.getSnapshot()
      expect(context.index).toBe(2)
      expect(context.autostart).toBe(true)
      expect(context.advanced).toBe(1)
      expect(actor.getSnapshot().matches({ ready: "idle" })).toBe(true)
    })

    it("ends at the last video even when going on by itself", async () => {
      const { actor } = await playing({ autoplayNext: true })
      actor.send({ type: "media.ended" })
      actor.send({ type: "media.playing" })
      actor.send({ type: "media.ended" })
      expect(actor.getSnapshot().hasTag("ended")).toBe(true)
      expect(actor.getSnapshot().context.index).toBe(2)
    })
  })

  describe("the queue", () => {
    it("plays a chosen video at once", async () => {
      const { actor } = await playing()
      actor.send({ type: "queue.select", index: 2 })
      expect(actor.getSnapshot().context).toMatchObject({ index: 2, autostart: true, time: 0 })
      expect(actor.getSnapshot().matches({ ready: "idle" })).toBe(true)
    })

    it("opens the upgrade for a locked video and stays", async () => {
      const { actor, openUpgrade } = await playing()
      actor.send({ type: "queue.select", index: 1 })
      expect(openUpgrade).toHaveBeenCalledTimes(1)
      expect(actor.getSnapshot().context.index).toBe(0)
      expect(actor.getSnapshot().matches({ ready: "playing" })).toBe(true)
    })

    it("ignores a choice outside the queue", async () => {
      const { actor, openUpgrade } = await playing()
      actor.send({ type: "queue.select", index: 9 })
      expect(openUpgrade).not.toHaveBeenCalled()
      expect(actor.getSnapshot().context.index).toBe(0)
    })

    it("steps to the next and previous videos the learner may watch, and no further", async () => {
      const { actor } = await startReady()
      expect(actor.getSnapshot().can({ type: "queue.previous" })).toBe(false)
      actor.send({ type: "queue.next" })
      expect(actor.getSnapshot().context.index).toBe(2)
      expect(actor.getSnapshot().can({ type: "queue.next" })).toBe(false)
      actor.send({ type: "queue.next" })
      expect(actor.getSnapshot().context.index).toBe(2)
      actor.send({ type: "queue.previous" })
      expect(actor.getSnapshot().context.index).toBe(0)
      expect(actor.getSnapshot().context.autostart).toBe(true)
    })
  })

  describe("preferences of this visit", () => {
    it("turns captions on and off, picks their language (turning them on) and the speed", async () => {
      const { actor } = await startReady()
      actor.send({ type: "captions.toggle" })
      expect(actor.getSnapshot().context.preferences?.captions).toBe(true)
      actor.send({ type: "captions.toggle" })
      expect(actor.getSnapshot().context.preferences?.captions).toBe(false)
      actor.send({ type: "captions.language", language: "de" })
      expect(actor.getSnapshot().context.preferences).toMatchObject({ captions: true, captionLanguage: "de" })
      actor.send({ type: "speed.set", speed: 0.75 })
      expect(actor.getSnapshot().context.preferences?.speed).toBe(0.75)
    })
  })

  describe("a media error", () => {
    it("lists the videos again for fresh addresses and resumes where it stopped", async () => {
      const { actor, loadVideos } = await playing()
      actor.send({ type: "media.time", time: 6 })
      actor.send({ type: "media.error" })
      expect(actor.getSnapshot().matches("refreshing")).toBe(true)
      expect(actor.getSnapshot().context.resumeAt).toBe(6)
      loadVideos.resolve(loaded())
      await waitFor(actor, (s) => s.matches("resumed"))
      expect(actor.getSnapshot().context.autostart).toBe(true)
      actor.send({ type: "media.time", time: 6.5 })
      expect(actor.getSnapshot().context.time).toBe(6.5)
      actor.send({ type: "media.playing" })
      expect(actor.getSnapshot().matches({ ready: "playing" })).toBe(true)
    })

    it("fails when the video errs again before it plays", async () => {
      const { actor, loadVideos } = await playing()
      actor.send({ type: "media.error" })
      loadVideos.resolve(loaded())
      await waitFor(actor, (s) => s.matches("resumed"))
      actor.send({ type: "media.error" })
      expect(actor.getSnapshot().matches("failed")).toBe(true)
      expect(actor.getSnapshot().context.error).toBe("errors.playFailed")
    })

    it("fails when the list cannot be fetched again", async () => {
      const { actor, loadVideos } = await playing()
      actor.send({ type: "media.error" })
      loadVideos.reject(new Offline())
      await waitFor(actor, (s) => s.matches("failed"))
      expect(actor.getSnapshot().context.error).toBe("errors.offline")
    })
  })
})
