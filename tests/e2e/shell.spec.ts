// The shell across languages: every page of the account area renders and is translated in German
// and Spanish (axe checks them in every-page.spec.ts); the language switch, cookie banner, footer quotes and
// /not-found behave as §2 and §4 describe.
import type { Page } from "@playwright/test"
import { createVerifiedUser, expectAccessible, goInApp, signIn } from "./support/fixtures.ts"
import { expect, test } from "./support/test.ts"

const PAGES = [
  "/",
  "/about",
  "/about-us",
  "/login",
  "/register",
  "/resetpassword",
  "/verify-email",
  "/not-found",
] as const

const HEADINGS: Record<string, Record<(typeof PAGES)[number], RegExp>> = {
  en: {
    "/": /Learn the acupuncture channels/,
    "/about": /About Jingluo/,
    "/about-us": /About us/,
    "/login": /Log in/,
    "/register": /Create your account/,
    "/resetpassword": /Reset your password/,
    "/verify-email": /Verify your e-mail address/,
    "/not-found": /Page not found/,
  },
  de: {
    "/": /Leitbahnen/,
    "/about": /Über Jingluo/,
    "/about-us": /Über uns/,
    "/login": /Anmelden/,
    "/register": /Konto/,
    "/resetpassword": /Passwort/,
    "/verify-email": /E-Mail-Adresse/,
    "/not-found": /nicht gefunden/,
  },
  es: {
    "/": /canales/,
    "/about": /Jingluo/,
    "/about-us": /Sobre nosotros|Quiénes somos|Acerca de nosotros/,
    "/login": /Iniciar sesión/,
    "/register": /cuenta/,
    "/resetpassword": /contraseña/,
    "/verify-email": /correo/,
    "/not-found": /no encontrada/,
  },
}

const NAV: Record<string, { login: string; signUp: string }> = {
  en: { login: "Log in", signUp: "Sign up" },
  de: { login: "Anmelden", signUp: "Registrieren" },
  es: { login: "Iniciar sesión", signUp: "Registrarse" },
}

for (const language of ["en", "de", "es"] as const) {
  test.describe(`pages in ${language}`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await context.addCookies([
        { name: "cookieAccepted", value: "yes", url: baseURL! },
        { name: "language", value: language, url: baseURL! },
      ])
    })

    // axe and the titles of these pages are every-page.spec.ts's (or, in English, the journeys it
    // names in OWN_JOURNEY_AXE); here their own words.
    test("the pages of the account area are translated", async ({ page }) => {
      await page.goto("/pricing")
      for (const path of PAGES) {
        await goInApp(page, path)
        await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(HEADINGS[language]![path])
        await expect(page.locator("html")).toHaveAttribute("lang", language)
        const header = page.getByRole("banner")
        await expect(header.getByRole("link", { name: NAV[language]!.login, exact: true })).toBeVisible()
        await expect(header.getByRole("link", { name: NAV[language]!.signUp })).toBeVisible()
        await expect(page.locator(".quote").first()).toBeVisible()
      }
    })
  })
}

test("switching the language stores the cookie for a year and reloads to /", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
  await page.goto("/about")
  await page.getByRole("button", { name: /Languages/ }).click()
  const menu = page.getByRole("menu")
  await expect(menu.getByRole("menuitemradio", { name: /Русский/ })).toBeDisabled()
  await expect(menu.getByText("Under construction")).toBeVisible()
  await expectAccessible(page)
  await menu.getByRole("menuitemradio", { name: "Deutsch" }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole("banner").getByRole("link", { name: "Anmelden", exact: true })).toBeVisible()
  const cookie = (await context.cookies()).find((c) => c.name === "language")
  expect(cookie?.value).toBe("de")
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000
  expect(days).toBeGreaterThan(364)
  expect(days).toBeLessThan(367)

  await page.getByRole("button", { name: /Sprachen/ }).click()
  await page.getByRole("menuitemradio", { name: "Español" }).click()
  await expect(page.getByRole("banner").getByRole("link", { name: "Iniciar sesión", exact: true })).toBeVisible()
})

