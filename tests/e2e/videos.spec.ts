// Video journeys against the real server, with videos rendered from the charts on first request: a
// Pro member opens the Lung channel's video from its page and plays it by keyboard alone, with
// German captions and the transcript following; the Lung channel's point videos play one after
// another by themselves when the settings say so, and "now playing" is announced; a Standard user
// meets the locked videos of a Pro channel (the Pro badge, the upgrade) and cannot fetch their
// bytes. axe with WCAG 2.2 AA on both player pages.
import type { Page } from "@playwright/test"
import type { PointVideos, VideoListing } from "../../src/domain/videos/video-listing.ts"
import { createVerifiedUser, expectAccessible, signIn, signInAsPro } from "./support/fixtures.ts"
import { expect, test } from "./support/test.ts"

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
})

/** The API as this browser's user. */
const api = async <A>(page: Page, path: string, init: { method?: string; data?: unknown } = {}): Promise<A> => {
  const token = (await page.context().cookies()).find((c) => c.name === "token")?.value
  const response = await page.request.fetch(path, {
    method: init.method ?? "GET",
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(init.data === undefined ? {} : { data: init.data }),
  })
  expect(response.status()).toBe(200)
  return (await response.json()) as A
}

const video = (page: Page) => page.locator("video")
const isPlaying = (page: Page) => video(page).evaluate((el: HTMLVideoElement) => !el.paused && !el.ended)
const showingTrack = (page: Page) =>
  video(page).evaluate((el: HTMLVideoElement) => Array.from(el.textTracks).find((t) => t.mode === "showing")?.language)

test("a Pro member plays the Lung channel's video by keyboard alone, with German captions", async ({ page }) => {
  // The channel's video is rendered when it is first played: some seconds of work on a fresh server.
  // The device asks for reduced motion, so the player plays the still version (its moving videos play
  // in the point videos' journey below), the cheaper one to render on a fresh server.
  test.slow()
  await page.emulateMedia({ reducedMotion: "reduce" })
  await signInAsPro(page)
  await page.goto("/book/pages/channels/lung-channel")
  const link = page.getByRole("link", { name: "Play channel video" })
  await link.focus()
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/video\/play-channel-video\/lung-channel$/)
  await expect(page.getByRole("heading", { level: 1, name: "Lung Channel of Hand Taiyin: the video" })).toBeVisible()
  await expectAccessible(page)

  // Tab to the picture, then its keys: Space plays, K pauses, L skips ahead.
  const frame = page.getByRole("group", { name: "Video: Lung Channel of Hand Taiyin" })
  for (let i = 0; i < 60 && !(await frame.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab")
  await expect(frame).toBeFocused()
  await page.keyboard.press("Space")
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible()
  // The first request renders the video: it may take a while before the picture moves.
  await expect
    .poll(() => video(page).evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 90_000 })
    .toBeGreaterThan(0)
  await page.keyboard.press("k")
  await expect.poll(() => isPlaying(page)).toBe(false)
  const before = await video(page).evaluate((el: HTMLVideoElement) => el.currentTime)
  await page.keyboard.press("l")
  await expect.poll(() => video(page).evaluate((el: HTMLVideoElement) => el.currentTime)).toBeGreaterThan(before + 9)

  // Captions on, in German, by keyboard: the toggle, then the language's list.
  const captions = page.getByRole("button", { name: "Captions" })
  await captions.focus()
  await page.keyboard.press("Space")
  await expect(captions).toHaveAttribute("aria-pressed", "true")
  await expect.poll(() => showingTrack(page)).toBe("en")
  await page.getByRole("button", { name: /Caption language/ }).focus()
  await page.keyboard.press("Enter")
  await page.getByRole("option", { name: "Deutsch" }).focus()
  await page.keyboard.press("Enter")
  await expect.poll(() => showingTrack(page)).toBe("de")
  const transcript = page.getByRole("region", { name: "Transcript" })
  await expect(transcript.getByRole("list")).toHaveAttribute("lang", "de")
  await expect(transcript.getByRole("button").first()).toContainText("Lungen")
  // A line of the transcript is a way to jump there.
  const third = transcript.getByRole("listitem").nth(2)
  await third.getByRole("button").focus()
  await page.keyboard.press("Enter")
  await expect(third).toHaveAttribute("aria-current", "true")

  // The video and its German captions come from signed addresses: the bytes in ranges, the words as WebVTT.
  await expect(
    page.getByText("Still pictures: the video cuts from view to view instead of moving (reduced motion)."),
  ).toBeVisible()
  const listed = await api<VideoListing>(page, "/api/channel-videos/lung-channel")
  const part = await page.request.get(listed.media!.still, { headers: { range: "bytes=0-1023" } })
  expect(part.status()).toBe(206)
  expect(part.headers()["content-type"]).toBe("video/mp4")
  const vtt = await page.request.get(listed.media!.captions.find((c) => c.language === "de")!.src)
  expect(await vtt.text()).toMatch(/^WEBVTT/)

  // An extra point's page leads to its video, in the queue of the 48 extra points.
  await page.goto("/point/ex-hn3-yintang")
  await page.getByRole("link", { name: "Play this point's video" }).click()
  await expect(page).toHaveURL(/\/video\/play-channel\/extra-points\?start=ex-hn3-yintang$/)
  const extras = page.getByRole("navigation", { name: "48 point videos" })
  await expect(extras.getByRole("listitem").nth(2)).toHaveAttribute("aria-current", "true")
  await expect(page.getByRole("group", { name: /^Video: EX-HN3 Yìntáng/ })).toBeVisible()
  await expect(page.getByRole("link", { name: "Back to Extra points" })).toHaveAttribute(
    "href",
    "/book/pages/extra-points",
  )
})

