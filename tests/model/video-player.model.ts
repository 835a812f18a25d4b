// Model of the player's own controls (§3 `/video/play-channel-video/{id}`), on the Lung channel's
// video as a visitor (a free channel): play, pause and play again; the video played to its end and
// played again; captions on and their language changed to German (the transcript follows); the
// speed set to 1.5×. By mouse (the controls' buttons and lists) and by keyboard (K and C on the
// picture, the lists with Enter). jsdom plays no media: its stand-in (tests/ui/support/setup.ts)
// fires the events a browser fires; in Chromium the real video plays.
import { HttpResponse, http } from "msw"
import { createMachine } from "xstate"
import type { VideoListing } from "../../src/domain/videos/video-listing.ts"
import { API } from "../ui/support/api-data.ts"
import type { Ui } from "./support/driver.ts"
import { defineModel } from "./support/model.ts"
import { press, tabTo } from "./support/steps.ts"

const machine = createMachine({
  id: "videoPlayer",
  initial: "ready",
  states: {
    ready: { on: { "player.play": "playing", "captions.toggle": "captioned", "speed.fast": "fast" } },
    playing: { on: { "player.pause": "paused", "player.end": "ended" } },
    paused: { on: { "player.play": "playing" } },
    ended: { on: { "player.play": "playing" } },
    captioned: { on: { "captions.german": "german", "captions.toggle": "ready" } },
    german: {},
    fast: {},
  },
})

const PATH = "/video/play-channel-video/lung-channel"
const TITLE = "Lung Channel of Hand Taiyin"

const controls = (ui: Ui) => ui.role("group", { name: "Video controls" })
const frame = (ui: Ui) => ui.role("group", { name: `Video: ${TITLE}` })
const playButton = (ui: Ui) => controls(ui).role("button", { name: "Play" })
const pauseButton = (ui: Ui) => controls(ui).role("button", { name: "Pause" })
const captionsButton = (ui: Ui) => controls(ui).role("button", { name: "Captions" })
const transcript = (ui: Ui) => ui.role("region", { name: "Transcript" })

/** Still: Play offered, nothing playing. */
const stopped = async (ui: Ui) => {
  await ui.expect(playButton(ui)).toBeVisible()
  await ui.expect(pauseButton(ui)).toHaveCount(0)
}

/** A key on the picture, as a keyboard user presses it: Tab to the picture first. */
const onPicture = async (ui: Ui, key: string) => {
  await tabTo(ui, frame(ui))
  await ui.keyboard.press(key)
}

/** A choice from one of the player's lists: its button, then the option (Enter on both by keyboard). */
const choose = async (ui: Ui, list: RegExp, option: string) => {
  const button = controls(ui).role("button", { name: list })
  await press(ui, button)
  const choice = ui.role("option", { name: option })
  if (ui.input === "mouse") return choice.click()
  await choice.focus()
  await ui.keyboard.press("Enter")
}

const media = (id: string) => ({
  src: `/media/videos/${id}-0000000000000000.mp4?e=4102444800&s=x`,
  still: `/media/videos/${id}-still-0000000000000000.mp4?e=4102444800&s=x`,
  type: "video/mp4" as const,
  poster: `/media/videos/${id}-0000000000000000.png?e=4102444800&s=x`,
  captions: (
    [
      ["en", "The Lung channel begins in the middle burner"],
      ["de", "Die Lungen-Leitbahn beginnt im mittleren Erwärmer"],
      ["es", "El canal del Pulmón comienza en el calentador medio"],
    ] as const
  ).map(([language, text]) => ({
    language,
    src: `/media/captions/${id}.${language}.vtt?e=4102444800&s=x`,
    cues: [{ start: 0, end: 5, text }],
  })),
  expires: "2100-01-01T00:00:00.000Z",
})

const lung: typeof VideoListing.Encoded = {
  id: "channel-lu",
  kind: "channel",
  subject: "LU",
  slug: "lung-channel",
  title: TITLE,
  subtitle: "11 points",
  duration: 30,
  permission: true,
  media: media("channel-lu"),
}

const SKIPPED_ELSEWHERE = "tests/e2e/videos.spec.ts and the view tests in tests/ui/videos/video-pages.test.tsx"

