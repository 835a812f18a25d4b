// Account-settings journeys against the real server: the account menu and the settings navigation
// (mouse and keyboard), changing name and country, changing the e-mail with the password and the
// code from the outbox, undoing that change from the old address's mail, changing the password
// (another browser is signed out), an account made by social sign-in setting its first password
// with a code mailed to it, removing a device, deleting the account with the password — axe on
// every page and dialog, and the pages in German and Spanish.
import type { Browser, Page } from "@playwright/test"
import {
  createVerifiedUser,
  dismissPaymentOffer,
  expectAccessible,
  PASSWORD,
  signIn,
  uniqueEmail,
} from "./support/fixtures.ts"
import { codeIn, latestMail, linkIn } from "./support/outbox.ts"
import { expect, test } from "./support/test.ts"

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
})

/**
 * A second browser (its own cookies) signed in to the same account. It stays open until the worker's browser closes:
 * closing it right after its session ended now and then left Chromium disposing of it for minutes.
 */
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
  // Eight pages and six axe checks: more than a minute when the machine is busy.
  test.setTimeout(120_000)
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
    // For Pro members; a Standard member sees its badge (and is offered Pro).
    "Acupressure videos Pro — part of Jingluo Pro",
    "Sign out",
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

test("change the e-mail with the password and the code from the outbox (keyboard), then sign in with it", async ({
  page,
}) => {
  test.setTimeout(120_000)
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

  // The address is the account's key: the current password first, typed where the cursor already is.
  const proof = page.getByRole("dialog", { name: "Confirm it is you" })
  await expect(proof.getByLabel("Current password")).toBeFocused()
  await expectAccessible(page)
  await page.keyboard.type("wrong1pass")
  await page.keyboard.press("Enter")
  await expect(proof.getByText("The current password is not correct")).toBeVisible()
  await expect(proof.getByLabel("Current password")).toBeFocused()
  await expect(proof.getByLabel("Current password")).toHaveValue("")
  await page.keyboard.type(PASSWORD)
  await page.keyboard.press("Enter")

  const dialog = page.getByRole("dialog", { name: "Confirm your new e-mail address" })
  await expect(dialog).toBeVisible()
  // The "code sent" toast closes by its own button (the mouse, as most people close a toast) and
  // leaves the dialog open: axe then reads the dialog alone (sonner's coloured toasts are checked
  // elsewhere).
  const sent = page.getByRole("listitem").filter({ hasText: /We have sent a four-digit code/ })
  await sent.getByRole("button", { name: "Close toast" }).click()
  await expect(sent).toBeHidden()
  await expect(dialog).toBeVisible()
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
  // The old address is told, with a link that undoes the change.
  const changed = await latestMail(email, "email-changed")
  expect(changed.subject).toBe("The e-mail address of your Jingluo account was changed")
  expect(linkIn(changed)).toMatch(/\/restore-email\?token=[A-Za-z0-9_-]{22}$/)

  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign out" }).click()
  await page.getByRole("button", { name: "Yes, sign out" }).click()
  await expect(page).toHaveURL(/\/login$/)
  // The new address signs in (the payment offer already showed today, so it stays away).
  await page.getByRole("textbox", { name: "E-mail" }).fill(next)
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
  await page.getByRole("button", { name: "Log in" }).click()
  await expect(page).not.toHaveURL(/\/login/)
  await expect(page.getByRole("button", { name: "My account" })).toBeVisible()
})

