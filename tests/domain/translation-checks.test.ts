// The checks the translation tests and `scripts/check-translations.ts` run, on texts made to fail
// them: a missing or shortened field, a changed depth, a glossary term rendered otherwise or an
// avoided word, a bracketed alternative copied in whole, a sentence left in English, the English
// copied over.
import { describe, expect, it } from "vitest"
import type { Point } from "../../src/domain/content/content-schema.ts"
import {
  copiedAlternativeProblems,
  englishProblem,
  englishShare,
  glossaryProblems,
  identicalProblem,
  numberProblem,
  numbersOf,
  pairPoints,
  textProblems,
} from "../../src/domain/content/translation-checks.ts"
import type { GlossaryTerm, PointTranslation } from "../../src/domain/content/translation-schema.ts"
import { loadGlossary } from "../content/translation-texts.ts"

const channelTerm: GlossaryTerm = {
  id: "channel",
  en: "channel",
  de: "Leitbahn",
  es: "canal",
  match: { en: "\\bchannels?\\b", de: ["leitbahn"], es: ["canal"] },
  avoid: { de: ["meridian"], es: ["meridiano"] },
}

const pair = (en: string, text: string) => ({ path: "XX-1.location", en, text })

describe("numbers", () => {
  it("reads decimal commas as points and sorts", () => {
    expect(numbersOf("0,5–1 Cun unterhalb von LU-9")).toEqual(["0.5", "1", "9"])
    expect(numbersOf("1.5 cun lateral")).toEqual(numbersOf("1,5 Cun lateral"))
  })
  it("finds a changed depth and a dropped code", () => {
    expect(numberProblem(pair("0.5–0.8 cun", "0,5–1 Cun"))).toMatch(/numbers \[0\.5 1\] differ/)
    expect(numberProblem(pair("Combine with ST-36.", "Kombiniere mit ST-36."))).toBeUndefined()
    expect(numberProblem(pair("Combine with ST-36.", "Kombiniere mit dem Magen-Punkt."))).toBeDefined()
  })
})

describe("glossary", () => {
  it("asks for the fixed rendering where the English uses the term", () => {
    expect(glossaryProblems([channelTerm], "de", pair("The channel ends here.", "Die Bahn endet hier."))).toEqual([
      'XX-1.location: "channel" should be rendered as "Leitbahn"',
    ])
    expect(glossaryProblems([channelTerm], "de", pair("The channel ends here.", "Die Leitbahn endet hier."))).toEqual(
      [],
    )
    expect(glossaryProblems([channelTerm], "es", pair("Below the knee.", "Debajo de la rodilla."))).toEqual([])
  })
  it("refuses an avoided rendering wherever it stands", () => {
    expect(glossaryProblems([channelTerm], "es", pair("The channel ends.", "El canal, o meridiano, termina."))).toEqual(
      ['XX-1.location: "meridiano" is not used for "channel"; write "canal"'],
    )
  })
  it("refuses a rendering with its bracketed alternative copied in whole, but keeps a pinyin gloss", () => {
    const mu: GlossaryTerm = {
      id: "front-mu",
      en: "front-mu point",
      de: "Mu-Punkt (Alarmpunkt)",
      es: "punto Mu frontal",
      bracket: "alternative",
      match: { en: "\\bfront-mu\\b", de: ["mu-punkt", "alarmpunkt"], es: ["mu frontal"] },
    }
    const spirit: GlossaryTerm = { ...mu, id: "spirit", de: "Geist (Shen)", bracket: "gloss", match: mu.match }
    expect(glossaryProblems([mu], "de", pair("The front-mu point.", "Der Mu-Punkt (Alarmpunkt)."))).toEqual([
      'XX-1.location: "Mu-Punkt (Alarmpunkt)" copies the glossary\'s bracketed alternative; write one of the two',
    ])
    expect(glossaryProblems([mu], "de", pair("The front-mu point.", "Der Mu-Punkt der Lunge."))).toEqual([])
    expect(copiedAlternativeProblems([mu], "es", "x", "El punto Mu frontal.")).toEqual([])
    expect(copiedAlternativeProblems([spirit], "de", "x", "Beruhigt den Geist (Shen).")).toEqual([])
  })
  it("reads the Heart in the English, not learning by heart", () => {
    const heart = loadGlossary().filter((t) => t.id === "heart")
    expect(glossaryProblems(heart, "de", pair("Students learn it by heart.", "Man lernt ihn auswendig."))).toEqual([])
    expect(glossaryProblems(heart, "de", pair("Calms the Heart.", "Beruhigt den Geist."))).toHaveLength(1)
  })
})

describe("English left standing", () => {
  it("finds an English sentence and passes German and Spanish ones", () => {
    const english = "Insert the needle between the tendons to a depth of one cun."
    expect(englishShare(english).count).toBeGreaterThanOrEqual(3)
    expect(englishProblem(pair(english, english))).toMatch(/reads as English/)
    expect(englishProblem(pair(english, "Stich zwischen den Sehnen 1 Cun tief ein."))).toBeUndefined()
    expect(englishProblem(pair(english, "Inserta la aguja entre los tendones a 1 cun."))).toBeUndefined()
  })
  it("finds the English copied over, but not a shared word or a bare depth", () => {
    expect(identicalProblem(pair("Pain of the wrist", "Pain of the wrist"))).toMatch(/identical/)
    expect(identicalProblem(pair("Tinnitus", "Tinnitus"))).toBeUndefined()
    expect(identicalProblem(pair("0.3 cun", "0.3 cun"))).toBeUndefined()
  })
})

describe("pairing", () => {
  const point = {
    code: "LU-9",
    location: "On the palmar wrist crease, lateral to the radial artery, level with the styloid.",
    locating: "Turn the palm up and find the crease.",
    needling: {
      method: "Insert perpendicularly beside the artery.",
      depth: "0.2–0.3 cun",
      angle: "perpendicular",
      cautions: ["The radial artery lies medial."],
      contraindications: [],
      moxibustion: "caution",
    },
    actions: ["Tonifies the Lung", "Resolves phlegm"],
    indications: ["Cough", "Weak pulse", "Wrist pain"],
    commentary: "The yuan-source point of the Lung channel.",
  } as unknown as Point
  const translation: PointTranslation = {
    location: "Auf der palmaren Handgelenksbeugefalte.",
    locating: "Dreh die Handfläche nach oben.",
    needling: { method: "Senkrecht neben der Arterie.", depth: "0,2–0,3 Cun", cautions: [], contraindications: [] },
    actions: ["Tonisiert die Lunge", "Wandelt Schleim um"],
    indications: ["Husten", "Schwacher Puls", "Handgelenksschmerz"],
    commentary: "Der Yuan-Ursprungspunkt der Lunge.",
  }
  it("names a list of another length, a missing point and an unknown code", () => {
    expect(pairPoints([point], { "LU-9": translation }).problems).toEqual([
      "LU-9.needling.cautions: 0 items, the English has 1",
    ])
    expect(pairPoints([point], {}).problems).toEqual(["LU-9: no translation"])
    expect(pairPoints([point], { "LU-9": translation, "LU-99": translation }).problems).toContain(
      "LU-99: not a point of the English file",
    )
  })
  it("collects every problem of a file in one list", () => {
    const problems = textProblems([channelTerm], "de", pairPoints([point], { "LU-9": translation }))
    expect(problems).toContain("LU-9.needling.cautions: 0 items, the English has 1")
    expect(problems).toContain('LU-9.commentary: "channel" should be rendered as "Leitbahn"')
  })
})
