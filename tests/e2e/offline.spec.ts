// Working offline (issue 33): a Standard learner's browser keeps the app and the pages they opened
// (src/service-worker.ts), and in the background every page their plan opens (the account menu says
// "Available offline: 31 of 31 points"), so on a train without a network the home page, an opened
// point and a point never opened still show, with a banner saying so; the all-points search finds a
// point by name or number from the index kept with them, and the full-text search says it needs the
// network; the device never holds a text of Pro, only what the server sent this learner; the setting turns it off and empties the copies;
// and signing out clears them. A Pro learner's device keeps all 409 points. These journeys let the
// app's service worker run, in a context of their own (the other journeys block it, support/test.ts).
import type { Page } from "@playwright/test"
import { loadContent } from "../../server/content/load-content.ts"
import {
  acceptCookies,
  createVerifiedUser,
  expectAccessible,
  goInApp,
  signIn,
  signInAsPro,
} from "./support/fixtures.ts"
import { expect, test } from "./support/test.ts"

test.use({ serviceWorkers: "allow" })

const content = loadContent()
/** The channels free to Standard (content/access.json); every other channel's points are Pro. */
const FREE_CHANNELS = new Set(["LU", "LI"])
const locations = (free: boolean) =>
  content.channels
    .filter((channel) => FREE_CHANNELS.has(channel.code) === free)
    .flatMap((channel) => channel.points.map((point) => point.location))
/**
 * Each Pro point's location, whole: a text the server never sends a Standard learner (but for one a
 * free point shares word for word).
 */
const PRO_TEXTS = locations(false).filter((text) => !locations(true).some((free) => free.includes(text)))
/** The points a Standard learner may open: the free channels'. */
const FREE_POINTS = new Set(
  content.channels.filter((channel) => FREE_CHANNELS.has(channel.code)).flatMap((c) => c.points.map((p) => p.slug)),
)

/** Every answer the site's caches hold: the cache, the address, the body. */
const cachedAnswers = (page: Page) =>
  page.evaluate(async () => {
    const answers: Array<{ cache: string; url: string; body: string }> = []
    for (const cache of await caches.keys()) {
      const store = await caches.open(cache)
      for (const request of await store.keys()) {
        const response = await store.match(request)
        const type = response?.headers.get("content-type") ?? ""
        const body = /json|html/.test(type) && response ? await response.text() : ""
        answers.push({ cache, url: new URL(request.url).pathname, body })
      }
    }
    return answers
  })

const offlineBanner = (page: Page) => page.getByRole("status").filter({ hasText: "You are offline." })

/** The addresses the content cache holds. */
const contentUrls = async (page: Page) =>
  (await cachedAnswers(page))
    .filter((answer) => answer.cache.startsWith("jingluo-content-"))
    .map((answer) => answer.url)

const controlled = (page: Page) =>
  expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true)

/** Waits, in the account menu, until every point the learner may open is kept; how long that took. */
const waitUntilKept = async (page: Page, points: number, timeout: number) => {
  const started = Date.now()
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("button", { name: /My account/ })
    .click()
  const line = page.getByRole("menu").getByRole("menuitem", { name: /^Available offline:/ })
  await expect(line).toHaveText(`Available offline: ${points} of ${points} points`, { timeout })
  await page.keyboard.press("Escape")
  await expect(page.getByRole("menu")).toHaveCount(0)
  return Date.now() - started
}