test("undo an e-mail change from the old address's mail: the address is back, every browser signed out", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const email = await createVerifiedUser(page, uniqueEmail("undo"))
  const next = uniqueEmail("taken-over")
  await signIn(page, email)
  // Someone who knows the password changes the address (by mouse).
  await page.goto("/account-settings/my-profile")
  await page.getByRole("textbox", { name: "E-mail" }).fill(next)
  await chooseOption(page, "Country", "Spain")
  await chooseOption(page, "Currency", "Euro (EUR)")
  await page.getByRole("button", { name: "Save profile" }).click()
  const proof = page.getByRole("dialog", { name: "Confirm it is you" })
  await proof.getByLabel("Current password").fill(PASSWORD)
  await proof.getByRole("button", { name: "Continue" }).click()
  const codeDialog = page.getByRole("dialog", { name: "Confirm your new e-mail address" })
  await codeDialog.getByRole("textbox", { name: "Code" }).fill(codeIn(await latestMail(next, "change-email")))
  await codeDialog.getByRole("button", { name: "Confirm" }).click()
  await expect(page.getByText("Your e-mail address has been changed.")).toBeVisible()

  // The owner opens the link from the mail to the old address, in another browser, by keyboard.
  const owner = await browser.newContext({ baseURL })
  await owner.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
  const ownerPage = await owner.newPage()
  await ownerPage.goto(linkIn(await latestMail(email, "email-changed")))
  await expect(
    ownerPage.getByRole("heading", { level: 1, name: "Undo the change of your e-mail address" }),
  ).toBeVisible()
  await expectAccessible(ownerPage)
  await ownerPage.getByRole("button", { name: "Restore my address" }).focus()
  await ownerPage.keyboard.press("Enter")
  await expect(ownerPage.getByRole("heading", { level: 1, name: "Your e-mail address is back" })).toBeFocused()
  await expect(ownerPage.getByRole("status")).toContainText(`${email} is your account’s address again`)
  await expectAccessible(ownerPage)
  // The address that was taken over is told.
  expect((await latestMail(next, "email-restored")).subject).toBe("The change to this e-mail address was undone")

  // The other browser's session has ended; the password no longer signs in, with either address.
  await page.goto("/account-settings/registered-devices")
  await expect(page).toHaveURL(/\/login/, { timeout: 15_000 })
  for (const address of [email, next]) {
    const response = await page.request.post("/api/login", { data: { email: address, password: PASSWORD } })
    expect(response.status()).toBe(422)
  }
  // The owner sets a new password through the reset, whose code goes to the restored address.
  await ownerPage.getByRole("link", { name: "Set a new password" }).click()
  await expect(ownerPage).toHaveURL(/\/resetpassword\?email=/)
  await expect(ownerPage.getByText(`The code was sent to ${email}.`)).toBeVisible()
  await ownerPage.getByRole("textbox", { name: "Code" }).fill(codeIn(await latestMail(email, "reset-password")))
  await ownerPage.getByRole("textbox", { name: "New password" }).fill("lotus9root")
  await ownerPage.getByRole("textbox", { name: "Confirm password" }).fill("lotus9root")
  await ownerPage.getByRole("button", { name: "Set new password" }).click()
  await expect(ownerPage.getByRole("heading", { level: 1, name: "Password changed" })).toBeVisible()
  expect((await page.request.post("/api/login", { data: { email, password: "lotus9root" } })).status()).toBe(200)
  // The link works once.
  await ownerPage.goto(linkIn(await latestMail(email, "email-changed")))
  await ownerPage.getByRole("button", { name: "Restore my address" }).click()
  await expect(ownerPage.getByRole("alert")).toHaveText("This link has expired or was used already.")
  await owner.close()
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
  await page.goto("/account-settings/registered-devices")
  await expect(page.getByText("This device", { exact: true })).toBeVisible()
})

test("an account made by social sign-in sets its first password with a mailed code; deleting then asks for it", async ({
  page,
}) => {
  test.setTimeout(120_000)
  // Signed up with the provider "Local ID" (scripts/e2e-server.ts): no password.
  const email = uniqueEmail("social")
  await page.goto("/register")
  await page.getByRole("link", { name: "Continue with Local ID" }).click()
  await page.locator('input[name="login"]').fill(email)
  await page.locator('input[name="password"]').fill("provider-password")
  await page.getByRole("button", { name: "Sign-in" }).click()
  await page.getByRole("button", { name: "Continue" }).click()
  await page.getByLabel("First name").fill("Grace")
  await page.getByLabel("Last name").fill("Hopper")
  await page.getByRole("checkbox", { name: "I accept the terms and conditions" }).focus()
  await page.keyboard.press("Space")
  await page.getByRole("button", { name: "Create account" }).click()
  await dismissPaymentOffer(page)

  // Keyboard: the new password twice, then the dialog sends a code and takes it.
  await page.goto("/account-settings/change-my-password")
  await expect(page.getByLabel("Current password")).toHaveCount(0)
  await page.getByLabel("New password", { exact: true }).focus()
  await page.keyboard.type("lotus8root")
  await page.keyboard.press("Tab")
  await page.keyboard.type("lotus8root")
  await page.keyboard.press("Enter")
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" })
  await expect(dialog.getByText(`We send a four-digit code to ${email}.`)).toBeVisible()
  await expect(dialog.getByRole("button", { name: "Send code" })).toBeFocused()
  await expectAccessible(page)
  await page.keyboard.press("Enter")
  const code = dialog.getByRole("textbox", { name: "Code" })
  await expect(code).toBeFocused()
  await expect(dialog.getByRole("status")).toContainText(`We have sent a four-digit code to ${email}`)
  const mailed = codeIn(await latestMail(email, "reauthenticate"))
  await page.keyboard.type(mailed === "0000" ? "1111" : "0000")
  await page.keyboard.press("Enter")
  await expect(dialog.getByText("This code is not correct")).toBeVisible()
  await expect(code).toBeFocused()
  await expectAccessible(page)
  await page.keyboard.type(mailed)
  await page.keyboard.press("Enter")
  await expect(dialog).toBeHidden()
  await expect(page.getByText("Your password has been changed. Your other devices have been signed out.")).toBeVisible()
  expect((await page.request.post("/api/login", { data: { email, password: "lotus8root" } })).status()).toBe(200)

  // The account has a password now: deleting asks for it (the page reads the account afresh).
  await page.goto("/account-settings/delete-account")
  await page.getByRole("button", { name: "Delete my account" }).click()
  const confirm = page.getByRole("dialog", { name: "Delete your account and all its data for good?" })
  await confirm.getByLabel("Current password").fill("lotus8root")
  await confirm.getByRole("button", { name: "Yes, delete my account" }).click()
  await expect(page).toHaveURL(/\/login/)
})