export default defineModel<null, null>({
  id: "video-player",
  title: "The player's controls: play, pause, the end, captions and their language, speed",
  machine,
  inputs: ["mouse", "keyboard"],
  path: PATH,
  covers: ["videoQueue"],
  skips: {
    "videoQueue loading done.loadVideos [channelLocked]": `a locked channel's video page: ${SKIPPED_ELSEWHERE} (a Standard user)`,
    "videoQueue loading error.loadVideos": `the listing failing (500, offline): ${SKIPPED_ELSEWHERE}`,
    "videoQueue locked page.reload":
      "a locked page offers Pro, not a retry; the reload follows the listing's own retry",
    "videoQueue failed page.reload": `Try again after a failed listing: ${SKIPPED_ELSEWHERE}`,
    "videoQueue ready media.error": `a media error (an expired address): ${SKIPPED_ELSEWHERE}`,
    "videoQueue refreshing done.loadVideos": `fresh addresses after a media error: ${SKIPPED_ELSEWHERE}`,
    "videoQueue refreshing error.loadVideos": "the listing failing after a media error: the machine's tests",
    "videoQueue resumed media.playing": `the video going on after fresh addresses: ${SKIPPED_ELSEWHERE}`,
    "videoQueue resumed media.time": "the video going on after fresh addresses: the machine's tests",
    "videoQueue resumed media.error": "a second media error in a row: the machine's tests",
    "videoQueue ready queue.select [chosenLocked]": `a locked point chosen in a queue opens the upgrade: ${SKIPPED_ELSEWHERE}`,
    "videoQueue ready.playing media.ended [autoplaysNext]": `the queue going on by itself needs a learner's continuous play: ${SKIPPED_ELSEWHERE}`,
    "videoQueue ready.paused media.ended":
      "a paused video does not play to its end; seeking there is the same end as while playing, walked from playing",
  },
  context: () => null,
  ready: (ui) => ui.expect(playButton(ui)).toBeVisible(),
  states: {
    ready: {
      means: "the video waits to be played: Play offered, captions off, normal speed",
      check: async (ui) => {
        await stopped(ui)
        await ui.expect(captionsButton(ui)).toHaveAttribute("aria-pressed", "false")
        await ui.expect(controls(ui).role("button", { name: /Speed/ })).toHaveText("1×")
      },
    },
    playing: {
      means: "the video plays: Pause offered in Play's place",
      check: (ui) => ui.expect(pauseButton(ui)).toBeVisible(),
    },
    paused: { means: "the video is paused: Play offered again", check: stopped },
    ended: { means: "the video has played to its end: Play offered, to play it again", check: stopped },
    captioned: {
      means: "captions are on, in English (a visitor's language), and the transcript is English",
      check: async (ui) => {
        await ui.expect(captionsButton(ui)).toHaveAttribute("aria-pressed", "true")
        await ui.expect(transcript(ui).role("list")).toHaveAttribute("lang", "en")
      },
    },
    german: {
      means: "captions in German, and the transcript beside the video in German",
      check: async (ui) => {
        await ui.expect(controls(ui).role("button", { name: /Caption language/ })).toHaveText("Deutsch")
        await ui.expect(transcript(ui).role("list")).toHaveAttribute("lang", "de")
        await ui.expect(transcript(ui).role("button").nth(0)).toHaveText(/Lungen/)
      },
    },
    fast: {
      means: "the speed is 1.5×",
      check: (ui) => ui.expect(controls(ui).role("button", { name: /Speed/ })).toHaveText("1.5×"),
    },
  },
  events: {
    "player.play": {
      means: "plays the video: Play, or K on the picture",
      mouse: (ui) => playButton(ui).click(),
      keyboard: (ui) => onPicture(ui, "k"),
    },
    "player.pause": {
      means: "pauses it: Pause, or K on the picture",
      mouse: (ui) => pauseButton(ui).click(),
      keyboard: (ui) => onPicture(ui, "k"),
    },
    "player.end": {
      means: "the video reaches its end (End on the position slider; in jsdom, the element's ended)",
      run: async (ui) => {
        if (ui.driver === "jsdom") return ui.css("video").dispatch("ended")
        await controls(ui).role("slider", { name: "Position" }).focus()
        await ui.keyboard.press("End")
      },
    },
    "captions.toggle": {
      means: "turns captions on or off: the Captions button, or C on the picture",
      mouse: (ui) => captionsButton(ui).click(),
      keyboard: (ui) => onPicture(ui, "c"),
    },
    "captions.german": {
      means: "chooses German from the caption languages",
      run: (ui) => choose(ui, /Caption language/, "Deutsch"),
    },
    "speed.fast": { means: "chooses 1.5× from the speeds", run: (ui) => choose(ui, /Speed/, "1.5×") },
  },
  jsdom: {
    facts: null,
    signedIn: false,
    handlers: () => [http.get(`${API}/api/channel-videos/lung-channel`, () => HttpResponse.json(lung))],
  },
  browser: { facts: null, user: "visitor" },
})
