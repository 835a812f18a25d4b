// Every page of the app (the lists in support/site-pages.ts) in en, de and es — as a visitor, a
// Standard user and a Pro user, with the drill-down, the menus and the payment modal open where they
// appear — checked by axe against WCAG 2.0–2.2 A and AA, with a page title of its own ("LU-9
// Tàiyuān · Jingluo") in the language of the page where it has words, and not scrolling sideways.
// English is swept on a wide screen, German (the longest words) on a 320 px phone and Spanish on a
// 375 px one. Pages are reached as the app's links reach them; the addresses whose query the app
// reads at start are loaded afresh. The checkout page, the server's own, asks for no missing file.
// English leaves out what a journey of its own already runs axe on in English on that screen
// (OWN_JOURNEY_AXE below); German and Spanish, on their phones, sweep everything.
import { readFileSync } from "node:fs"
import type { Page } from "@playwright/test"
import { createVerifiedUser, expectAccessible, goInApp, signIn } from "./support/fixtures.ts"
import { sideways as sidewaysBy } from "./support/phones.ts"
import {
  CHANNEL_PAGES,
  FREE_BOOK_PAGES,
  LOCKED_PAGES,
  MEMBER_PAGES,
  PLAN_PAGES,
  PRO_PAGES,
  VISITOR_PAGES,
  VISITOR_QUERY_PAGES,
} from "./support/site-pages.ts"
import { expect, test } from "./support/test.ts"

const LANGUAGES = ["en", "de", "es"] as const
type Language = (typeof LANGUAGES)[number]
/** The screen each language's sweep is laid out on. */
const SCREENS = {
  en: { width: 1280, height: 720 },
  de: { width: 320, height: 720 },
  es: { width: 375, height: 720 },
} as const satisfies Record<Language, { width: number; height: number }>

const locale = (language: Language, namespace: string) =>
  JSON.parse(readFileSync(`locales/${language}/${namespace}.json`, "utf8")) as Record<string, Record<string, unknown>>
const text = (language: Language, namespace: string, path: string) =>
  path
    .split(".")
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], locale(language, namespace)) as string

/**
 * What the English sweep leaves to the journeys that already run axe on it in English at 1280×720
 * and in the same state — who is signed in, what is open, what the page was given — each with the
 * journey (file › title) that checks it there. Such a page would cost the sweep its visit and a
 * second axe run for nothing new. The last test below fails when a journey named here is gone.
 */
const OWN_JOURNEY_AXE: Record<string, ReadonlyArray<string>> = {
  "visitor /register": ["account.spec.ts › register, verify from the outbox, sign in and sign out"],
  "visitor /resetpassword": ["account.spec.ts › reset the password with the code from the outbox"],
  "visitor /login": [
    "social-sign-in.spec.ts › a new user signs up with the provider, keyboard only, and lands where they were going",
  ],
  "visitor /book/pages/channels/lung-channel": [
    "charts.spec.ts › the Lung chart walked LU-1 → LU-11 by arrow keys, LU-9 opened with Enter",
  ],
  "visitor /book/pages/point-categories": [
    "browse.spec.ts › the book's chapter on point categories links to all 18 category pages",
  ],
  // Reached there from the channel's chart, as here from the page before.
  "visitor /point/lu-9-taiyuan": [
    "charts.spec.ts › the Lung chart walked LU-1 → LU-11 by arrow keys, LU-9 opened with Enter",
  ],
  // The code step for the address given; the journey's shows a wrong code's message besides.
  "visitor /resetpassword?email=anna%40example.com": [
    "account.spec.ts › reset the password with the code from the outbox",
  ],
  // The code step for the account named; the journey's, right after signing up, names the address too.
  "visitor /verify-email?user=0bfdfc3b-a859-4c3e-9fe4-dd0aab9b5026": [
    "account.spec.ts › register, verify from the outbox, sign in and sign out",
  ],
  // An account the server does not know, with a code.
  "visitor /verify-email?user=0bfdfc3b-a859-4c3e-9fe4-dd0aab9b5026&code=1234": [
    "account.spec.ts › an unknown or malformed verification link says it is not valid and sends a new one",
  ],
  // The page loaded afresh, and the payment modal a Standard user opens (there over the home page).
  "Standard /account-settings/my-membership and its upgrade modal": [
    "page-groups.spec.ts › a signed-in user opening My membership cold gets the settings layout's script and the page's with the app",
    "subscriptions.spec.ts › the payment modal offers itself once after signing in, and not again that day",
    "subscriptions.spec.ts › a Standard user upgrades from the floating button, pays and has Pro without a reload",
  ],
  "Standard drill-down menu, three columns": [
    "browse.spec.ts › a Standard user browses LU → LU-9 through the drill-down menu",
  ],
  "Standard /checkout": [
    "subscriptions.spec.ts › a Standard user upgrades from the floating button, pays and has Pro without a reload",
  ],
  "Pro /payment-success": [
    "subscriptions.spec.ts › a Standard user upgrades from the floating button, pays and has Pro without a reload",
  ],
  "Pro /account-settings/my-membership": [
    "subscriptions.spec.ts › a Standard user upgrades from the floating button, pays and has Pro without a reload",
  ],
  "Pro /pricing": [
    "subscriptions.spec.ts › a Pro user on /pricing sees the plan and the way to My membership, not a checkout",
  ],
}

