// Shared steps of the journeys: unique users, registering through the UI or the API, axe checks,
// going to a page inside the app as its own links do.
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { expect, type Page, test } from "@playwright/test"
import { COOKIE_USERDATA } from "../../../src/domain/shared/cookies.ts"
import { codeIn, latestMail, linkIn } from "./outbox.ts"
import { e2eOrigin } from "./servers.ts"

let counter = 0
export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${counter++}@example.com`
export const PASSWORD = "lotus7root"

/** The WCAG levels every page is checked against, WCAG 2.2 AA included (axe leaves 2.2 out by default). */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]

/** axe-core's own script, put into a page once per document load (app navigations keep it). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8")

type AxeWindow = { axe?: typeof import("axe-core") }

/**
 * No axe violations of WCAG 2.0–2.2 A and AA on the page as it is now. The check runs with reduced
 * motion, as a user who asks for it sees the page: a toast that starts to fade in or out while axe
 * reads the page lands at once, so its text is never judged half transparent. A fade that began before
 * the switch keeps running under CSS rules, so it is finished first: axe reads the colours that stay.
 * axe runs in the page itself (the app has no frames), put there once per document rather than before
 * every check; finishing the fades, counting frames and running axe are one call into the page.
 */
export const expectAccessible = async (page: Page) => {
  await page.emulateMedia({ reducedMotion: "reduce" })
  const check = () =>
    page.evaluate(async (tags) => {
      for (const a of document.getAnimations()) if (a instanceof CSSTransition) a.finish()
      const { axe } = window as AxeWindow
      if (axe === undefined) return null
      const { violations } = await axe.run(document, {
        runOnly: { type: "tag", values: tags },
        resultTypes: ["violations"],
      })
      return {
        frames: document.querySelectorAll("iframe").length,
        violations: violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
      }
    }, WCAG_TAGS)
  const result = await (async () => {
    const first = await check()
    if (first !== null) return first
    await page.evaluate(AXE_SOURCE)
    return check()
  })().finally(() => page.emulateMedia({ reducedMotion: null }))
  expect(result?.frames, "a frame axe would not reach").toBe(0)
  expect(result?.violations).toEqual([])
}

export const acceptCookies = async (page: Page) => {
  await page.context().addCookies([
    {
      name: "cookieAccepted",
      value: "yes",
      url: page.url().startsWith("http") ? page.url() : e2eOrigin(test.info().parallelIndex),
    },
  ])
}

/**
 * Waits until the app has taken over the page the server drew — React has reached its last part,
 * the footer, and committed — before which a link is an ordinary link that loads its page from the
 * server.
 */
export const appStarted = async (page: Page) => {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const footer = document.querySelector("#root footer")
        return footer !== null && Object.keys(footer).some((key) => key.startsWith("__reactFiber"))
      }),
    )
    .toBe(true)
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
}

/** Creates and verifies an account through the API, as a quick start for journeys about something else. */
export const createVerifiedUser = async (page: Page, email = uniqueEmail("user")) => {
  const response = await page.request.post("/api/register", {
    data: {
      email,
      firstName: "Lin",
      lastName: "Wei",
      password: PASSWORD,
      confirmPassword: PASSWORD,
      termsChecked: true,
      promotional: false,
    },
  })
  expect(response.status()).toBe(200)
  const mail = await latestMail(email, "verify-email")
  const link = new URL(linkIn(mail))
  const verified = await page.request.get(`/api/verify-email/${link.searchParams.get("user")}/${codeIn(mail)}`)
  expect(verified.status()).toBe(200)
  return email
}

/**
 * What the app's sign-in leaves in the browser, made through the API: the server's HttpOnly session
 * cookie, and the readable record of the user the app keeps beside it (src/wiring/account.ts).
 */
const signInByApi = async (page: Page, email: string, password: string) => {
  const response = await page.request.post("/api/login", { data: { email, password } })
  expect(response.status(), `signing in as ${email}`).toBe(200)
  const { token: _token, ...user } = (await response.json()) as Record<string, unknown>
  await page.context().addCookies([
    {
      name: COOKIE_USERDATA,
      value: encodeURIComponent(JSON.stringify(user)),
      url: e2eOrigin(test.info().parallelIndex),
      sameSite: "Lax",
    },
  ])
}

/**
 * Signs in through the API — the session cookie lands in this browser's jar as the form's sign-in
 * leaves it — and opens the home page signed in, once the app has taken it over. The payment offer
 * follows a sign-in in the app only, so none opens. Journeys about something else start here; the
 * form's own journeys (account.spec.ts, subscriptions.spec.ts, the models) use `signInThroughForm`.
 */
export const signIn = async (page: Page, email: string, password = PASSWORD) => {
  await signInByApi(page, email, password)
  await page.goto("/")
  await expect(page.locator("header .nav-wide a[href^='/login']")).toHaveCount(0)
  await appStarted(page)
}

/** Signs in through the form, in whatever language the page is in. */
export const signInThroughForm = async (page: Page, email: string, password = PASSWORD) => {
  await page.goto("/login")
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="password"]').fill(password)
  await page.locator('form button[type="submit"]').click()
  await expect(page).not.toHaveURL(/\/login/)
  await dismissPaymentOffer(page)
  await expect(page.locator("header .nav-wide a[href^='/login']")).toHaveCount(0)
}

/** A Standard user meets the payment modal once after signing in (§2); journeys about other things close it. */
export const dismissPaymentOffer = async (page: Page) => {
  const offer = page.getByRole("dialog")
  await expect(offer).toBeVisible()
  await expect(offer.locator(".plan-card").first()).toBeVisible()
  await offer.locator(".modal-header button").click()
  await expect(offer).toBeHidden()
  // React Aria hands focus back on the next animation frames; let it land before the journey goes on.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main")
}

/**
 * Goes to an address inside the app as its own links do (the router's history, no page load) and
 * waits for the page there: its own title and no page loader.
 */
export const goInApp = async (page: Page, path: string) => {
  const before = await page.title()
  await page.evaluate((to) => history.pushState(null, "", to), path)
  await expect.poll(() => page.title(), { message: `the page at ${path}` }).not.toBe(before)
  await expect(page.locator(".page-loader")).toHaveCount(0)
}

/**
 * Takes Pro through the built-in test-mode checkout by its addresses, as the pricing page and the
 * checkout page would (the preselected price, the first test card), without opening them: the next
 * page the journey opens shows Pro. The checkout's own journeys are subscriptions.spec.ts's.
 */
export const becomePro = async (page: Page) => {
  const plans = (await (await page.request.get("/api/plan-list")).json()) as ReadonlyArray<{
    readonly prices: ReadonlyArray<{ readonly price_id: string }>
  }>
  const checkout = await page.request.post("/api/stripe-checkout", {
    data: { price_id: plans[0]?.prices[0]?.price_id },
  })
  expect(checkout.status(), "starting a checkout").toBe(200)
  const { data } = (await checkout.json()) as { readonly data: string }
  const paid = await page.request.post(`${new URL(data, "http://localhost").pathname}/pay`, {
    form: { card: "4242" },
    maxRedirects: 0,
  })
  expect(paid.headers().location ?? "", "the checkout's way back").toContain("/payment-success")
}

/** A fresh verified user, signed in through the API and on Pro, on no page yet. */
export const signInAsPro = async (page: Page) => {
  const email = await createVerifiedUser(page)
  await signInByApi(page, email, PASSWORD)
  await becomePro(page)
  return email
}
