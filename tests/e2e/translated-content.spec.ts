// The knowledge base in German and Spanish: LU-9 reached through the drill-down menu (by keyboard in
// German, by mouse in Spanish) shows the reviewed translation of its location, needling,
// indications and commentary, with the needling labels translated, no block marked lang="en" but
// the English name where it is named, no note about English texts, and no axe violations; the
// channel page, and a vessel page for a Pro member, read the same way.
import type { Page } from "@playwright/test"
import { loadContent } from "../../server/content/load-content.ts"
import type { TranslatedLanguage } from "../../src/domain/content/translation-schema.ts"
import { createVerifiedUser, expectAccessible, signIn } from "./support/fixtures.ts"
import { expect, test } from "./support/test.ts"

const content = loadContent()
const lu = content.channels.find((c) => c.code === "LU")!
const lu9 = lu.points.find((p) => p.code === "LU-9")!

const UI = {
  de: {
    channelPoints: "Leitbahnpunkte",
    menu: "Leitbahnen, Punktkategorien und Körperregionen",
    section: "Leitbahnverläufe und Punkte",
    channel: /Lungen-Leitbahn/,
    location: "Lokalisation",
    needling: "Nadelung",
    indications: "Indikationen",
    angle: "Senkrecht",
    moxa: "Mit Vorsicht",
    note: "Einige Texte auf dieser Seite sind noch nicht übersetzt",
  },
  es: {
    channelPoints: "Puntos de los canales",
    menu: "Canales, categorías de puntos y regiones del cuerpo",
    section: "Trayectos de los canales y puntos",
    channel: /Pulmón/,
    location: "Localización",
    needling: "Punción",
    indications: "Indicaciones",
    angle: "Perpendicular",
    moxa: "Con precaución",
    note: "Algunos textos de esta página aún no están traducidos",
  },
} as const

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
})

const setLanguageCookie = async (page: Page, language: TranslatedLanguage, baseURL: string) => {
  await page.context().addCookies([{ name: "language", value: language, url: baseURL }])
}

/** LU-9 as a German or Spanish reader sees it. */
const expectTranslatedLu9 = async (page: Page, language: TranslatedLanguage) => {
  const ui = UI[language]
  const text = content.translations[language].channels.LU!.points["LU-9"]!
  await expect(page).toHaveURL(/\/point\/lu-9-taiyuan$/)
  await expect(page.locator("html")).toHaveAttribute("lang", language)
  const location = page.getByRole("region", { name: ui.location })
  await expect(location.getByText(text.location)).toBeVisible()
  await expect(location.getByText(text.locating)).toBeVisible()
  await expect(location).not.toContainText(lu9.location)
  const needling = page.getByRole("region", { name: ui.needling })
  await expect(needling.getByText(text.needling.method)).toBeVisible()
  await expect(needling.getByText(text.needling.depth, { exact: true })).toBeVisible()
  await expect(needling.getByText(ui.angle, { exact: true })).toBeVisible()
  await expect(needling.getByText(ui.moxa, { exact: true })).toBeVisible()
  await expect(needling).toContainText(text.needling.cautions[0]!)
  await expect(needling).not.toContainText(lu9.needling.method)
  const indications = page.getByRole("region", { name: ui.indications }).getByRole("listitem")
  await expect(indications).toHaveText([...text.indications])
  await expect(page.getByText(text.commentary)).toBeVisible()
  // The one English block on the page is the English name, listed with the German and Spanish ones.
  const english = page.locator("main [lang='en']")
  await expect(english).toHaveCount(1)
  await expect(english).toHaveText(lu9.name.en)
  await expect(page.getByText(ui.note)).toHaveCount(0)
  await expectAccessible(page)
}

test("LU-9 in German, reached through the drill-down menu by keyboard", async ({ page, baseURL }) => {
  // The drill-down menu is in the header of signed-in members.
  const email = await createVerifiedUser(page)
  await setLanguageCookie(page, "de", baseURL!)
  await signIn(page, email)
  const ui = UI.de
  await page.getByRole("button", { name: ui.channelPoints }).focus()
  await page.keyboard.press("Enter")
  const menu = page.getByRole("navigation", { name: ui.menu })
  await expect(menu.getByRole("option", { name: ui.section })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(menu.getByRole("option", { name: ui.channel })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(menu.getByRole("option", { name: /LU-1 / })).toBeFocused()
  for (let i = 1; i < 9; i++) await page.keyboard.press("ArrowDown")
  await expect(menu.getByRole("option", { name: /LU-9 / })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(page.locator("main")).toBeFocused()
  await expectTranslatedLu9(page, "de")
})

test("LU-9 in Spanish, reached through the drill-down menu by mouse", async ({ page, baseURL }) => {
  // The drill-down menu is in the header of signed-in members.
  const email = await createVerifiedUser(page)
  await setLanguageCookie(page, "es", baseURL!)
  await signIn(page, email)
  const ui = UI.es
  await page.getByRole("button", { name: ui.channelPoints }).click()
  const menu = page.getByRole("navigation", { name: ui.menu })
  await menu.getByRole("option", { name: ui.section }).click()
  await menu.getByRole("option", { name: ui.channel }).click()
  await menu.getByRole("option", { name: /LU-9 / }).click()
  await expectTranslatedLu9(page, "es")
})

for (const language of ["de", "es"] as const) {
  test(`the Lung channel page in ${language}, without English blocks`, async ({ page, baseURL }) => {
    await setLanguageCookie(page, language, baseURL!)
    const channel = content.translations[language].channels.LU!.channel
    await page.goto(`/book/pages/channels/${lu.slug}`)
    await expect(page.getByText(channel.summary)).toBeVisible()
    await expect(page.getByText(channel.pathway.external)).toBeVisible()
    await expect(page.getByText(channel.connections[0]!)).toBeVisible()
    await expect(page.locator("main [lang='en']")).toHaveCount(0)
    await expect(page.getByText(UI[language].note)).toHaveCount(0)
    await expectAccessible(page)
  })
}

test("a vessel page in German and in Spanish for a Pro member", async ({ page, baseURL }) => {
  await signIn(page, await createVerifiedUser(page))
  await page.goto("/pricing")
  await page.getByRole("button", { name: "Continue" }).click()
  await page.getByRole("button", { name: "Start trial" }).click()
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Jingluo Pro" })).toBeVisible()
  const ren = content.vessels.find((v) => v.id === "ren")!
  for (const language of ["de", "es"] as const) {
    await setLanguageCookie(page, language, baseURL!)
    const vessel = content.translations[language].vessels.ren!
    await page.goto(`/book/pages/vessels/${ren.slug}`)
    await expect(page.getByRole("heading", { level: 1 })).toContainText(ren.name[language])
    await expect(page.getByText(vessel.pathway)).toBeVisible()
    await expect(page.getByText(vessel.uses[0]!)).toBeVisible()
    await expect(page.getByText(vessel.commentary)).toBeVisible()
    await expect(page.locator("main [lang='en']")).toHaveCount(0)
    await expect(page.getByText(UI[language].note)).toHaveCount(0)
    await expectAccessible(page)
  }
  // The page leads to the vessel's video.
  await page.getByRole("link", { name: "Reproducir el vídeo del vaso" }).click()
  await expect(page).toHaveURL(new RegExp(`/video/play-channel-video/${ren.slug}$`))
  await expect(page.getByRole("heading", { level: 1 })).toContainText(ren.name.es.split(" (")[0]!)
})
