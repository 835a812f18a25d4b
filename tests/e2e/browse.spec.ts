// Browsing journeys: the drill-down menu by mouse and by keyboard, point and channel pages, Pro
// items locked for Standard users (badge, lite upgrade modal) and open after paying, every page of
// the area without axe violations, and unknown slugs on /not-found.
import type { Page } from "@playwright/test"
import { createVerifiedUser, expectAccessible, goInApp, signIn, signInAsPro } from "./support/fixtures.ts"
import { expect, test } from "./support/test.ts"

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
})

const MENU = "Channels, point categories and body areas"

/** Opens the drill-down by mouse: from the header, or through the menu button on a narrow screen. */
const openMenu = async (page: Page) => {
  if ((page.viewportSize()?.width ?? 1280) > 764) await page.getByRole("button", { name: "Channel points" }).click()
  else {
    await page.getByRole("button", { name: "Menu" }).click()
    await page.getByRole("menuitem", { name: "Channel points" }).click()
  }
  const menu = page.getByRole("navigation", { name: MENU })
  await expect(menu).toBeVisible()
  return menu
}

const openMenuByTap = async (page: Page) => {
  await page.getByRole("button", { name: "Menu" }).tap()
  await page.getByRole("menuitem", { name: "Channel points" }).tap()
}

test("a Standard user browses LU → LU-9 through the drill-down menu", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page))
  const menu = await openMenu(page)
  await expectAccessible(page)
  await menu.getByRole("option", { name: "Channel pathways and points" }).click()
  await expect(menu.getByRole("listbox", { name: "Channel pathways and points" })).toBeVisible()
  await menu.getByRole("option", { name: /Lung Channel of Hand Taiyin/ }).click()
  const points = menu.getByRole("listbox", { name: "LU Lung Channel of Hand Taiyin" })
  await expect(points.getByRole("option")).toHaveCount(11)
  await expectAccessible(page)
  await points.getByRole("option", { name: /LU-9/ }).click()

  await expect(page).toHaveURL(/\/point\/lu-9-taiyuan$/)
  await expect(page.getByRole("heading", { level: 1 })).toContainText("LU-9 Tàiyuān")
  await expect(page).toHaveTitle("LU-9 Tàiyuān · Jingluo")
  await expect(page.getByRole("heading", { level: 2, name: "Location" })).toBeVisible()
  await expect(page.getByRole("complementary", { name: "Cautions" })).toContainText("radial artery")
  await expect(page.getByRole("link", { name: "Yuan-Source Points" })).toBeVisible()
  // The next point along the channel (the body chart names LU-10 too).
  const next = page.getByRole("link", { name: /^LU-10 .*next point/ })
  await expect(next).toBeVisible()
  await expectAccessible(page)
  await next.click()
  await expect(page.getByRole("heading", { level: 1 })).toContainText("LU-10")
})

test("every item opens on click whatever is already open: sections, sibling channels, a locked one", async ({
  page,
}) => {
  await signIn(page, await createVerifiedUser(page))
  const menu = await openMenu(page)
  await menu.getByRole("option", { name: "Channel pathways and points" }).click()
  await expect(menu.getByRole("listbox", { name: "Channel pathways and points" })).toBeVisible()
  await menu.getByRole("option", { name: "Body areas" }).click()
  await expect(menu.getByRole("listbox", { name: "Body areas" })).toBeVisible()
  await expect(menu.getByRole("listbox", { name: "Channel pathways and points" })).toHaveCount(0)
  await menu.getByRole("option", { name: "Point categories" }).click()
  await expect(menu.getByRole("listbox", { name: "Point categories" })).toBeVisible()
  await menu.getByRole("option", { name: "Channel pathways and points" }).click()
  await menu.getByRole("option", { name: /Lung Channel of Hand Taiyin/ }).click()
  await expect(menu.getByRole("listbox", { name: "LU Lung Channel of Hand Taiyin" })).toBeVisible()
  await menu.getByRole("option", { name: /Large Intestine Channel of Hand Yangming/ }).click()
  await expect(menu.getByRole("listbox", { name: "LI Large Intestine Channel of Hand Yangming" })).toBeVisible()
  await expect(menu.getByRole("option", { name: /LI-4 / })).toBeVisible()
  await menu.getByRole("option", { name: /Stomach Channel of Foot Yangming/ }).click()
  const dialog = page.getByRole("dialog", { name: "This is part of Jingluo Pro" })
  await expect(dialog).toBeVisible()
  await dialog.getByRole("button", { name: "Close" }).click()
  await menu.getByRole("option", { name: /Lung Channel of Hand Taiyin/ }).click()
  await menu.getByRole("option", { name: /LU-7 / }).click()
  await expect(page).toHaveURL(/\/point\/lu-7-lieque$/)
})

