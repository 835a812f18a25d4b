// `content/glossary.json`: the fixed German and Spanish renderings of recurring terms. The file
// decodes and agrees with itself; every term is rendered as fixed wherever an English text uses it
// (one of its `match` stems in the translation), and no German or Spanish text anywhere — overlays,
// descriptions, names, book pages, quotes, interface texts — uses a stem the glossary `avoid`s or
// copies a rendering "A (B)" whose bracket is an alternative rather than a gloss. The needling
// angles' labels in `locales/` are the glossary's renderings, so label and texts say the same.
import { readFileSync } from "node:fs"
import { resolve } from "node:path"
import { describe, expect, it } from "vitest"
import { loadContent } from "../../server/content/load-content.ts"
import type { Point } from "../../src/domain/content/content-schema.ts"
import {
  copiedAlternativeProblems,
  glossaryProblems,
  type TextPair,
} from "../../src/domain/content/translation-checks.ts"
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from "../../src/domain/content/translation-schema.ts"
import { duplicates } from "./content-helpers.ts"
import { everyText, inlinePairs, loadGlossary, pairUnit, UNITS, unpairedTexts } from "./translation-texts.ts"

const content = loadContent()
const terms = loadGlossary()

const pairsOf = (language: TranslatedLanguage): ReadonlyArray<TextPair> => [
  ...UNITS.flatMap((unit) => pairUnit(content, language, unit).pairs),
  ...inlinePairs(content, language),
]
const pairs = { de: pairsOf("de"), es: pairsOf("es") }

/** The glossary term of each needling angle; "none" is no angle but says the point is not needled. */
const ANGLE_TERMS: Readonly<Record<Point["needling"]["angle"], string | undefined>> = {
  perpendicular: "perpendicular",
  oblique: "oblique",
  transverse: "transverse-needling",
  intradermal: "intradermal",
  prick: "prick-to-bleed",
  none: undefined,
}

/** A label or rendering without a closing bracket that qualifies it: "Horizontal (subkutan)" → "horizontal". */
const head = (text: string, language: TranslatedLanguage) =>
  text
    .replace(/\s*\([^)]*\)$/u, "")
    .trim()
    .toLocaleLowerCase(language)

const angleLabels = (language: TranslatedLanguage): Readonly<Record<string, string>> =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, `../../locales/${language}/common.json`), "utf8")).browse.angles

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

  it.each(terms.map((t) => [t.id, t] as const))("%s: says what its bracket is, if it has one", (_, term) => {
    const bracketed = TRANSLATED_LANGUAGES.some((language) => /\S \(.+\)/u.test(term[language]))
    expect(term.bracket !== undefined, `bracket ${term.bracket ?? "missing"}`).toBe(bracketed)
  })
})

describe.each(TRANSLATED_LANGUAGES)("glossary terms in %s", (language) => {
  it.each(terms.map((t) => [t.id, t] as const))("%s is rendered as fixed wherever the English uses it", (_, term) => {
    expect(pairs[language].flatMap((pair) => glossaryProblems([term], language, pair))).toEqual([])
  })

  it("no text copies a rendering whose bracket names an alternative", () => {
    const found = everyText(content, language).flatMap(([path, text]) =>
      copiedAlternativeProblems(terms, language, path, text),
    )
    expect(found).toEqual([])
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

describe.each(TRANSLATED_LANGUAGES)("the needling angles' labels in %s", (language) => {
  const labels = angleLabels(language)
  it.each(Object.entries(ANGLE_TERMS).flatMap(([angle, id]) => (id ? [[angle, id] as const] : [])))(
    "%s is labelled with the glossary's rendering (%s)",
    (angle, id) => {
      const term = terms.find((t) => t.id === id)
      expect(term, `glossary term ${id}`).toBeDefined()
      expect(head(labels[angle] ?? "", language)).toBe(head(term?.[language] ?? "", language))
    },
  )
})
