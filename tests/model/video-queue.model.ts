// Model of a channel's point videos played as a queue (§3 `/video/play-channel/{id}`): the first
// point's video with its queue beside it, "Play next" and "Previous" stepping through the points,
// choosing the last one in the queue, and a video that ends without the queue going on by itself
// (a visitor's settings are the defaults: the next video waits for "Play next") — by mouse and by
// keyboard. What the queue must show is read from the API, so the same checks hold for msw's three
// Lung points and the real server's eleven.
import assert from "node:assert/strict"
import { HttpResponse, http } from "msw"
import { createMachine } from "xstate"
import type { PointVideos, VideoListing } from "../../src/domain/videos/video-listing.ts"
import { API } from "../ui/support/api-data.ts"
import type { Ui } from "./support/driver.ts"
import { defineModel } from "./support/model.ts"
import { press } from "./support/steps.ts"

const machine = createMachine({
  id: "videoQueue",
  initial: "first",
  states: {
    first: { on: { "video.ends": "first", "queue.next": "second", "queue.chooseLast": "last" } },
    second: { on: { "queue.previous": "first" } },
    last: { on: { "queue.previous": "beforeLast" } },
    beforeLast: { on: { "queue.next": "last" } },
  },
})

const PATH = "/video/play-channel/lung-channel"

const listed = async (ui: Ui): Promise<ReadonlyArray<typeof VideoListing.Encoded>> => {
  const { status, body } = await ui.api.request("GET", "/api/point-videos/lung-channel")
  assert.equal(status, 200)
  return (body as typeof PointVideos.Encoded).points
}

const queue = (ui: Ui) => ui.role("navigation", { name: /point videos?$/ })
const items = (ui: Ui) => queue(ui).role("listitem")
const next = (ui: Ui) => queue(ui).role("button", { name: "Play next" })
const previous = (ui: Ui) => queue(ui).role("button", { name: "Previous" })

/** The point at `index` (negative: from the end) is playing: the lead line names it, the queue marks it. */
const playing = async (ui: Ui, index: number) => {
  const points = await listed(ui)
  const at = index < 0 ? points.length + index : index
  const point = points[at]!
  await ui.expect(ui.text(`Playing ${point.title} · ${point.subtitle}`)).toBeVisible()
  await ui.expect(items(ui)).toHaveCount(points.length)
  await ui.expect(items(ui).nth(at)).toHaveAttribute("aria-current", "true")
  await ui.expect(ui.role("group", { name: `Video: ${point.title}` })).toBeVisible()
  if (at === 0) await ui.expect(previous(ui)).toBeDisabled()
  else await ui.expect(previous(ui)).toBeEnabled()
  if (at === points.length - 1) await ui.expect(next(ui)).toBeDisabled()
  else await ui.expect(next(ui)).toBeEnabled()
}

const media = (id: string) => ({
  src: `/media/videos/${id}-0000000000000000.mp4?e=4102444800&s=x`,
  still: `/media/videos/${id}-still-0000000000000000.mp4?e=4102444800&s=x`,
  type: "video/mp4" as const,
  poster: `/media/videos/${id}-0000000000000000.png?e=4102444800&s=x`,
  captions: (["en", "de", "es"] as const).map((language) => ({
    language,
    src: `/media/captions/${id}.${language}.vtt?e=4102444800&s=x`,
    cues: [{ start: 0, end: 3, text: `${id} (${language})` }],
  })),
  expires: "2100-01-01T00:00:00.000Z",
})

const point = (code: string, pinyin: string, name: string, slug: string): typeof VideoListing.Encoded => ({
  id: `point-${code.toLowerCase()}`,
  kind: "point",
  subject: code,
  slug,
  title: `${code} ${pinyin}`,
  subtitle: name,
  duration: 9,
  permission: true,
  media: media(`point-${code.toLowerCase()}`),
})

const lungVideos: typeof PointVideos.Encoded = {
  channel: {
    id: "channel-lu",
    kind: "channel",
    subject: "LU",
    slug: "lung-channel",
    title: "Lung Channel of Hand Taiyin",
    subtitle: "3 points",
    duration: 40,
    permission: true,
    media: media("channel-lu"),
  },
  points: [
    point("LU-1", "Zhōngfǔ", "Central Residence", "lu-1-zhongfu"),
    point("LU-2", "Yúnmén", "Cloud Gate", "lu-2-yunmen"),
    point("LU-3", "Tiānfǔ", "Heavenly Residence", "lu-3-tianfu"),
  ],
}

export default defineModel<null, null>({
  id: "video-queue",
  title: "A channel's point videos one after another",
  machine,
  inputs: ["mouse", "keyboard"],
  path: PATH,
  covers: [],
  context: () => null,
  ready: (ui) => ui.expect(next(ui)).toBeVisible(),
  states: {
    first: {
      means: "the first point's video, the first in the queue marked, Previous disabled",
      check: (ui) => playing(ui, 0),
    },
    second: { means: "the second point's video, marked in the queue", check: (ui) => playing(ui, 1) },
    last: { means: "the last point's video, marked in the queue, Play next disabled", check: (ui) => playing(ui, -1) },
    beforeLast: { means: "the point before the last, marked in the queue", check: (ui) => playing(ui, -2) },
  },
  events: {
    "video.ends": {
      means: "the video plays to its end; the next one waits for Play next (a visitor's default)",
      run: (ui) => ui.css("video").dispatch("ended"),
    },
    "queue.next": { means: "presses Play next", run: (ui) => press(ui, next(ui)) },
    "queue.previous": { means: "presses Previous", run: (ui) => press(ui, previous(ui)) },
    "queue.chooseLast": {
      means: "chooses the last point in the queue",
      run: (ui) => press(ui, items(ui).nth(-1).role("button")),
    },
  },
  jsdom: {
    facts: null,
    signedIn: false,
    handlers: () => [http.get(`${API}/api/point-videos/lung-channel`, () => HttpResponse.json(lungVideos))],
  },
  browser: { facts: null, user: "visitor" },
})