test("every item opens with Enter whatever is already open, siblings included", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page))
  await page.getByRole("button", { name: "Channel points" }).focus()
  await page.keyboard.press("Enter")
  const menu = page.getByRole("navigation", { name: MENU })
  await expect(menu.getByRole("option", { name: "Channel pathways and points" })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(menu.getByRole("option", { name: /Lung Channel of Hand Taiyin/ })).toBeFocused()
  // Back to the sections column without closing the open one (past the column's "All channels"
  // link), then a sibling section.
  await page.keyboard.press("Shift+Tab")
  await expect(menu.getByRole("link", { name: "All channels" })).toBeFocused()
  await page.keyboard.press("Shift+Tab")
  await expect(menu.getByRole("option", { name: "Channel pathways and points" })).toBeFocused()
  // Past "My point groups" and "Point categories".
  await page.keyboard.press("ArrowDown")
  await page.keyboard.press("ArrowDown")
  await page.keyboard.press("ArrowDown")
  await expect(menu.getByRole("option", { name: "Body areas" })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(menu.getByRole("listbox", { name: "Body areas" })).toBeVisible()
  await page.keyboard.press("Shift+Tab")
  await page.keyboard.press("Shift+Tab")
  await page.keyboard.press("Home")
  await page.keyboard.press("Enter")
  await expect(menu.getByRole("option", { name: /Lung Channel of Hand Taiyin/ })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(menu.getByRole("option", { name: /LU-1 / })).toBeFocused()
  // Back past the column's links: its two videos and its channel page.
  for (let i = 0; i < 4; i++) await page.keyboard.press("Shift+Tab")
  await expect(menu.getByRole("option", { name: /Lung Channel of Hand Taiyin/ })).toBeFocused()
  await page.keyboard.press("ArrowDown")
  await page.keyboard.press("Enter")
  await expect(menu.getByRole("listbox", { name: "LI Large Intestine Channel of Hand Yangming" })).toBeVisible()
  await expect(menu.getByRole("option", { name: /LI-1 / })).toBeFocused()
  for (let i = 0; i < 4; i++) await page.keyboard.press("Shift+Tab")
  await page.keyboard.press("ArrowDown")
  await expect(menu.getByRole("option", { name: /Stomach Channel of Foot Yangming/ })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(page.getByRole("dialog", { name: "This is part of Jingluo Pro" })).toBeVisible()
})

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true, viewport: { width: 375, height: 812 } })
  test("a tap opens sibling items whatever is already open", async ({ page }) => {
    await signIn(page, await createVerifiedUser(page))
    await openMenuByTap(page)
    const menu = page.getByRole("navigation", { name: MENU })
    await menu.getByRole("option", { name: "Channel pathways and points" }).tap()
    await menu.getByRole("button", { name: "Back" }).tap()
    await menu.getByRole("option", { name: "Body areas" }).tap()
    await expect(menu.getByRole("listbox", { name: "Body areas" })).toBeVisible()
    await menu.getByRole("button", { name: "Back" }).tap()
    await menu.getByRole("option", { name: "Channel pathways and points" }).tap()
    await menu.getByRole("option", { name: /Lung Channel of Hand Taiyin/ }).tap()
    await menu.getByRole("button", { name: "Back" }).tap()
    await menu.getByRole("option", { name: /Large Intestine Channel of Hand Yangming/ }).tap()
    await expect(menu.getByRole("listbox", { name: "LI Large Intestine Channel of Hand Yangming" })).toBeVisible()
  })
})

