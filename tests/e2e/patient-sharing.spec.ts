// Patient sharing against the real server: a Pro member shares two acupressure videos by keyboard
// alone (the consent question comes when the box is unticked), the patient's link from the outbox
// plays in a fresh browser without an account, and after the member revokes it the same link says it
// has ended. A Standard member meets the Pro badge and the upgrade modal, and the API refuses them;
// in German the entry is absent. axe with WCAG 2.2 AA on the form, the list and the patient's page.
import type { Locator, Page } from "@playwright/test"
import { createVerifiedUser, expectAccessible, signIn, signInAsPro, uniqueEmail } from "./support/fixtures.ts"
import { latestMail } from "./support/outbox.ts"
import { expect, test } from "./support/test.ts"

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
})

/** Presses Tab until `target` has the focus (a keyboard user's way through the page). */
const tabTo = async (page: Page, target: Locator, key: "Tab" | "Shift+Tab" = "Tab") => {
  for (let i = 0; i < 80 && !(await target.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press(key)
  await expect(target).toBeFocused()
}

const openAccountMenu = async (page: Page, names = { button: "My account", menu: "Account" }) => {
  await page.getByRole("button", { name: names.button }).focus()
  await page.keyboard.press("Enter")
  const menu = page.getByRole("menu", { name: names.menu })
  await expect(menu).toBeVisible()
  return menu
}

test("a Pro member shares two videos by keyboard; the patient watches without an account until the link is revoked", async ({
  page,
  browser,
  baseURL,
}) => {
  // The patient's first play renders the video's still version on this fresh server.
  test.slow()
  await signInAsPro(page)
  await page.goto("/")
  const menu = await openAccountMenu(page)
  const entry = menu.getByRole("menuitem", { name: "Acupressure videos" })
  for (let i = 0; i < 12 && !(await entry.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("ArrowDown")
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/acupressure-videos$/)
  await expect(page.getByRole("heading", { level: 1, name: "Acupressure videos" })).toBeVisible()
  const form = page.getByRole("region", { name: "Share with a patient" })
  const videos = form.getByRole("group", { name: "Videos" })
  await expect(videos.getByRole("checkbox")).toHaveCount(26)
  await expect(page.getByText("You have not shared any videos yet.")).toBeVisible()
  const share = form.getByRole("button", { name: "Share" })
  await expect(share).toBeDisabled()
  await expectAccessible(page)

  const patient = uniqueEmail("patient")
  const email = form.getByRole("textbox", { name: "Patient's e-mail address" })
  await tabTo(page, email)
  await page.keyboard.type(patient)
  // Yintang first: the shortest video, the one the patient plays (its first play renders it).
  const yintang = videos.getByRole("checkbox", { name: /EX-HN3/ })
  const quchi = videos.getByRole("checkbox", { name: /LI-11/ })
  await tabTo(page, yintang)
  await page.keyboard.press("Space")
  await tabTo(page, quchi)
  await page.keyboard.press("Space")
  await expect(yintang).toBeChecked()
  await expect(quchi).toBeChecked()
  await expect(share).toBeEnabled()

  // Unticked, the question comes first; Cancel goes back to the box, "Yes" sends.
  await tabTo(page, share)
  await page.keyboard.press("Enter")
  const question = page.getByRole("alertdialog", { name: "Did your patient agree to be e-mailed?" })
  await expect(question).toBeVisible()
  // axe reads the page from its top, so no button it judges sits half under the sticky header.
  await page.evaluate(() => window.scrollTo(0, 0))
  await expectAccessible(page)
  await question.getByRole("button", { name: "Cancel" }).focus()
  await page.keyboard.press("Enter")
  await expect(question).toBeHidden()
  await expect(form.getByRole("checkbox", { name: "My patient agreed to receive this e-mail" })).toBeFocused()
  await tabTo(page, share)
  await page.keyboard.press("Enter")
  await expect(question).toBeVisible()
  await question.getByRole("button", { name: "Yes, they agreed" }).focus()
  await page.keyboard.press("Enter")
  await expect(form.getByRole("status")).toContainText(/^Sent to p•••@example\.com — the link works until /)
  await expect(email).toBeFocused()
  await expect(email).toHaveValue("")

  const list = page.getByRole("region", { name: "Shared with patients" })
  const row = list.getByRole("row").filter({ hasText: "p•••@example.com" })
  await expect(row).toContainText(/Active until/)
  await expect(row).toContainText("EX-HN3")
  await expect(row).toContainText("LI-11")
  await expectAccessible(page)

  // The mail: English, from the member, one link.
  const mail = await latestMail(patient, "patient-videos")
  expect(mail.subject).toBe("Lin Wei shared acupressure videos with you")
  const link = /https?:\/\/\S+\/patient\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0] ?? ""
  expect(link).not.toBe("")
  const path = new URL(link).pathname

  // The patient: a fresh browser, no account, reduced motion asked by the device.
  const patientContext = await browser.newContext({ baseURL: baseURL!, reducedMotion: "reduce" })
  const patientPage = await patientContext.newPage()
  await patientPage.goto(path)
  await expect(patientPage.getByRole("heading", { level: 1, name: "Acupressure videos from Lin Wei" })).toBeVisible()
  await expect(patientPage.getByRole("link", { name: /log in|sign in/i })).toHaveCount(0)
  await expect(patientPage.getByRole("button", { name: "My account" })).toHaveCount(0)
  await expect(patientPage.getByText("2 videos")).toBeVisible()
  await expectAccessible(patientPage)
  const firstVideo = patientPage.locator("video").first()
  const picture = patientPage.getByRole("group", { name: /^Video: / }).first()
  await picture.focus()
  await patientPage.keyboard.press("Space")
  // Its first play renders the video (the still version here): some seconds on a fresh server.
  await expect
    .poll(() => firstVideo.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 90_000 })
    .toBeGreaterThan(0)
  await expect(patientPage.getByRole("region", { name: "Transcript" })).toContainText(
    "Find the inner ends of your two eyebrows",
  )

  // The member revokes the link by keyboard; the patient's page then says it has ended.
  const revoke = row.getByRole("button", { name: /^Revoke the link sent to p•••@example\.com/ })
  await tabTo(page, revoke)
  await page.keyboard.press("Enter")
  const confirm = page.getByRole("alertdialog")
  await expect(confirm).toContainText("Revoke this link?")
  await confirm.getByRole("button", { name: "Yes, revoke" }).focus()
  await page.keyboard.press("Enter")
  await expect(row).toContainText("Revoked")
  await patientPage.reload()
  await expect(patientPage.getByRole("heading", { level: 1, name: "This link has ended" })).toBeVisible()
  await expectAccessible(patientPage)
  await patientContext.close()
})

test("a Standard member meets the Pro badge and the upgrade, the API refuses them, and in German the entry is absent", async ({
  page,
  baseURL,
}) => {
  await signIn(page, await createVerifiedUser(page))
  const menu = await openAccountMenu(page)
  const entry = menu.getByRole("menuitem", { name: /Acupressure videos/ })
  await expect(entry).toContainText("Pro")
  await entry.click()
  await expect(page.getByRole("dialog", { name: "This is part of Jingluo Pro" })).toBeVisible()
  await page.keyboard.press("Escape")

  const refused = await page.request.post("/api/jing/email/patient_videos", {
    data: { email: "patient@example.org", videos: ["6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b"] },
  })
  expect(refused.status()).toBe(403)
  expect((await page.request.get("/api/jing/patient_videos")).status()).toBe(403)

  await page.context().addCookies([{ name: "language", value: "de", url: baseURL! }])
  await page.goto("/")
  await expect(page.locator("html")).toHaveAttribute("lang", "de")
  const german = await openAccountMenu(page, { button: "Mein Konto", menu: "Konto" })
  await expect(german.getByRole("menuitem").first()).toBeVisible()
  await expect(german.getByRole("menuitem", { name: /Akupressur|Acupressure/ })).toHaveCount(0)
})