test("remove another device by keyboard after its confirmation; its browser is signed out", async ({
  page,
  browser,
  baseURL,
}) => {
  const email = await createVerifiedUser(page, uniqueEmail("devices"))
  await signIn(page, email)
  const other = await secondBrowser(browser, baseURL!, email)
  await page.goto("/account-settings/registered-devices")
  const items = page.locator(".device")
  await expect(items).toHaveCount(2)
  await expect(items.first()).toContainText("This device")
  await expect(items.first()).toContainText(/Chrome \d+ on Linux/)
  // When and where: both sign-ins came from this machine, just now.
  for (const item of [items.first(), items.last()]) {
    await expect(item).toContainText(/Last used (now|\d+ minutes? ago)/)
    await expect(item).toContainText("Location: Local network")
  }
  await expectAccessible(page)
  const remove = page.getByRole("button", { name: /^Sign out Chrome/ })
  await remove.focus()
  await page.keyboard.press("Enter")
  // Asked first, with the cursor on the answer that signs it out; Escape keeps it, the cursor back.
  const question = page.getByRole("alertdialog", { name: /^Sign out Chrome .*\? It has to sign in again/ })
  await expect(question.getByRole("button", { name: "Yes, sign it out" })).toBeFocused()
  await expectAccessible(page)
  await page.keyboard.press("Escape")
  await expect(question).toBeHidden()
  await expect(remove).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(question.getByRole("button", { name: "Yes, sign it out" })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(page.getByText("The device has been signed out.")).toBeVisible()
  await expect(items).toHaveCount(1)
  await other.page.goto("/account-settings/registered-devices")
  await expect(other.page).toHaveURL(/\/login/, { timeout: 15_000 })
})

test("delete the account with the password; it can no longer sign in", async ({ page }) => {
  const email = await createVerifiedUser(page, uniqueEmail("delete"))
  await signIn(page, email)
  await page.goto("/account-settings/delete-account")
  // Mouse: ask, see the confirmation with the cursor in the password field, keep the account.
  await page.getByRole("button", { name: "Delete my account" }).click()
  const dialog = page.getByRole("dialog", { name: "Delete your account and all its data for good?" })
  await expect(dialog.getByLabel("Current password")).toBeFocused()
  await expectAccessible(page)
  await dialog.getByRole("button", { name: "Keep my account" }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole("button", { name: "Delete my account" })).toBeFocused()
  // Keyboard: ask again, a wrong password is refused at its field, the right one deletes.
  await page.keyboard.press("Enter")
  await expect(dialog.getByLabel("Current password")).toBeFocused()
  await page.keyboard.type("wrong1pass")
  await page.keyboard.press("Enter")
  await expect(dialog.getByText("The current password is not correct")).toBeVisible()
  await expect(dialog.getByLabel("Current password")).toBeFocused()
  await expectAccessible(page)
  await page.keyboard.type(PASSWORD)
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