for (const width of [1280, 375]) {
  test(`a Pro user reaches GV, the vessels and the extra points by mouse at ${width} px`, async ({ page }) => {
    await signInAsPro(page)
    await page.goto("/")
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 })
    const menu = await openMenu(page)
    await menu.getByRole("option", { name: "Channel pathways and points" }).click()
    const channels = menu.getByRole("listbox", { name: "Channel pathways and points" })
    await channels.getByRole("option", { name: /^GV Governing Vessel/ }).click()
    await expect(menu.getByRole("listbox", { name: /^GV Governing Vessel/ })).toBeVisible()
    if (width < 600) await menu.getByRole("button", { name: "Back" }).click()
    await channels.getByRole("option", { name: /Yang Linking Vessel/ }).click()
    await expect(menu.getByRole("listbox", { name: /Yang Linking Vessel/ })).toBeVisible()
    if (width < 600) await menu.getByRole("button", { name: "Back" }).click()
    await channels.getByRole("option", { name: /All 48 extra points/ }).click()
    const extras = menu.getByRole("listbox", { name: /All 48 extra points/ })
    await expect(extras.getByRole("option")).toHaveCount(48)
    await extras.getByRole("option").last().click()
    await expect(page).toHaveURL(/\/point\/ex-/)
  })
}

test("the focused item stays in view while the keyboard walks a long column", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page))
  await page.setViewportSize({ width: 1280, height: 700 })
  await page.getByRole("button", { name: "Channel points" }).focus()
  await page.keyboard.press("Enter")
  const menu = page.getByRole("navigation", { name: MENU })
  await expect(menu.getByRole("option", { name: "Channel pathways and points" })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(menu.getByRole("option", { name: /Lung Channel of Hand Taiyin/ })).toBeFocused()
  await page.keyboard.press("End")
  const last = menu.getByRole("option", { name: /All 48 extra points/ })
  await expect(last).toBeFocused()
  await expect(last).toBeInViewport()
  const box = (await last.boundingBox())!
  const panel = (await page.locator(".drilldown-panel").boundingBox())!
  expect(box.y + box.height).toBeLessThanOrEqual(panel.y + panel.height)
  await page.keyboard.press("Home")
  await expect(menu.getByRole("option", { name: /Lung Channel of Hand Taiyin/ })).toBeInViewport()
})

