// Search journeys in Chromium against the real server: LU-9 by taiyuan, 太淵 (drawn in our fonts, as
// is the help text's 太淵) and lu9 from the header (keyboard only) and the all-points search (mouse),
// PC-6 by P6, GB-20 by "headache" for a Pro user (with the indication) and by its name only for a
// Standard user (code and name, no text: its indications are not searched for them), a German user
// by "Kopfschmerzen", the main search's buttons, keyword error and empty result, the full text
// paged, point addresses however typed, and axe on every search screen.
import type { Page } from "@playwright/test"
import { becomePro, createVerifiedUser, expectAccessible, signIn } from "./support/fixtures.ts"
import { expectDrawnInWebFonts } from "./support/fonts.ts"
import { expect, test } from "./support/test.ts"

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
})

/** Opens the header's search submenu by keyboard; the cursor lands in its field. */
const openHeaderSearch = async (page: Page) => {
  const button = page.getByRole("banner").getByRole("button", { name: "Search", exact: true })
  await button.focus()
  await page.keyboard.press("Enter")
  await expect(button).toHaveAttribute("aria-expanded", "true")
  const field = page.getByRole("searchbox", { name: "Search" })
  await expect(field).toBeFocused()
  return field
}

test("a signed-in user finds LU-9 from the header by taiyuan, 太淵 and lu9, by keyboard only", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page))
  for (const typed of ["taiyuan", "太淵", "lu9"]) {
    const field = await openHeaderSearch(page)
    await page.keyboard.insertText(typed)
    // Typed Chinese is drawn by our fonts, not left to the device (empty boxes without a Chinese font).
    if (typed === "太淵") {
      await expectDrawnInWebFonts(field, typed)
      await expectDrawnInWebFonts(page.locator("#search-menu").getByText(/Taiyuan, 太淵/), "太淵")
    }
    const options = page.getByRole("listbox", { name: "First results" }).getByRole("option")
    await expect(options.first()).toContainText("LU-9")
    await expect(page.getByRole("status").filter({ hasText: /points? found/ })).toBeVisible()
    if (typed === "taiyuan") await expectAccessible(page)
    // Down into the results: the first is active and Enter opens it.
    await page.keyboard.press("ArrowDown")
    await expect(options.first()).toHaveAttribute("data-focused", "true")
    await page.keyboard.press("Enter")
    await expect(page).toHaveURL(/\/point\/lu-9-taiyuan$/)
    await expect(page.getByRole("heading", { level: 1 })).toContainText("LU-9 Tàiyuān")
    // The submenu closed; focus moved to the page.
    await expect(page.locator("#search-menu")).toHaveCount(0)
  }
  // The arrows move through the results while the cursor stays in the field.
  const field = await openHeaderSearch(page)
  await page.keyboard.type("lu1")
  const options = page.getByRole("listbox", { name: "First results" }).getByRole("option")
  await expect(options.nth(1)).toBeVisible()
  await page.keyboard.press("ArrowDown")
  await expect(options.first()).toHaveAttribute("data-focused", "true")
  await page.keyboard.press("ArrowDown")
  await expect(options.nth(1)).toHaveAttribute("data-focused", "true")
  await expect(field).toBeFocused()
  const second = await options.nth(1).getAttribute("href")
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(new RegExp(`${second}$`))
})

test("Escape clears the header field, a second Escape closes the submenu; Enter shows all results", async ({
  page,
}) => {
  await signIn(page, await createVerifiedUser(page))
  const field = await openHeaderSearch(page)
  await page.keyboard.type("cough")
  const suggestions = page.getByRole("listbox", { name: "First results" })
  await expect(suggestions.getByRole("option").first()).toBeVisible()
  // The first results carry their snippets with the match marked, and the count is announced.
  await expect(suggestions.locator(".suggestion-snippet mark").first()).toHaveText(/cough/i)
  await expect(page.getByRole("status").filter({ hasText: /points? found/ })).toBeVisible()
  await page.keyboard.press("Escape")
  await expect(field).toHaveValue("")
  await expect(page.getByRole("listbox", { name: "First results" }).getByRole("option")).toHaveCount(0)
  await page.keyboard.press("Escape")
  await expect(page.locator("#search-menu")).toHaveCount(0)
  await expect(page.getByRole("banner").getByRole("button", { name: "Search", exact: true })).toBeFocused()

  // Opened by mouse; Enter with no result chosen shows all results in the main search.
  await page.getByRole("banner").getByRole("button", { name: "Search", exact: true }).click()
  await page.getByRole("searchbox", { name: "Search" }).fill("wrist pain")
  await expect(page.getByRole("link", { name: "Show all results for “wrist pain”" })).toBeVisible()
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/search\?keyword=wrist\+pain$/)
  await expect(page.getByRole("searchbox", { name: "Keyword" })).toHaveValue("wrist pain")
  await expect(page.getByRole("status").filter({ hasText: /points found/ })).toBeVisible()
})

