// Shared steps of the journeys: unique users, registering through the UI or the API, axe checks.
import AxeBuilder from "@axe-core/playwright"
import { expect, type Page } from "@playwright/test"
import { codeIn, latestMail, linkIn } from "./outbox.ts"

let counter = 0
export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${counter++}@example.com`
export const PASSWORD = "lotus7root"

/** No axe violations on the page as it is now. */
export const expectAccessible = async (page: Page) => {
  const results = await new AxeBuilder({ page }).analyze()
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([])
}

export const acceptCookies = async (page: Page) => {
  await page.context().addCookies([
    {
      name: "cookieAccepted",
      value: "yes",
      url: page.url().startsWith("http") ? page.url() : "http://127.0.0.1:3100",
    },
  ])
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

export const signIn = async (page: Page, email: string, password = PASSWORD) => {
  await page.goto("/login")
  await page.getByRole("textbox", { name: "E-mail" }).fill(email)
  await page.getByLabel("Password", { exact: true }).fill(password)
  await page.getByRole("button", { name: "Log in" }).click()
  await expect(page).not.toHaveURL(/\/login/)
  await dismissPaymentOffer(page)
  await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toHaveCount(0)
}

/** A Standard user meets the payment modal once after signing in (§2); journeys about other things close it. */
export const dismissPaymentOffer = async (page: Page) => {
  const offer = page.getByRole("dialog", { name: "Upgrade to Jingluo Pro" })
  await expect(offer).toBeVisible()
  await offer.getByRole("button", { name: "Close" }).click()
  await expect(offer).toBeHidden()
}