test("the menu opens a channel's, a category's and a body area's own page, and the indexes (mouse)", async ({
  page,
}) => {
  await signIn(page, await createVerifiedUser(page))
  let menu = await openMenu(page)
  await menu.getByRole("option", { name: "Channel pathways and points" }).click()
  await menu.getByRole("option", { name: /Lung Channel of Hand Taiyin/ }).click()
  await menu.getByRole("link", { name: "Channel page" }).click()
  await expect(page).toHaveURL(/\/book\/pages\/channels\/lung-channel$/)
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Lung Channel of Hand Taiyin")

  menu = await openMenu(page)
  await menu.getByRole("option", { name: "Point categories" }).click()
  await menu.getByRole("option", { name: "Yuan-Source Points" }).click()
  await menu.getByRole("link", { name: "Category page" }).click()
  await expect(page).toHaveURL(/\/book\/pages\/categories\/yuan-source$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Yuan-Source Points")
  await page.getByRole("navigation", { name: "You are here" }).getByRole("link", { name: "Point categories" }).click()
  await expect(page).toHaveURL(/\/book\/pages\/categories$/)
  await expect(page).toHaveTitle("Point categories · Jingluo")
  await expect(page.locator(".card-item")).toHaveCount(18)
  await page.getByRole("button", { name: /Luo-Connecting Points/ }).click()
  await expect(page.getByRole("dialog", { name: "This is part of Jingluo Pro" })).toBeVisible()
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click()
  await expectAccessible(page)

  menu = await openMenu(page)
  await menu.getByRole("option", { name: "Body areas" }).click()
  await menu.getByRole("link", { name: "All body areas" }).click()
  await expect(page).toHaveURL(/\/book\/pages\/body-areas$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Body areas")
  await expect(page.locator(".card-item")).toHaveCount(15)
  await expectAccessible(page)
  await page.getByRole("link", { name: "Hand", exact: true }).click()
  await expect(page).toHaveURL(/\/body-area\/hand$/)
  await page.getByRole("navigation", { name: "You are here" }).getByRole("link", { name: "Body areas" }).click()
  await expect(page).toHaveURL(/\/book\/pages\/body-areas$/)
})

test("the menu's page links work with the keyboard", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page))
  await page.getByRole("button", { name: "Channel points" }).focus()
  await page.keyboard.press("Enter")
  const menu = page.getByRole("navigation", { name: MENU })
  await expect(menu.getByRole("option", { name: "Channel pathways and points" })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(menu.getByRole("option", { name: /Lung Channel of Hand Taiyin/ })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(menu.getByRole("option", { name: /LU-1 / })).toBeFocused()
  await page.keyboard.press("Shift+Tab")
  await expect(menu.getByRole("link", { name: "Play all point videos" })).toBeFocused()
  await page.keyboard.press("Shift+Tab")
  await expect(menu.getByRole("link", { name: "Play channel video" })).toBeFocused()
  await page.keyboard.press("Shift+Tab")
  await expect(menu.getByRole("link", { name: "Channel page" })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/book\/pages\/channels\/lung-channel$/)
  await expect(page.locator("main")).toBeFocused()
  // The channel's videos from the menu, by keyboard.
  await page.getByRole("button", { name: "Channel points" }).focus()
  await page.keyboard.press("Enter")
  await expect(menu.getByRole("option", { name: "Channel pathways and points" })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(menu.getByRole("option", { name: /Lung Channel of Hand Taiyin/ })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(menu.getByRole("option", { name: /LU-1 / })).toBeFocused()
  await page.keyboard.press("Shift+Tab")
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/video\/play-channel\/lung-channel$/)
  await expect(page.getByRole("navigation", { name: "11 point videos" })).toBeVisible()
})

test("Escape closes the menu and hands focus back to Channel points (keyboard and mouse)", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page))
  const button = page.getByRole("button", { name: "Channel points" })
  await button.focus()
  await page.keyboard.press("Enter")
  const menu = page.getByRole("navigation", { name: MENU })
  await expect(menu.getByRole("option", { name: "Channel pathways and points" })).toBeFocused()
  // Escape from a column hands focus back to the item that opened it, not to its column's first item.
  await page.keyboard.press("Enter")
  const lung = menu.getByRole("option", { name: /Lung Channel of Hand Taiyin/ })
  const largeIntestine = menu.getByRole("option", { name: /Large Intestine Channel of Hand Yangming/ })
  await expect(lung).toBeFocused()
  await page.keyboard.press("ArrowDown")
  await expect(largeIntestine).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(menu.getByRole("option", { name: /LI-1 / })).toBeFocused()
  await page.keyboard.press("Escape")
  await expect(largeIntestine).toBeFocused()
  // The arrows go on from there.
  await page.keyboard.press("ArrowUp")
  await expect(lung).toBeFocused()
  await page.keyboard.press("Escape")
  await expect(menu.getByRole("option", { name: "Channel pathways and points" })).toBeFocused()
  await page.keyboard.press("Escape")
  await expect(menu).toHaveCount(0)
  await expect(button).toBeFocused()
  await expect(button).toHaveAttribute("aria-expanded", "false")

  // After the mouse opened a column, focus stays on the item clicked, in the first column: one
  // Escape closes the menu from there and hands focus back.
  await button.click()
  const bodyAreas = menu.getByRole("option", { name: "Body areas" })
  await bodyAreas.click()
  await expect(menu.getByRole("listbox", { name: "Body areas" })).toBeVisible()
  await expect(bodyAreas).toBeFocused()
  await page.keyboard.press("Escape")
  await expect(menu).toHaveCount(0)
  await expect(button).toBeFocused()

  // With the menu open and focus back on its button, Escape closes it from there too.
  await button.click()
  await expect(menu).toBeVisible()
  await button.focus()
  await page.keyboard.press("Escape")
  await expect(menu).toHaveCount(0)
  await expect(button).toBeFocused()
})

