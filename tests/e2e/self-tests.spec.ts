// Self-test journeys in Chromium against the real server and database: a Standard learner takes a
// multiple-choice test by keyboard and by mouse (a reload on the way resumes it; finishing early
// asks first), reviews the result at its own address (a reload keeps it) and finds it in the score
// history; a Pro learner takes a one-minute location test that warns near the end, not at the
// start, is answered while the warning is open, survives a reload and expires (a minute lasts 40 s
// on the journeys' server, E2E_SELF_TEST_MINUTE_MS; the real minute is the domain's and the
// server's tests'); the tests settings with their messages; visitors see the types and a sign-up
// prompt. axe (WCAG 2.0–2.2 A and AA) on every screen.
import type { Page } from "@playwright/test"
import { DEFAULT_TEST_SETTINGS } from "../../src/domain/self-tests/test-settings.ts"
import { MINUTE_MS, testDurationMs, warningLeadMs } from "../../src/domain/self-tests/test-timing.ts"
import { clockText } from "../../src/ui/self-tests/question-text.ts"
import { createVerifiedUser, expectAccessible, signIn, signInAsPro } from "./support/fixtures.ts"
import { E2E_SELF_TEST_MINUTE_MS } from "./support/servers.ts"
import { expect, test } from "./support/test.ts"

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
  test.setTimeout(120_000)
  await signIn(page, await createVerifiedUser(page))
  await saveSettings(page, { testLimit: 4 })

  await page.getByRole("banner").getByRole("link", { name: "Tests" }).click()
  await expect(page).toHaveURL(/\/test\/$/)
  await expect(page.getByRole("heading", { level: 1, name: "Self-tests" })).toBeVisible()
  await expect(page.getByText("Points you answer wrongly come back here")).toBeVisible()
  await expect(page.getByRole("link", { name: "Point group test" })).toHaveCount(0)
  // Any point group can be tested, with Pro: the entry says so and carries the Pro badge.
  await expect(page.getByRole("button", { name: "Point group test" })).toBeVisible()
  await expect(page.getByText("Any of your point groups can be tested")).toBeVisible()
  await expectAccessible(page)

  await page.getByRole("link", { name: "Multiple-choice test" }).click()
  await expect(page.getByRole("heading", { level: 1, name: "Multiple-choice test" })).toBeVisible()
  await expect(page.getByText(/The \d+ points of the free channels\. Pro opens all \d+ points\./)).toBeVisible()
  await expectAccessible(page)
  await page.getByRole("button", { name: "Start the test" }).click()

  // Question 1 by keyboard: the heading has focus; Tab into the options, arrows choose, Enter saves.
  await expect(questionHeading(page)).toHaveText("Question 1 of 4")
  await expect(questionHeading(page)).toBeFocused()
  // The default time limit (ten minutes, a beginner's 1.25 ×), in the journeys' server's minutes.
  const limit = testDurationMs(DEFAULT_TEST_SETTINGS, E2E_SELF_TEST_MINUTE_MS) ?? 0
  const minutes = Math.floor(limit / MINUTE_MS)
  await expect(page.getByRole("timer")).toHaveText(new RegExp(`^(${minutes}|${minutes - 1}):\\d\\d$`))
  // The clock ticks silently; the polite region says nothing while seconds pass (only 5 min, 1 min, 30 s).
  const timer = page.getByRole("timer")
  await expect(timer).toHaveAttribute("aria-live", "off")
  const announcer = page.locator(".test-running [role=status][aria-live=polite]")
  const shown = await timer.textContent()
  await expect(timer).not.toHaveText(shown ?? "")
  await expect(announcer).toHaveText("")
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

  // Finishing with questions left asks first; "Keep answering" (keyboard) goes back to the button.
  const finish = page.getByRole("button", { name: "Finish the test" })
  await finish.click()
  const ask = page.getByRole("alertdialog", { name: /^Finish with 2 questions unanswered\?/ })
  await expect(ask.getByRole("button", { name: "Yes, finish" })).toBeFocused()
  await expectAccessible(page)
  await page.keyboard.press("Tab")
  await expect(ask.getByRole("button", { name: "Keep answering" })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(ask).toHaveCount(0)
  await expect(finish).toBeFocused()

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
  // Every question answered: it finishes without asking.
  await finish.click()

  // The result has its own address: a reload shows it again.
  const result = page.getByRole("heading", { level: 1, name: "Result: Multiple-choice test" })
  await expect(result).toBeFocused()
  await expect(page).toHaveURL(/\/get\/results\?test=[0-9a-f-]{36}$/)
  const score = (await page.locator(".result-score").textContent()) ?? ""
  expect(score).toMatch(/^\d of 4 right \(\d+ %\)$/)
  await page.reload()
  await expect(result).toBeVisible()
  await expect(page.locator(".result-score")).toHaveText(score)
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

/** Pays for Pro on the built-in checkout page (test mode). */

const secondsLeft = async (page: Page) => {
  const [minutes = 0, seconds = 0] = ((await page.getByRole("timer").textContent()) ?? "").split(":").map(Number)
  return minutes * 60 + seconds
}

test("a Pro learner's one-minute test warns near the end, answers on while warned, survives a reload, expires and keeps its result", async ({
  page,
}) => {
  // One minute (expert) of the journeys' server, then the time runs out.
  await signInAsPro(page)

  await page.goto("/account-settings/tests-settings")
  const duration = page.getByRole("textbox", { name: "Test time in minutes" })
  await duration.fill("1")
  await page.getByRole("textbox", { name: "Minutes added by “More time”" }).fill("1")
  await page.getByRole("textbox", { name: "Maximum number of points" }).fill("3")
  await page.locator(".difficulty .question-option").filter({ hasText: "Expert" }).click()
  await expect(page.getByRole("radio", { name: /^Expert/ })).toBeChecked()
  await page.getByRole("button", { name: "Save settings" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Your test settings are saved." })).toBeVisible()

  await page.getByRole("banner").getByRole("link", { name: "Tests" }).click()
  await page.getByRole("link", { name: "Location test" }).click()
  await expect(page.getByText(/^All \d+ points\.$/)).toBeVisible()
  await expect(page.getByText(`${clockText(E2E_SELF_TEST_MINUTE_MS)} (minutes:seconds)`)).toBeVisible()
  await page.getByRole("button", { name: "Start the test" }).click()

  // No warning at the start: the question has focus and is answered by keyboard.
  const warning = page.getByRole("alertdialog", { name: "Time is nearly up" })
  await expect(questionHeading(page)).toBeFocused()
  await expect(warning).toHaveCount(0)
  await page.keyboard.press("Tab")
  await page.keyboard.press("Space")
  await page.keyboard.press("Enter")
  await expect(questionHeading(page)).toHaveText("Question 2 of 3")

  // The half minute is said once, politely; the warning opens with 20 s left and takes focus on its
  // first key; the question stays answerable. (More time is the view's and the model's to walk: here
  // it would add a minute of waiting.)
  const announcer = page.locator(".test-running [role=status][aria-live=polite]")
  await expect(announcer).toHaveText("30 seconds left.", { timeout: 30_000 })
  await expect(warning).toBeVisible({ timeout: 20_000 })
  expect(await secondsLeft(page)).toBeLessThanOrEqual(Math.ceil(warningLeadMs(E2E_SELF_TEST_MINUTE_MS) / 1000))
  await expect(warning.getByRole("button", { name: "More time (+1 min)" })).toBeFocused()
  await expectAccessible(page)
  await page.locator(".question-option").first().click()
  await page.getByRole("button", { name: "Save and next" }).click()
  await expect(questionHeading(page)).toHaveText("Question 3 of 3")
  await expect(questionHeading(page)).toBeFocused()
  await expect(warning).toBeVisible()
  await warning.getByRole("button", { name: "Continue without" }).click()
  await expect(warning).toBeHidden()

  // A reload keeps the answers and the time left.
  const before = await secondsLeft(page)
  await page.reload()
  await expect(questionHeading(page)).toHaveText("Question 3 of 3")
  const after = await secondsLeft(page)
  expect(after).toBeLessThanOrEqual(before)
  expect(after).toBeGreaterThan(before - 10)

  // The time runs out: the server scores the test, and its result stays at its own address.
  const result = page.getByRole("heading", { level: 1, name: "Result: Location test" })
  await expect(result).toBeVisible({ timeout: 40_000 })
  await expect(page).toHaveURL(/\/get\/results\?test=[0-9a-f-]{36}$/)
  await expect(page.getByText("The time ran out before the test was finished.")).toBeVisible()
  await expect(page.getByText(/^[0-2] of 3 right/)).toBeVisible()
  await expect(page.locator(".review-item")).toHaveCount(3)
  await expect(page.getByText("Not answered")).toHaveCount(1)
  await expectAccessible(page)
  await page.reload()
  await expect(result).toBeVisible()
  await expect(page.getByText("Not answered")).toHaveCount(1)
})

test("test settings: messages at the fields, all points hiding the maximum, saved on the button", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page))
  await page.goto("/test/")
  await page.getByRole("link", { name: "Test settings" }).click()
  await expect(page.getByRole("heading", { level: 1, name: "Test settings" })).toBeVisible()
  await expectAccessible(page)

  // Keyboard: a wrong duration is named when the field is left.
  const duration = page.getByRole("textbox", { name: "Test time in minutes" })
  await duration.focus()
  await page.keyboard.press("ControlOrMeta+a")
  await page.keyboard.type("0")
  await page.keyboard.press("Tab")
  await expect(duration).toHaveAccessibleDescription(/Enter a whole number of minutes from 1 to 100\./)
  await expectAccessible(page)

  // Mouse: a maximum out of bounds; "include all points" hides it, and its stored value is kept.
  const limit = page.getByRole("textbox", { name: "Maximum number of points" })
  await limit.fill("500")
  await page.getByRole("button", { name: "Save settings" }).click()
  await expect(duration).toBeFocused()
  await expect(limit).toHaveAccessibleDescription(/Enter a whole number from 1 to 100\./)
  await duration.fill("15")
  await limit.fill("12")
  await page.getByRole("button", { name: "Save settings" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Your test settings are saved." })).toBeVisible()

  await page.getByText("Include all points").click()
  await expect(limit).toHaveCount(0)
  await page.getByRole("button", { name: "Save settings" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Your test settings are saved." })).toBeVisible()
  await page.reload()
  await expect(page.getByRole("checkbox", { name: "Include all points" })).toBeChecked()
  await expect(page.getByRole("textbox", { name: "Maximum number of points" })).toHaveCount(0)
  await expect(page.getByRole("textbox", { name: "Test time in minutes" })).toHaveValue("15")
  // Keyboard: Space on the hidden checkbox shows the maximum again, with the stored limit.
  await page.getByRole("checkbox", { name: "Include all points" }).focus()
  await page.keyboard.press("Space")
  await expect(page.getByRole("textbox", { name: "Maximum number of points" })).toHaveValue("12")
  await expectAccessible(page)
})

test("visitors see the test types and a sign-up prompt; test pages ask them to log in", async ({ page }) => {
  await page.goto("/test/")
  await expect(page.getByRole("heading", { level: 1, name: "Self-tests" })).toBeVisible()
  await expect(page.getByRole("heading", { level: 2, name: "Sign up to take the tests" })).toBeVisible()
  await expect(page.getByRole("heading", { level: 3 })).toHaveCount(8)
  await expect(page.getByText("Location test")).toBeVisible()
  await expect(page.getByRole("link", { name: "Location test" })).toHaveCount(0)
  await expectAccessible(page)
  await page.goto("/test/new/location-test")
  await expect(page).toHaveURL(/\/login\?next=%2Ftest%2Fnew%2Flocation-test$/)
  await page.goto("/test/new/point-group-test")
  await expect(page).toHaveURL(/\/login/)
})