test("the cookie banner shows until accepted, then hands focus to the page, and remembers the choice for 10 years", async ({
  page,
  context,
}) => {
  await page.goto("/")
  const banner = page.getByRole("region", { name: "Cookie notice" })
  await expect(banner).toBeVisible()
  await expectAccessible(page)
  await banner.getByRole("button", { name: "Accept cookies" }).click()
  await expect(banner).toBeHidden()
  // The cursor moves on to the page's content instead of falling to the body, and the choice is said.
  await expect(page.locator("main#main")).toBeFocused()
  await expect(page.getByText("Cookies accepted.")).toBeVisible()
  const cookie = (await context.cookies()).find((c) => c.name === "cookieAccepted")
  expect(cookie?.value).toBe("yes")
  // The app asks for 10 years (COOKIE_ACCEPT_MAX_AGE_SECONDS); Chromium caps every cookie at 400 days.
  expect(((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000).toBeGreaterThan(399)
  await page.reload()
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
  await expect(page.getByRole("region", { name: "Cookie notice" })).toHaveCount(0)
})

test("the footer quote loads more (the new quote focused) and reads more at /about-us", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
  await page.goto("/")
  const quotes = page.locator(".quote")
  await expect(quotes).toHaveCount(1)
  await expect(quotes.first()).toContainText(/HT-\d/)
  await page.getByRole("button", { name: "Load more" }).click()
  await expect(quotes).toHaveCount(2)
  // The new quote takes the cursor: the button is disabled while it loads.
  await expect(quotes.nth(1)).toBeFocused()
  // By keyboard too: Tab back to the button, Enter, and the third quote has the cursor.
  await page.getByRole("button", { name: "Load more" }).focus()
  await page.keyboard.press("Enter")
  await expect(quotes).toHaveCount(3)
  await expect(quotes.nth(2)).toBeFocused()
  await page.getByRole("link", { name: "Read more" }).click()
  await expect(page).toHaveURL(/\/about-us$/)
  await expect(page.getByRole("heading", { level: 2, name: "The quote of the day" })).toBeVisible()
})

test("an unknown path shows the not-found page and an unknown API path answers JSON 404", async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await context.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
  await page.goto("/about")
  await page.goto("/no/such/page")
  // §8: the address becomes /not-found, in place of the unknown one, so Back skips it.
  await expect(page).toHaveURL(/\/not-found$/)
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible()
  await expect(page).toHaveTitle("Page not found · Jingluo")
  await page.goBack()
  await expect(page).toHaveURL(/\/about$/)
  await page.goto("/book/pages/channels/lung-channel/extra")
  await expect(page).toHaveURL(/\/not-found$/)
  const api = await request.get("/api/no-such-endpoint")
  expect(api.status()).toBe(404)
  expect(await api.json()).toHaveProperty("message")
})