test("the book's chapter on point categories links to all 18 category pages", async ({ page }) => {
  await page.goto("/book/pages/point-categories")
  const section = page.getByRole("region", { name: "The category pages" })
  await expect(section.locator(".card-item")).toHaveCount(18)
  await expectAccessible(page)
  await section.getByRole("link", { name: "Yuan-Source Points" }).click()
  await expect(page).toHaveURL(/\/book\/pages\/categories\/yuan-source$/)
  await page.goBack()
  await section.getByRole("link", { name: "Four Seas" }).focus()
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/book\/pages\/categories\/four-seas$/)
  await page.goto("/book/pages")
  await page.getByRole("link", { name: "All point categories" }).click()
  await expect(page).toHaveURL(/\/book\/pages\/categories$/)
})

test("cards line up: open and locked titles alike, badges whole, the same gap to the description", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page))
  for (const [path, mixed] of [
    ["/book/pages/channels", true],
    ["/book/pages", false],
    ["/book/pages/categories", true],
  ] as const) {
    await page.goto(path)
    await expect(page.locator(".card-item").first()).toBeVisible()
    const cards = await page.locator(".card-item").evaluateAll((items) =>
      items.map((item) => {
        const box = item.getBoundingClientRect()
        const title = item.querySelector<HTMLElement>(".card-title")!
        const titleBox = title.getBoundingClientRect()
        const description = item.querySelector<HTMLElement>(".muted")?.getBoundingClientRect()
        const badge = item.querySelector<HTMLElement>(".badge.pro")
        return {
          locked: badge !== null,
          titleInset: Math.round(titleBox.left - box.left),
          align: getComputedStyle(title).textAlign,
          gap: description ? Math.round(description.top - titleBox.bottom) : null,
          badgeLines: badge
            ? Math.round(
                badge.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(badge).lineHeight || "16"),
              )
            : 0,
        }
      }),
    )
    expect(
      cards.some((c) => c.locked),
      path,
    ).toBe(mixed)
    expect(
      cards.some((c) => !c.locked),
      path,
    ).toBe(true)
    expect(new Set(cards.map((c) => c.titleInset)), path).toEqual(new Set([cards[0]!.titleInset]))
    expect(new Set(cards.map((c) => c.align)), path).toEqual(new Set(["left"]))
    for (const card of cards) expect(card.badgeLines, path).toBeLessThanOrEqual(1)
    const gaps = cards.flatMap((c) => (c.gap === null ? [] : [c.gap]))
    expect(Math.max(...gaps) - Math.min(...gaps), path).toBeLessThanOrEqual(1)
  }
})

