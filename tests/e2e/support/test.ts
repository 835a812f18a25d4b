// The journeys' `test`: Playwright's, with each worker talking to its own server and database
// (playwright.config.ts starts one per worker), so journeys in parallel never share an account,
// a rate limit or an outbox.
//
// A worker's journeys share one browser context, each in its own new tab, and that context is made
// new for each journey in everything a site can keep: cookies, local and session storage, IndexedDB,
// caches, service workers, permissions, routes, the network's state and extra headers. What stays is
// what a returning browser keeps — the HTTP cache, the compiled scripts, the fonts — so a journey's
// first page costs what the app costs a returning visitor rather than a browser's first start (about
// a second and a half less each on these machines). A tab kept open on the server's origin holds
// the site's renderer process (`--process-per-site`, servers.ts) between journeys and clears the
// origin's storage. Opening a page the server drew waits until the app has taken it over. A journey that needs a browser of its own kind — touch, no JavaScript, or a
// cold cache (`coldBrowser`) — gets a fresh context as before.
//
// Service workers are blocked (`serviceWorkers: "block"`, playwright.config.ts): a journey that
// fakes the network (`setOffline`, routes) must meet the network, not the app's offline copies,
// which Playwright's routes do not see. A journey about working offline asks for a fresh context
// that allows them (`test.use({ serviceWorkers: "allow" })`, offline.spec.ts).
import { type BrowserContext, test as base, type Page } from "@playwright/test"
import { FIRST_PAGE_DATA_ID } from "../../../src/domain/shared/first-page.ts"
import { appStarted } from "./fixtures.ts"
import { e2eOrigin } from "./servers.ts"

type JourneyOptions = {
  /** A fresh browser context with nothing cached, for journeys about what a first visit fetches. */
  readonly coldBrowser: boolean
}

type WorkerFixtures = {
  readonly shared: { readonly context: BrowserContext; readonly keeper: Page }
}

/** Waits, on a page the server drew, until the app has taken it over (`appStarted`). */
const afterTakeover = async <A>(page: Page, response: A, waitUntil: string | undefined) => {
  if (waitUntil !== "commit" && (await page.locator(`#${FIRST_PAGE_DATA_ID}`).count()) > 0) await appStarted(page)
  return response
}

/** Everything a site may keep in the browser beyond its cookies, forgotten from the keeper tab. */
const forgetOrigin = (keeper: Page) =>
  keeper.evaluate(async () => {
    localStorage.clear()
    sessionStorage.clear()
    const databases = await indexedDB.databases()
    await Promise.all(
      databases.map(
        ({ name }) =>
          new Promise<void>((done) => {
            if (!name) return done()
            const request = indexedDB.deleteDatabase(name)
            request.onsuccess = request.onerror = request.onblocked = () => done()
          }),
      ),
    )
    if ("caches" in globalThis) for (const key of await caches.keys()) await caches.delete(key)
    if ("serviceWorker" in navigator)
      for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister()
  })

/**
 * The warning Playwright's own stand-in for `navigator.serviceWorker.register` logs where service
 * workers are blocked: the harness speaking, not the app, so a journey that counts the console's
 * warnings leaves it out.
 */
export const isBlockedWorkerNotice = (text: string) => text === "Service Worker registration blocked by Playwright"

export const test = base.extend<JourneyOptions, WorkerFixtures>({
  coldBrowser: [false, { option: true }],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use, testInfo) => {
    await use(e2eOrigin(testInfo.parallelIndex))
  },
  shared: [
    async ({ browser }, use, workerInfo) => {
      const origin = e2eOrigin(workerInfo.parallelIndex)
      // Made when the worker's first journey starts, whatever kind it is: Playwright would give it
      // that journey's options (no JavaScript, touch), so the shared context says its own.
      const context = await browser.newContext({
        baseURL: origin,
        javaScriptEnabled: true,
        hasTouch: false,
        serviceWorkers: "block",
      })
      const keeper = await context.newPage()
      await keeper.goto(`${origin}/robots.txt`)
      await use({ context, keeper })
      await context.close()
    },
    { scope: "worker" },
  ],
  context: async (
    { shared, coldBrowser, hasTouch, javaScriptEnabled, serviceWorkers, browser, baseURL, viewport },
    use,
  ) => {
    if (coldBrowser || hasTouch || javaScriptEnabled === false || serviceWorkers !== "block") {
      const context = await browser.newContext({ baseURL, hasTouch, javaScriptEnabled, viewport, serviceWorkers })
      await use(context)
      await context.close()
      return
    }
    const { context, keeper } = shared
    await context.clearCookies()
    await context.clearPermissions()
    await context.unrouteAll({ behavior: "ignoreErrors" })
    await context.setOffline(false)
    await context.setExtraHTTPHeaders({})
    await forgetOrigin(keeper)
    await use(context)
    for (const page of context.pages()) if (page !== keeper) await page.close()
  },
  page: async ({ context, viewport, javaScriptEnabled }, use) => {
    const page = await context.newPage()
    if (viewport) await page.setViewportSize(viewport)
    if (javaScriptEnabled !== false) {
      // A page the server drew is the app's once it has taken it over: until then a button does
      // nothing and a link loads its page afresh. Opening a page waits for that, as a reader
      // would see the page settle before using it.
      const { goto, reload } = { goto: page.goto.bind(page), reload: page.reload.bind(page) }
      page.goto = async (url, options) => afterTakeover(page, await goto(url, options), options?.waitUntil)
      page.reload = async (options) => afterTakeover(page, await reload(options), options?.waitUntil)
    }
    await use(page)
  },
})

export { expect } from "@playwright/test"
