// The app's pages load by group (src/domain/shared/page-groups.ts): the first page's script comes
// with the app, preloaded by the page the server sends (both groups' for a page of another feature
// inside the account settings layout); other groups' scripts only when one of their pages is
// opened; a page whose script cannot be loaded says so where it would be, with a retry.
import type { Page } from "@playwright/test"
import { appStarted, createVerifiedUser, expectAccessible, signIn } from "./support/fixtures.ts"
import { expect, test } from "./support/test.ts"

// What a first visit fetches: a browser with nothing cached yet.
test.use({ coldBrowser: true })

/** The scripts a page of `path` preloads beyond those the home page preloads: its group's. */
const groupScripts = async (page: Page, path: string) => {
  const preloads = async (of: string) => {
    const html = await (await page.request.get(of, { headers: { accept: "text/html" } })).text()
    return new Set([...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(([, href]) => href))
  }
  const home = await preloads("/")
  return [...(await preloads(path))].filter((href) => !home.has(href))
}

const scriptRequests = (page: Page) => {
  const requested = new Set<string>()
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname
    if (path.endsWith(".js")) requested.add(path)
  })
  return requested
}

test("the first page's script comes with the app, another page's when it is opened", async ({ page }) => {
  const browsing = await groupScripts(page, "/point/lu-9-taiyuan")
  const signIn = (await groupScripts(page, "/login")).filter((href) => !browsing.includes(href))
  // The sign-in pages' own script (the group's `sign-in-pages` chunk). The modules it shares with the API
  // client (the rules its forms and the API's answers both check) may come with the first call.
  const signInPages = signIn.filter((href) => /\/sign-in-pages-[^/]+\.js$/.test(href ?? ""))
  expect(browsing.length).toBeGreaterThan(0)
  expect(signInPages).toHaveLength(1)

  const requested = scriptRequests(page)
  await page.goto("/point/lu-9-taiyuan")
  await expect(page.getByRole("heading", { level: 1 })).toContainText("LU-9")
  for (const href of browsing) expect(requested, href).toContain(href)
  for (const href of signInPages) expect(requested, href).not.toContain(href)

  // The header's "Log in", with the mouse: the sign-in pages' script arrives and the page shows.
  await page.getByRole("navigation").getByRole("link", { name: "Log in", exact: true }).click()
  await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible()
  for (const href of signIn) expect(requested, href).toContain(href)
})

test("a page whose script cannot be loaded says so, and its retry loads it", async ({ page, context }) => {
  await page.goto("/")
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
  // The server drew the home page; the app takes it over, and its links then open pages in the app.
  await appStarted(page)
  // The browsing pages' script is not needed on the home page; offline, it cannot arrive.
  await context.setOffline(true)
  await page.getByRole("link", { name: "Browse the channels" }).click()
  const failed = page.getByText("This page could not be loaded. Check your connection and try again.")
  await expect(failed).toBeVisible()
  await expect(page.getByRole("alert").filter({ hasText: "could not be loaded" })).toBeVisible()
  await expectAccessible(page)

  // Back online, the retry (by keyboard) loads the page where it was. (The footer's quote, if it was
  // asked for while offline, has a retry of its own.)
  await context.setOffline(false)
  const retry = page.getByRole("main").getByRole("button", { name: "Try again" })
  await retry.focus()
  await page.keyboard.press("Enter")
  await expect(page.getByRole("heading", { level: 1, name: "Channels and vessels" })).toBeVisible()
  await expect(failed).toHaveCount(0)
  await expect(page).toHaveURL(/\/book\/pages\/channels$/)
})

test("the page of a group comes in German with the group's texts and script", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "language", value: "de", url: baseURL! }])
  const html = await (await page.request.get("/login", { headers: { accept: "text/html" } })).text()
  expect(html).toContain('<html lang="de">')
  const requested = scriptRequests(page)
  await page.goto("/login")
  await expect(page.getByRole("heading", { level: 1, name: /Anmelden/ })).toBeVisible()
  for (const href of await groupScripts(page, "/login")) expect(requested, href).toContain(href)
  await expectAccessible(page)
})

test("a signed-in user opening My membership cold gets the settings layout's script and the page's with the app", async ({
  page,
  context,
}) => {
  await signIn(page, await createVerifiedUser(page))
  // The settings layout is the account group's, the membership page the billing group's: the
  // page the server sends for the address preloads the scripts of both.
  const membership = await groupScripts(page, "/account-settings/my-membership")
  const layout = await groupScripts(page, "/account-settings/my-profile")
  const billing = await groupScripts(page, "/pricing")
  expect(layout.length).toBeGreaterThan(0)
  expect(billing.length).toBeGreaterThan(0)
  for (const href of [...layout, ...billing]) expect(membership, href).toContain(href)

  // A new tab starts the app afresh (the session stays the browser's). That the first render then
  // shows the layout and the page at once is checked in tests/ui/page-groups.test.tsx; here a
  // loader still shows briefly while the settings' own texts load after it.
  const cold = await context.newPage()
  const requested = scriptRequests(cold)
  await cold.goto("/account-settings/my-membership")
  await expect(cold.getByRole("heading", { level: 1, name: "My membership" })).toBeVisible()
  const settings = cold.getByRole("navigation", { name: "Account settings" })
  await expect(settings).toBeVisible()
  await expect(settings.getByRole("link", { name: "My membership" })).toHaveAttribute("aria-current", "page")
  await expect(cold.getByText("You are on the free Standard plan")).toBeVisible()
  for (const href of membership) expect(requested, href).toContain(href)
  await expectAccessible(cold)
})