type Role = "visitor" | "Standard" | "Pro"

/** Whether this language's sweep runs axe on it itself (English leaves some to their journeys). */
const sweeps = (language: Language, what: string) => language !== "en" || !(what in OWN_JOURNEY_AXE)

/** The pages this language's sweep checks itself, of those a visitor, Standard or Pro user opens. */
const swept = (language: Language, role: Role, paths: ReadonlyArray<string>) =>
  paths.filter((path) => sweeps(language, `${role} ${path}`))

/** What scrolls sideways, page by page; each test ends by asking that nothing did. */
const sideways: Array<string> = []
test.beforeEach(() => {
  sideways.length = 0
})
const expectNothingSideways = () => expect(sideways, "pages that scroll sideways").toEqual([])

/** Notes the page when it scrolls sideways at the sweep's width. */
const checkSideways = async (page: Page, path: string) => {
  const found = await sidewaysBy(page)
  if (found) sideways.push(`${path}: ${found}`)
}

/**
 * The page's heading, its own title in the page's language, axe (unless `axe: false`: its own
 * journey runs it), and nothing sideways.
 */
const expectPage = async (page: Page, path: string, title?: string | RegExp, { axe = true } = {}) => {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible()
  await expect(page.locator(".page-loader")).toHaveCount(0)
  if (title !== undefined) await expect(page, path).toHaveTitle(title)
  else await expect(page, path).toHaveTitle(/^(?!Jingluo$).+ · Jingluo$/)
  if (axe) await expectAccessible(page)
  await checkSideways(page, path)
}

/** Loads the address afresh (the app reads its query at start) and checks the page. */
const check = async (page: Page, path: string, title?: string | RegExp) => {
  await page.goto(path)
  await expectPage(page, path, title)
}

/** Goes to the address as the app's own links do (no page load) and checks the page. */
const visit = async (page: Page, path: string, title?: string | RegExp, options?: { axe?: boolean }) => {
  await goInApp(page, path)
  await expectPage(page, path, title, options)
}

const closeDialog = async (page: Page) => {
  const dialog = page.getByRole("dialog")
  await expect(dialog).toBeVisible()
  await expectAccessible(page)
  await page.keyboard.press("Escape")
  await expect(dialog).toHaveCount(0)
}

