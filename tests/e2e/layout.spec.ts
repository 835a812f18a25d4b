// Layout across screen widths and languages: the header keeps to one row at every width, signed
// out and in; the upgrade tab and the chart's zoom tools cover nothing of the page; the footer leads
// integrators to the API reference. That no page scrolls sideways on a phone is checked by the
// sweep of every page (every-page.spec.ts), on the same visits as axe.
import { readFileSync } from "node:fs"
import type { Page } from "@playwright/test"
import { createVerifiedUser, expectAccessible, signIn } from "./support/fixtures.ts"
import { expect, test } from "./support/test.ts"

const LANGUAGES = ["en", "de", "es"] as const
type Language = (typeof LANGUAGES)[number]

const common = (language: Language) =>
  JSON.parse(readFileSync(`locales/${language}/common.json`, "utf8")) as {
    readonly footer: Record<string, string>
    readonly nav: Record<string, string>
  }

/** The header is one row: as tall as one row of its entries, every visible entry on that row. */
const headerRow = (page: Page) =>
  page.evaluate(() => {
    const header = document.querySelector(".header")!.getBoundingClientRect()
    const tops = [...document.querySelectorAll(".header-inner > *, .nav-wide > *")]
      .filter((e) => e.checkVisibility())
      .map((e) => e.getBoundingClientRect())
      .map((r) => r.top + r.height / 2)
    return { height: Math.round(header.height), spread: Math.round(Math.max(...tops) - Math.min(...tops)) }
  })

const WIDTHS = [320, 375, 600, 764, 765, 800, 900, 939, 940, 954, 955, 1000, 1104, 1105, 1280] as const

/** The header at every width in every language: one row, and at 1280 px the entries themselves. */
const headerAtEveryWidth = async (page: Page, baseURL: string, signedIn: boolean) => {
  const rows: Array<string> = []
  for (const language of LANGUAGES) {
    await page.context().addCookies([{ name: "language", value: language, url: baseURL }])
    await page.setViewportSize({ width: 1280, height: 720 })
    await page.goto("/about")
    const nav = page.getByRole("banner").getByRole("navigation", { name: common(language).nav.label })
    await expect(nav.getByRole(signedIn ? "button" : "link").first()).toBeVisible()
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 720 })
      const row = await headerRow(page)
      if (row.height > 70 || row.spread > 6) rows.push(`${language} at ${width} px: ${JSON.stringify(row)}`)
    }
  }
  expect(rows, signedIn ? "signed in" : "signed out").toEqual([])
}

test("the header keeps to one row at every width in en, de and es, signed out and signed in", async ({
  page,
  baseURL,
}) => {
  // Six pages measured at fifteen widths each.
  test.slow()
  await page.context().addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
  await headerAtEveryWidth(page, baseURL!, false)
  await page.context().addCookies([{ name: "language", value: "en", url: baseURL! }])
  await page.setViewportSize({ width: 1280, height: 720 })
  await signIn(page, await createVerifiedUser(page))
  await headerAtEveryWidth(page, baseURL!, true)
  // Narrower than the entries, the menu button holds them, by mouse and by keyboard.
  await page.setViewportSize({ width: 900, height: 720 })
  const menuButton = page.getByRole("banner").getByRole("button", { name: common("es").nav.menu })
  await menuButton.click()
  await expect(page.getByRole("menuitem", { name: common("es").nav.tests })).toBeVisible()
  await expectAccessible(page)
  await page.keyboard.press("Escape")
  await expect(menuButton).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(page.getByRole("menuitem").first()).toBeFocused()
  await page.keyboard.press("Escape")
})

/** Whether two boxes share any area. */
const overlap = (a: DOMRectLike, b: DOMRectLike) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
interface DOMRectLike {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

test("the upgrade tab covers no text of the page and the zoom tools none of the drawing, on a wide screen and a phone", async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
  await signIn(page, await createVerifiedUser(page))
  for (const width of [1280, 900, 375]) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto("/point/lu-9-taiyuan")
    const region = page.getByRole("region", { name: "On the body chart" })
    const caption = region.locator("figcaption")
    await expect(caption).toBeVisible()
    const upgrade = (await page
      .locator(".floating-upgrade")
      .getByRole("button", { name: "Upgrade to Pro" })
      .boundingBox())!
    // Scrolled so the chart's caption comes into view from above: at the bottom of the screen.
    await caption.evaluate((element) => element.scrollIntoView({ block: "end" }))
    expect(
      overlap((await caption.boundingBox())!, upgrade),
      `the caption under the upgrade button at ${width} px`,
    ).toBe(false)
    if (width > 764) {
      // Beside the column, the tab is clear of every text of the page and the footer at any scroll.
      const text = await page.evaluate(() =>
        [...document.querySelectorAll("main *, .footer-inner *")]
          .filter((el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim() !== ""))
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.width > 0 && r.height > 0)
          .map((r) => r.right),
      )
      expect(text.length).toBeGreaterThan(20)
      expect(Math.max(...text), `text beside the upgrade tab at ${width} px`).toBeLessThanOrEqual(upgrade.x)
    }
    const tools = (await region.getByRole("toolbar").boundingBox())!
    const drawing = (await region.getByRole("group", { name: "On the body chart" }).boundingBox())!
    expect(overlap(tools, drawing), `the zoom tools over the drawing at ${width} px`).toBe(false)
  }
  // The tab is a button like any other: the keyboard reaches it and opens the plans.
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.locator(".floating-upgrade").getByRole("button", { name: "Upgrade to Pro" }).focus()
  await page.keyboard.press("Enter")
  await expect(page.getByRole("dialog")).toBeVisible()
  await expectAccessible(page)
})

test("the footer leads integrators to the API reference, in en, de and es, by mouse and by keyboard", async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
  for (const language of LANGUAGES) {
    await page.context().addCookies([{ name: "language", value: language, url: baseURL! }])
    await page.goto("/about")
    const footer = page.getByRole("navigation", { name: common(language).footer.linksLabel })
    const link = footer.getByRole("link", { name: common(language).footer.apiDocs })
    if (language === "de") {
      await link.focus()
      await page.keyboard.press("Enter")
    } else await link.click()
    await expect(page).toHaveURL(/\/api\/docs$/)
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Jingluo API")
  }
})
