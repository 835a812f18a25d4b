// Self-test journeys in Chromium against the real server and database: a Standard learner takes a
// multiple-choice test by keyboard and by mouse (a reload on the way resumes it), reviews the result
// and finds it in the score history; a Pro learner takes a timed location test that expires after
// one "more time"; the tests settings with their messages; visitors see the types and a sign-up
// prompt. axe (WCAG 2.0–2.2 A and AA) on every screen.
import { expect, type Page, test } from "@playwright/test"
import { createVerifiedUser, expectAccessible, signIn } from "./support/fixtures.ts"

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
})

/** The signed-in learner's bearer token, from the cookie the app keeps it in. */
const tokenOf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === "token")?.value ?? ""

const saveSettings = async (page: Page, settings: Record<string, unknown>) => {
  const response = await page.request.post("/api/user-settings", {
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
    data: settings,
  })
  expect(response.status()).toBe(200)
}

const questionHeading = (page: Page) => page.getByRole("heading", { level: 1, name: /^Question \d+ of \d+$/ })

test("a Standard learner takes a multiple-choice test by keyboard and by mouse, and reviews it", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page))
  await saveSettings(page, { testLimit: 4 })

  await page.getByRole("banner").getByRole("link", { name: "Tests" }).click()
  await expect(page).toHaveURL(/\/test\/$/)
  await expect(page.getByRole("heading", { level: 1, name: "Self-tests" })).toBeVisible()
  await expect(page.getByText("Points you answer wrongly come back here")).toBeVisible()
  await expect(page.getByRole("link", { name: "Point group test" })).toHaveCount(0)
  await expectAccessible(page)

  await page.getByRole("link", { name: "Multiple-choice test" }).click()
  await expect(page.getByRole("heading", { level: 1, name: "Multiple-choice test" })).toBeVisible()
  await expect(page.getByText(/The \d+ points of the free channels\. Pro opens all \d+ points\./)).toBeVisible()
  await expectAccessible(page)
  await page.getByRole("button", { name: "Start the test" }).click()

  // Question 1 by keyboard: the heading has focus; Tab into the options, arrows choose, Enter saves.
  await expect(questionHeading(page)).toHaveText("Question 1 of 4")
  await expect(questionHeading(page)).toBeFocused()
  await expect(page.getByRole("timer")).toHaveText(/^1[12]:\d\d$/)
  await expectAccessible(page)
  await page.keyboard.press("Tab")
  await expect(page.getByRole("radio").first()).toBeFocused()
  await page.keyboard.press("ArrowDown")
  await expect(page.getByRole("radio").nth(1)).toBeChecked()
  await page.keyboard.press("Enter")
  await expect(questionHeading(page)).toHaveText("Question 2 of 4")
  await expect(questionHeading(page)).toBeFocused()

  // Question 2 by mouse.
  await page.locator(".question-option").nth(2).click()
  await expect(page.getByRole("radio").nth(2)).toBeChecked()
  await page.getByRole("button", { name: "Save and next" }).click()
  await expect(questionHeading(page)).toHaveText("Question 3 of 4")

  // A reload resumes the same test at the first unanswered question, the answers kept.
  const promptBefore = await page.locator(".question-prompt").textContent()
  await page.reload()
  await expect(questionHeading(page)).toHaveText("Question 3 of 4")
  await expect(page.locator(".question-prompt")).toHaveText(promptBefore ?? "")
  const nav = page.getByRole("navigation", { name: "Questions" })
  await expect(nav.getByRole("button", { name: "1 answered" })).toBeVisible()
  await expect(nav.getByRole("button", { name: "2 answered" })).toBeVisible()

  // Question 3: keyboard to the Save button.
  await page.keyboard.press("Tab")
  await page.keyboard.press("Space")
  await expect(page.getByRole("radio").first()).toBeChecked()
  await page.keyboard.press("Tab")
  await expect(page.getByRole("button", { name: "Save and next" })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(questionHeading(page)).toHaveText("Question 4 of 4")

  // Question 4 by mouse, then back to question 1 to look, and finish.
  await page.locator(".question-option").nth(3).click()
  await page.getByRole("button", { name: "Save answer" }).click()
  await expect(page.getByText("Every question is answered.")).toBeVisible()
  await nav.getByRole("button", { name: "1 answered" }).click()
  await expect(questionHeading(page)).toHaveText("Question 1 of 4")
  await expect(page.getByRole("radio").nth(1)).toBeChecked()
  await page.getByRole("button", { name: "Finish the test" }).click()

  const result = page.getByRole("heading", { level: 1, name: "Result: Multiple-choice test" })
  await expect(result).toBeFocused()
  await expect(page.getByText(/^\d of 4 right \(\d+ %\)$/)).toBeVisible()
  const items = page.locator(".review-item")
  await expect(items).toHaveCount(4)
  await expect(page.getByRole("term").filter({ hasText: "Your answer" })).toHaveCount(4)
  await expectAccessible(page)

  // The review links to the point pages, which a Standard learner may open.
  const firstLink = items.first().getByRole("link").first()
  const pointName = (await firstLink.textContent()) ?? ""
  await firstLink.click()
  await expect(page).toHaveURL(/\/point\//)
  await expect(page.getByRole("heading", { level: 1 })).toContainText(pointName.split(" ")[0] ?? "")

  await page.goto("/test/scores")
  await expect(page.getByRole("heading", { level: 1, name: "My test scores" })).toBeVisible()
  await expect(page.getByRole("rowheader", { name: "Multiple-choice test" })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole("link", { name: /^Multiple-choice test: \d\/4/ }).click()
  await expect(page).toHaveURL(/\/get\/results\?test=[0-9a-f-]{36}$/)
  await expect(page.getByRole("heading", { level: 1, name: "Result: Multiple-choice test" })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole("link", { name: "Repeat this test" }).click()
  await expect(questionHeading(page)).toHaveText("Question 1 of 4")
})