test("the Lung channel's point videos play one after another by themselves, each announced", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page))
  await api(page, "/api/user-settings", { method: "POST", data: { continousPlay: true } })
  await page.goto("/point/lu-10-yuji")
  await page.getByRole("link", { name: "Play this point's video" }).click()
  await expect(page).toHaveURL(/\/video\/play-channel\/lung-channel\?start=lu-10-yuji$/)
  const queue = page.getByRole("navigation", { name: "11 point videos" })
  await expect(queue.getByRole("listitem").nth(9)).toHaveAttribute("aria-current", "true")
  await expect(page.getByText(/^Playing LU-10 Yújì/)).toBeVisible()
  await expectAccessible(page)

  await page.getByRole("button", { name: "Play", exact: true }).click()
  await expect
    .poll(() => video(page).evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 60_000 })
    .toBeGreaterThan(0)
  // To the end by the position slider's End key: the next point starts by itself.
  await page.getByRole("slider", { name: "Position" }).focus()
  await page.keyboard.press("End")
  await expect(queue.getByRole("listitem").nth(10)).toHaveAttribute("aria-current", "true")
  await expect(page.getByRole("status").filter({ hasText: "Now playing: LU-11 Shàoshāng" })).toBeAttached()
  await expect.poll(() => isPlaying(page)).toBe(true)
  await expect(queue.getByRole("button", { name: "Play next" })).toBeDisabled()
})

test("a Standard user meets a Pro channel's videos locked, and cannot fetch their bytes", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page))
  await page.goto("/book/pages/channels/lung-channel")
  await page.getByRole("link", { name: "Play all point videos" }).click()
  await expect(page.getByRole("navigation", { name: "11 point videos" })).toBeVisible()

  await page.goto("/video/play-channel/stomach-channel")
  await expect(page.getByRole("dialog", { name: "This is part of Jingluo Pro" })).toBeVisible()
  await page.keyboard.press("Escape")
  await expect(page.getByRole("heading", { level: 1, name: "Stomach Channel of Foot Yangming" })).toBeVisible()
  await expect(page.locator("video")).toHaveCount(0)

  const stomach = await api<PointVideos>(page, "/api/point-videos/stomach-channel")
  expect(stomach.points.every((p) => !p.permission && p.media === null)).toBe(true)
  // The Lung point's signature does not open a Stomach point's file.
  const lung = await api<PointVideos>(page, "/api/point-videos/lung-channel")
  const [, query] = lung.points[0]!.media!.src.split("?")
  const guessed = await page.request.get(`/media/videos/point-st-36-0000000000000000.mp4?${query}`)
  expect(guessed.status()).toBe(403)
})
