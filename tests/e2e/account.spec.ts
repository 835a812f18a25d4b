// Account entry journeys against the real server: register → verify from the outbox → sign in →
// sign out; the sign-up form's rules for addresses, names and passwords; wrong password; password
// reset; keyboard-only sign-in.
import { PASSWORD_MIN_LENGTH } from "../../src/domain/account/password-limits.ts"
import {
  createVerifiedUser,
  dismissPaymentOffer,
  expectAccessible,
  PASSWORD,
  signInThroughForm,
  uniqueEmail,
} from "./support/fixtures.ts"
import { codeIn, latestMail, linkIn, mailCount } from "./support/outbox.ts"
import { expect, test } from "./support/test.ts"

/** One character short of PASSWORD_MIN_LENGTH, with a letter and a digit. */
const SHORT_PASSWORD = `a1${"b".repeat(PASSWORD_MIN_LENGTH - 3)}`

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
})

test("register, verify from the outbox, sign in and sign out", async ({ page }) => {
  const email = uniqueEmail("register")
  await page.goto("/register")
  await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible()
  await expectAccessible(page)

  await page.getByRole("button", { name: "Create account" }).click()
  await expect(page.getByText("This field is required").first()).toBeVisible()
  await expect(page.getByRole("textbox", { name: "E-mail" })).toBeFocused()

  await page.getByRole("textbox", { name: "E-mail" }).fill(email)
  await page.getByLabel("First name").fill("Mei")
  await page.getByLabel("Last name").fill("Chen")
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
  await page.getByLabel("Confirm password").fill(PASSWORD)
  await page.getByText("I accept the terms and conditions").click()
  await expect(page.getByRole("checkbox", { name: "I accept the terms and conditions" })).toBeChecked()
  await page.getByRole("button", { name: "Create account" }).click()

  await expect(page).toHaveURL(/\/verify-email\?user=/)
  await expect(page.getByText(`We sent a verification mail to ${email}`)).toBeVisible()
  await expectAccessible(page)

  const mail = await latestMail(email, "verify-email")
  expect(mail.subject).toBe("Verify your e-mail address for Jingluo")
  await page.goto(linkIn(mail))
  await expect(page.getByRole("heading", { name: "E-mail address verified" })).toBeVisible()
  await expectAccessible(page)

  // The same link again: the server answers a used link like an expired one, so the page offers both
  // ways on — signing in, since the address may be confirmed already, and a new link.
  await page.goto(linkIn(mail))
  await expect(page.getByRole("alert")).toContainText("If you confirmed your address with it, you can log in now.")
  await expect(page.getByRole("button", { name: "Send the verification mail again" })).toBeVisible()
  await expectAccessible(page)

  await page.getByRole("main").getByRole("link", { name: "Log in" }).click()
  await expect(page).toHaveURL(/\/login/)
  await page.getByRole("textbox", { name: "E-mail" }).fill(email)
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
  await page.getByRole("button", { name: "Log in" }).click()
  await dismissPaymentOffer(page)
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Mei" })).toBeVisible()
  await expectAccessible(page)

  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign out" }).click()
  await expect(page.getByText("Do you want to sign out?")).toBeVisible()
  await expectAccessible(page)
  await page.getByRole("button", { name: "Yes, sign out" }).click()
  await expect(page).toHaveURL(/\/login$/)
  const cookies = await page.context().cookies()
  expect(cookies.find((c) => c.name === "token")).toBeUndefined()
  await expect(page.getByRole("link", { name: "Sign up" })).toBeVisible()
})

test("the session is a cookie the browser holds and no script on the page can read", async ({ page }) => {
  await signInThroughForm(page, await createVerifiedUser(page))
  const session = (await page.context().cookies()).find((c) => c.name === "token")
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" })
  expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/)
  const readable = await page.evaluate(() => document.cookie)
  expect(readable).not.toContain("token=")
  expect(readable).not.toContain(session!.value)
  expect(readable).toContain("userdata=")
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain(
    session!.value,
  )
  // A new load of the app is still signed in with it, and signing out removes it.
  await page.reload()
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Lin" })).toBeVisible()
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign out" }).click()
  await page.getByRole("button", { name: "Yes, sign out" }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect((await page.context().cookies()).find((c) => c.name === "token")).toBeUndefined()
})