test("the all-points search by mouse: by name and by number, each result a link to its point", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page))
  await page.goto("/search")
  const panel = page.getByRole("region", { name: "Find a point" })
  await panel.getByRole("searchbox", { name: "Point name" }).click()
  await page.keyboard.type("tai yuan")
  await expect(panel.getByRole("option").first()).toContainText("LU-9")
  await expectAccessible(page)

  // Switching to the number search lists numbers at once; P6 is PC-6 (a Pro point for this user).
  await panel.getByText("Point number", { exact: true }).click()
  const number = panel.getByRole("searchbox", { name: "Point number" })
  await number.fill("P6")
  const pc6 = panel.getByRole("option", { name: /PC-6/ })
  await expect(pc6).toBeVisible()
  await expect(pc6).toContainText("Pro")
  await expect(pc6).toHaveAttribute("href", "/point/pc-6-neiguan")

  await number.fill("lu9")
  await panel.getByRole("option", { name: /LU-9/ }).click()
  await expect(page).toHaveURL(/\/point\/lu-9-taiyuan$/)
  await expect(page.getByRole("heading", { level: 1 })).toContainText("LU-9")
})

test("the all-points search by keyboard: the number toggle, type-ahead, arrows, Escape and Enter", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page))
  await page.goto("/search")
  const panel = page.getByRole("region", { name: "Find a point" })
  await panel.getByRole("radio", { name: "Point name" }).focus()
  await page.keyboard.press("ArrowRight")
  await expect(panel.getByRole("radio", { name: "Point number" })).toBeChecked()
  await page.keyboard.press("Tab")
  const number = panel.getByRole("searchbox", { name: "Point number" })
  await expect(number).toBeFocused()
  await page.keyboard.type("REN12")
  await expect(panel.getByRole("option").first()).toContainText("CV-12")
  await expect(panel.getByRole("status")).toHaveText(/points? found/)
  await page.keyboard.press("Escape")
  await expect(number).toHaveValue("")
  await expect(panel.getByRole("option")).toHaveCount(0)
  await page.keyboard.type("LU 9")
  const lu9 = panel.getByRole("option", { name: /^LU-9/ })
  await expect(lu9).toBeVisible()
  await page.keyboard.press("ArrowDown")
  await expect(panel.getByRole("option").first()).toHaveAttribute("data-focused", "true")
  await expect(number).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/point\/lu-9-taiyuan$/)
})

test("GB-20 by headache for a Pro user; by its name only, without its text, for a Standard user", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page))
  // Standard user, by keyboard: the symptom search is the main search in the indications; it looks
  // in the indications they may open, so GB-20's does not bring it.
  await page.goto("/search?field=indications")
  const keyword = page.getByRole("searchbox", { name: "Keyword" })
  await keyword.focus()
  await page.keyboard.type("headache")
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/keyword=headache&field=indications/)
  const results = page.locator(".search-results")
  await expect(page.getByRole("status").filter({ hasText: /points? found/ })).toBeVisible()
  await expect(results.getByRole("listitem").filter({ hasText: "GB-20" })).toHaveCount(0)
  // By its name it is found: code and name, the Pro badge, none of its text.
  await page.goto("/search")
  await page.getByRole("searchbox", { name: "Keyword" }).fill("Wind Pool")
  await page.keyboard.press("Enter")
  const gb20 = results.getByRole("listitem").filter({ hasText: "GB-20" })
  await expect(gb20).toContainText("Fēngchí")
  await expect(gb20).toContainText("Wind Pool")
  await expect(gb20).toContainText("Pro")
  await expect(gb20).not.toContainText("Occipital")
  await expect(page.locator("body")).not.toContainText("Occipital or one-sided headache")
  // In a Pro channel every match is locked: no list, one line that opens the upgrade modal.
  await page.goto("/search?keyword=wind&channel=gallbladder-channel")
  const more = page.getByRole("button", { name: /^\d+ more points? in Pro$/ })
  await expect(more).toBeVisible()
  await expect(results).toHaveCount(0)
  await expectAccessible(page)
  await more.focus()
  await page.keyboard.press("Enter")
  const upgrade = page.getByRole("dialog", { name: "This is part of Jingluo Pro" })
  await expect(upgrade).toBeVisible()
  await page.keyboard.press("Escape")
  await expect(upgrade).toBeHidden()

  // Pro user, by mouse: the matching indication is shown with the match marked.
  await becomePro(page)
  await page.goto("/search")
  await page.getByRole("searchbox", { name: "Keyword" }).fill("headache")
  await page.getByRole("button", { name: "Field" }).click()
  await page.getByRole("option", { name: "Indications" }).click()
  await page.getByRole("form", { name: "Keyword" }).getByRole("button", { name: "Search", exact: true }).click()
  const open = page.locator(".search-results").getByRole("listitem").filter({ hasText: "GB-20" })
  await expect(open).toContainText("Occipital or one-sided headache and migraine")
  await expect(open.locator("mark").first()).toHaveText(/headache/i)
  await open.getByRole("link", { name: /GB-20/ }).click()
  await expect(page).toHaveURL(/\/point\/gb-20-fengchi$/)
})