test("every response carries the security headers and the app runs under its CSP", async ({ page, request }) => {
  const errors: Array<string> = []
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) errors.push(message.text())
  })
  const response = await page.goto("/")
  const headers = response!.headers()
  expect(headers["content-security-policy"]).toContain("script-src 'self'")
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'")
  expect(headers["x-content-type-options"]).toBe("nosniff")
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin")
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
  expect(errors).toEqual([])
  const health = await request.get("/api/health")
  expect(health.headers()["x-content-type-options"]).toBe("nosniff")
})

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } })

  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
  })

  /** The header is one row: its logo, language and menu buttons share a line. */
  const expectOneRow = async (page: Page) => {
    const header = (await page.getByRole("banner").boundingBox())!
    expect(header.height).toBeLessThanOrEqual(72)
    const tops = await page
      .locator(".header-inner > *:visible")
      .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)))
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(12)
  }

  test("the header is one row with a menu button the mouse can use", async ({ page }) => {
    // The server drew the page; opening it waits until the app has taken it over (support/test.ts),
    // so its menu button opens.
    await page.goto("/about")
    await expectOneRow(page)
    await page.getByRole("button", { name: "Menu" }).click()
    const menu = page.getByRole("menu")
    await expect(menu.getByRole("menuitem", { name: "Sign up" })).toBeVisible()
    await expectAccessible(page)
    await menu.getByRole("menuitem", { name: "Log in" }).click()
    // Log in carries the page shown, to come back to it.
    await expect(page).toHaveURL(/\/login\?next=%2Fabout$/)
    await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible()
  })

  test("the menu button works with the keyboard", async ({ page }) => {
    await page.goto("/about")
    await page.getByRole("button", { name: "Menu" }).focus()
    await page.keyboard.press("Enter")
    const menu = page.getByRole("menu")
    await expect(menu.getByRole("menuitem").first()).toBeFocused()
    await page.keyboard.press("ArrowDown")
    await page.keyboard.press("ArrowDown")
    await expect(menu.getByRole("menuitem", { name: "Sign up" })).toBeFocused()
    await page.keyboard.press("Enter")
    await expect(page).toHaveURL(/\/register\?next=%2Fabout$/)
    await page.getByRole("button", { name: "Menu" }).focus()
    await page.keyboard.press("Enter")
    await page.keyboard.press("Escape")
    await expect(page.getByRole("menu")).toHaveCount(0)
    await expect(page.getByRole("button", { name: "Menu" })).toBeFocused()
  })

  test("signed in, the menu holds the entries and the upgrade button leaves the text clear", async ({ page }) => {
    await signIn(page, await createVerifiedUser(page))
    await expectOneRow(page)
    await page.getByRole("button", { name: "Menu" }).click()
    await page.getByRole("menuitem", { name: "Book" }).click()
    await expect(page).toHaveURL(/\/book\/pages$/)
    await page.getByRole("button", { name: "Menu" }).focus()
    await page.keyboard.press("Enter")
    await page.keyboard.press("Enter")
    await expect(page.getByRole("navigation", { name: "Channels, point categories and body areas" })).toBeVisible()
    await page.keyboard.press("Escape")
    await expect(page.getByRole("button", { name: "Menu" })).toBeFocused()

    // Scrolled to the end, the floating upgrade button covers no text of the page or footer.
    for (const path of ["/", "/point/lu-9-taiyuan", "/account-settings/my-membership"]) {
      await page.goto(path)
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
      await expect(page.locator(".quote").first()).toBeVisible()
      // Sections below the heading (notes, neighbours) may still be arriving: scroll to the end each time.
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              window.scrollTo(0, document.documentElement.scrollHeight)
              const button = document.querySelector(".floating-upgrade")!.getBoundingClientRect()
              return [...document.querySelectorAll("main *, footer *")]
                .filter((el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim() !== ""))
                .map((el) => el.getBoundingClientRect())
                .filter((r) => r.height > 0 && r.bottom > button.top && r.top < button.bottom).length
            }),
          { message: path },
        )
        .toBe(0)
    }
  })
})

test("the footer starts below the screen, so nothing jumps while a page arrives; the logo is a drawing", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport)
    for (const path of ["/", "/login", "/not-found", "/point/lu-9-taiyuan"]) {
      await page.goto(path)
      // Before the page's own content has arrived as much as after: the footer is out of sight.
      const footerTop = await page.locator("footer.footer").evaluate((footer) => footer.getBoundingClientRect().top)
      expect(footerTop).toBeGreaterThanOrEqual(viewport.height)
    }
  }
  await page.goto("/")
  const logo = page.getByRole("link", { name: "Jingluo" }).first()
  await expect(logo.locator("svg.logo-mark path")).toHaveCount(1)
  await expect(logo).toHaveText("Jingluo")
  const favicon = await page.request.get("/favicon.svg")
  expect(await favicon.text()).not.toContain("<text")
})

/** The fonts Chromium drew a node's text with (DevTools protocol: CSS.getPlatformFontsForNode). */
const fontsDrawing = async (page: Page, selector: string) => {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send("DOM.enable")
  await cdp.send("CSS.enable")
  const { root } = await cdp.send("DOM.getDocument", { depth: -1 })
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector })
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId })
  await cdp.detach()
  return fonts.map((font) => ({ family: font.familyName, custom: font.isCustomFont }))
}

