// Account-settings journeys against the real server: the account menu and the settings navigation
// (mouse and keyboard), changing name and country, changing the e-mail with the code from the
// outbox, changing the password (another browser is signed out), removing a device, deleting the
// account — axe on every page, and the pages in German and Spanish.
import type { Browser, Page } from "@playwright/test"
import { createVerifiedUser, expectAccessible, PASSWORD, signIn, uniqueEmail } from "./support/fixtures.ts"
import { codeIn, latestMail } from "./support/outbox.ts"
import { expect, test } from "./support/test.ts"

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
})

/** A second browser (its own cookies) signed in to the same account. */
const secondBrowser = async (browser: Browser, baseURL: string, email: string, password = PASSWORD) => {
  const context = await browser.newContext({ baseURL })
  await context.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL }])
  const page = await context.newPage()
  await signIn(page, email, password)
  return { context, page }
}

const chooseOption = async (page: Page, label: string, option: string) => {
  await page.getByRole("button", { name: new RegExp(`${label}$`) }).click()
  await page.getByRole("option", { name: option, exact: true }).click()
}

test("the account menu and the settings navigation, by mouse and keyboard; name and country change", async ({
  page,
}) => {
  const email = await createVerifiedUser(page, uniqueEmail("profile"))
  await signIn(page, email)

  // Mouse: open the account menu, go to account settings.
  await page.getByRole("button", { name: "My account" }).click()
  const menu = page.getByRole("menu", { name: "Account" })
  await expect(menu.getByRole("menuitem")).toHaveText([
    "Account settings",
    "My membership",
    "My notes",
    "My point groups",
    "My test scores",
    "Support",
    "Log out",
  ])
  await expectAccessible(page)
  await menu.getByRole("menuitem", { name: "Account settings" }).click()
  await expect(page).toHaveURL(/\/account-settings\/my-profile$/)
  await expect(page.getByRole("heading", { level: 1, name: "My profile" })).toBeVisible()
  const nav = page.getByRole("navigation", { name: "Account settings" })
  await expect(nav.getByRole("link", { name: "My profile" })).toHaveAttribute("aria-current", "page")
  await expect(page.getByRole("textbox", { name: "First name" })).toHaveValue("Lin")
  await expectAccessible(page)

  // A too-short name is refused at the field and nothing is lost.
  await page.getByRole("textbox", { name: "First name" }).fill("Mi")
  await page.getByRole("button", { name: "Save profile" }).click()
  await expect(page.getByText("at least 3", { exact: false }).first()).toBeVisible()
  await expect(page.getByRole("textbox", { name: "First name" })).toBeFocused()

  await page.getByRole("textbox", { name: "First name" }).fill("  Mei ")
  await page.getByRole("textbox", { name: "Last name" }).fill("Chen")
  await chooseOption(page, "Country", "Germany")
  await chooseOption(page, "Currency", "Euro (EUR)")
  await page.getByRole("button", { name: "Save profile" }).click()
  await expect(page.getByText("Your profile has been updated.")).toBeVisible()
  await page.reload()
  await expect(page.getByRole("textbox", { name: "First name" })).toHaveValue("Mei")
  await expect(page.getByRole("button", { name: /Country$/ })).toContainText("Germany")

  // Keyboard: the account menu opens with Enter and goes down with the arrows.
  await page.getByRole("button", { name: "My account" }).focus()
  await page.keyboard.press("Enter")
  await expect(page.getByRole("menu", { name: "Account" })).toBeVisible()
  await page.keyboard.press("ArrowDown")
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/account-settings\/my-membership$/)
  await expect(
    page.getByRole("navigation", { name: "Account settings" }).getByRole("link", { name: "My membership" }),
  ).toHaveAttribute("aria-current", "page")

  // Every settings page is accessible.
  for (const [link, heading] of [
    ["Change password", "Change password"],
    ["Notes", "Notes"],
    ["Registered devices", "Registered devices"],
    ["Support and feedback", "Support"],
    ["Delete account", "Delete account"],
  ] as const) {
    await page.getByRole("navigation", { name: "Account settings" }).getByRole("link", { name: link }).click()
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible()
    await expectAccessible(page)
  }
  // The show-notes toggle saves at once.
  await page.getByRole("navigation", { name: "Account settings" }).getByRole("link", { name: "Notes" }).click()
  await page.getByText("Show my notes on point pages").click()
  await expect(page.getByText("Your settings have been saved.")).toBeVisible()
  await page.reload()
  await expect(page.getByRole("checkbox", { name: "Show my notes on point pages" })).toBeChecked()
})