test("a German user finds points by Kopfschmerzen and by German names", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "language", value: "de", url: baseURL! }])
  await signIn(page, await createVerifiedUser(page))
  const button = page.getByRole("banner").getByRole("button", { name: "Suche", exact: true })
  await button.focus()
  await page.keyboard.press("Enter")
  await page.keyboard.type("Kopfschmerzen")
  const options = page.getByRole("listbox", { name: "Erste Treffer" }).getByRole("option")
  await expect(options.first()).toBeVisible()
  await expect(page.getByRole("status").filter({ hasText: /Punkte gefunden/ })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole("link", { name: "Alle Treffer für „Kopfschmerzen“ zeigen" }).click()
  await expect(page).toHaveURL(/keyword=Kopfschmerzen/)
  // A free point shows its German indication with the match marked.
  const free = page
    .locator(".search-results")
    .getByRole("listitem")
    .filter({ has: page.locator("mark") })
    .first()
  await expect(free.locator("mark").first()).toHaveText(/kopfschmerz/i)

  const panel = page.getByRole("region", { name: "Einen Punkt finden" })
  await panel.getByRole("searchbox", { name: "Punktname" }).fill("Großer Abgrund")
  await expect(panel.getByRole("option").first()).toContainText("LU-9")
})

test("the main search: buttons follow the keyword, the keyword error and noDataFound, the filters", async ({
  page,
}) => {
  await signIn(page, await createVerifiedUser(page))
  await page.goto("/search")
  const form = page.getByRole("form", { name: "Keyword" })
  const keyword = form.getByRole("searchbox", { name: "Keyword" })
  const search = form.getByRole("button", { name: "Search", exact: true })
  const clear = form.getByRole("button", { name: "Clear" })
  await expect(search).toBeDisabled()
  await expect(clear).toBeDisabled()
  await keyword.fill("   ")
  await expect(search).toBeDisabled()

  // Locked channels are listed disabled and prefixed Pro; the extraordinary vessels are not listed.
  await form.getByRole("button", { name: "Channel" }).click()
  await expect(page.getByRole("option", { name: /^LU · Lung/ })).toBeEnabled()
  await expect(page.getByRole("option", { name: /^Pro · ST · Stomach/ })).toHaveAttribute("aria-disabled", "true")
  await expect(page.getByRole("option", { name: /Chong|Penetrating/ })).toHaveCount(0)
  await page.getByRole("option", { name: /^LU · Lung/ }).click()
  await form.getByRole("button", { name: "Point" }).click()
  await page.getByRole("option", { name: /^LU-9/ }).click()

  await keyword.fill("cough")
  await expect(search).toBeEnabled()
  await search.click()
  const results = page.locator(".search-results").getByRole("listitem")
  await expect(results).toHaveCount(1)
  await expect(results.first()).toContainText("LU-9")
  await expect(page).toHaveURL(/channel=lung-channel&point=lu-9-taiyuan/)

  await keyword.fill("qqqzzzxx")
  await search.click()
  await expect(page.getByRole("status").filter({ hasText: "No results found" })).toBeVisible()

  // A keyword over 100 characters is refused by the Schema the server checks too: the message shows
  // under the field, the text stays.
  const long = "a".repeat(101)
  await keyword.fill(long)
  await search.click()
  await expect(keyword).toHaveAccessibleDescription("This is too long")
  await expect(keyword).toHaveValue(long)

  await clear.click()
  await expect(keyword).toHaveValue("")
  await expect(keyword).toBeFocused()
  await expect(search).toBeDisabled()
  await expect(clear).toBeDisabled()
  await expectAccessible(page)
})

