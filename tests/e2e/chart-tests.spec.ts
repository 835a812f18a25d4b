// The location test answered on the body chart, in Chromium against the real server and content: a
// Standard learner meets "where is …?" questions among the location questions, answers one without
// the mouse (Tab into the chart, arrow keys move the marker, Enter saves) and one with the mouse
// (a click on a lettered position), and sees both positions again on the chart in the review.
// axe (WCAG 2.0–2.2 A and AA) on the question and on the result.
import type { Locator, Page } from "@playwright/test"
import { createVerifiedUser, expectAccessible, signIn } from "./support/fixtures.ts"
import { expect, test } from "./support/test.ts"

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
})

const tokenOf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === "token")?.value ?? ""

const questionHeading = (page: Page) => page.getByRole("heading", { level: 1, name: /^Question \d+ of \d+$/ })

/** The chart of the question shown, once it is drawn: the group of lettered positions. */
const chartOf = (page: Page) => page.locator(".question-on-chart [role=radiogroup].chart-stage")

/** Goes on with "Next question" until a question on the chart is shown; its number. */
const nextChartQuestion = async (page: Page, total: number): Promise<number> => {
  for (;;) {
    const heading = (await questionHeading(page).textContent()) ?? ""
    const current = Number(/Question (\d+)/.exec(heading)?.[1])
    if ((await page.locator(".question-on-chart").count()) > 0) return current
    expect(current, "no question on the chart in this test").toBeLessThan(total)
    await page.getByRole("button", { name: "Next question" }).click()
    await expect(questionHeading(page)).toHaveText(`Question ${current + 1} of ${total}`)
  }
}

const checkedLetter = async (group: Locator) =>
  (await group.locator("[role=radio][aria-checked=true]").getAttribute("data-candidate")) ?? ""

test("a Standard learner answers where points lie on the chart, by keyboard and by mouse, and reviews both", async ({
  page,
}) => {
  test.setTimeout(180_000)
  await signIn(page, await createVerifiedUser(page))
  // Every free point once: a third or so of them are asked on the chart.
  const saved = await page.request.post("/api/user-settings", {
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
    data: { testAllPoints: true, testTimed: false },
  })
  expect(saved.status()).toBe(200)

  await page.goto("/test/new/location-test")
  await page.getByRole("button", { name: "Start the test" }).click()
  await expect(questionHeading(page)).toHaveText(/^Question 1 of \d+$/)
  const total = Number(/of (\d+)/.exec((await questionHeading(page).textContent()) ?? "")?.[1])

  // The first question on the chart, by keyboard alone.
  const first = await nextChartQuestion(page, total)
  const prompt = (await page.locator(".question-on-chart .question-prompt").textContent()) ?? ""
  expect(prompt).toMatch(/^Where is [A-Z]{2}-\d+ .+\? Choose its position on the chart\.$/)
  const chart = chartOf(page)
  await expect(chart).toHaveAccessibleName(prompt)
  await expect(chart.getByRole("radio")).toHaveCount(4)
  await expect(chart.getByRole("radio")).toHaveText(["A", "B", "C", "D"])
  const list = page.getByRole("radiogroup", { name: "Positions on the chart" })
  await expect(list.getByRole("radio")).toHaveCount(4)
  await expectAccessible(page)

  await questionHeading(page).focus()
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab")
    if (await chart.locator("[role=radio]:focus").count()) break
  }
  await expect(chart.getByRole("radio", { name: "Position A" })).toBeFocused()
  // Move the marker: the choice follows it, and the list beside says the same.
  for (const key of ["ArrowDown", "ArrowRight", "ArrowUp", "ArrowLeft", "End"]) await page.keyboard.press(key)
  const byKeys = await checkedLetter(chart)
  expect(byKeys).toMatch(/^[A-D]$/)
  await expect(chart.locator(`[data-candidate="${byKeys}"]`)).toBeFocused()
  await expect(list.getByRole("radio", { name: `Position ${byKeys}` })).toBeChecked()
  await page.keyboard.press("Enter")
  await expect(questionHeading(page)).toHaveText(`Question ${first + 1} of ${total}`)
  await expect(
    page.getByRole("navigation", { name: "Questions" }).getByRole("button", { name: `${first} answered`, exact: true }),
  ).toBeVisible()

  // The next question on the chart, by mouse: a click on a lettered position.
  const second = await nextChartQuestion(page, total)
  await expect(chartOf(page).getByRole("radio")).toHaveCount(4)
  await chartOf(page).locator('[data-candidate="C"]').click()
  await expect(chartOf(page).getByRole("radio", { name: "Position C, your answer" })).toBeVisible()
  await expect(list.getByRole("radio", { name: "Position C" })).toBeChecked()
  await page.getByRole("button", { name: "Save and next" }).click()
  await expect(questionHeading(page)).not.toHaveText(`Question ${second} of ${total}`)

  // Back to the first: its saved position is shown on the chart and in the list.
  await page
    .getByRole("navigation", { name: "Questions" })
    .getByRole("button", { name: `${first} answered`, exact: true })
    .click()
  await expect(chartOf(page).locator(`[data-candidate="${byKeys}"]`)).toHaveAttribute("aria-checked", "true")

  await page.getByRole("button", { name: "Finish the test" }).click()
  // The questions left unanswered count as wrong: asked first.
  await page
    .getByRole("alertdialog", { name: /^Finish with \d+ questions unanswered\?/ })
    .getByRole("button", { name: "Yes, finish" })
    .click()
  await expect(page.getByRole("heading", { level: 1, name: "Result: Location test" })).toBeFocused()
  const items = page.locator(".review-item")
  await expect(items).toHaveCount(total)
  // Each answered chart question: the right position marked, and the chosen one if it was wrong.
  for (const [n, letter] of [
    [first, byKeys],
    [second, "C"],
  ] as const) {
    const item = items.nth(n - 1)
    const reviewChart = item.locator("[role=radiogroup].chart-stage")
    await expect(reviewChart).toHaveAccessibleName(/^Where [A-Z]{2}-\d+ .+ lies$/)
    await expect(reviewChart.getByRole("radio", { name: /, the right answer$/ })).toHaveCount(1)
    if ((await item.getAttribute("class"))?.includes("wrong")) {
      await expect(reviewChart.getByRole("radio", { name: `Position ${letter}, your answer` })).toBeVisible()
      await expect(item.getByRole("definition").first()).toHaveText(new RegExp(`^${letter}: [A-Z]{2}-\\d+ `))
    } else {
      await expect(reviewChart.getByRole("radio", { name: `Position ${letter}, the right answer` })).toBeVisible()
    }
  }
  await expectAccessible(page)
})
