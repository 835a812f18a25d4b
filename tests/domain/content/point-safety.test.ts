// A point's safety flags as the point answer carries them: each reason is the sentence its flag
// points to, in the language the sentences are given in, and each organ, vessel and nerve is
// labelled by its glossary term.
import { describe, expect, it } from "vitest"
import {
  localizeSafety,
  type PointSafety,
  safetyLabelsOf,
  sentenceOf,
} from "../../../src/domain/content/point-safety.ts"

const safety: PointSafety = {
  pregnancy: { level: "contraindicated", source: { list: "contraindications", index: 0 } },
  organsBeneath: [],
  vessels: [{ vessel: "radial-artery", source: { list: "cautions", index: 1 } }],
  nerves: [{ nerve: "median-nerve", source: { list: "cautions", index: 0 } }],
  needlingDepthLimit: { cun: 1, source: { list: "cautions", index: 0 } },
  children: null,
}
const german = {
  cautions: ["Der N. medianus liegt darunter; nicht tiefer als 1 Cun.", "Die A. radialis liegt daneben."],
  contraindications: ["In der Schwangerschaft kontraindiziert."],
}
const terms = [
  { id: "radial-artery", en: "radial artery", de: "A. radialis", es: "arteria radial" },
  { id: "median-nerve", en: "median nerve", de: "N. medianus", es: "nervio mediano" },
  { id: "heart", en: "Heart", de: "Herz", es: "Corazón" },
]

describe("localizeSafety", () => {
  it("gives every flag its sentence as the reason and every organ, vessel and nerve its label", () => {
    const labels = safetyLabelsOf(safety, terms)
    const view = localizeSafety(safety, german, (id) => labels[id]?.de ?? id)
    expect(view.pregnancy).toEqual({
      level: "contraindicated",
      reason: "In der Schwangerschaft kontraindiziert.",
      source: { list: "contraindications", index: 0 },
    })
    expect(view.vessels).toEqual([
      {
        id: "radial-artery",
        label: "A. radialis",
        reason: "Die A. radialis liegt daneben.",
        source: { list: "cautions", index: 1 },
      },
    ])
    expect(view.nerves[0]).toMatchObject({ id: "median-nerve", label: "N. medianus" })
    expect(view.needlingDepthLimit).toEqual({ cun: 1, reason: german.cautions[0], source: safety.nerves[0]!.source })
    expect(view.children).toBeNull()
  })

  it("a point without a pregnancy flag has neither reason nor source", () => {
    const view = localizeSafety({ ...safety, pregnancy: { level: "none", source: null } }, german, (id) => id)
    expect(view.pregnancy).toEqual({ level: "none", reason: null, source: null })
  })

  it("stores only the labels of the ids a point names, in every language", () => {
    expect(safetyLabelsOf(safety, terms)).toEqual({
      "radial-artery": { en: "radial artery", de: "A. radialis", es: "arteria radial" },
      "median-nerve": { en: "median nerve", de: "N. medianus", es: "nervio mediano" },
    })
  })

  it("a reference past the end of its list is a content error", () => {
    expect(() => sentenceOf(german, { list: "contraindications", index: 1 })).toThrow()
  })
})
