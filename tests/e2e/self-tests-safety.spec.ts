// Safety in the self-tests, in Chromium against the real server: a Pro learner turns on "leave out
// points contraindicated in pregnancy" by keyboard, and the location test then names none of them;
// a one-question safety test is answered by keyboard and its result says why. axe on each screen.
import type { Page } from "@playwright/test"
import { expectAccessible, signInAsPro } from "./support/fixtures.ts"
import { expect, test } from "./support/test.ts"

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
})

const tokenOf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === "token")?.value ?? ""
const api = async (page: Page, method: "GET" | "POST", path: string, data?: unknown) => {
  const headers = { Authorization: `Bearer ${await tokenOf(page)}` }
  const response =
    method === "GET" ? await page.request.get(path, { headers }) : await page.request.post(path, { headers, data })
  expect(response.status()).toBe(200)
  return (await response.json()) as Record<string, never>
}
const questionHeading = (page: Page) => page.getByRole("heading", { level: 1, name: /^Question \d+ of \d+$/ })
const LEFT_OUT = ["LI-4", "SP-6", "GB-21", "BL-60", "BL-67"]

test("a Pro learner leaves out the points contraindicated in pregnancy, and takes a safety test", async ({ page }) => {
  test.setTimeout(120_000)
  await signInAsPro(page)
  await page.goto("/account-settings/tests-settings")
  const box = page.getByRole("checkbox", { name: "Leave out points contraindicated in pregnancy" })
  await expect(box).not.toBeChecked()
  await box.focus()
  await page.keyboard.press("Space")
  await expect(box).toBeChecked()
  await page.getByRole("textbox", { name: "Maximum number of points" }).fill("100")
  await page.getByRole("button", { name: "Save settings" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Your test settings are saved." })).toBeVisible()
  await expectAccessible(page)

  // The location test: every point a question or an option names, none of those left out.
  await page.goto("/test/new/location-test")
  await page.getByRole("button", { name: "Start the test" }).click()
  await expect(questionHeading(page)).toHaveText(/^Question 1 of \d+$/)
  const overview = await api(page, "GET", "/api/test/location-test")
  const running = overview.running as unknown as { id: string }
  const session = (await api(page, "GET", `/api/test/location-test/${running.id}`)) as unknown as {
    questions: ReadonlyArray<{
      prompt: { point?: { code: string | null } }
      options: ReadonlyArray<{ point?: { code: string | null } | null }>
    }>
  }
  expect(session.questions.length).toBeGreaterThan(50)
  const named = session.questions.flatMap((q) => [q.prompt.point?.code, ...q.options.map((o) => o.point?.code)])
  expect(named.filter((code) => code !== undefined && code !== null).length).toBeGreaterThan(100)
  for (const code of LEFT_OUT) expect(named).not.toContain(code)
  await expect(page.locator(".question-prompt")).not.toContainText(/\b(LI-4|SP-6|GB-21|BL-60|BL-67)\b/)

  // A safety test of one question, answered by keyboard, through to its result.
  await api(page, "POST", "/api/user-settings", { testLimit: 1 })
  await page.goto("/test/")
  await page.getByRole("link", { name: "Safety test" }).click()
  await expect(page.getByRole("heading", { level: 1, name: "Safety test" })).toBeVisible()
  await page.getByRole("button", { name: "Start the test" }).click()
  await expect(questionHeading(page)).toHaveText("Question 1 of 1")
  await expect(page.locator(".question-prompt")).toHaveText(/^Which of these points (lies|has)/)
  await expect(page.getByRole("radio")).toHaveCount(4)
  await expectAccessible(page)
  await page.keyboard.press("Tab")
  await expect(page.getByRole("radio").first()).toBeFocused()
  await page.keyboard.press("Space")
  await page.keyboard.press("Enter")
  await expect(page.getByText("Every question is answered.")).toBeVisible()
  await page.getByRole("button", { name: "Finish the test" }).click()
  await expect(page.getByRole("heading", { level: 1, name: "Result: Safety test" })).toBeFocused()
  await expect(page.locator(".review-reason")).toContainText(/^Why: \S/)
  await expectAccessible(page)
})
