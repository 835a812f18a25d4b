// Someone registers an address with their own password in one browser; the verification mail is
// opened in another (the address's owner, say). There the link or code only confirms the address:
// the owner chooses their own password, is signed in, and the registrant's password no longer
// signs in. In the browser that registered, verification still goes straight through.
import type { Browser, Page } from "@playwright/test"
import { dismissPaymentOffer, expectAccessible, PASSWORD, uniqueEmail } from "./support/fixtures.ts"
import { codeIn, latestMail, linkIn } from "./support/outbox.ts"
import { expect, test } from "./support/test.ts"

const OWNER_PASSWORD = "walnut6shell"

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
})

/** A second browser: its own cookies, nothing of the first's. */
const otherBrowser = async (browser: Browser, baseURL: string) => {
  const context = await browser.newContext({ baseURL })
  await context.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL }])
  return { context, page: await context.newPage() }
}

/** Registers through the API from this page's browser (its cookies, so the sign-up cookie, are kept). */
const registerFrom = async (page: Page, email: string) => {
  const response = await page.request.post("/api/register", {
    data: {
      email,
      firstName: "Some",
      lastName: "One",
      password: PASSWORD,
      confirmPassword: PASSWORD,
      termsChecked: true,
      promotional: false,
    },
  })
  expect(response.status()).toBe(200)
  return ((await response.json()) as { uuid: string }).uuid
}

/** Signing in from this page with this password is refused as invalid credentials. */
const signInFails = async (page: Page, email: string, password: string) => {
  await page.goto("/login")
  await page.getByRole("textbox", { name: "E-mail" }).fill(email)
  await page.getByLabel("Password", { exact: true }).fill(password)
  await page.getByRole("button", { name: "Log in" }).click()
  await expect(page.getByRole("alert")).toHaveText("Invalid credentials")
}

test("a link opened in another browser asks for a password; the registrant's password then signs in no more (mouse)", async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail("elsewhere")
  // The registrant's browser, through the form.
  await page.goto("/register")
  await page.getByRole("textbox", { name: "E-mail" }).fill(email)
  await page.getByLabel("First name").fill("Some")
  await page.getByLabel("Last name").fill("One")
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
  await page.getByLabel("Confirm password").fill(PASSWORD)
  await page.getByText("I accept the terms and conditions").click()
  await page.getByRole("button", { name: "Create account" }).click()
  await expect(page).toHaveURL(/\/verify-email\?user=/)

  const mail = await latestMail(email, "verify-email")
  expect(mail.text).toContain("If you did not register with Jingluo, you can ignore this e-mail")
  expect(mail.text).toContain("you will choose your own password")

  const owner = await otherBrowser(browser, baseURL!)
  await owner.page.goto(linkIn(mail))
  await expect(owner.page.getByRole("status").filter({ hasText: "Your address is confirmed" })).toBeVisible()
  const password = owner.page.getByLabel("Password", { exact: true })
  await expect(password).toBeFocused()
  await expectAccessible(owner.page)
  await owner.page.getByRole("button", { name: "Save password and log in" }).click()
  await expect(owner.page.getByText("This field is required").first()).toBeVisible()
  await expect(password).toBeFocused()
  await password.fill(OWNER_PASSWORD)
  await owner.page.getByLabel("Confirm password").fill(OWNER_PASSWORD)
  await owner.page.getByRole("button", { name: "Save password and log in" }).click()
  await expect(owner.page.getByRole("heading", { level: 1, name: "Your account is ready" })).toBeFocused()
  await expectAccessible(owner.page)
  await owner.page.getByRole("link", { name: "Continue to Jingluo" }).click()
  await dismissPaymentOffer(owner.page)
  await expect(
    owner.page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign out" }),
  ).toBeVisible()

  // The registrant's password opens nothing; the link is used up.
  await signInFails(page, email, PASSWORD)
  await owner.page.goto(linkIn(mail))
  await expect(owner.page.getByRole("alert")).toContainText("This link was used already or has expired.")
  await expect(owner.page.getByRole("main").getByRole("link", { name: "Log in", exact: true })).toBeVisible()
  await owner.context.close()
})

test("the code typed in another browser asks for a password too, chosen with the keyboard", async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail("elsewhere-keys")
  const uuid = await registerFrom(page, email)
  const mail = await latestMail(email, "verify-email")

  const owner = await otherBrowser(browser, baseURL!)
  await owner.page.goto(`/verify-email?user=${uuid}&email=${encodeURIComponent(email)}`)
  const code = owner.page.getByLabel("Code")
  await code.focus()
  await owner.page.keyboard.type(codeIn(mail))
  await owner.page.keyboard.press("Enter")
  await expect(owner.page.getByLabel("Password", { exact: true })).toBeFocused()
  await owner.page.keyboard.type(OWNER_PASSWORD)
  await owner.page.keyboard.press("Tab")
  await expect(owner.page.getByLabel("Confirm password")).toBeFocused()
  await owner.page.keyboard.type(`${OWNER_PASSWORD}x`)
  await owner.page.keyboard.press("Enter")
  await expect(owner.page.getByText("The passwords do not match")).toBeVisible()
  await expect(owner.page.getByLabel("Confirm password")).toBeFocused()
  await owner.page.keyboard.press("Backspace")
  await owner.page.keyboard.press("Enter")
  await expect(owner.page.getByRole("heading", { level: 1, name: "Your account is ready" })).toBeFocused()
  await owner.page.keyboard.press("Tab")
  await expect(owner.page.getByRole("link", { name: "Continue to Jingluo" })).toBeFocused()
  await owner.context.close()

  await signInFails(page, email, PASSWORD)
})

test("in the browser that registered, the link verifies straight through and keeps the password", async ({ page }) => {
  const email = uniqueEmail("same-browser")
  await registerFrom(page, email)
  await page.goto(linkIn(await latestMail(email, "verify-email")))
  await expect(page.getByRole("heading", { level: 1, name: "E-mail address verified" })).toBeFocused()
  await expect(page.getByLabel("Password", { exact: true })).toHaveCount(0)
  await page.getByRole("link", { name: "Log in" }).last().click()
  await page.getByRole("textbox", { name: "E-mail" }).fill(email)
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
  await page.getByRole("button", { name: "Log in" }).click()
  await dismissPaymentOffer(page)
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign out" })).toBeVisible()
})
