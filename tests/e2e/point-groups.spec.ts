// Point-group journeys in Chromium against the real server and database (issues 13 and 14): a Pro
// learner creates a group from LU-9's page, adds the whole LI channel from its page, renames the
// group in the drill-down's "My point groups" column, removes a point, starts the group's test and
// answers one question, and deletes the group — once by mouse, once by keyboard. A visitor is asked
// to sign in; the strings are German and Spanish in those languages. axe (WCAG 2.0–2.2 A and AA) on
// every screen.
import type { Locator, Page } from "@playwright/test"
import { createVerifiedUser, expectAccessible as expectAxeClean, signIn, signInAsPro } from "./support/fixtures.ts"
import { expect, test } from "./support/test.ts"

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
})

/** axe once every toast has finished moving in or out (mid-fade its text is judged half transparent). */
const expectAccessible = async (page: Page) => {
  await page.waitForFunction(() =>
    [...document.querySelectorAll("[data-sonner-toast]")].every((toast) => getComputedStyle(toast).opacity === "1"),
  )
  await expectAxeClean(page)
}

const MENU = "Channels, point categories and body areas"
const LI_POINTS = 20
const MY_GROUPS = "/my-point-groups"

/** The toast saying `text` (the one before may still be leaving). */
const expectToast = (page: Page, text: string) =>
  expect(
    page
      .getByRole("region", { name: /Notifications/ })
      .getByRole("listitem")
      .filter({ hasText: text }),
  ).toBeVisible()

const openMenu = async (page: Page) => {
  await page.getByRole("button", { name: "Channel points" }).click()
  const menu = page.getByRole("navigation", { name: MENU })
  await expect(menu).toBeVisible()
  return menu
}

const groupsList = (menu: Locator) => menu.getByRole("listbox", { name: "My point groups" })

test("by mouse: create a group, add LU-9 and the LI channel, rename, remove a point, test it, delete it", async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signInAsPro(page)

  // LU-9's page: a new group from the dialog.
  await page.goto("/point/lu-9-taiyuan")
  await page.getByRole("button", { name: "Add to group" }).click()
  const dialog = page.getByRole("dialog", { name: "Add LU-9 to a group" })
  await expect(dialog.getByText("You have no groups yet.")).toBeVisible()
  await expectAccessible(page)
  // An empty title is turned back at the field.
  await dialog.getByRole("button", { name: "Create and add" }).click()
  await expect(dialog.getByRole("textbox", { name: "New group" })).toHaveAccessibleDescription("This field is required")
  await dialog.getByRole("textbox", { name: "New group" }).fill("Headaches")
  await dialog.getByRole("button", { name: "Create and add" }).click()
  await expect(dialog).toBeHidden()
  await expectToast(page, "Added 1 point to “Headaches”.")

  // The LI channel's page: the whole channel into the same group.
  await page.goto("/book/pages/channels/large-intestine-channel")
  await page.getByRole("button", { name: "Add channel to group" }).click()
  const channelDialog = page.getByRole("dialog", { name: /to a group$/ })
  await channelDialog.getByRole("button", { name: /Headaches/ }).click()
  await expectToast(page, `Added ${LI_POINTS} points to “Headaches”.`)
  // Again: nothing is added twice.
  await page.getByRole("button", { name: "Add channel to group" }).click()
  await channelDialog.getByRole("button", { name: /Headaches/ }).click()
  await expectToast(page, "Already in “Headaches” — nothing to add.")

  // The drill-down: My point groups → Headaches → its points.
  const menu = await openMenu(page)
  await menu.getByRole("option", { name: "My point groups" }).click()
  await menu.getByRole("option", { name: `Headaches (${LI_POINTS + 1} points)` }).click()
  const points = menu.getByRole("listbox", { name: "Headaches" })
  await expect(points.getByRole("option")).toHaveCount(LI_POINTS + 1)
  await expect(points.getByRole("option").first()).toHaveText(/LU-9/)
  await expectAccessible(page)

  // Edit: rename the group, remove LU-9.
  await menu.getByRole("button", { name: "Edit" }).click()
  await expect(menu.getByRole("button", { name: "Done" })).toHaveAttribute("aria-pressed", "true")
  await menu.getByRole("button", { name: "Rename Headaches" }).click()
  const title = menu.getByRole("textbox", { name: "Group title" })
  await title.fill("")
  await menu.getByRole("button", { name: "Save" }).click()
  await expect(title).toHaveAccessibleDescription("This field is required")
  await title.fill("Exam week ")
  await menu.getByRole("button", { name: "Save" }).click()
  await expectToast(page, "Group renamed to “Exam week”.")
  await menu.getByRole("button", { name: "Remove LU-9 from Exam week" }).click()
  await expectToast(page, "LU-9 removed from “Exam week”.")
  await expect(menu.getByRole("button", { name: /^Remove .* from Exam week$/ })).toHaveCount(LI_POINTS)
  await expectAccessible(page)
  await menu.getByRole("button", { name: "Done" }).click()

  // A point opens its page.
  await menu
    .getByRole("listbox", { name: "Exam week" })
    .getByRole("option", { name: /^LI-4 / })
    .click()
  await expect(page).toHaveURL(/\/point\/li-4-hegu$/)

  // The group's test: one question answered.
  const menuAgain = await openMenu(page)
  await menuAgain.getByRole("option", { name: "My point groups" }).click()
  await menuAgain.getByRole("option", { name: /^Exam week/ }).click()
  await menuAgain.getByRole("link", { name: "Test this group" }).click()
  await expect(page).toHaveURL(/\/test\/new\/pointgroup\/point-group-test\/\d+$/)
  await expect(page.getByRole("heading", { level: 1, name: "Test of “Exam week”" })).toBeVisible()
  await expect(page.getByText(`${LI_POINTS} points of this group can be asked about.`)).toBeVisible()
  await expectAccessible(page)
  await page.getByRole("button", { name: "Start the test" }).click()
  await expect(page.getByRole("heading", { level: 1, name: /^Question 1 of \d+$/ })).toBeVisible()
  const option = page.locator(".question-option").first()
  if (await option.count()) await option.click()
  else await page.getByRole("textbox").fill("hegu")
  await page.getByRole("button", { name: "Save and next" }).click()
  await expect(page.getByRole("heading", { level: 1, name: /^Question 2 of \d+$/ })).toBeVisible()
  await expectAccessible(page)

  // Delete the group, after a yes.
  const last = await openMenu(page)
  await last.getByRole("option", { name: "My point groups" }).click()
  await last.getByRole("button", { name: "Edit" }).click()
  await last.getByRole("button", { name: "Delete Exam week" }).click()
  const confirm = last.getByRole("alertdialog", {
    name: "Delete the group “Exam week”? Its points stay in the book, and the scores of its tests stay in your history.",
  })
  await expect(confirm).toBeVisible()
  await expectAccessible(page)
  await confirm.getByRole("button", { name: "Delete" }).click()
  await expectToast(page, "Group “Exam week” deleted.")
  await expect(last.getByText("No groups yet.")).toBeVisible()
})

