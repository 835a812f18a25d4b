// What the security review's fixes look like to a user (issue 8): the upgrade modal and the local
// checkout page say that no money is taken; the links in our mails work without the code (and say
// so once used); a known address signs up like a new one and its owner hears about it; codes that
// are being guessed are paused with a clear message; the built app never serves its source maps.
import { readdirSync, readFileSync } from "node:fs"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { join } from "node:path"
import type { Page } from "@playwright/test"
import { createVerifiedUser, expectAccessible, PASSWORD, signIn, uniqueEmail } from "./support/fixtures.ts"
import { codeIn, latestMail, linkIn, mailCount } from "./support/outbox.ts"
import { expect, test } from "./support/test.ts"

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
})

test("the upgrade modal and the checkout page say it is a test mode, by mouse and by keyboard", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page))
  // Keyboard: focus the floating button and open the modal with Enter.
  await page.getByRole("button", { name: "Upgrade to Pro" }).focus()
  await page.keyboard.press("Enter")
  const dialog = page.getByRole("dialog", { name: "Upgrade to Jingluo Pro" })
  await expect(dialog.getByRole("note")).toContainText("Test mode — no money is taken")
  await expectAccessible(page)
  await dialog.getByRole("button", { name: "Continue" }).focus()
  await page.keyboard.press("Enter")

  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/)
  const note = page.getByRole("note")
  await expect(note.getByRole("heading", { name: "Test mode — no money is taken" })).toBeVisible()
  await expect(note).toContainText("paying here grants Pro without charging anything")
  await expectAccessible(page)

  // Mouse: back to the app, the pricing page says the same above its plan cards.
  await page.goto("/pricing")
  await expect(page.getByRole("note")).toContainText("Test mode — no money is taken")
  await page.getByRole("button", { name: "Continue" }).click()
  await expect(page.getByRole("heading", { name: "Test mode — no money is taken" })).toBeVisible()
})

