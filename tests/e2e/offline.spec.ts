// Working offline (issue 33): a Standard learner's browser keeps the app and the pages they opened
// (src/service-worker.ts), so on a train without a network the home page and an opened point still
// show, with a banner saying so; the device never holds a text of Pro, only what the server sent this
// learner; and signing out clears the copies. This journey lets the app's service worker run, in a
// context of its own (the other journeys block it, support/test.ts).
import type { Page } from "@playwright/test"
import { loadContent } from "../../server/content/load-content.ts"
import { acceptCookies, createVerifiedUser, expectAccessible, goInApp, signIn } from "./support/fixtures.ts"
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

test("offline, the home page and an opened point still show; no Pro text is kept; signing out clears the copies", async ({
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
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true)
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

  // No network: the point reloads from the device, and the banner says what works.
  await context.setOffline(true)
  const reloaded = await page.reload()
  expect(reloaded?.fromServiceWorker()).toBe(true)
  await expect(point).toContainText("LU-9")
  await expect(offlineBanner(page)).toBeVisible()
  await expect(offlineBanner(page)).toContainText("Pages you opened before still work.")
  await expectAccessible(page)
  // Inside the app, a page opened before shows from the answer kept for it.
  await goInApp(page, "/book/pages/channels/lung-channel")
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Lung")
  // The home page too, opened anew.
  await page.goto("/")
  await expect(welcome).toBeVisible()
  await expect(offlineBanner(page)).toBeVisible()
  await expectAccessible(page)
  // A page never opened has no copy: the app's shell says the page could not be loaded, not the browser.
  await page.goto("/point/lu-10-yuji")
  await expect(page.locator("#root footer")).toBeVisible()
  await expect(offlineBanner(page)).toBeVisible()

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
    ]),
  )
  const lu9 = content.channels.flatMap((channel) => channel.points).find((p) => p.code === "LU-9")!
  expect(learner.find((answer) => answer.url === "/point/lu-9-taiyuan")?.body).toContain(lu9.location)
  for (const { url, body } of kept) {
    const pro = PRO_TEXTS.find((text) => body.includes(text))
    expect(pro, `${url} holds a Pro text`).toBeUndefined()
  }

  // Signing out clears the copies of what this learner read; the app's shell stays.
  await page.goto("/")
  await expect(welcome).toBeVisible()
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign out" }).click()
  await page.getByRole("button", { name: "Yes, sign out" }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect
    .poll(async () =>
      (await cachedAnswers(page))
        .filter((answer) => answer.cache.startsWith("jingluo-content-"))
        .map((answer) => answer.url),
    )
    .toEqual([])
  expect((await cachedAnswers(page)).some((answer) => answer.cache.startsWith("jingluo-shell-"))).toBe(true)
})
