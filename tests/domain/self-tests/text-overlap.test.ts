// When a text of one point may stand as a wrong option for another: synonyms and near-repeats
// conflict, unrelated texts do not; a needling caution is bound to the body areas of what it names.
import { describe, expect, it } from "vitest"
import { cautionZones, isSpecific, textsConflict, textTerms } from "../../../src/domain/self-tests/text-overlap.ts"

describe("texts that say the same thing", () => {
  it.each([
    ["Wheezing and shortness of breath", "Cough with breathlessness on exertion"],
    ["Asthma", "Wheezing"],
    ["Calms the spirit", "Calms the shen"],
    ["Tonifies Lung yin", "Tonifies Lung qi and Lung yin"],
    ["Descends Lung qi", "Transforms phlegm and descends Lung qi"],
    ["Toothache", "Toothache and swollen gums"],
    ["Pain behind the sternum", "Chest pain extending to the back"],
    ["Heat stroke with collapse", "Restores consciousness"],
    ["High fever", "Clears heat from the whole body"],
    ["Pain of the wrist", "Relieves pain of the wrist"],
    ["Disperses fullness in the chest", "Descends Lung qi and stops cough"],
    ["Poor memory", "Forgetfulness and confused thinking"],
    ["Pain and stiffness of the neck", "Neck pain"],
    ["Nosebleed", "Epistaxis"],
    ["Weak legs", "Weakness of the leg"],
  ])("%s ~ %s", (a, b) => {
    expect(textsConflict(a, b)).toBe(true)
    expect(textsConflict(b, a)).toBe(true)
  })

  it.each([
    ["Toothache", "Seminal emission and impotence"],
    ["Benefits the eyes", "Strengthens the lower back"],
    ["Tonifies Kidney yang", "Tonifies Lung qi and Lung yin"],
    ["Palpitations", "Heel pain"],
    ["Nosebleed", "Difficult urination"],
  ])("%s ≁ %s", (a, b) => {
    expect(textsConflict(a, b)).toBe(false)
  })

  it("ignores case, punctuation and spacing", () => {
    expect(textsConflict("Relieves pain of the wrist.", "relieves  pain of the WRIST")).toBe(true)
  })

  it("treats a text without significant words as conflicting with everything", () => {
    expect(textTerms("Relaxes the sinews and relieves pain").size).toBe(0)
    expect(textsConflict("Relaxes the sinews and relieves pain", "Benefits the eyes")).toBe(true)
  })

  it("finds texts that say only what most points say not specific", () => {
    expect(isSpecific(textTerms("Reduces swelling"))).toBe(false)
    expect(isSpecific(textTerms("Expels wind-damp"))).toBe(false)
    expect(isSpecific(textTerms("Calms the spirit"))).toBe(false)
    expect(isSpecific(textTerms("Benefits the breast"))).toBe(true)
    expect(isSpecific(textTerms("Cramp along the outer calf"))).toBe(true)
  })
})

describe("where a needling caution applies", () => {
  it("binds a warning about the lung to the chest, back, flank, shoulder and neck", () => {
    const zones = cautionZones("Medial or deep insertion risks puncturing the lung and causing pneumothorax.")
    for (const area of ["chest", "upper-back", "flank-axilla", "shoulder", "neck"] as const)
      expect(zones.has(area)).toBe(true)
    expect(zones.has("hand")).toBe(false)
    expect(zones.has("knee-lower-leg")).toBe(false)
  })

  it("binds named nerves and vessels to their limb", () => {
    const zones = cautionZones("The sural nerve and small saphenous vein run nearby behind the lateral malleolus.")
    expect(zones.has("ankle-foot")).toBe(true)
    expect(zones.has("head-face")).toBe(false)
  })

  it.each([
    "Contraindicated in pregnancy.",
    "Strong stimulation here easily causes fainting; treat the patient lying down.",
    "Very painful; explain first and work quickly.",
    "Classical texts forbid deep needling at this point.",
  ])("binds a caution about the patient or about nothing in particular nowhere: %s", (caution) => {
    expect(cautionZones(caution).size).toBe(0)
  })
})
