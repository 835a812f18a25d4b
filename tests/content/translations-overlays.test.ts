// The German and Spanish knowledge base against its English source, file by file: every descriptive
// field of every point, extra point, channel and vessel is there at the English length; the numbers
// (cun, depths, codes, vertebrae) are the English ones; no field still reads as English or is the
// English copied over. `node scripts/check-translations.ts de LU` runs the same checks while writing.
import { describe, expect, it } from "vitest"
import { loadContent } from "../../server/content/load-content.ts"
import {
  englishProblem,
  identicalProblem,
  numberProblem,
  type TextPair,
} from "../../src/domain/content/translation-checks.ts"
import { TRANSLATED_LANGUAGES } from "../../src/domain/content/translation-schema.ts"
import { englishTextCount, inlinePairs, pairUnit, UNITS, unitExists, unitFile } from "./translation-texts.ts"

// loadContent decodes every overlay with its Schema and throws on the first that does not match.
const content = loadContent()

const problemsOf = (pairs: ReadonlyArray<TextPair>, check: (pair: TextPair) => string | undefined) =>
  pairs.flatMap((pair) => check(pair) ?? [])

describe.each(TRANSLATED_LANGUAGES)("the %s overlays", (language) => {
  it.each(UNITS)("%s has its overlay file", (unit) => {
    expect(unitExists(language, unit), `content/translations/${language}/${unitFile(unit)}`).toBe(true)
  })

  it.each(UNITS)("%s: every descriptive field of every item, at the English length", (unit) => {
    const { pairs, problems } = pairUnit(content, language, unit)
    expect(problems).toEqual([])
    expect(pairs).toHaveLength(englishTextCount(content, unit))
    expect(pairs.filter((p) => p.text.trim() === "").map((p) => p.path)).toEqual([])
  })

  it.each(UNITS)("%s: the same numbers as the English", (unit) => {
    expect(problemsOf(pairUnit(content, language, unit).pairs, numberProblem)).toEqual([])
  })

  it.each(UNITS)("%s: no field reads as English (share of English stop words)", (unit) => {
    expect(problemsOf(pairUnit(content, language, unit).pairs, englishProblem)).toEqual([])
  })

  it.each(UNITS)("%s: no field is the English copied over", (unit) => {
    expect(problemsOf(pairUnit(content, language, unit).pairs, identicalProblem)).toEqual([])
  })

  it("covers every point, extra point, channel and vessel", () => {
    const overlays = content.translations[language]
    const pointCodes = [
      ...Object.values(overlays.channels).flatMap((file) => Object.keys(file?.points ?? {})),
      ...Object.keys(overlays.extraPoints),
    ].sort()
    expect(pointCodes).toEqual(
      [
        ...content.channels.flatMap((c) => c.points.map((p) => p.code)),
        ...content.extraPoints.map((p) => p.code),
      ].sort(),
    )
    expect(Object.keys(overlays.channels).sort()).toEqual(content.channels.map((c) => c.code).sort())
    expect(Object.keys(overlays.vessels).sort()).toEqual(content.vessels.map((v) => v.id).sort())
  })

  it("translates the category and body-area descriptions with the same checks", () => {
    const pairs = inlinePairs(content, language)
    expect(pairs.filter((p) => p.text.trim() === "").map((p) => p.path)).toEqual([])
    for (const check of [numberProblem, englishProblem, identicalProblem]) expect(problemsOf(pairs, check)).toEqual([])
  })
})
