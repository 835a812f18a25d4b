// The safety row's items: one per flag in a fixed order, each with the sentence that states it;
// "No moxibustion" from the needling's moxibustion, linked to the sentence that forbids it if any.
import { describe, expect, it } from "vitest"
import type { PointSafetyView } from "../../../src/domain/content/point-safety.ts"
import { safetyItems, sentenceAnchor } from "../../../src/domain/content/safety-row.ts"

const none: PointSafetyView = {
  pregnancy: { level: "none", reason: null, source: null },
  organsBeneath: [],
  vessels: [],
  nerves: [],
  needlingDepthLimit: null,
  children: null,
}
const needling = { moxibustion: "suitable", cautions: ["A.", "B."], contraindications: ["C."] }

describe("safetyItems", () => {
  it("has no item for a point without flags", () => {
    expect(safetyItems(none, needling)).toEqual([])
  })

  it("orders pregnancy, children, organs, vessels, nerves, depth, moxibustion", () => {
    const c = { list: "contraindications", index: 0 } as const
    const a = { list: "cautions", index: 0 } as const
    const items = safetyItems(
      {
        pregnancy: { level: "caution", reason: "A.", source: a },
        children: { level: "contraindicated", reason: "C.", source: c },
        organsBeneath: [{ id: "heart", label: "Heart", reason: "A.", source: a }],
        vessels: [{ id: "aorta", label: "aorta", reason: "A.", source: a }],
        nerves: [{ id: "optic-nerve", label: "optic nerve", reason: "A.", source: a }],
        needlingDepthLimit: { cun: 0.5, reason: "C.", source: c },
      },
      { ...needling, moxibustion: "contraindicated" },
    )
    expect(items.map((i) => [i.text, i.icon, i.label ?? i.cun ?? null])).toEqual([
      ["browse.safety.pregnancyCaution", "caution", null],
      ["browse.safety.childrenForbidden", "forbidden", null],
      ["browse.safety.organBeneath", "organ", "Heart"],
      ["browse.safety.named", "vessel", "aorta"],
      ["browse.safety.named", "nerve", "optic nerve"],
      ["browse.safety.depthLimit", "depth", 0.5],
      ["browse.safety.noMoxibustion", "forbidden", null],
    ])
    expect(new Set(items.map((i) => i.key)).size).toBe(items.length)
    // No sentence speaks of moxibustion: the item has no reason and links to the needling section.
    expect(items.at(-1)).toMatchObject({ source: null, reason: null })
  })

  it("links 'No moxibustion' to the sentence that forbids it, contraindications first", () => {
    const [item] = safetyItems(none, {
      moxibustion: "contraindicated",
      cautions: ["Moxibustion with care."],
      contraindications: ["Other.", "Moxibustion is forbidden."],
    })
    expect(item).toMatchObject({ source: { list: "contraindications", index: 1 }, reason: "Moxibustion is forbidden." })
  })

  it("names the sentences' anchors by list and position", () => {
    expect(sentenceAnchor({ list: "cautions", index: 0 })).toBe("caution-0")
    expect(sentenceAnchor({ list: "contraindications", index: 2 })).toBe("contraindication-2")
  })
})