test("offline, the home page, an opened point, the learner's whole part and the search by name show; no Pro text is kept; the setting and signing out clear the copies", async ({
  page,
  context,
}) => {
  expect(PRO_TEXTS.length).toBeGreaterThan(300)
  // A page the server draws names the app's manifest, colour and home-screen icon, like its shell.
  const drawn = await (await page.request.get("/point/lu-9-taiyuan", { headers: { accept: "text/html" } })).text()
  expect(drawn).toContain('id="first-page-data"')
  expect(drawn).toContain('<link rel="manifest" href="/manifest.webmanifest" />')
  expect(drawn).toContain('<meta name="theme-color" content="#0f5c4d" />')
  expect(drawn).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />')
  await acceptCookies(page)
  await signIn(page, await createVerifiedUser(page))
  // The worker is registered once the first page is usable, and takes the page over when it is ready.
  await controlled(page)
  const shell = (await cachedAnswers(page)).filter((answer) => answer.cache.startsWith("jingluo-shell-"))
  expect(shell.map((answer) => answer.url)).toContain("/index.html")

  // Pages opened while the worker looks after them: home, a Pro point (locked for Standard), a free point.
  await page.goto("/")
  const welcome = page.getByRole("heading", { level: 1, name: "Welcome back, Lin" })
  await expect(welcome).toBeVisible()
  await page.goto("/point/st-36-zusanli")
  await expect(page.getByRole("dialog")).toBeVisible()
  // Inside the app, pages ask the API: a free channel's answer and a Pro channel's (locked) are kept too.
  await page.goto("/point/lu-9-taiyuan")
  await goInApp(page, "/book/pages/channels/lung-channel")
  await goInApp(page, "/book/pages/channels/stomach-channel")
  await page.goto("/point/lu-9-taiyuan")
  const point = page.getByRole("heading", { level: 1 })
  await expect(point).toContainText("LU-9")
  await expect(offlineBanner(page)).toHaveCount(0)
  // In the background the device keeps every page a Standard learner may open.
  const took = await waitUntilKept(page, FREE_POINTS.size, 60_000)
  test
    .info()
    .annotations.push({ type: "download", description: `31 points kept within ${took} ms of opening the menu` })

  // No network: the point reloads from the device, and the banner says what works.
  await context.setOffline(true)
  const reloaded = await page.reload()
  expect(reloaded?.fromServiceWorker()).toBe(true)
  await expect(point).toContainText("LU-9")
  await expect(offlineBanner(page)).toBeVisible()
  await expect(offlineBanner(page)).toContainText("you can find a point by its name or number")
  await expectAccessible(page)
  // Inside the app, a page opened before shows from the answer kept for it.
  await goInApp(page, "/book/pages/channels/lung-channel")
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Lung")
  // The home page too, opened anew.
  await page.goto("/")
  await expect(welcome).toBeVisible()
  await expect(offlineBanner(page)).toBeVisible()
  await expectAccessible(page)
  // A free point never opened shows from the answer kept in the background, in the app's shell.
  await page.goto("/point/li-11-quchi")
  await expect(point).toContainText("LI-11")
  await expect(offlineBanner(page)).toBeVisible()
  const li11 = content.channels.flatMap((channel) => channel.points).find((p) => p.code === "LI-11")!
  await expect(page.locator("#main")).toContainText(li11.location)
  // So does the list of channels.
  await goInApp(page, "/book/pages/channels")
  await expect(page.locator("#main a[href='/book/pages/channels/large-intestine-channel']")).toBeVisible()
  // The all-points search finds LI-4 by its name in the index kept on the device, and opens it.
  await goInApp(page, "/search")
  const panel = page.getByRole("region", { name: "Find a point" })
  await panel.getByRole("searchbox", { name: "Point name" }).fill("Hegu")
  const hegu = panel.getByRole("option", { name: /^LI-4 Hégǔ/ })
  await expect(hegu).toBeVisible()
  await expectAccessible(page)
  await hegu.click()
  await expect(point).toContainText("LI-4")
  // A Pro point is found by its number too, and marked so.
  await goInApp(page, "/search")
  await panel.getByText("Point number", { exact: true }).click()
  await panel.getByRole("searchbox", { name: "Point number" }).fill("ST 36")
  await expect(panel.getByRole("option", { name: /^ST-36 Zúsānlǐ/ })).toContainText("Pro")
  // The full-text search needs the network, and says so.
  await goInApp(page, "/full-text?keyword=cough")
  await expect(page.getByRole("alert")).toContainText("offline")
  // A page the learner may not open was never fetched: the shell says it could not be loaded, not the browser.
  await page.goto("/point/st-37-shangjuxu")
  await expect(page.locator("#root footer")).toBeVisible()
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page could not be loaded")

  // Back online, the banner goes.
  await context.setOffline(false)
  await expect(offlineBanner(page)).toHaveCount(0)

  // The device holds the pages opened, and no Pro text: the locked point's copy is the locked answer.
  const kept = await cachedAnswers(page)
  const learner = kept.filter((answer) => answer.cache.startsWith("jingluo-content-"))
  expect(learner.map((answer) => answer.url)).toEqual(
    expect.arrayContaining([
      "/",
      "/point/lu-9-taiyuan",
      "/point/st-36-zusanli",
      "/api/channels/lung-channel",
      "/api/channels/stomach-channel",
      "/api/channels",
      "/api/channels/large-intestine-channel",
      "/api/point/li-11-quchi",
    ]),
  )
  // No answer of a point the learner may not open: every point answer kept is a free point's.
  const points = learner.flatMap((answer) => /^\/api\/point\/(.+)$/.exec(answer.url)?.[1] ?? [])
  expect(points.length).toBeGreaterThanOrEqual(FREE_POINTS.size)
  expect(points.filter((slug) => !FREE_POINTS.has(slug))).toEqual([])
  const lu9 = content.channels.flatMap((channel) => channel.points).find((p) => p.code === "LU-9")!
  expect(learner.find((answer) => answer.url === "/point/lu-9-taiyuan")?.body).toContain(lu9.location)
  for (const { url, body } of kept) {
    const pro = PRO_TEXTS.find((text) => body.includes(text))
    expect(pro, `${url} holds a Pro text`).toBeUndefined()
  }

  // Turned off on this device, the copies go; turned on again, the download starts over.
  await page.goto("/account-settings/registered-devices")
  const keep = page.getByRole("switch", { name: "Keep the learning content on this device" })
  await expect(keep).toBeChecked()
  await expect(page.getByText(/^Storage used by Jingluo on this device: [\d.,]+\s[kM]B$/)).toBeVisible()
  await keep.focus()
  await page.keyboard.press("Space")
  await expect(keep).not.toBeChecked()
  await expect.poll(() => contentUrls(page)).toEqual([])
  await page.keyboard.press("Space")
  await expect(keep).toBeChecked()
  await expect.poll(async () => (await contentUrls(page)).length).toBeGreaterThan(0)

  // Signing out — the download may still be under way — clears the copies of what this learner read; the app's shell stays.
  await page.goto("/")
  await expect(welcome).toBeVisible()
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign out" }).click()
  await page.getByRole("button", { name: "Yes, sign out" }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect.poll(() => contentUrls(page)).toEqual([])
  // Nothing fetched before signing out lands afterwards.
  await page.waitForTimeout(3000)
  expect(await contentUrls(page)).toEqual([])
  expect((await cachedAnswers(page)).some((answer) => answer.cache.startsWith("jingluo-shell-"))).toBe(true)
})

test("a Pro learner's device keeps all 409 points; offline, a Pro point never opened is found by name and shows", async ({
  page,
  context,
}) => {
  await acceptCookies(page)
  await signInAsPro(page)
  await page.goto("/")
  await controlled(page)
  const took = await waitUntilKept(page, 409, 110_000)
  test
    .info()
    .annotations.push({ type: "download", description: `409 points kept within ${took} ms of opening the menu` })

  // Offline, a Pro point never opened is found by name in the index kept on the device, open to Pro.
  await context.setOffline(true)
  await page.goto("/search")
  const panel = page.getByRole("region", { name: "Find a point" })
  await panel.getByRole("searchbox", { name: "Point name" }).fill("Zusanli")
  const zusanli = panel.getByRole("option", { name: /^ST-36 Zúsānlǐ/ })
  await expect(zusanli).toBeVisible()
  await expect(zusanli).not.toContainText("Pro")
  await zusanli.click()
  await expect(page.getByRole("heading", { level: 1 })).toContainText("ST-36")
  const st36 = content.channels.flatMap((channel) => channel.points).find((p) => p.code === "ST-36")!
  await expect(page.locator("#main")).toContainText(st36.location)
  await expect(offlineBanner(page)).toBeVisible()
  await context.setOffline(false)
})
