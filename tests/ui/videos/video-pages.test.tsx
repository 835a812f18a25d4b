// The video pages against msw, for the error catalogue of §8 and what a view shows: the videos
// failing to list (500, offline) say so with a retry that lists them again; an unknown
// channel goes to the not-found page; a locked channel names what is locked and offers Pro; a
// media error lists the videos again and keeps the queue where it was; the transcript and a key of
// the picture.
import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { delay, HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { PointVideos, VideoListing } from "../../../src/domain/videos/video-listing.ts"
import { API, renderApp, server } from "../support/render-app.tsx"
import { userEvent } from "../support/user.ts"

beforeAll(() => server.listen())
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const media = (id: string) => ({
  src: `/media/videos/${id}.mp4?e=4102444800&s=x`,
  still: `/media/videos/${id}-still.mp4?e=4102444800&s=x`,
  type: "video/mp4" as const,
  poster: `/media/videos/${id}.png?e=4102444800&s=x`,
  captions: (["en", "de", "es"] as const).map((language) => ({
    language,
    src: `/media/captions/${id}.${language}.vtt?e=4102444800&s=x`,
    cues: [
      { start: 0, end: 4, text: `First line (${language})` },
      { start: 4, end: 9, text: `Second line (${language})` },
    ],
  })),
  expires: "2100-01-01T00:00:00.000Z",
})

const listing = (id: string, title: string, permission = true): typeof VideoListing.Encoded => ({
  id,
  kind: id.startsWith("point") ? "point" : "channel",
  subject: id,
  slug: id,
  title,
  subtitle: "A name",
  duration: 9,
  permission,
  media: permission ? media(id) : null,
})

const lung = listing("lung-channel", "Lung Channel of Hand Taiyin")
const points: typeof PointVideos.Encoded = {
  channel: lung,
  points: [listing("point-lu-1", "LU-1 Zhōngfǔ"), listing("point-lu-2", "LU-2 Yúnmén")],
}

const OFFLINE = "You seem to be offline. Check your connection and try again."

const failing = (status: number, tag: string) =>
  http.get(`${API}/api/point-videos/lung-channel`, () => HttpResponse.json({ _tag: tag, message: "x" }, { status }), {
    once: true,
  })

describe("the video pages", () => {
  it("a 500 while listing says so, and the retry lists them again", async () => {
    server.use(
      failing(500, "ServerError"),
      http.get(`${API}/api/point-videos/lung-channel`, () => HttpResponse.json(points)),
    )
    await renderApp("/video/play-channel/lung-channel")
    expect(await screen.findByRole("heading", { level: 1, name: "The video could not be played" })).toBeVisible()
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }))
    expect(await screen.findByRole("navigation", { name: "2 point videos" })).toBeVisible()
  })

  it("offline, it says the connection is gone", async () => {
    server.use(http.get(`${API}/api/point-videos/lung-channel`, () => HttpResponse.error()))
    await renderApp("/video/play-channel/lung-channel")
    const page = (await screen.findByRole("heading", { level: 1, name: "The video could not be played" })).closest(
      "section",
    )!
    expect(within(page).getByText(OFFLINE)).toBeVisible()
  })

  it("an unknown channel goes to the not-found page", async () => {
    server.use(
      http.get(`${API}/api/channel-videos/no-such`, () =>
        HttpResponse.json({ _tag: "NotFound", message: "Not found" }, { status: 404 }),
      ),
    )
    await renderApp("/video/play-channel-video/no-such")
    await waitFor(() => expect(window.location.pathname).toBe("/not-found"))
  })

  it("a locked channel names what is locked and offers Pro", async () => {
    server.use(
      http.get(`${API}/api/channel-videos/stomach-channel`, () =>
        HttpResponse.json(listing("stomach-channel", "Stomach Channel of Foot Yangming", false)),
      ),
    )
    await renderApp("/video/play-channel-video/stomach-channel")
    // The lite upgrade modal offers itself first (once a session), as on every locked page.
    await screen.findByRole("dialog", { name: "This is part of Jingluo Pro" })
    await userEvent.setup().keyboard("{Escape}")
    expect(await screen.findByRole("heading", { level: 1, name: "Stomach Channel of Foot Yangming" })).toBeVisible()
    expect(document.querySelector("video")).toBeNull()
  })

  it("a media error lists the videos again and keeps the chosen video", async () => {
    let calls = 0
    server.use(
      http.get(`${API}/api/point-videos/lung-channel`, () => {
        calls += 1
        return HttpResponse.json(points)
      }),
    )
    await renderApp("/video/play-channel/lung-channel")
    const queue = await screen.findByRole("navigation", { name: "2 point videos" })
    await userEvent.setup().click(within(queue).getByRole("button", { name: /LU-2 Yúnmén/ }))
    fireEvent.error(document.querySelector("video")!)
    await waitFor(() => expect(calls).toBe(2))
    expect(within(queue).getAllByRole("listitem")[1]).toHaveAttribute("aria-current", "true")
    expect(screen.getByText("Playing LU-2 Yúnmén · A name")).toBeVisible()
  })

  it("the extra points' queue leads back to the extra points, and to no channel video", async () => {
    const extras: typeof PointVideos.Encoded = {
      channel: { ...listing("extra-points", "Extra points"), kind: "group", subtitle: "2 points", media: null },
      points: [listing("point-ex-hn-3", "EX-HN3 Yìntáng"), listing("point-ex-hn-5", "EX-HN5 Tàiyáng")],
    }
    server.use(http.get(`${API}/api/point-videos/extra-points`, () => HttpResponse.json(extras)))
    await renderApp("/video/play-channel/extra-points?start=point-ex-hn-5")
    expect(await screen.findByRole("heading", { level: 1, name: "Extra points: every point video" })).toBeVisible()
    expect(screen.getByRole("link", { name: "Back to Extra points" })).toHaveAttribute(
      "href",
      "/book/pages/extra-points",
    )
    expect(screen.queryByRole("link", { name: "The channel's own video" })).toBeNull()
  })

  it("with reduced motion, it plays the still version and says so", async () => {
    server.use(http.get(`${API}/api/channel-videos/lung-channel`, () => HttpResponse.json(lung)))
    const reduce = window.matchMedia
    window.matchMedia = ((query: string) => ({ ...reduce(query), matches: query.includes("reduce") })) as typeof reduce
    try {
      await renderApp("/video/play-channel-video/lung-channel")
      expect(await screen.findByText(/^Still pictures: the video cuts from view to view/)).toBeVisible()
      expect(document.querySelector("video")!.getAttribute("src")).toBe(media("lung-channel").still)
    } finally {
      window.matchMedia = reduce
    }
  })

  it("the transcript follows the caption language, and C on the picture turns captions on", async () => {
    server.use(
      http.get(`${API}/api/channel-videos/lung-channel`, async () => {
        await delay(10)
        return HttpResponse.json(lung)
      }),
    )
    await renderApp("/video/play-channel-video/lung-channel")
    const transcript = await screen.findByRole("region", { name: "Transcript" })
    expect(within(transcript).getByRole("button", { name: /First line \(en\)/ })).toBeVisible()
    const captions = screen.getByRole("button", { name: "Captions" })
    expect(captions).toHaveAttribute("aria-pressed", "false")
    const frame = screen.getByRole("group", { name: "Video: Lung Channel of Hand Taiyin" })
    frame.focus()
    await userEvent.setup().keyboard("c")
    expect(captions).toHaveAttribute("aria-pressed", "true")
  })
})