test("the sign-up form says why it refuses a list of addresses, a web address as a name and a short password", async ({
  page,
}) => {
  await page.goto("/register")
  const email = page.getByRole("textbox", { name: "E-mail" })
  // Mouse: everything filled in, three fields wrong.
  await email.fill("yan@example.com,zed")
  await page.getByLabel("First name").fill("www.example")
  await page.getByLabel("Last name").fill("Chen")
  await page.getByLabel("Password", { exact: true }).fill(SHORT_PASSWORD)
  await page.getByLabel("Confirm password").fill(SHORT_PASSWORD)
  await page.getByText("I accept the terms and conditions").click()
  await page.getByRole("button", { name: "Create account" }).click()
  await expect(page.getByText("Invalid Email: enter one address, like name@example.com")).toBeVisible()
  await expect(page.getByText("Enter a name without web addresses or control characters")).toBeVisible()
  await expect(page.getByText(`Invalid Password: use at least ${PASSWORD_MIN_LENGTH} characters`)).toBeVisible()
  await expect(email).toBeFocused()
  // The names share a row: the error under First name leaves Last name in line with it.
  const top = async (label: string) => (await page.getByLabel(label, { exact: true }).boundingBox())!.y
  expect(await top("Last name")).toBe(await top("First name"))
  await expectAccessible(page)

  // Keyboard: each field put right in turn, then Enter.
  const address = uniqueEmail("rules")
  await page.keyboard.press("ControlOrMeta+a")
  await page.keyboard.type(address)
  await page.keyboard.press("Tab")
  await expect(page.getByLabel("First name")).toBeFocused()
  await page.keyboard.press("ControlOrMeta+a")
  await page.keyboard.type("Mei")
  await page.keyboard.press("Tab")
  await page.keyboard.press("Tab")
  await expect(page.getByLabel("Password", { exact: true })).toBeFocused()
  await page.keyboard.press("ControlOrMeta+a")
  await page.keyboard.type(PASSWORD)
  await page.keyboard.press("Tab")
  await page.keyboard.press("ControlOrMeta+a")
  await page.keyboard.type(PASSWORD)
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/verify-email\?user=/)
  // The name the registrant typed stays out of the mail to an address nobody has proven yet.
  const mail = await latestMail(address, "verify-email")
  expect(mail.text.startsWith("Hello,")).toBe(true)
  expect(mail.text).not.toContain("Mei")
})

test("leaving an invalid e-mail for the password never pulls the cursor back (mouse)", async ({ page }) => {
  await page.goto("/login")
  const email = page.getByRole("textbox", { name: "E-mail" })
  const password = page.getByLabel("Password", { exact: true })
  await email.click()
  await page.keyboard.type("anna.example.com")
  await password.click()
  await expect(page.getByText("Invalid Email")).toBeVisible()
  await page.keyboard.type("lotus7root")
  await expect(password).toBeFocused()
  await expect(password).toHaveValue("lotus7root")
  await expect(email).toHaveValue("anna.example.com")
  // Only a submit takes the cursor to the first invalid field.
  await page.getByRole("button", { name: "Log in" }).click()
  await expect(email).toBeFocused()
})

test("leaving an invalid e-mail for the password never pulls the cursor back (keyboard)", async ({ page }) => {
  await page.goto("/login")
  const email = page.getByRole("textbox", { name: "E-mail" })
  const password = page.getByLabel("Password", { exact: true })
  await email.focus()
  await page.keyboard.type("anna.example.com")
  await page.keyboard.press("Tab")
  await expect(page.getByText("Invalid Email")).toBeVisible()
  await page.keyboard.type("lotus7root")
  await expect(password).toHaveValue("lotus7root")
  await expect(email).toHaveValue("anna.example.com")
  await page.keyboard.press("Enter")
  await expect(email).toBeFocused()
})

test("after a failed submit on /register, each field keeps what is typed into it", async ({ page }) => {
  await page.goto("/register")
  await page.getByRole("button", { name: "Create account" }).click()
  const email = page.getByRole("textbox", { name: "E-mail" })
  await expect(email).toBeFocused()
  await page.keyboard.type("mei.example.com")
  await page.getByLabel("First name").click()
  await page.keyboard.type("Mei")
  await page.getByLabel("Last name").click()
  await page.keyboard.type("C")
  await page.keyboard.press("Tab")
  await page.keyboard.type("short")
  await page.keyboard.press("Tab")
  await page.keyboard.type("other")
  await expect(email).toHaveValue("mei.example.com")
  await expect(page.getByLabel("First name")).toHaveValue("Mei")
  await expect(page.getByLabel("Last name")).toHaveValue("C")
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("short")
  await expect(page.getByLabel("Confirm password")).toHaveValue("other")
  await expect(page.getByLabel("Confirm password")).toBeFocused()
  await page.getByRole("button", { name: "Create account" }).click()
  await expect(email).toBeFocused()
})