test("the full text pages through results with snippets of about 70 words", async ({ page }) => {
  await page.goto("/full-text")
  await expect(page.getByRole("heading", { level: 1, name: "Full text" })).toBeVisible()
  const keyword = page.getByRole("searchbox", { name: "Words to find" })
  await keyword.fill("pain")
  await keyword.press("Enter")
  await expect(page.getByRole("status").filter({ hasText: /points found/ })).toBeVisible()
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible()
  await expectAccessible(page)
  const firstPage = await page.locator(".search-results .result-title").allTextContents()
  await page.getByRole("button", { name: "Next page" }).click()
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible()
  await expect(page).toHaveURL(/page=2/)
  const secondPage = await page.locator(".search-results .result-title").allTextContents()
  expect(secondPage.filter((title) => firstPage.includes(title))).toEqual([])
  for (const snippet of await page.locator(".result-snippet dd").allTextContents()) {
    expect(snippet.split(/\s+/).filter((w) => w !== "…").length).toBeLessThanOrEqual(72)
  }
  // Reloading keeps the search.
  await page.reload()
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible()
  // Back a page by keyboard.
  await page.getByRole("button", { name: "Previous page" }).focus()
  await page.keyboard.press("Enter")
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible()
  await expect(page).not.toHaveURL(/page=/)
  expect(await page.locator(".search-results .result-title").allTextContents()).toEqual(firstPage)
})

test("point addresses however typed end at the point's own address", async ({ page }) => {
  for (const typed of ["/point/lu-9", "/point/LU9", "/point/lu9", "/point/P6", "/point/yintang"]) {
    await page.goto(typed)
    await expect(page).toHaveURL(
      typed === "/point/P6"
        ? /\/point\/pc-6-neiguan$/
        : typed === "/point/yintang"
          ? /ex-hn3-yintang$/
          : /\/point\/lu-9-taiyuan$/,
    )
  }
  await page.goto("/point/qq99")
  await expect(page).toHaveURL(/\/not-found$/)
})

test("the search modal on a narrow screen, by keyboard, axe clean", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await signIn(page, await createVerifiedUser(page))
  await page.getByRole("button", { name: "Menu" }).click()
  await page.getByRole("menuitem", { name: "Search" }).click()
  const dialog = page.getByRole("dialog", { name: "Search" })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole("searchbox", { name: "Search" })).toBeFocused()
  await page.keyboard.type("lu9")
  await expect(dialog.getByRole("option").first()).toContainText("LU-9")
  await expectAccessible(page)
  await page.keyboard.press("ArrowDown")
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/point\/lu-9-taiyuan$/)
  await expect(dialog).toBeHidden()
})

test("a Pro learner leaves out the points to avoid in pregnancy from the all-points search, by keyboard", async ({
  page,
}) => {
  await signIn(page, await createVerifiedUser(page))
  await becomePro(page)
  await page.goto("/search")
  const panel = page.getByRole("region", { name: "Find a point" })
  await panel.getByRole("radio", { name: "Point name" }).focus()
  await page.keyboard.press("ArrowRight")
  await expect(panel.getByRole("radio", { name: "Point number" })).toBeChecked()
  const field = panel.getByRole("searchbox", { name: "Point number" })
  await field.fill("LI")
  const option = (code: string) => panel.getByRole("option", { name: new RegExp(`^${code} `) })
  await expect(option("LI-4")).toBeVisible()
  await expect(option("LI-11")).toBeVisible()

  // React Aria hides the real input: the keyboard reaches it and Space turns it on.
  const pregnancy = panel
    .getByRole("group", { name: "Safety" })
    .getByRole("checkbox", { name: "Leave out points to avoid in pregnancy" })
  await pregnancy.focus()
  await page.keyboard.press("Space")
  await expect(pregnancy).toBeChecked()
  await expect(option("LI-4")).toHaveCount(0)
  await expect(option("LI-11")).toBeVisible()
  // A Pro learner opens every point: nothing was left out for being Pro.
  await expect(panel.getByText(/Pro points are left out/)).toHaveCount(0)
  await expectAccessible(page)

  // The filter stays on for the next points typed.
  const status = panel.getByRole("status")
  for (const code of ["SP-6", "GB-21", "BL-60", "BL-67"]) {
    await field.fill("")
    await expect(status).toHaveText("")
    await field.fill(code)
    await expect(status).toHaveText(/No results found/)
    await expect(option(code)).toHaveCount(0)
  }
  // Turned off, the points are there again.
  await pregnancy.focus()
  await page.keyboard.press("Space")
  await expect(pregnancy).not.toBeChecked()
  await expect(option("BL-67")).toBeVisible()
})
