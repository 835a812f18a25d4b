// The browser runs of the models: every tests/model/<flow>.model.ts (or the flows named in
// MODEL_FLOWS, which `npm run test:model -- <flow>` sets) becomes one Playwright test per path and
// walk, against the real server of this worker with a fresh user as the model's browser setup asks.
import { readdirSync } from "node:fs"
import type { Page } from "@playwright/test"
import { createVerifiedUser, dismissPaymentOffer, signIn, uniqueEmail } from "../e2e/support/fixtures.ts"
import { expect, test } from "../e2e/support/test.ts"
import { answerOtherSites, browserDriver } from "./support/browser-driver.ts"
import { type AnyFlowModel, type BrowserSetup, planWalk, walkPath, walksOf } from "./support/model.ts"

const wanted = process.env.MODEL_FLOWS?.split(",").filter(Boolean)
const files = readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith(".model.ts"))
  .filter((file) => !wanted || wanted.includes(file.replace(/\.model\.ts$/, "")))
  .sort()

/** A Pro user pays on the built-in test-mode checkout, as tests/e2e/subscriptions.spec.ts does. */
const becomePro = async (page: Page) => {
  await page.goto("/pricing")
  await page.getByRole("button", { name: "Continue" }).click()
  await page.getByRole("button", { name: "Start trial" }).click()
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Jingluo Pro" })).toBeVisible()
}

/**
 * A Standard user without a password: signed up with the provider "Local ID" (scripts/e2e-server.ts),
 * as tests/e2e/social-sign-in.spec.ts does.
 */
const signUpWithProvider = async (page: Page) => {
  await page.goto("/register")
  await page.getByRole("link", { name: "Continue with Local ID" }).click()
  await page.locator('input[name="login"]').fill(uniqueEmail("social"))
  await page.locator('input[name="password"]').fill("provider-password")
  await page.getByRole("button", { name: "Sign-in" }).click()
  await page.getByRole("button", { name: "Continue" }).click()
  await page.getByLabel("First name").fill("Grace")
  await page.getByLabel("Last name").fill("Hopper")
  await page.getByRole("checkbox", { name: "I accept the terms and conditions" }).focus()
  await page.keyboard.press("Space")
  await page.getByRole("button", { name: "Create account" }).click()
  await dismissPaymentOffer(page)
}

const signInAs = async (page: Page, user: BrowserSetup<unknown, unknown>["user"]) => {
  if (user === "visitor") return
  if (user === "social") return signUpWithProvider(page)
  await signIn(page, await createVerifiedUser(page))
  if (user === "pro") await becomePro(page)
}

for (const file of files) {
  const model = ((await import(`./${file}`)) as { default: AnyFlowModel }).default
  test.describe(model.title, () => {
    for (const walk of walksOf(model))
      test.describe(walk.label, () => {
        for (const path of planWalk(model, walk).paths)
          test(path.title, async ({ page, context, baseURL }) => {
            await context.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL ?? "" }])
            if (model.clock) await page.clock.install()
            await answerOtherSites(context)
            const ui = browserDriver(page, walk.input)
            const ctx = model.context(model.browser.facts)
            await test.step("set up the user and the data", async () => {
              await signInAs(page, model.browser.user)
              await model.browser.prepare?.(ui, ctx)
              await page.goto(model.browser.path ?? model.path)
              await model.ready(ui, ctx)
            })
            await walkPath(model, walk, path, ui, ctx, (title, body) => test.step(title, body))
          })
      })
  })
}
