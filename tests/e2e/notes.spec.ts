// Notes and the app review in Chromium against the real server: notes switched on from the point
// page by keyboard, a note on LU-9 written, saved as typed, there after a reload, found in /my-notes
// with the filter and followed back; hidden again by mouse; two tabs that both write: a dialog asks
// which text to keep, answered by keyboard (keep both, then keep mine); typing offline is saved when
// back online; text typed as the session ends is saved after signing in again; a note in Chinese
// drawn in our fonts; a rating left by keyboard, changed by mouse; German and Spanish words; axe on
// every screen.

import type { Page } from "@playwright/test"
import { createVerifiedUser, expectAccessible, PASSWORD, signIn } from "./support/fixtures.ts"
import { expectDrawnInWebFonts, fontRequests } from "./support/fonts.ts"
import { expect, test } from "./support/test.ts"

const LU9 = "/point/lu-9-taiyuan"

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
})

const notesSwitch = (page: Page) => page.getByRole("switch", { name: "Show my notes on point pages" })
const noteField = (page: Page) => page.getByRole("textbox", { name: "Your note on LU-9" })

/** The point page with the note section loaded (the switch answers once the setting is known). */
const openLu9 = async (page: Page) => {
  await page.goto(LU9)
  await expect(page.getByRole("heading", { level: 1 })).toContainText("LU-9")
  await expect(notesSwitch(page)).toBeEnabled()
}

test("notes: switched on by keyboard, written on LU-9, kept after a reload, found in /my-notes, hidden by mouse", async ({
  page,
}) => {
  await signIn(page, await createVerifiedUser(page))
  await openLu9(page)
  await expect(notesSwitch(page)).not.toBeChecked()
  await expect(page.getByText(/Turn on “Show my notes on point pages”/)).toBeVisible()
  await expect(noteField(page)).toHaveCount(0)
  await expectAccessible(page)

  // Keyboard: the switch, then the field.
  await notesSwitch(page).focus()
  await page.keyboard.press("Space")
  await expect(notesSwitch(page)).toBeChecked()
  await expect(noteField(page)).toBeVisible()
  // The switch keeps the cursor while the setting is saved (it is never disabled under it), and the
  // settings page's toast says it is saved.
  await expect(notesSwitch(page)).toBeFocused()
  await expect(page.getByText("Your settings have been saved.")).toBeVisible()
  await expect(notesSwitch(page)).toBeFocused()
  await page.keyboard.press("Tab")
  await expect(noteField(page)).toBeFocused()
  await page.keyboard.type("Pulse point of the lung.")
  await page.keyboard.press("Enter")
  await page.keyboard.type("Press at the wrist crease.")
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible()
  await expectAccessible(page)

  await page.reload()
  await expect(noteField(page)).toHaveValue("Pulse point of the lung.\nPress at the wrist crease.")
  await expect(notesSwitch(page)).toBeChecked()

  // A second note, so the list has something to filter out.
  await page.goto("/point/lu-1-zhongfu")
  const lu1 = page.getByRole("textbox", { name: "Your note on LU-1" })
  await lu1.fill("Chest, below the clavicle.")
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible()
  // Changed, and left at once (before the save's debounce ends): the list shows the new words.
  await lu1.fill("Chest, below the clavicle, lateral.")

  await page.getByRole("link", { name: "All my notes" }).click()
  await expect(page.getByRole("heading", { level: 1, name: "My notes" })).toBeVisible()
  const notes = page.locator(".my-note")
  await expect(notes).toHaveCount(2)
  // Newest first.
  await expect(notes.first()).toContainText("LU-1")
  await expect(notes.first()).toContainText("Chest, below the clavicle, lateral.")
  await expect(page.getByText("2 notes, newest first.")).toBeVisible()
  await expectAccessible(page)
  await page.getByRole("searchbox", { name: "Filter notes" }).fill("wrist")
  await expect(notes).toHaveCount(1)
  await expect(page.getByText("1 of 2 notes matches.")).toBeVisible()
  await expect(notes.first()).toContainText("Press at the wrist crease.")
  // Follow it back by keyboard.
  await notes.first().getByRole("link").focus()
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(new RegExp(`${LU9}$`))
  await expect(noteField(page)).toHaveValue(/wrist crease/)

  // Mouse: hide notes; the setting holds after a reload.
  await page.locator(".notes-switch").click()
  await expect(notesSwitch(page)).not.toBeChecked()
  await expect(noteField(page)).toHaveCount(0)
  await page.reload()
  await expect(notesSwitch(page)).toBeEnabled()
  await expect(notesSwitch(page)).not.toBeChecked()
  await expect(noteField(page)).toHaveCount(0)
})