test("the German checkout page says du and Testmodus", async ({ page, context, baseURL }) => {
  await signIn(page, await createVerifiedUser(page))
  await context.addCookies([{ name: "language", value: "de", url: baseURL! }])
  await page.goto("/pricing")
  await page.locator(".plan-chooser .button-row button").first().click()
  await expect(page).toHaveURL(/\/checkout\//)
  await expect(page.getByRole("heading", { name: "Testmodus – es wird kein Geld abgebucht" })).toBeVisible()
  const text = await page.locator("main").innerText()
  expect(text).toContain("Wenn du hier bezahlst")
  expect(text).not.toMatch(/\b(Sie|Ihnen|Ihre?[mnrs]?)\b/)
})

test("the reset link sets a new password without the code, by keyboard; a used link falls back to the code", async ({
  page,
}) => {
  const email = await createVerifiedUser(page)
  await page.goto("/resetpassword")
  await page.getByRole("textbox", { name: "E-mail" }).fill(email)
  await page.getByRole("button", { name: "Send code" }).click()
  await expect(page.getByRole("heading", { name: "Enter the code and your new password" })).toBeFocused()

  const mail = await latestMail(email, "reset-password")
  const link = linkIn(mail)
  expect(link).toMatch(/\/resetpassword\?email=.*&token=[A-Za-z0-9_-]{22}$/)
  expect(link).not.toContain(codeIn(mail))
  await page.goto(link)
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible()
  await expect(page.getByText("no code is needed")).toBeVisible()
  await expect(page.getByLabel("Code")).toHaveCount(0)
  await expectAccessible(page)

  await page.getByLabel("New password", { exact: true }).focus()
  await page.keyboard.type("bamboo9grove")
  await page.keyboard.press("Tab")
  await expect(page.getByLabel("Confirm password")).toBeFocused()
  await page.keyboard.type("bamboo9grove")
  await page.keyboard.press("Enter")
  await expect(page.getByRole("heading", { name: "Password changed" })).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
  await page.getByRole("textbox", { name: "E-mail" }).fill(email)
  await page.getByLabel("Password", { exact: true }).fill("bamboo9grove")
  await page.getByRole("button", { name: "Log in" }).click()
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign out" })).toBeVisible()

  // The same link again: refused, and the code step takes over with what was typed kept.
  await page.goto(link)
  await page.getByLabel("New password", { exact: true }).fill("cedar8wood")
  await page.getByLabel("Confirm password").fill("cedar8wood")
  await page.getByRole("button", { name: "Set new password" }).click()
  await expect(page.getByText("This link has expired or was used already")).toBeVisible()
  await expect(page.getByLabel("Code")).toBeVisible()
  await expect(page.getByLabel("New password", { exact: true })).toHaveValue("cedar8wood")
  await expectAccessible(page)
})

test("signing up with a known address looks like a new sign-up, and the owner gets a mail instead", async ({
  page,
}) => {
  const email = await createVerifiedUser(page)
  const before = mailCount(email, "verify-email")
  await page.goto("/register")
  await page.getByRole("textbox", { name: "E-mail" }).fill(email)
  await page.getByLabel("First name").fill("Mei")
  await page.getByLabel("Last name").fill("Chen")
  await page.getByLabel("Password", { exact: true }).fill("other7pass")
  await page.getByLabel("Confirm password").fill("other7pass")
  await page.getByText("I accept the terms and conditions").click()
  await page.getByRole("button", { name: "Create account" }).click()
  await expect(page).toHaveURL(/\/verify-email\?user=/)
  await expect(page.getByText(`We sent a verification mail to ${email}`)).toBeVisible()

  const notice = await latestMail(email, "already-registered")
  expect(notice.subject).toBe("You already have a Jingluo account")
  expect(notice.text).toContain("/resetpassword")
  expect(mailCount(email, "verify-email")).toBe(before)
  // The account is untouched: the old password still signs in.
  await signIn(page, email, PASSWORD)
})

test("codes being guessed are paused with a clear message, and the mail's link still verifies", async ({ page }) => {
  const email = uniqueEmail("guessed")
  const registered = await page.request.post("/api/register", {
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
  const { uuid } = (await registered.json()) as { uuid: string }
  const mail = await latestMail(email, "verify-email")
  const wrong = codeIn(mail) === "0000" ? "1111" : "0000"
  // Someone guesses until the account's budget for the day is gone (the e2e server multiplies
  // every limit by RATE_LIMIT_FACTOR).
  let status = 0
  for (let i = 0; i < 1000 && status !== 429; i++)
    status = (await page.request.get(`/api/verify-email/${uuid}/${wrong}`)).status()
  expect(status).toBe(429)

  await page.goto(`/verify-email?user=${uuid}&email=${encodeURIComponent(email)}`)
  await page.getByLabel("Code").fill(codeIn(mail))
  await page.getByRole("button", { name: "Verify" }).click()
  await expect(page.getByText("Too many wrong codes for this account today")).toBeVisible()
  await expectAccessible(page)
  const alert = await latestMail(email, "code-alert")
  expect(alert.subject).toBe("Someone is trying codes for your Jingluo account")

  await page.goto(linkIn(mail))
  await expect(page.getByRole("heading", { name: "E-mail address verified" })).toBeVisible()
})

test("a page on another site cannot make its visitors' browsers send the app's forms", async ({ page, baseURL }) => {
  const email = await createVerifiedUser(page)
  const before = mailCount(email, "reset-password")
  const target = new URL("/api/forgot-password/email", baseURL).href
  // A form can send text/plain (with a body that reads as JSON), urlencoded or multipart: never JSON.
  const forms = [
    `<form method="post" action="${target}" enctype="text/plain"><input type="hidden" name='{"email":"${email}","x":"' value='"}'><button>text/plain</button></form>`,
    `<form method="post" action="${target}"><input type="hidden" name="email" value="${email}"><button>urlencoded</button></form>`,
    `<form method="post" action="${target}" enctype="multipart/form-data"><input type="hidden" name="email" value="${email}"><button>multipart</button></form>`,
  ]
  // Another site, served from this machine: `localhost` is not the app's site (`127.0.0.1`). (A page
  // from a public address would be stopped by the browser's private-network rules before the server
  // saw anything, which is not what this is about.)
  const site = createServer((_, response) => {
    response.writeHead(200, { "content-type": "text/html" })
    response.end(`<!doctype html><title>Elsewhere</title>${forms.join("")}`)
  })
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve))
  const elsewhere = `http://localhost:${(site.address() as AddressInfo).port}/`
  try {
    await sendFromElsewhere(page, elsewhere, target, email)
  } finally {
    site.closeAllConnections()
    site.close()
  }
  // The app's own call is JSON and goes through; the forms sent nothing.
  await page.goto("/resetpassword")
  await page.getByRole("textbox", { name: "E-mail" }).fill(email)
  await page.getByRole("button", { name: "Send code" }).click()
  await latestMail(email, "reset-password")
  expect(mailCount(email, "reset-password")).toBe(before + 1)
})

/** From the other site: each form, then a script's untyped body; every answer is 415. */
const sendFromElsewhere = async (page: Page, elsewhere: string, target: string, email: string) => {
  for (const name of ["text/plain", "urlencoded", "multipart"]) {
    await page.goto(elsewhere)
    const [answer] = await Promise.all([page.waitForResponse(target), page.getByRole("button", { name }).click()])
    expect([name, answer.status()]).toEqual([name, 415])
    await expect(page.getByText("This request must be sent as JSON")).toBeVisible()
  }
  // A script there may send a body without any type (bytes, a Blob), which once read as JSON.
  await page.goto(elsewhere)
  const [untyped] = await Promise.all([
    page.waitForResponse(target),
    page.evaluate(
      ([url, address]) =>
        fetch(url, { method: "POST", mode: "no-cors", body: new Blob([JSON.stringify({ email: address })]) }).then(
          () => "sent",
        ),
      [target, email] as const,
    ),
  ])
  expect(untyped.request().headers()["content-type"]).toBeUndefined()
  expect(untyped.status()).toBe(415)
}

test("the built app has source maps for error tools but never serves them", async ({ page }) => {
  const assets = join("dist", "assets")
  const scripts = readdirSync(assets).filter((file) => file.endsWith(".js"))
  expect(scripts.length).toBeGreaterThan(0)
  for (const script of scripts) {
    expect(readFileSync(join(assets, script), "utf8")).not.toContain("sourceMappingURL")
    // The bundler's own runtime chunk (a few hundred bytes, made once code is split) comes without a map.
    if (!script.startsWith("rolldown-runtime-")) expect(readdirSync(assets)).toContain(`${script}.map`)
    expect((await page.request.get(`/assets/${script}`)).status()).toBe(200)
    expect((await page.request.get(`/assets/${script}.map`)).status()).toBe(404)
  }
  expect((await page.request.get(`/${"a".repeat(300)}`, { headers: { accept: "text/html" } })).status()).toBe(404)
})