test("the reset and verification forms never move the cursor while typing", async ({ page }) => {
  await page.goto("/resetpassword?email=anna%40example.com")
  const code = page.getByLabel("Code")
  await code.click()
  await page.keyboard.type("12")
  await page.getByLabel("New password", { exact: true }).click()
  await page.keyboard.type("abc")
  await page.getByLabel("Confirm password").click()
  await page.keyboard.type("bamboo9grove")
  await expect(code).toHaveValue("12")
  await expect(page.getByLabel("New password", { exact: true })).toHaveValue("abc")
  await expect(page.getByLabel("Confirm password")).toHaveValue("bamboo9grove")
  await page.getByRole("button", { name: "Set new password" }).click()
  await expect(code).toBeFocused()

  await page.goto("/resetpassword")
  const resetEmail = page.getByRole("textbox", { name: "E-mail" })
  await resetEmail.fill("anna")
  await page.getByRole("button", { name: "Send code" }).click()
  await expect(resetEmail).toBeFocused()

  await page.goto("/verify-email?user=0bfdfc3b-a859-4c3e-9fe4-dd0aab9b5026")
  await page.getByLabel("Code").click()
  await page.keyboard.type("12")
  await page.getByRole("textbox", { name: "E-mail" }).click()
  await page.keyboard.type("anna@example.com")
  await expect(page.getByLabel("Code")).toHaveValue("12")
  await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveValue("anna@example.com")
})

test("a wrong password says Invalid credentials and keeps the e-mail", async ({ page }) => {
  const email = await createVerifiedUser(page)
  await page.goto("/login")
  await page.getByRole("textbox", { name: "E-mail" }).fill(email)
  await page.getByLabel("Password", { exact: true }).fill("wrong1pass")
  await page.getByRole("button", { name: "Log in" }).click()
  await expect(page.getByRole("alert")).toHaveText("Invalid credentials")
  await page.getByRole("textbox", { name: "E-mail" }).fill(email)
  await expectAccessible(page)
})

test("an unverified account can have its verification mail sent again", async ({ page }) => {
  const email = uniqueEmail("unverified")
  await page.request.post("/api/register", {
    data: {
      email,
      firstName: "Ana",
      lastName: "Ruiz",
      password: PASSWORD,
      confirmPassword: PASSWORD,
      termsChecked: true,
      promotional: false,
    },
  })
  await page.goto("/login")
  await page.getByRole("textbox", { name: "E-mail" }).fill(email)
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
  await page.getByRole("button", { name: "Log in" }).click()
  await expect(page.getByText("Your e-mail address is not verified yet")).toBeVisible()
  await page.getByRole("button", { name: "Send verification mail again" }).click()
  await expect(page.getByText("Verification mail has been sent successfully")).toBeVisible()
})

test("an unknown or malformed verification link says it is not valid and sends a new one", async ({ page }) => {
  const email = uniqueEmail("link")
  await page.request.post("/api/register", {
    data: {
      email,
      firstName: "Ana",
      lastName: "Ruiz",
      password: PASSWORD,
      confirmPassword: PASSWORD,
      termsChecked: true,
      promotional: false,
    },
  })
  await latestMail(email, "verify-email")
  const before = mailCount(email, "verify-email")

  await page.goto("/verify-email?user=not-a-uuid")
  await expect(page.getByRole("alert")).toContainText("This verification link is not valid")
  await expect(page.getByRole("textbox", { name: "Code" })).toHaveCount(0)
  await page.goto("/verify-email?user=00000000-0000-4000-8000-000000000000&code=1234")
  const alert = page.getByRole("alert")
  await expect(alert).toContainText("This verification link is not valid")
  await expect(alert).not.toContainText("expired")
  await expectAccessible(page)
  // Mouse: the address, then the button that sends a new link.
  await page.getByRole("textbox", { name: "E-mail" }).fill(email)
  await page.getByRole("button", { name: "Send the verification mail again" }).click()
  await expect(page.getByText("Verification mail has been sent successfully")).toBeVisible()
  await expect.poll(() => mailCount(email, "verify-email")).toBe(before + 1)

  // A link cut short says the same without asking the server, and offers no code field (no code
  // could work for it); the keyboard sends a new one.
  await page.goto(`/verify-email?user=not-a-uuid&code=12&email=${encodeURIComponent(email)}`)
  await expect(page.getByRole("alert")).toContainText("This verification link is not valid")
  await expect(page.getByRole("textbox", { name: "Code" })).toHaveCount(0)
  await page.getByRole("textbox", { name: "E-mail" }).focus()
  await page.keyboard.press("Enter")
  await expect(page.getByText("Verification mail has been sent successfully")).toBeVisible()
  await expect.poll(() => mailCount(email, "verify-email")).toBe(before + 2)
})