test("by keyboard: the same journey without the mouse", async ({ page }) => {
  test.setTimeout(120_000)
  await signInAsPro(page)

  await page.goto("/point/lu-9-taiyuan")
  await page.getByRole("button", { name: "Add to group" }).focus()
  await page.keyboard.press("Enter")
  const dialog = page.getByRole("dialog", { name: "Add LU-9 to a group" })
  await expect(dialog).toBeVisible()
  // Tab from the close button to the title field, type, Enter submits.
  const field = dialog.getByRole("textbox", { name: "New group" })
  while (!(await field.evaluate((el) => el === document.activeElement))) await page.keyboard.press("Tab")
  await page.keyboard.type("Neck and shoulders")
  await page.keyboard.press("Enter")
  await expectToast(page, "Added 1 point to “Neck and shoulders”.")
  await expect(page.getByRole("button", { name: "Add to group" })).toBeFocused()

  await page.goto("/book/pages/channels/large-intestine-channel")
  await page.getByRole("button", { name: "Add channel to group" }).focus()
  await page.keyboard.press("Enter")
  const choice = page.getByRole("dialog").getByRole("button", { name: /Neck and shoulders/ })
  while (!(await choice.evaluate((el) => el === document.activeElement))) await page.keyboard.press("Tab")
  await page.keyboard.press("Enter")
  await expectToast(page, `Added ${LI_POINTS} points to “Neck and shoulders”.`)

  // The menu by keyboard: Enter opens it, arrows move, Enter/Right opens, Left goes back.
  await page.getByRole("button", { name: "Channel points" }).focus()
  await page.keyboard.press("Enter")
  const menu = page.getByRole("navigation", { name: MENU })
  await expect(menu.getByRole("option", { name: "Channel pathways and points" })).toBeFocused()
  await page.keyboard.press("ArrowDown")
  await expect(menu.getByRole("option", { name: "My point groups" })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(groupsList(menu).getByRole("option", { name: /^Neck and shoulders/ })).toBeFocused()
  await page.keyboard.press("Enter")
  const points = menu.getByRole("listbox", { name: "Neck and shoulders" })
  await expect(points.getByRole("option", { name: /^LU-9 / })).toBeFocused()

  // Edit by keyboard: the toggle, rename, remove LU-9.
  await menu.getByRole("button", { name: "Edit" }).focus()
  await page.keyboard.press("Enter")
  await menu.getByRole("button", { name: "Rename Neck and shoulders" }).focus()
  await page.keyboard.press("Enter")
  const title = menu.getByRole("textbox", { name: "Group title" })
  await expect(title).toBeFocused()
  await page.keyboard.press("ControlOrMeta+a")
  await page.keyboard.type("Exam week")
  await page.keyboard.press("Enter")
  await expectToast(page, "Group renamed to “Exam week”.")
  await menu.getByRole("button", { name: "Remove LU-9 from Exam week" }).focus()
  await page.keyboard.press("Enter")
  await expectToast(page, "LU-9 removed from “Exam week”.")
  await menu.getByRole("link", { name: "Test this group" }).focus()
  await page.keyboard.press("Enter")

  await expect(page.getByRole("heading", { level: 1, name: "Test of “Exam week”" })).toBeVisible()
  await page.getByRole("button", { name: "Start the test" }).focus()
  await page.keyboard.press("Enter")
  const question = page.getByRole("heading", { level: 1, name: /^Question 1 of \d+$/ })
  await expect(question).toBeFocused()
  await page.keyboard.press("Tab")
  if ((await page.getByRole("radio").count()) > 0) {
    await page.keyboard.press("ArrowDown")
  } else {
    await page.keyboard.type("hegu")
  }
  await page.keyboard.press("Enter")
  await expect(page.getByRole("heading", { level: 1, name: /^Question 2 of \d+$/ })).toBeVisible()

  // Delete by keyboard, from the home page (on a running test, Enter belongs to the test).
  await page.goto("/")
  await page.getByRole("button", { name: "Channel points" }).focus()
  await page.keyboard.press("Enter")
  await expect(menu.getByRole("option", { name: "Channel pathways and points" })).toBeFocused()
  await page.keyboard.press("ArrowDown")
  await expect(menu.getByRole("option", { name: "My point groups" })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(groupsList(menu).getByRole("option", { name: /^Exam week/ })).toBeFocused()
  await menu.getByRole("button", { name: "Edit" }).focus()
  await page.keyboard.press("Enter")
  await menu.getByRole("button", { name: "Delete Exam week" }).focus()
  await page.keyboard.press("Enter")
  await expect(menu.getByRole("alertdialog").getByRole("button", { name: "Delete" })).toBeFocused()
  await page.keyboard.press("Enter")
  await expectToast(page, "Group “Exam week” deleted.")
  await expect(menu.getByText("No groups yet.")).toBeVisible()
})

test("a visitor is asked to sign in; a Standard learner's group test shows the Pro badge", async ({ page }) => {
  await page.goto(MY_GROUPS)
  await expect(page.getByText("Sign in to keep your own groups of points.")).toBeVisible()
  await expectAccessible(page)
  await page.getByRole("main").getByRole("link", { name: "Sign in" }).click()
  await expect(page).toHaveURL(/\/login\?/)

  await signIn(page, await createVerifiedUser(page))
  await page.goto("/point/lu-9-taiyuan")
  await page.getByRole("button", { name: "Add to group" }).click()
  const dialog = page.getByRole("dialog", { name: "Add LU-9 to a group" })
  await dialog.getByRole("textbox", { name: "New group" }).fill("Lungs")
  await dialog.getByRole("button", { name: "Create and add" }).click()
  await expectToast(page, "Added 1 point to “Lungs”.")
  await page.goto(MY_GROUPS)
  await expect(page.getByRole("heading", { level: 1, name: "My point groups" })).toBeVisible()
  await page.getByRole("option", { name: /^Lungs/ }).click()
  // Group tests are Pro: the entry carries the Pro badge and opens the upgrade modal.
  const testEntry = page.getByRole("button", { name: "Test this group" })
  await expect(testEntry.locator("..")).toContainText("Pro")
  await expectAccessible(page)
  await testEntry.click()
  const upgrade = page.getByRole("dialog", { name: "This is part of Jingluo Pro" })
  await expect(upgrade).toBeVisible()
  await page.keyboard.press("Escape")
  await expect(upgrade).toBeHidden()
  await expect(page).toHaveURL(new RegExp(`${MY_GROUPS}$`))
})

for (const [language, strings] of [
  ["de", { title: "Meine Punktgruppen", prompt: "Melde dich an, um eigene Punktgruppen anzulegen." }],
  ["es", { title: "Mis grupos de puntos", prompt: "Inicia sesión para guardar tus propios grupos de puntos." }],
] as const) {
  test(`"My point groups" speaks ${language}`, async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "language", value: language, url: baseURL! }])
    await page.goto(MY_GROUPS)
    await expect(page.getByRole("heading", { level: 1, name: strings.title })).toBeVisible()
    await expect(page.getByText(strings.prompt)).toBeVisible()
    await expectAccessible(page)
  })
}