test("a note in Chinese is drawn in our fonts in its field and in /my-notes, a character beyond the point names too", async ({
  page,
}) => {
  await signIn(page, await createVerifiedUser(page))
  await openLu9(page)
  await notesSwitch(page).focus()
  await page.keyboard.press("Space")
  await expect(noteField(page)).toBeVisible()
  // 太淵 is in our subsets of the point names; 貓 is in no text of ours, so only the full face draws it.
  const text = "太淵 貓"
  const fonts = fontRequests(page)
  await noteField(page).fill(text)
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible()
  await expectDrawnInWebFonts(noteField(page), text)
  expect(fonts.some((file) => file.startsWith("noto-serif-tc-") && file.endsWith(".woff2"))).toBe(true)

  await page.getByRole("link", { name: "All my notes" }).click()
  const note = page.locator(".my-note-text")
  await expect(note).toHaveText(text)
  await expectDrawnInWebFonts(note, text)
})

test("notes: two tabs writing the same note ask which text to keep; typing offline is saved when back online", async ({
  page,
  context,
}) => {
  const email = await createVerifiedUser(page)
  await signIn(page, email)
  await openLu9(page)
  await page.locator(".notes-switch").click()
  await noteField(page).fill("first words")
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible()

  const other = await context.newPage()
  await openLu9(other)
  await expect(noteField(other)).toHaveValue("first words")
  await noteField(other).fill("first words, from the other tab")
  await expect(other.getByRole("status").filter({ hasText: "Saved" })).toBeVisible()

  // This tab still holds the older version: a dialog asks which text to keep; nothing is joined unasked.
  await noteField(page).fill("first words and mine")
  const conflict = page.getByRole("alertdialog", { name: "This note was changed in another tab or device" })
  await expect(conflict).toBeVisible()
  await expect(conflict).toContainText("first words, from the other tab")
  await expect(conflict.getByRole("button", { name: "Keep mine" })).toBeFocused()
  await expectAccessible(page)
  // Keyboard: past "Take theirs" to "Keep both".
  await page.keyboard.press("Tab")
  await expect(conflict.getByRole("button", { name: "Take theirs" })).toBeFocused()
  await page.keyboard.press("Tab")
  await expect(conflict.getByRole("button", { name: "Keep both" })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(conflict).toHaveCount(0)
  await expect(noteField(page)).toBeFocused()
  await expect(noteField(page)).toHaveValue(/^first words, from the other tab[\s\S]*first words and mine$/)
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible()
  await other.reload()
  await expect(noteField(other)).toHaveValue(/from the other tab[\s\S]*first words and mine/)

  // Again, and this time "Keep mine" (Enter on the first choice) stores this tab's text alone.
  await noteField(other).fill("the other tab again")
  await expect(other.getByRole("status").filter({ hasText: "Saved" })).toBeVisible()
  await noteField(page).fill("only mine")
  await expect(conflict.getByRole("button", { name: "Keep mine" })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible()
  await expect(noteField(page)).toHaveValue("only mine")
  await other.reload()
  await expect(noteField(other)).toHaveValue("only mine")
  await other.close()

  // Offline: the text stays on the device and is saved when the browser is online again.
  await context.setOffline(true)
  await noteField(page).fill("written on the train")
  await expect(page.getByText(/You are offline\. Your note is kept on this device/)).toBeVisible()
  await context.setOffline(false)
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible()
  await page.reload()
  await expect(noteField(page)).toHaveValue("written on the train")
})

test("notes: text typed as the session ends is kept and saved after signing in again", async ({
  page,
  context,
  request,
}) => {
  const email = await createVerifiedUser(page)
  await signIn(page, email)
  await openLu9(page)
  await page.locator(".notes-switch").click()
  await noteField(page).fill("before the session ended")
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible()

  // The session ends on the server (as when it expires, or is signed out on another device).
  const token = (await context.cookies()).find((cookie) => cookie.name === "token")?.value
  expect(token).toBeTruthy()
  // From elsewhere (an API client with its own cookies): the browser still holds its cookie.
  const ended = await request.post("/api/logout", {
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
  })
  expect(ended.status()).toBe(200)

  await noteField(page).fill("before the session ended, and after")
  await expect(page.getByText("Your session has ended. Please log in again.")).toBeVisible()
  await expect(page).toHaveURL(/\/login/)

  // Signing in again (the payment offer was already made today, so it does not come back).
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="password"]').fill(PASSWORD)
  await page.locator('form button[type="submit"]').click()
  await expect(page).not.toHaveURL(/\/login/)
  await openLu9(page)
  await expect(noteField(page)).toHaveValue("before the session ended, and after")
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible()
  await page.reload()
  await expect(noteField(page)).toHaveValue("before the session ended, and after")
})

test("support: a rating left by keyboard with what to improve, then changed by mouse", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page))
  await page.goto("/account-settings/support")
  await expect(page.getByRole("heading", { level: 1, name: "Support" })).toBeVisible()
  const stars = page.getByRole("radiogroup", { name: "Your rating" })
  await expect(stars.getByRole("radio")).toHaveCount(5)
  await expectAccessible(page)

  // Keyboard: into the stars, two to the right, then the comments; Enter sends.
  await page.getByRole("radio", { name: "1 of 5 stars" }).focus()
  await page.keyboard.press("Space")
  await page.keyboard.press("ArrowRight")
  await expect(page.getByRole("radio", { name: "2 of 5 stars" })).toBeChecked()
  const improve = page.getByRole("textbox", { name: "What should we improve?" })
  await expect(improve).toBeVisible()
  await page.keyboard.press("Tab")
  await expect(page.getByRole("textbox", { name: "Your comment" })).toBeFocused()
  await page.keyboard.type("Good texts.")
  await page.keyboard.press("Tab")
  await expect(improve).toBeFocused()
  await page.keyboard.type("More body charts.")
  await page.keyboard.press("Tab")
  await expect(page.getByRole("button", { name: "Send review" })).toBeFocused()
  await expectAccessible(page)
  await page.keyboard.press("Enter")
  await expect(page.getByText("Thank you! Your review is saved.")).toBeVisible()

  await page.reload()
  await expect(page.getByText(/Your review: 2 of 5 stars/)).toBeVisible()
  await expect(page.getByRole("radio", { name: "2 of 5 stars" })).toBeChecked()
  await expect(improve).toHaveValue("More body charts.")

  // Mouse: five stars; the improve field goes, the review changes.
  await page.locator(".star").nth(4).click()
  await expect(improve).toHaveCount(0)
  await page.getByRole("button", { name: "Change review" }).click()
  await expect(page.getByText("Thank you! Your review is saved.")).toBeVisible()
  await page.reload()
  await expect(page.getByText(/Your review: 5 of 5 stars/)).toBeVisible()
})