test("Chinese names are drawn in the app's own fonts, traditional and simplified, not as empty boxes", async ({
  page,
}) => {
  const fontRequests: Array<string> = []
  page.on("request", (request) => {
    if (request.resourceType() === "font") fontRequests.push(new URL(request.url()).pathname)
  })
  await page.goto("/point/lu-9-taiyuan")
  const characters = page.getByRole("definition").filter({ hasText: "太淵 / 太渊" })
  await expect(characters).toBeVisible()
  // The faces' rules arrive once the page has loaded and the browser is idle, then the text swaps.
  const drawnIn = (selector: string) => expect.poll(() => fontsDrawing(page, selector), { timeout: 15_000 })
  await drawnIn(".facts [lang='zh-Hant']").toEqual([{ family: "Noto Serif TC", custom: true }])
  await drawnIn(".facts [lang='zh-Hans']").toEqual([{ family: "Noto Serif SC", custom: true }])
  // The heading's characters too. The faces come from this server as woff2 slices, and the page
  // fetches only the few slices of the characters it shows (its name, the footer's quote).
  await drawnIn("h1 [lang='zh-Hant']").toEqual([{ family: "Noto Serif TC", custom: true }])
  await expect(page.locator("footer .quote").first()).toBeVisible()
  // Not every quote has its Chinese original.
  if ((await page.locator(".quote .original").count()) > 0)
    await drawnIn(".quote .original").toEqual([{ family: "Noto Serif SC", custom: true }])
  for (const path of fontRequests) expect(path).toMatch(/^\/assets\/hanzi-(tc|sc)-\d+-[\w-]+\.woff2$/)
  expect(fontRequests.filter((path) => path.includes("hanzi-tc")).length).toBeGreaterThanOrEqual(1)
  expect(fontRequests.filter((path) => path.includes("hanzi-sc")).length).toBeGreaterThanOrEqual(1)
  expect(fontRequests.length).toBeLessThanOrEqual(5)
  await expectAccessible(page)
})

test("the page comes in the language of the cookie, with that language's texts fetched beside the app", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "language", value: "de", url: baseURL! }])
  const html = await (await page.request.get("/point/lu-9-taiyuan", { headers: { accept: "text/html" } })).text()
  expect(html).toContain('<html lang="de">')
  const preloaded = [
    ...html.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/(?:common|user)-[^"]+)">/g),
  ]
  // German and the English fallback of the common texts: a point page reads no others.
  expect(preloaded).toHaveLength(2)
  // The sign-in page reads the account's texts too (PAGE_GROUP_TEXTS), so its page preloads them.
  const signIn = await (await page.request.get("/login", { headers: { accept: "text/html" } })).text()
  const signInTexts: Array<string> = []
  for (const [, href] of signIn.matchAll(
    /<link rel="modulepreload" crossorigin href="(\/assets\/(?:common|user)-[^"]+)">/g,
  ))
    if (href && !(await (await page.request.get(href)).text()).startsWith("import")) signInTexts.push(href)
  expect(signInTexts).toHaveLength(4)
  // A text bundle is a locale file's module, which imports nothing; a script of the app's code may
  // carry a namespace's name too (src/domain/account/user.ts is `user-….js`, loaded with the API client).
  const texts: Array<Promise<string | null>> = []
  page.on("response", (response) => {
    const path = new URL(response.url()).pathname
    if (/^\/assets\/(common|user)-/.test(path)) {
      texts.push(response.text().then((body) => (body.startsWith("import") ? null : path)))
    }
  })
  await page.goto("/point/lu-9-taiyuan")
  await expect(page.getByRole("heading", { level: 1 })).toContainText("LU-9")
  await expect(page.getByRole("link", { name: "Leitbahnen", exact: true }).first()).toBeVisible()
  // The very files the page preloaded, no others.
  const fetched = (await Promise.all(texts)).filter((path) => path !== null)
  expect(fetched.sort()).toEqual(preloaded.map(([, path]) => path).sort())
})

test("React Aria's own words follow the app's language, not the browser's", async ({ page, context, baseURL }) => {
  for (const [language, menu, dismiss] of [
    ["de", "Sprachen", "Schließen"],
    ["es", "Idiomas", "Descartar"],
    ["en", "Languages", "Dismiss"],
  ] as const) {
    await context.addCookies([{ name: "language", value: language, url: baseURL! }])
    await page.goto("/")
    await page.getByRole("button", { name: new RegExp(`^${menu}`) }).click()
    await expect(page.getByRole("menu", { name: menu })).toBeVisible()
    // The popover's hidden close button for screen readers.
    await expect(page.getByRole("button", { name: dismiss, exact: true }).first()).toBeAttached()
    await page.keyboard.press("Escape")
  }
})