test("reset the password with the code from the outbox", async ({ page }) => {
  const email = await createVerifiedUser(page)
  await page.goto("/login")
  await page.getByRole("link", { name: "Forgot your password?" }).click()
  await expect(page).toHaveURL(/\/resetpassword/)
  await expectAccessible(page)
  await page.getByRole("textbox", { name: "E-mail" }).fill(email)
  await page.getByRole("button", { name: "Send code" }).click()
  await expect(page.getByRole("heading", { name: "Enter the code and your new password" })).toBeFocused()

  const mail = await latestMail(email, "reset-password")
  await page.getByLabel("Code").fill("0000")
  await page.getByLabel("New password", { exact: true }).fill("bamboo9grove")
  await page.getByLabel("Confirm password").fill("bamboo9grove")
  await page.getByRole("button", { name: "Set new password" }).click()
  await expect(page.getByText("This code is not correct")).toBeVisible()
  await expect(page.getByLabel("Code")).toHaveValue("")
  await expect(page.getByLabel("New password", { exact: true })).toHaveValue("bamboo9grove")
  await expectAccessible(page)

  await page.getByLabel("Code").fill(codeIn(mail))
  await page.getByRole("button", { name: "Set new password" }).click()
  await expect(page.getByRole("heading", { name: "Password changed" })).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
  await page.getByRole("textbox", { name: "E-mail" }).fill(email)
  await page.getByLabel("Password", { exact: true }).fill("bamboo9grove")
  await page.getByRole("button", { name: "Log in" }).click()
  await dismissPaymentOffer(page)
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign out" })).toBeVisible()
})

test("sign in with the keyboard alone", async ({ page }) => {
  const email = await createVerifiedUser(page)
  await page.goto("/login")
  await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible()
  await page.keyboard.press("Tab")
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused()
  await page.keyboard.press("Enter")
  // From the main landmark, Tab reaches the e-mail field first.
  await page.keyboard.press("Tab")
  await expect(page.getByRole("textbox", { name: "E-mail" })).toBeFocused()
  await page.keyboard.type(email)
  await page.keyboard.press("Tab")
  await expect(page.getByLabel("Password", { exact: true })).toBeFocused()
  await page.keyboard.type(PASSWORD)
  await page.keyboard.press("Enter")
  // The payment modal offers itself once and takes focus; Escape dismisses it.
  const offer = page.getByRole("dialog", { name: "Upgrade to Jingluo Pro" })
  await expect(offer).toBeVisible()
  await expect.poll(() => offer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true)
  await page.keyboard.press("Escape")
  await expect(offer).toBeHidden()
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign out" })).toBeVisible()
  await expect(page.locator("main")).toBeFocused()
})

test("a visitor sent to log in comes back where they were going, by keyboard and by mouse", async ({ page }) => {
  const email = await createVerifiedUser(page)
  // Every page for members sends a visitor to log in with the address asked for, query included.
  const result = "/get/results?test=6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b"
  for (const path of ["/account-settings/registered-devices", "/test/scores", result, "/my-notes"]) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/login\?next=/)
    expect(new URL(page.url()).searchParams.get("next")).toBe(path)
  }

  // Keyboard: the form from /login?next=/my-notes leads to the notes.
  await page.getByRole("textbox", { name: "E-mail" }).focus()
  await page.keyboard.type(email)
  await page.keyboard.press("Tab")
  await page.keyboard.type(PASSWORD)
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/my-notes$/)
  await dismissPaymentOffer(page)
  await expect(page.getByRole("heading", { level: 1, name: "My notes" })).toBeVisible()

  // Mouse: the header's "Log in" on a point page comes back to the point.
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign out" }).click()
  await page.getByRole("button", { name: "Yes, sign out" }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.goto("/point/lu-9-taiyuan")
  await page.getByRole("banner").getByRole("link", { name: "Log in" }).click()
  await expect(page).toHaveURL(/\/login\?next=%2Fpoint%2Flu-9-taiyuan$/)
  await page.getByRole("textbox", { name: "E-mail" }).fill(email)
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
  await page.getByRole("button", { name: "Log in" }).click()
  await expect(page).toHaveURL(/\/point\/lu-9-taiyuan$/)
  await expect(page.getByRole("heading", { level: 1 })).toContainText("LU-9")
})
