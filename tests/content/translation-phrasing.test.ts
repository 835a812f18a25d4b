// Phrasings that read as translated word by word, each found once in review, and what a teacher of
// acupuncture writes instead. Checked in every German and Spanish text: the overlays, the inline
// descriptions, book pages, quotes, names and the interface texts.
import { describe, expect, it } from "vitest"
import { loadContent } from "../../server/content/load-content.ts"
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from "../../src/domain/content/translation-schema.ts"
import { everyText } from "./translation-texts.ts"

const content = loadContent()
const texts = Object.fromEntries(TRANSLATED_LANGUAGES.map((language) => [language, everyText(content, language)]))

interface Calque {
  readonly language: TranslatedLanguage
  readonly pattern: RegExp
  readonly instead: string
  readonly reason: string
}

const CALQUES: ReadonlyArray<Calque> = [
  {
    language: "es",
    pattern: /\bhúndete\b/iu,
    instead: "hunde el dedo en …",
    reason: "'sink into the furrow' means the examining finger; 'húndete' tells the reader to sink",
  },
  {
    language: "es",
    pattern: /\bpunto de proximidad\b/iu,
    instead: "punto local",
    reason: "a point chosen for where it lies is a 'punto local'",
  },
]

describe("word-by-word phrasings", () => {
  it.each(CALQUES.map((calque) => [calque.language, calque.instead, calque] as const))(
    "%s writes %s",
    (language, instead, { pattern, reason }) => {
      const found = (texts[language] ?? []).filter(([, text]) => pattern.test(text)).map(([path]) => path)
      expect(found, `${reason}; write "${instead}"`).toEqual([])
    },
  )
})
