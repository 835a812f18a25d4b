// Subscription journeys against the real server and the built-in checkout page: upgrade from the
// floating button, pay and land with Pro open, decline, cancel keeping Pro to the period end. The
// subscription pages in every language, the checkout page among them, are in every-page.spec.ts; the
// English sweep leaves their axe to these journeys (its OWN_JOURNEY_AXE names them).
import type { Page } from "@playwright/test"
import { createVerifiedUser, expectAccessible, PASSWORD, signIn } from "./support/fixtures.ts"
import { expect, test } from "./support/test.ts"

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
})

const openUpgradeModal = async (page: Page) => {
  await page.getByRole("button", { name: "Upgrade to Pro" }).click()
  const dialog = page.getByRole("dialog", { name: "Upgrade to Jingluo Pro" })
  await expect(dialog).toBeVisible()
  return dialog
}

const payOnCheckoutPage = async (page: Page, card = "Visa •••• 4242") => {
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/)
  await expect(page.getByRole("heading", { name: "Jingluo checkout" })).toBeVisible()
  await page.getByRole("radio", { name: new RegExp(card) }).check()
  await page.getByRole("button", { name: "Start trial" }).click()
}

test("a Standard user upgrades from the floating button, pays and has Pro without a reload", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page))
  const dialog = await openUpgradeModal(page)
  await expect(dialog.getByRole("heading", { name: "Try Pro free for 7 days" })).toBeVisible()
  const cards = dialog.getByRole("radio")
  await expect(cards).toHaveCount(2)
  await expect(cards.first()).toBeChecked()
  await expect(dialog.getByText("Yearly", { exact: true })).toBeVisible()
  await expect(dialog.getByText("Best value")).toBeVisible()
  await expect(dialog.getByText("£49.99")).toBeVisible()
  await expect(dialog.getByText("£5.99")).toBeVisible()
  await dialog.getByRole("button", { name: "What Pro includes" }).click()
  await expect(dialog.getByRole("listitem")).toHaveCount(19)
  await expectAccessible(page)

  await dialog.getByText("Monthly", { exact: true }).click()
  await expect(cards.nth(1)).toBeChecked()
  await dialog.getByText("Yearly", { exact: true }).click()
  await dialog.getByRole("button", { name: "Continue" }).click()
  await expect(page.getByRole("heading", { name: "Jingluo checkout" })).toBeVisible()
  await expect(page.getByText("£49.99", { exact: true })).toBeVisible()
  await expectAccessible(page)
  await payOnCheckoutPage(page)

  await expect(page).toHaveURL(/\/payment-success/)
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Jingluo Pro" })).toBeVisible()
  await expect(page.getByRole("button", { name: "Upgrade to Pro" })).toHaveCount(0)
  await expectAccessible(page)

  await page.getByRole("link", { name: "My membership" }).click()
  await expect(page.getByText("Free trial")).toBeVisible()
  await expect(page.getByText("£49.99 / Yearly")).toBeVisible()
  await expectAccessible(page)
})

test("declining on the checkout page lands on /payment-failure and keeps Standard", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page))
  const dialog = await openUpgradeModal(page)
  await dialog.getByRole("button", { name: "Continue" }).click()
  await expect(page).toHaveURL(/\/checkout\//)
  await page.getByRole("button", { name: "Cancel payment" }).click()
  await expect(page).toHaveURL(/\/payment-failure/)
  await expect(page.getByRole("heading", { level: 1, name: "The payment did not go through" })).toBeVisible()
  await expectAccessible(page)
  await page.goto("/account-settings/my-membership")
  await expect(page.getByText("You are on the free Standard plan")).toBeVisible()
  await expect(page.getByRole("button", { name: "Upgrade to Pro" }).first()).toBeVisible()
})

