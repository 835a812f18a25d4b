// Social sign-in against a real OpenID Connect provider on 127.0.0.1 (oidc-provider, started by
// scripts/e2e-server.ts as "Local ID"): a sign-up by keyboard alone, a sign-in that links to an
// existing password account once its password is given, and refusals (a forged state, a sign-in
// cancelled at the provider) told in English, German and Spanish. Axe checks each of our pages.
import type { Page } from "@playwright/test"
import { createVerifiedUser, dismissPaymentOffer, expectAccessible, PASSWORD } from "./support/fixtures.ts"
import { expect, test } from "./support/test.ts"

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
})

/** The provider's development pages: any login (the e-mail) and password, then consent. */
const signInAtProviderWithKeyboard = async (page: Page, login: string) => {
  await expect(page.locator('input[name="login"]')).toBeFocused()
  await page.keyboard.type(login)
  await page.keyboard.press("Tab")
  await page.keyboard.type("provider-password")
  await page.keyboard.press("Enter")
  await expect(page.getByRole("button", { name: "Continue" })).toBeFocused()
  await page.keyboard.press("Enter")
}

test("a new user signs up with the provider, keyboard only, and lands where they were going", async ({ page }) => {
  const email = `grace${Date.now()}.hopper@example.test`
  await page.goto("/login?next=/book/pages")
  const button = page.getByRole("link", { name: "Continue with Local ID" })
  await expect(button).toBeVisible()
  await expectAccessible(page)
  await button.focus()
  await page.keyboard.press("Enter")

  await signInAtProviderWithKeyboard(page, email)

  await expect(page).toHaveURL(/\/social\/callback/)
  await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeFocused()
  await expect(page.getByText("You are signing up with Local ID")).toBeVisible()
  await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveValue(email)
  await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveAttribute("readonly", "")
  await expect(page.getByLabel("Last name")).toHaveValue("Hopper")
  // No password on the social variant.
  await expect(page.getByLabel("Password")).toHaveCount(0)
  await expectAccessible(page)

  // Submitting without the terms is turned back at the checkbox.
  await page.getByLabel("First name").focus()
  await page.keyboard.press("Enter")
  await expect(page.getByText("Please accept the terms and conditions")).toBeVisible()
  await expect(page.getByRole("checkbox", { name: "I accept the terms and conditions" })).toBeFocused()
  await page.keyboard.press("Space")
  await expect(page.getByRole("checkbox", { name: "I accept the terms and conditions" })).toBeChecked()
  await page.getByLabel("First name").focus()
  await page.keyboard.press("Control+A")
  await page.keyboard.type("Grace")
  await page.keyboard.press("Enter")

  await expect(page).toHaveURL(/\/book\/pages$/)
  await dismissPaymentOffer(page)
  await expect(page.locator("header .nav-wide a[href='/login']")).toHaveCount(0)
  const cookies = await page.context().cookies()
  expect(cookies.find((c) => c.name === "token")).toMatchObject({ httpOnly: true, sameSite: "Lax" })
  // The session cookie the server set is out of reach of scripts.
  expect(await page.evaluate(() => document.cookie)).not.toContain("token=")
})

test("a social sign-in with the e-mail of a password account links only after its password", async ({ page }) => {
  const email = await createVerifiedUser(page, `ada${Date.now()}.lovelace@example.test`)
  await page.goto("/login")
  await page.getByRole("link", { name: "Continue with Local ID" }).click()
  await page.locator('input[name="login"]').fill(email)
  await page.locator('input[name="password"]').fill("anything")
  await page.getByRole("button", { name: "Sign-in" }).click()
  await page.getByRole("button", { name: "Continue" }).click()

  await expect(page.getByRole("heading", { level: 1, name: "Link your account" })).toBeVisible()
  await expect(page.getByText(`An account for ${email} already exists`)).toBeVisible()
  await expectAccessible(page)
  // Not signed in on the e-mail alone.
  expect((await page.context().cookies()).find((c) => c.name === "token")).toBeUndefined()

  const password = page.getByLabel("Password of your Jingluo account")
  await password.fill("wrong9password")
  await page.getByRole("button", { name: "Link and sign in" }).click()
  await expect(page.getByText("Invalid credentials")).toBeVisible()
  await expect(password).toHaveValue("")
  await expectAccessible(page)

  await password.fill(PASSWORD)
  await page.getByRole("button", { name: "Link and sign in" }).click()
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
  await dismissPaymentOffer(page)
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Lin" })).toBeVisible()

  // Linked: signing out and in with the provider again needs no password.
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign out" }).click()
  await page.getByRole("button", { name: "Yes, sign out" }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.getByRole("link", { name: "Continue with Local ID" }).click()
  // The provider still has its session and grant: it answers at once, and the link signs in
  // (the payment offer showed once today already).
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Lin" })).toBeVisible()
})

test("a forged state is refused with a translated message and a way back", async ({ page, baseURL }) => {
  await page.goto("/api/social/callback?code=stolen-code&state=forged-state")
  await expect(page).toHaveURL(/\/social\/callback\?code=stolen-code&state=forged-state$/)
  await expect(page.getByRole("heading", { level: 1, name: "Sign-in did not work" })).toBeVisible()
  await expect(page.getByRole("alert")).toContainText("was not started in this browser")
  await expectAccessible(page)
  expect((await page.context().cookies()).find((c) => c.name === "token")).toBeUndefined()
  await page.getByRole("link", { name: "Back to sign-in" }).click()
  await expect(page).toHaveURL(/\/login$/)

  for (const [language, heading, text] of [
    ["de", "Die Anmeldung hat nicht geklappt", "nicht in diesem Browser begonnen"],
    ["es", "No se pudo iniciar sesión", "no se empezó en este navegador"],
  ] as const) {
    await page.context().addCookies([{ name: "language", value: language, url: baseURL! }])
    await page.goto("/api/social/callback?code=stolen-code&state=forged-state")
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible()
    await expect(page.getByRole("alert")).toContainText(text)
    await expectAccessible(page)
  }
})

test("cancelling at the provider comes back with a message and nothing signed in", async ({ page }) => {
  await page.goto("/register")
  await page.getByRole("link", { name: "Continue with Local ID" }).click()
  await page.getByRole("link", { name: /Cancel/ }).click()
  await expect(page.getByRole("alert")).toContainText("You cancelled the sign-in at the service")
  await expectAccessible(page)
  expect((await page.context().cookies()).find((c) => c.name === "token")).toBeUndefined()
})
