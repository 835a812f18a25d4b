// The video settings against the real server: a signed-in learner opens them from the account
// settings navigation by keyboard, changes every setting by keyboard (Space on the switches, arrows
// in the radio groups), saves, and finds them kept after a reload; then the same page in German on a
// 320 px phone shows them in its own words, takes a change by pointer and keeps it. axe on both, and
// nothing scrolls sideways on the phone. The player then plays the still version (reduced motion)
// at the chosen speed.
import type { Locator, Page } from "@playwright/test"
import { createVerifiedUser, expectAccessible, signIn, uniqueEmail } from "./support/fixtures.ts"
import { sideways } from "./support/phones.ts"
import { expect, test } from "./support/test.ts"

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
})

/** Tab (forward) until the element has focus, as a keyboard user does. */
const tabTo = async (page: Page, target: Locator) => {
  for (let i = 0; i < 40 && !(await target.evaluate((e) => e === document.activeElement)); i++)
    await page.keyboard.press("Tab")
  await expect(target).toBeFocused()
}

const group = (page: Page, name: string) => page.getByRole("radiogroup", { name })

test("video settings: chosen by keyboard, saved, kept after a reload, and shown in German on a phone", async ({
  page,
  context,
  baseURL,
}) => {
  const email = await createVerifiedUser(page, uniqueEmail("video"))
  await signIn(page, email)
  await page.goto("/account-settings/my-profile")
  await tabTo(
    page,
    page.getByRole("navigation", { name: "Account settings" }).getByRole("link", { name: "Video settings" }),
  )
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/account-settings\/video-settings$/)
  await expect(page.getByRole("heading", { level: 1, name: "Video settings" })).toBeVisible()

  const continuous = page.getByRole("switch", { name: "Play the next video by itself" })
  const captions = page.getByRole("switch", { name: "Captions on when a video starts" })
  await expect(continuous).not.toBeChecked()
  await tabTo(page, continuous)
  await page.keyboard.press("Space")
  await page.keyboard.press("Tab")
  await expect(captions).toBeFocused()
  await page.keyboard.press("Space")
  // Tab enters each group on its chosen choice; the arrows choose.
  await page.keyboard.press("Tab")
  await expect(
    group(page, "Caption language").getByRole("radio", { name: "The app's language (English)" }),
  ).toBeFocused()
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowDown")
  await page.keyboard.press("Tab")
  await expect(group(page, "Playback speed").getByRole("radio", { name: "1× (normal)" })).toBeFocused()
  for (let i = 0; i < 2; i++) await page.keyboard.press("ArrowRight")
  await page.keyboard.press("Tab")
  await page.keyboard.press("ArrowDown")
  await page.keyboard.press("Tab")
  await expect(page.getByRole("button", { name: "Save video settings" })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(page.getByRole("status").filter({ hasText: "Your video settings have been saved." })).toBeVisible()
  await expect(page.getByRole("button", { name: "Save video settings" })).toBeFocused()
  await expectAccessible(page)

  await page.reload()
  await expect(continuous).toBeChecked()
  await expect(captions).toBeChecked()
  await expect(group(page, "Caption language").getByRole("radio", { name: "Español" })).toBeChecked()
  await expect(group(page, "Playback speed").getByRole("radio", { name: "1.5×" })).toBeChecked()
  await expect(group(page, "Reduced motion").getByRole("radio", { name: "On: still frames" })).toBeChecked()

  // German, on the narrowest phone.
  await context.addCookies([{ name: "language", value: "de", url: baseURL! }])
  await page.setViewportSize({ width: 320, height: 720 })
  await page.reload()
  await expect(page.getByRole("heading", { level: 1, name: "Videoeinstellungen" })).toBeVisible()
  await expect(page.getByRole("switch", { name: "Nächstes Video automatisch abspielen" })).toBeChecked()
  await expect(group(page, "Sprache der Untertitel").getByRole("radio", { name: "Español" })).toBeChecked()
  const speed = group(page, "Wiedergabegeschwindigkeit")
  await expect(speed.getByRole("radio", { name: "1,5×" })).toBeChecked()
  await expect(group(page, "Reduzierte Bewegung").getByRole("radio", { name: "An: Standbilder" })).toBeChecked()
  expect(await sideways(page)).toBe("")
  await expectAccessible(page)
  // A pointer chooses what it sees: the choice's label (React Aria hides the radio itself inside it).
  await speed.getByText("0,75×", { exact: true }).click()
  await page.getByRole("button", { name: "Videoeinstellungen speichern" }).click()
  await expect(
    page.getByRole("status").filter({ hasText: "Deine Videoeinstellungen wurden gespeichert." }),
  ).toBeVisible()
  await page.reload()
  await expect(group(page, "Wiedergabegeschwindigkeit").getByRole("radio", { name: "0,75×" })).toBeChecked()
  const stored = await (await page.request.get("/api/user-settings")).json()
  expect(stored).toMatchObject({
    continousPlay: true,
    videoCaptions: true,
    videoCaptionLanguage: "es",
    videoSpeed: 0.75,
    videoReducedMotion: "on",
  })

  // The player follows them: reduced motion plays each video's still version, and says so.
  await page.goto("/video/play-channel/lung-channel?start=lu-9-taiyuan")
  await expect(page.getByText(/^Standbilder: Das Video wechselt von Ansicht zu Ansicht/)).toBeVisible()
  const video = page.locator("video")
  await expect(video).toHaveAttribute("src", /^\/media\/videos\/point-lu-9-still-[0-9a-f]{16}\.mp4\?/)
  await page.getByRole("button", { name: "Abspielen", exact: true }).click()
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 60_000 })
    .toBeGreaterThan(0)
  expect(await video.evaluate((el: HTMLVideoElement) => el.playbackRate)).toBe(0.75)
})