test("cancelling from My membership keeps Pro until the period ends", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page))
  await page.goto("/pricing")
  await expect(page.getByRole("heading", { level: 1, name: "Try Pro free for 7 days" })).toBeVisible()
  await page.getByRole("button", { name: "Continue" }).click()
  await payOnCheckoutPage(page)
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Jingluo Pro" })).toBeVisible()

  await page.goto("/account-settings/my-membership")
  // The cancel button and the link to the plans keep clear space between them (WCAG 2.2 target size).
  const cancel = (await page.getByRole("button", { name: "Cancel subscription" }).boundingBox())!
  const compare = (await page.getByRole("link", { name: "Compare plans" }).boundingBox())!
  expect(compare.y - (cancel.y + cancel.height)).toBeGreaterThanOrEqual(16)
  await expectAccessible(page)
  await page.getByRole("button", { name: "Cancel subscription" }).click()
  await expect(page.getByText(/Cancel your subscription\? Pro stays open until/)).toBeVisible()
  await expectAccessible(page)
  await page.getByRole("button", { name: "Yes, cancel" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Your subscription is cancelled" })).toBeVisible()
  await expect(page.getByText("Cancelled — ends at the end of the period")).toBeVisible()
  await expect(page.getByText("Pro until")).toBeVisible()
  await expect(page.getByRole("button", { name: "Cancel subscription" })).toHaveCount(0)
  await expect(page.getByRole("button", { name: "Upgrade to Pro" })).toHaveCount(0)
  await expectAccessible(page)
})

test("/plan-pro sends a subscribed user home; a visitor on /pricing is asked to log in", async ({ page }) => {
  await page.goto("/pricing")
  await page.getByRole("button", { name: "Log in to continue" }).click()
  await expect(page).toHaveURL(/\/login\?next=%2Fpricing$/)

  await signIn(page, await createVerifiedUser(page))
  await page.goto("/plan-pro")
  await expect(page.getByRole("heading", { level: 1, name: "Try Pro free for 7 days" })).toBeVisible()
  await page.getByRole("button", { name: "Continue" }).click()
  await payOnCheckoutPage(page)
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Jingluo Pro" })).toBeVisible()
  await page.goto("/plan-pro")
  await expect(page).toHaveURL(/\/$/)
})

test("sign out from the upgrade modal asks for confirmation and leaves like the header's logout", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page))
  const dialog = await openUpgradeModal(page)
  await dialog.getByRole("button", { name: "Sign out" }).click()
  await expect(dialog.getByText("Do you want to sign out?")).toBeVisible()
  await dialog.getByRole("button", { name: "Stay signed in" }).click()
  await expect(dialog.getByRole("button", { name: "Continue" })).toBeVisible()
  await dialog.getByRole("button", { name: "Sign out" }).click()
  await dialog.getByRole("button", { name: "Yes, sign out" }).click()
  // §4: signed out at once, told so, and on /login after the 1 s the header's logout waits.
  await expect(page.getByRole("status").filter({ hasText: "You have been signed out" })).toBeVisible()
  expect(new URL(page.url()).pathname).not.toBe("/login")
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign up" })).toBeVisible()
})

test("sign out from the upgrade modal with the keyboard", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page))
  await page.getByRole("button", { name: "Upgrade to Pro" }).focus()
  await page.keyboard.press("Enter")
  const dialog = page.getByRole("dialog", { name: "Upgrade to Jingluo Pro" })
  await dialog.getByRole("button", { name: "Sign out" }).focus()
  await page.keyboard.press("Enter")
  await expect(dialog.getByRole("button", { name: "Yes, sign out" })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(page.getByRole("status").filter({ hasText: "You have been signed out" })).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
})

test("a Pro user on /pricing sees the plan and the way to My membership, not a checkout", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page))
  await page.goto("/pricing")
  await page.getByRole("button", { name: "Continue" }).click()
  await payOnCheckoutPage(page)
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Jingluo Pro" })).toBeVisible()

  await page.goto("/pricing")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You have Jingluo Pro")
  await expect(page).toHaveTitle("You have Jingluo Pro · Jingluo")
  await expect(page.locator("dl.facts dd")).toHaveText("Pro")
  await expect(page.getByRole("button", { name: "Continue" })).toHaveCount(0)
  await expect(page.getByText("Something went wrong")).toHaveCount(0)
  await expectAccessible(page)
  await page.getByRole("main").getByRole("link", { name: "My membership" }).click()
  await expect(page).toHaveURL(/\/account-settings\/my-membership$/)
  await page.goBack()
  await page.getByRole("main").getByRole("link", { name: "My membership" }).focus()
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/account-settings\/my-membership$/)
})

