// The first visit: the server draws the page, so its text is there before any script runs (and
// with none at all), each page has its own head, and the app takes the drawn page over without
// drawing it again — no hydration mismatch in any language — and without asking for the content
// the page came with.
import type { Page } from "@playwright/test"
import { acceptCookies, appStarted, createVerifiedUser, signIn } from "./support/fixtures.ts"
import { expect, isBlockedWorkerNotice, test } from "./support/test.ts"

/** Every address the server draws, one of each kind (src/domain/shared/first-page.ts). */
const DRAWN = [
  "/",
  "/about",
  "/about-us",
  "/pricing",
  "/book/pages",
  "/book/pages/measuring-with-cun",
  "/book/pages/point-categories",
  "/book/pages/channels",
  "/book/pages/channels/lung-channel",
  "/book/pages/vessels/chong-mai-penetrating-vessel",
  "/book/pages/extra-points",
  "/book/pages/categories",
  "/book/pages/categories/yuan-source",
  "/book/pages/body-areas",
  "/body-area/hand",
  "/point/lu-9-taiyuan",
  "/point/st-36-zusanli",
]

/**
 * Opens `path` and waits until the app has taken the drawn page over; returns what the console
 * reported and which content calls the page made.
 */
const openDrawn = async (page: Page, path: string) => {
  const problems: Array<string> = []
  const contentCalls: Array<string> = []
  const onConsole = (message: { type: () => string; text: () => string }) => {
    if ((message.type() === "error" || message.type() === "warning") && !isBlockedWorkerNotice(message.text()))
      problems.push(`${path}: ${message.text()}`)
  }
  const onError = (error: Error) => problems.push(`${path}: ${error.message}`)
  const onRequest = (request: { url: () => string }) => {
    const { pathname } = new URL(request.url())
    if (/^\/api\/jing\/(point|channels|vessels|categories|body-area|extra-points|static-menus|pages)\b/.test(pathname))
      contentCalls.push(pathname)
  }
  page.on("console", onConsole)
  page.on("pageerror", onError)
  page.on("request", onRequest)
  const response = await page.goto(path)
  expect(response?.status(), path).toBe(200)
  // The page's text arrived with the document.
  await expect(page.locator("#root main h1").first()).toBeVisible()
  // The app has taken the drawn page over (React's root is on #root) and finished its first work.
  await appStarted(page)
  page.off("console", onConsole)
  page.off("pageerror", onError)
  page.off("request", onRequest)
  return { problems, contentCalls }
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false })

  test("the home page, a channel page and a free point page show their text, a locked point only its public facts", async ({
    page,
  }) => {
    await page.goto("/")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Learn the acupuncture channels and points")
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeAttached()

    await page.goto("/book/pages/channels/lung-channel")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Lung Channel/)
    await expect(page.getByRole("link", { name: /LU-9/ })).toBeVisible()

    await page.goto("/point/lu-9-taiyuan")
    await expect(page).toHaveTitle("LU-9 Tàiyuān · Jingluo")
    await expect(page.getByRole("heading", { level: 1 })).toContainText("LU-9")
    await expect(page.getByRole("heading", { level: 2, name: "Location" })).toBeVisible()
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /wrist/i)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/point\/lu-9-taiyuan$/)
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "LU-9 Tàiyuān")

    // A Pro point drawn for a visitor: its code and names, that it is part of Pro, and none of its text.
    await page.goto("/point/st-36-zusanli")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/ST-36/)
    await expect(
      page
        .getByText("Part of Jingluo Pro")
        .or(page.getByText(/part of Jingluo Pro/))
        .first(),
    ).toBeVisible()
    await expect(page.getByRole("heading", { level: 2, name: "Location" })).toHaveCount(0)
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /part of Jingluo Pro/)
  })
})

for (const language of ["en", "de", "es"] as const) {
  test(`every drawn page is taken over without a mismatch and without asking again for its content (${language})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "language", value: language, url: baseURL! }])
    const problems: Array<string> = []
    for (const path of DRAWN) {
      const opened = await openDrawn(page, path)
      problems.push(...opened.problems)
      expect(opened.contentCalls, `${path} asked again for the content it came with`).toEqual([])
      await expect(page.locator("html")).toHaveAttribute("lang", language)
    }
    expect(problems).toEqual([])
  })
}

test("a member's pages are drawn as theirs: greeted by name, the locked point locked, no mismatch", async ({
  page,
}) => {
  await acceptCookies(page)
  await signIn(page, await createVerifiedUser(page))
  const problems: Array<string> = []
  for (const path of ["/", "/point/lu-9-taiyuan", "/point/st-36-zusanli", "/book/pages/channels"]) {
    const opened = await openDrawn(page, path)
    problems.push(...opened.problems)
    expect(opened.contentCalls).toEqual([])
  }
  expect(problems).toEqual([])
  await page.goto("/")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back, Lin")
})

test("the browser's language draws the first page when no language was chosen, and the app keeps to it", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL: baseURL!, locale: "es-ES" })
  const page = await context.newPage()
  const response = await page.goto("/point/lu-9-taiyuan")
  expect(response?.headers()["content-language"]).toBe("es")
  await expect(page.locator("html")).toHaveAttribute("lang", "es")
  await expect(page.getByRole("heading", { level: 2, name: "Localización" })).toBeVisible()
  // The app's own calls ask in the same language: the next page opened in the app is Spanish too.
  await page
    .getByRole("link", { name: /Canal del Pulmón|Pulmón/ })
    .first()
    .click()
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Pulmón/)
  await context.close()
})