test("a Pro channel shows the badge and opens the lite upgrade modal for a Standard user", async ({ page }) => {
  // A locked page is an answer, not a failed request: nothing lands in the console.
  const consoleErrors: Array<string> = []
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text())
  })
  await signIn(page, await createVerifiedUser(page))
  const menu = await openMenu(page)
  await menu.getByRole("option", { name: "Channel pathways and points" }).click()
  const stomach = menu.getByRole("option", { name: /Stomach Channel of Foot Yangming/ })
  await expect(stomach).toContainText("Pro")
  await stomach.click()
  const dialog = page.getByRole("dialog", { name: "This is part of Jingluo Pro" })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole("heading", { name: /Try Pro free/ })).toHaveCount(0)
  await expectAccessible(page)
  await dialog.getByRole("button", { name: "Close" }).click()
  await expect(dialog).toBeHidden()

  // The first locked page offers the lite modal by itself, once a session.
  await page.goto("/point/st-36-zusanli")
  await expect(page.getByRole("dialog", { name: "This is part of Jingluo Pro" })).toBeVisible()
  await page.keyboard.press("Escape")
  // The locked page names the point (public facts) and says what Pro adds, never its content.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("ST-36 Zúsānlǐ")
  await expect(page).toHaveTitle("ST-36 Zúsānlǐ · Jingluo")
  await expect(page.getByText("Leg Three Miles")).toBeVisible()
  await expect(page.getByText("This point is part of Jingluo Pro.")).toBeVisible()
  await expect(page.getByRole("heading", { level: 2, name: "What Pro adds" })).toBeVisible()
  await expect(page.getByRole("listitem").filter({ hasText: "How it is needled" })).toBeVisible()
  await expect(page.getByText(/3 cun below ST-35/)).toHaveCount(0)
  await expectAccessible(page)
  // The next locked page, and the first again after a reload, say it themselves: no modal.
  await page.goto("/book/pages/channels/stomach-channel")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stomach Channel of Foot Yangming")
  await expect(page).toHaveTitle("Stomach Channel of Foot Yangming · Jingluo")
  await expect(page.getByText("This channel is part of Jingluo Pro.")).toBeVisible()
  await expect(page.getByRole("dialog")).toHaveCount(0)
  await page.goto("/point/st-36-zusanli")
  await expect(page.getByText("This point is part of Jingluo Pro.")).toBeVisible()
  await expect(page.getByRole("dialog")).toHaveCount(0)
  // "See plans" still opens it, by mouse or keyboard.
  await page.getByRole("button", { name: "See the Pro plans" }).focus()
  await page.keyboard.press("Enter")
  await expect(page.getByRole("dialog", { name: "This is part of Jingluo Pro" })).toBeVisible()
  expect(consoleErrors).toEqual([])
})

test("a Standard user opens a locked item, pays from the lite modal and the item opens", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page))
  await page.goto("/point/st-36-zusanli")
  const dialog = page.getByRole("dialog", { name: "This is part of Jingluo Pro" })
  await expect(dialog.getByRole("radio").first()).toBeChecked()
  await dialog.getByText("Yearly", { exact: true }).click()
  await dialog.getByRole("button", { name: "Continue" }).click()
  await page.getByRole("button", { name: "Start trial" }).click()
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Jingluo Pro" })).toBeVisible()

  const menu = await openMenu(page)
  await menu.getByRole("option", { name: "Channel pathways and points" }).click()
  await menu.getByRole("option", { name: /Stomach Channel of Foot Yangming/ }).click()
  await menu.getByRole("option", { name: /ST-36/ }).click()
  await expect(page.getByRole("heading", { level: 1 })).toContainText("ST-36 Zúsānlǐ")
  await expect(page.getByRole("heading", { level: 2, name: "Needling" })).toBeVisible()
})