const logInWithForm = async (page: Page, email: string) => {
  await page.getByRole("textbox", { name: "E-mail" }).fill(email)
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
  await page.getByRole("button", { name: "Log in" }).click()
}

test("the payment modal offers itself once after signing in, and not again that day", async ({ page }) => {
  const email = await createVerifiedUser(page)
  await page.goto("/login")
  await logInWithForm(page, email)
  await expect(page).toHaveURL(/\/$/)
  const offer = page.getByRole("dialog", { name: "Upgrade to Jingluo Pro" })
  await expect(offer.getByRole("heading", { name: "Try Pro free for 7 days" })).toBeVisible()
  await expectAccessible(page)
  await offer.getByRole("button", { name: "Close" }).click()
  await expect(offer).toBeHidden()
  // Browsing on does not bring it back.
  await page.getByRole("link", { name: "Book" }).click()
  await expect(page.getByRole("heading", { level: 1, name: "The book" })).toBeVisible()
  await expect(offer).toHaveCount(0)

  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign out" }).click()
  await page.getByRole("button", { name: "Yes, sign out" }).click()
  await expect(page).toHaveURL(/\/login$/)
  await logInWithForm(page, email)
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Lin" })).toBeVisible()
  await page.getByRole("link", { name: "Book" }).click()
  await expect(page.getByRole("heading", { level: 1, name: "The book" })).toBeVisible()
  await expect(offer).toHaveCount(0)
})

test("the payment modal waits past the payment pages for the first page where it may show", async ({ page }) => {
  const email = await createVerifiedUser(page)
  await page.goto("/login?next=%2Fpricing")
  await logInWithForm(page, email)
  await expect(page).toHaveURL(/\/pricing$/)
  await expect(page.getByRole("heading", { level: 1, name: "Try Pro free for 7 days" })).toBeVisible()
  await expect(page.getByRole("dialog")).toHaveCount(0)
  await page.getByRole("link", { name: "Jingluo" }).first().focus()
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/$/)
  const offer = page.getByRole("dialog", { name: "Upgrade to Jingluo Pro" })
  await expect(offer).toBeVisible()
  await page.keyboard.press("Escape")
  await expect(offer).toBeHidden()
})

test("after Log in to continue, a visitor is back on the page they were on (mouse)", async ({ page }) => {
  const email = await createVerifiedUser(page)
  await page.goto("/point/st-36-zusanli")
  const dialog = page.getByRole("dialog", { name: "This is part of Jingluo Pro" })
  await dialog.getByRole("button", { name: "Log in to continue" }).click()
  await expect(page).toHaveURL(/\/login\?next=%2Fpoint%2Fst-36-zusanli$/)
  await page.getByRole("textbox", { name: "E-mail" }).fill(email)
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
  await page.getByRole("button", { name: "Log in" }).click()
  await expect(page).toHaveURL(/\/point\/st-36-zusanli$/)
})

test("after Log in to continue, a visitor is back on the page they were on (keyboard)", async ({ page }) => {
  const email = await createVerifiedUser(page)
  await page.goto("/pricing")
  await page.getByRole("button", { name: "Log in to continue" }).focus()
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/login\?next=%2Fpricing$/)
  await page.getByRole("textbox", { name: "E-mail" }).focus()
  await page.keyboard.type(email)
  await page.keyboard.press("Tab")
  await page.keyboard.type(PASSWORD)
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/pricing$/)
  await expect(page.getByRole("heading", { level: 1, name: "Try Pro free for 7 days" })).toBeVisible()
})

test("a return address of another site is ignored after signing in", async ({ page }) => {
  const email = await createVerifiedUser(page)
  await page.goto("/login?next=https%3A%2F%2Fevil.example%2F")
  await page.getByRole("textbox", { name: "E-mail" }).fill(email)
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
  await page.getByRole("button", { name: "Log in" }).click()
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
})