for (const language of LANGUAGES) {
  test.describe(`every page in ${language}`, () => {
    test.use({ viewport: SCREENS[language] })
    test.beforeEach(async ({ context, baseURL }) => {
      await context.addCookies([
        { name: "cookieAccepted", value: "yes", url: baseURL! },
        { name: "language", value: language, url: baseURL! },
      ])
    })

    test("as a visitor", async ({ page }) => {
      const suffix = " · Jingluo"
      await check(page, "/", `${text(language, "home", "title")}${suffix}`)
      await expect(page.locator("html")).toHaveAttribute("lang", language)
      for (const path of swept(language, "visitor", VISITOR_PAGES)) await visit(page, path)
      if (sweeps(language, "visitor /login")) {
        await visit(page, "/login", `${text(language, "user", "login.title")}${suffix}`)
      }
      await visit(page, "/not-found", `${text(language, "common", "notFound.title")}${suffix}`)
      // Both plan pages are "Jingluo Pro": each is loaded afresh.
      for (const path of PLAN_PAGES) await check(page, path)
      for (const path of swept(language, "visitor", FREE_BOOK_PAGES)) await visit(page, path)
      if (sweeps(language, "visitor /point/lu-9-taiyuan")) {
        await visit(page, "/point/lu-9-taiyuan", "LU-9 Tàiyuān · Jingluo")
      }
      // The first locked page offers the lite upgrade modal by itself (once a session); every locked
      // page behind it is named and checked too.
      for (const [index, [path, title]] of LOCKED_PAGES.entries()) {
        await goInApp(page, path)
        if (index === 0) await closeDialog(page)
        await expectPage(page, path, title)
        await expect(page.getByRole("dialog")).toHaveCount(0)
      }
      for (const path of swept(language, "visitor", VISITOR_QUERY_PAGES)) await check(page, path)
      // The narrow header's menu.
      await page.setViewportSize({ width: 375, height: 812 })
      await page
        .getByRole("banner")
        .getByRole("button", { name: text(language, "common", "nav.menu") })
        .click()
      await expect(page.getByRole("menu")).toBeVisible()
      await expectAccessible(page)
      expectNothingSideways()
    })

    test("as a Standard and then a Pro user", async ({ page }) => {
      await signIn(page, await createVerifiedUser(page))
      if (sweeps(language, "Standard /account-settings/my-membership and its upgrade modal")) {
        await check(page, "/account-settings/my-membership")
        await page.getByRole("main").getByRole("button").first().click()
        await closeDialog(page)
        await page
          .getByRole("button", { name: text(language, "common", "upgrade.button") })
          .last()
          .click()
        await closeDialog(page)
      }
      if (sweeps(language, "Standard drill-down menu, three columns")) {
        // The drill-down menu's three columns, on a wide screen.
        await goInApp(page, "/")
        await page.setViewportSize(SCREENS.en)
        await page.getByRole("button", { name: text(language, "common", "nav.channelPoints") }).click()
        const menu = page.getByRole("navigation", { name: text(language, "common", "browse.menuLabel") })
        await menu.getByRole("listbox").first().getByRole("option").first().click()
        await menu.getByRole("listbox").nth(1).getByRole("option").first().click()
        await expect(menu.getByRole("listbox")).toHaveCount(3)
        await expectAccessible(page)
        await page.setViewportSize(SCREENS[language])
      }

      await page.goto("/pricing")
      await page.locator(".plan-chooser .button-row button").first().click()
      await expect(page).toHaveURL(/\/checkout\//)
      // The checkout page is the server's own: it carries the app's icon and asks for no missing file.
      const missing: Array<string> = []
      page.on("response", (response) => {
        if (response.status() === 404) missing.push(response.url())
      })
      page.on("console", (message) => {
        if (message.type() === "error") missing.push(message.text())
      })
      await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", "/favicon.svg")
      await expect(page.locator("html")).toHaveAttribute("lang", language)
      if (sweeps(language, "Standard /checkout")) await expectAccessible(page)
      await checkSideways(page, page.url())
      await page.locator("form button").first().click()
      await expect(page).toHaveURL(/\/payment-success/)
      await expectPage(page, "/payment-success", undefined, { axe: sweeps(language, "Pro /payment-success") })
      expect(missing, "missing files on the checkout page").toEqual([])
      await visit(page, "/account-settings/my-membership", undefined, {
        axe: sweeps(language, "Pro /account-settings/my-membership"),
      })
      await expect(page.locator("dl.facts dd").first()).toHaveText("Pro")
      for (const path of swept(language, "Pro", ["/pricing", ...LOCKED_PAGES.map(([path]) => path), ...PRO_PAGES])) {
        await visit(page, path)
      }
      // The member's own pages, the home page and every channel's are checked by their journeys' axe;
      // here, on phones.
      const phonePages = language === "en" ? [] : ["/", ...CHANNEL_PAGES, ...MEMBER_PAGES]
      for (const path of new Set(phonePages)) {
        await goInApp(page, path)
        await checkSideways(page, path)
      }
      expectNothingSideways()
    })
  })
}

test("the API reference page", async ({ page }) => {
  await check(page, "/api/docs", /^Jingluo API .* · Jingluo$/)
  // The reference on the narrowest phone, then back on the wide screen for its links.
  await page.setViewportSize(SCREENS.de)
  await checkSideways(page, "/api/docs")
  expectNothingSideways()
  await page.setViewportSize(SCREENS.en)
  await page.getByRole("link", { name: "POST /api/login" }).click()
  await expect(page).toHaveURL(/#op-users-login$/)
  await expect(page.getByRole("region", { name: /POST \/api\/login/ })).toBeInViewport()
  await page.getByRole("link", { name: "GET /api/categories", exact: true }).focus()
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/#op-content-categoryList$/)
})

// The English sweep's list of what it leaves to other journeys stays true to their names: a journey
// renamed or removed takes its pages back into the sweep, by editing OWN_JOURNEY_AXE.
test("every journey the English sweep leaves a page to is there, and runs axe", () => {
  const gone: Array<string> = []
  for (const journey of new Set(Object.values(OWN_JOURNEY_AXE).flat())) {
    const [file, title] = journey.split(" › ") as [string, string]
    const source = readFileSync(`tests/e2e/${file}`, "utf8")
    // A journey of the file's top level, from its title to its closing line.
    const start = source.indexOf(`\ntest(${JSON.stringify(title)}`)
    const end = source.indexOf("\n})\n", start)
    if (start < 0 || !source.slice(start, end).includes("expectAccessible(")) gone.push(journey)
  }
  expect(gone, "journeys named in OWN_JOURNEY_AXE").toEqual([])
})