test("the drill-down menu works with the keyboard alone", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page))
  await page.getByRole("button", { name: "Channel points" }).focus()
  await page.keyboard.press("Enter")
  const menu = page.getByRole("navigation", { name: MENU })
  await expect(menu.getByRole("option", { name: "Channel pathways and points" })).toBeFocused()
  await page.keyboard.press("ArrowDown")
  await expect(menu.getByRole("option", { name: "My point groups" })).toBeFocused()
  await page.keyboard.press("ArrowUp")
  await page.keyboard.press("ArrowRight")
  await expect(menu.getByRole("option", { name: /Lung Channel of Hand Taiyin/ })).toBeFocused()
  await page.keyboard.press("ArrowLeft")
  await expect(menu.getByRole("option", { name: "Channel pathways and points" })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(menu.getByRole("option", { name: /Lung Channel of Hand Taiyin/ })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(menu.getByRole("option", { name: /LU-1 / })).toBeFocused()
  for (let i = 0; i < 8; i++) await page.keyboard.press("ArrowDown")
  await expect(menu.getByRole("option", { name: /LU-9/ })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/point\/lu-9-taiyuan$/)
  await expect(page.locator("main")).toBeFocused()
  await expect(page.getByRole("heading", { level: 1 })).toContainText("LU-9")
})

test("one column on a narrow screen with go-back buttons, three on a wide one", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page))
  await page.setViewportSize({ width: 560, height: 900 })
  const menu = await openMenu(page)
  await menu.getByRole("option", { name: "Body areas" }).click()
  await expect(menu.getByRole("listbox")).toHaveCount(1)
  await expect(menu.getByRole("listbox", { name: "Body areas" })).toBeVisible()
  await menu.getByRole("button", { name: "Back" }).click()
  await expect(menu.getByRole("listbox", { name: "Browse" })).toBeVisible()
  await page.setViewportSize({ width: 1200, height: 900 })
  await menu.getByRole("option", { name: "Body areas" }).click()
  await menu.getByRole("option", { name: /Hand/ }).first().click()
  await expect(menu.getByRole("listbox")).toHaveCount(3)
})

test("an unknown slug goes to /not-found", async ({ page }) => {
  await page.goto("/point/xx-99-nowhere")
  await expect(page).toHaveURL(/\/not-found$/)
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible()
  await page.goto("/book/pages/channels/no-such-channel")
  await expect(page).toHaveURL(/\/not-found$/)
})

for (const [language, channel, point, location] of [
  ["de", /Lungen/, "Großer Abgrund", "Lokalisation"],
  ["es", /Pulmón/, "Gran Abismo", "Localización"],
] as const) {
  test(`the browsing pages in ${language}`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "language", value: language, url: baseURL! }])
    await page.goto("/book/pages/channels/lung-channel")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(channel)
    await expectAccessible(page)
    await goInApp(page, "/point/lu-9-taiyuan")
    await expect(page.getByText(point).first()).toBeVisible()
    await expect(page.getByRole("heading", { level: 2, name: location })).toBeVisible()
    // The texts are translated: only the English name is marked as English.
    await expect(page.locator("main [lang=en]")).toHaveText(["Great Abyss"])
    await expectAccessible(page)
    await goInApp(page, "/book/pages/measuring-with-cun")
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Measuring with Cun")
    await expectAccessible(page)
  })
}

test('a learner sees LI-4\'s safety row and follows "Forbidden in pregnancy" to its contraindication', async ({
  page,
}) => {
  await signIn(page, await createVerifiedUser(page))
  await page.goto("/point/li-4-hegu")
  const row = page.getByRole("list", { name: "Safety:" })
  await expect(row).toBeVisible()
  const forbidden = row.getByRole("link", { name: "Forbidden in pregnancy" })
  await expect(forbidden).toHaveAccessibleDescription(/Contraindicated in pregnancy/)
  await expect(row.getByRole("link", { name: "Radial artery" })).toHaveAttribute("href", "#caution-1")
  await expectAccessible(page)
  // By keyboard: the link is reached with Tab and followed with Enter.
  await forbidden.focus()
  await expect(forbidden).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/point\/li-4-hegu#contraindication-0$/)
  const sentence = page.locator("#contraindication-0")
  await expect(sentence).toContainText("Contraindicated in pregnancy")
  await expect(sentence).toBeInViewport()
})
