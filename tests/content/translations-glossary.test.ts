// `content/glossary.json`: the fixed German and Spanish renderings of recurring terms. The file
// decodes and agrees with itself; every term is rendered as fixed wherever an English text uses it
// (one of its `match` stems in the translation), and no German or Spanish text anywhere — overlays,
// descriptions, names, book pages, quotes, interface texts — uses a stem the glossary `avoid`s.
import { describe, expect, it } from "vitest"
import { loadContent } from "../../server/content/load-content.ts"
import { glossaryProblems, type TextPair } from "../../src/domain/content/translation-checks.ts"
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from "../../src/domain/content/translation-schema.ts"
import { duplicates } from "./content-helpers.ts"
import { inlinePairs, loadGlossary, pairUnit, UNITS, unpairedTexts } from "./translation-texts.ts"

const content = loadContent()
const terms = loadGlossary()

const pairsOf = (language: TranslatedLanguage): ReadonlyArray<TextPair> => [
  ...UNITS.flatMap((unit) => pairUnit(content, language, unit).pairs),
  ...inlinePairs(content, language),
]
const pairs = { de: pairsOf("de"), es: pairsOf("es") }

describe("the glossary file", () => {
  it("decodes, with one entry per id", () => {
    expect(terms.length).toBeGreaterThanOrEqual(20)
    expect(duplicates(terms.map((t) => t.id))).toEqual([])
    expect(duplicates(terms.map((t) => t.en.toLowerCase()))).toEqual([])
  })

  it.each(terms.map((t) => [t.id, t] as const))("%s: its English pattern is a regular expression", (_, term) => {
    expect(() => new RegExp(term.match.en, "iu")).not.toThrow()
  })

  it.each(terms.map((t) => [t.id, t] as const))("%s: its renderings match its stems and avoid nothing", (_, term) => {
    for (const language of TRANSLATED_LANGUAGES) {
      const rendering = term[language].toLocaleLowerCase(language)
      expect(
        term.match[language].some((stem) => rendering.includes(stem.toLocaleLowerCase(language))),
        `${language} "${term[language]}"`,
      ).toBe(true)
      for (const stem of term.avoid?.[language] ?? []) {
        expect(rendering, `${language} avoids "${stem}"`).not.toContain(stem.toLocaleLowerCase(language))
      }
    }
  })
})

describe.each(TRANSLATED_LANGUAGES)("glossary terms in %s", (language) => {
  it.each(terms.map((t) => [t.id, t] as const))("%s is rendered as fixed wherever the English uses it", (_, term) => {
    expect(pairs[language].flatMap((pair) => glossaryProblems([term], language, pair))).toEqual([])
  })

  it("no text outside the translated point, channel and vessel texts uses a rendering the glossary avoids", () => {
    const found = unpairedTexts(content, language).flatMap(([path, text]) =>
      terms.flatMap((term) =>
        (term.avoid?.[language] ?? [])
          .filter((stem) => text.toLocaleLowerCase(language).includes(stem.toLocaleLowerCase(language)))
          .map((stem) => `${path}: "${stem}" (write "${term[language]}")`),
      ),
    )
    expect(found).toEqual([])
  })
})