test("change the e-mail with the code from the outbox (keyboard), then sign in with it", async ({ page }) => {
  const email = await createVerifiedUser(page, uniqueEmail("change"))
  const next = uniqueEmail("changed")
  await signIn(page, email)
  await page.goto("/account-settings/my-profile")
  const field = page.getByRole("textbox", { name: "E-mail" })
  await expect(field).toHaveValue(email)
  await field.focus()
  await page.keyboard.press("ControlOrMeta+a")
  await page.keyboard.type(next)
  // The required selects, by keyboard.
  for (const [label, option] of [
    ["Country", "Spain"],
    ["Currency", "British Pound (GBP)"],
  ] as const) {
    await page.getByRole("button", { name: new RegExp(`${label}$`) }).focus()
    await page.keyboard.press("Enter")
    await page.getByRole("option", { name: option, exact: true }).focus()
    await page.keyboard.press("Enter")
  }
  await page.getByRole("button", { name: "Save profile" }).focus()
  await page.keyboard.press("Enter")

  const dialog = page.getByRole("dialog", { name: "Confirm your new e-mail address" })
  await expect(dialog).toBeVisible()
  // Checked once the "code sent" toast has gone (sonner's coloured toasts are checked elsewhere).
  await expect(page.getByText(/We have sent a four-digit code/)).toBeHidden({ timeout: 10_000 })
  await expectAccessible(page)
  const code = codeIn(await latestMail(next, "change-email"))
  expect(code).toMatch(/^\d{4}$/)
  const notice = await latestMail(email, "change-email-notice")
  expect(notice.subject).toBe("Your Jingluo e-mail address is being changed")

  // A wrong code is refused, cleared, and the dialog stays.
  const input = dialog.getByRole("textbox", { name: "Code" })
  await input.focus()
  await page.keyboard.type(code === "0000" ? "1111" : "0000")
  await page.keyboard.press("Enter")
  await expect(dialog.getByText("This code is not correct", { exact: false })).toBeVisible()
  await expect(input).toHaveValue("")
  await input.focus()
  await page.keyboard.type(code)
  await page.keyboard.press("Enter")
  await expect(dialog).toBeHidden()
  await expect(page.getByText("Your e-mail address has been changed.")).toBeVisible()

  await page.getByRole("button", { name: "Log out" }).click()
  await page.getByRole("button", { name: "Yes, log out" }).click()
  await expect(page).toHaveURL(/\/login$/)
  // The new address signs in (the payment offer already showed today, so it stays away).
  await page.getByRole("textbox", { name: "E-mail" }).fill(next)
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
  await page.getByRole("button", { name: "Log in" }).click()
  await expect(page).not.toHaveURL(/\/login/)
  await expect(page.getByRole("button", { name: "My account" })).toBeVisible()
})

test("change the password: the other browser is signed out, this one stays", async ({ page, browser, baseURL }) => {
  const email = await createVerifiedUser(page, uniqueEmail("password"))
  await signIn(page, email)
  const other = await secondBrowser(browser, baseURL!, email)

  await page.goto("/account-settings/change-my-password")
  await expectAccessible(page)
  await page.getByLabel("Current password").fill("wrong1pass")
  await page.getByLabel("New password", { exact: true }).fill("lotus8root")
  await page.getByLabel("Confirm new password").fill("lotus8root")
  await page.getByRole("button", { name: "Change password" }).click()
  await expect(page.getByText("The current password is not correct")).toBeVisible()
  await expect(page.getByLabel("Current password")).toBeFocused()
  await page.getByLabel("Current password").fill(PASSWORD)
  await page.getByLabel("Current password").press("Enter")
  await expect(page.getByText("Your password has been changed. Your other devices have been signed out.")).toBeVisible()
  await expect(page.getByLabel("New password", { exact: true })).toHaveValue("")

  // The other browser's next call finds its session ended and goes to /login.
  await other.page.goto("/account-settings/registered-devices")
  await expect(other.page).toHaveURL(/\/login/, { timeout: 15_000 })
  await other.context.close()
  await page.goto("/account-settings/registered-devices")
  await expect(page.getByText("This device")).toBeVisible()
})

test("remove another device by keyboard; its browser is signed out", async ({ page, browser, baseURL }) => {
  const email = await createVerifiedUser(page, uniqueEmail("devices"))
  await signIn(page, email)
  const other = await secondBrowser(browser, baseURL!, email)
  await page.goto("/account-settings/registered-devices")
  const items = page.locator(".device")
  await expect(items).toHaveCount(2)
  await expect(items.first()).toContainText("This device")
  await expect(items.first()).toContainText(/Chrome \d+ on Linux/)
  await expectAccessible(page)
  const remove = page.getByRole("button", { name: /^Sign out Chrome/ })
  await remove.focus()
  await page.keyboard.press("Enter")
  await expect(page.getByText("The device has been signed out.")).toBeVisible()
  await expect(items).toHaveCount(1)
  await other.page.goto("/account-settings/registered-devices")
  await expect(other.page).toHaveURL(/\/login/, { timeout: 15_000 })
  await other.context.close()
})

test("delete the account; it can no longer sign in", async ({ page }) => {
  const email = await createVerifiedUser(page, uniqueEmail("delete"))
  await signIn(page, email)
  await page.goto("/account-settings/delete-account")
  await page.getByRole("button", { name: "Delete my account" }).click()
  await expect(page.getByRole("alertdialog", { name: "Delete your account and all its data for good?" })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole("button", { name: "Keep my account" }).click()
  await page.getByRole("button", { name: "Delete my account" }).focus()
  await page.keyboard.press("Enter")
  await expect(page.getByRole("button", { name: "Yes, delete my account" })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/login/)
  const cookies = await page.context().cookies()
  expect(cookies.find((c) => c.name === "token")).toBeUndefined()
  await page.goto("/login")
  await page.getByRole("textbox", { name: "E-mail" }).fill(email)
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
  await page.getByRole("button", { name: "Log in" }).click()
  await expect(page.getByText("Invalid credentials")).toBeVisible()
})

for (const [language, heading, nav] of [
  ["de", "Mein Profil", "Kontoeinstellungen"],
  ["es", "Mi perfil", "Ajustes de la cuenta"],
] as const) {
  test(`the settings pages in ${language}`, async ({ page, baseURL }) => {
    const email = await createVerifiedUser(page, uniqueEmail(`lang-${language}`))
    await page.context().addCookies([{ name: "language", value: language, url: baseURL! }])
    await signIn(page, email)
    await page.goto("/account-settings/my-profile")
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible()
    await expect(page.getByRole("navigation", { name: nav })).toBeVisible()
    await expectAccessible(page)
  })
}
