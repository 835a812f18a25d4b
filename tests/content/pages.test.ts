// Book pages: the German and Spanish bodies mirror the English block for block.
import { describe, expect, it } from "vitest"
import { loadContent } from "../../server/content/load-content.ts"
import { LANGUAGES } from "../../src/domain/content/content-schema.ts"

const content = loadContent()
const pages = content.pages.map((p) => [p.slug, p] as const)

describe("book pages", () => {
  it("there are pages, with distinct order numbers", () => {
    expect(content.pages.length).toBeGreaterThanOrEqual(3)
    expect(new Set(content.pages.map((p) => p.order)).size).toBe(content.pages.length)
  })

  it.each(pages)("%s has en, de and es bodies", (_, page) => {
    for (const lang of LANGUAGES) expect(page.body[lang].length, lang).toBeGreaterThanOrEqual(3)
  })

  it.each(pages)("%s: de and es have as many blocks as en", (_, page) => {
    expect(page.body.de).toHaveLength(page.body.en.length)
    expect(page.body.es).toHaveLength(page.body.en.length)
  })

  it.each(pages)("%s: de and es have the same block types in the same order", (_, page) => {
    const types = (lang: (typeof LANGUAGES)[number]) => page.body[lang].map((b) => b.type)
    expect(types("de")).toEqual(types("en"))
    expect(types("es")).toEqual(types("en"))
  })

  it.each(pages)("%s: each list has the same number of items in every language", (_, page) => {
    const itemCounts = (lang: (typeof LANGUAGES)[number]) =>
      page.body[lang].map((b) => (b.type === "list" ? b.items.length : 0))
    expect(itemCounts("de")).toEqual(itemCounts("en"))
    expect(itemCounts("es")).toEqual(itemCounts("en"))
  })

  it.each(pages)("%s: title and summary are translated", (_, page) => {
    for (const lang of ["de", "es"] as const) {
      expect(page.title[lang], lang).not.toBe(page.title.en)
      expect(page.summary[lang], lang).not.toBe(page.summary.en)
    }
  })
})