for (const [language, words] of [
  [
    "de",
    {
      notes: "Meine Notiz",
      show: "Meine Notizen auf Punktseiten zeigen",
      list: "Meine Notizen",
      support: "Deine Bewertung von Jingluo",
      star: "3 von 5 Sternen",
    },
  ],
  [
    "es",
    {
      notes: "Mi nota",
      show: "Mostrar mis notas en las páginas de puntos",
      list: "Mis notas",
      support: "Tu valoración de Jingluo",
      star: "3 de 5 estrellas",
    },
  ],
] as const) {
  test(`notes and support speak ${language}`, async ({ page, context, baseURL }) => {
    await signIn(page, await createVerifiedUser(page))
    await context.addCookies([{ name: "language", value: language, url: baseURL! }])
    await page.goto(LU9)
    await expect(page.getByRole("heading", { level: 2, name: words.notes })).toBeVisible()
    await expect(page.getByRole("switch", { name: words.show })).toBeEnabled()
    await expectAccessible(page)
    await page.goto("/my-notes")
    await expect(page.getByRole("heading", { level: 1, name: words.list })).toBeVisible()
    await expectAccessible(page)
    await page.goto("/account-settings/support")
    await expect(page.getByRole("heading", { level: 2, name: words.support })).toBeVisible()
    await expect(page.getByRole("radio", { name: words.star })).toBeVisible()
    await expectAccessible(page)
  })
}
