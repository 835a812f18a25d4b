// Point pages as the content API answers them, for view and model-based tests around the charts;
// typed against the contract, so a change of the point page fails the typecheck, not a run.
import type { PointPage } from "../../src/domain/content/content-views.ts"

export const pointPage = (code: string, pinyin: string, name: string, slug: string) =>
  ({
    code,
    altCodes: [],
    slug,
    pinyin,
    hanzi: { traditional: "天府", simplified: "天府" },
    name,
    names: { en: name, de: name, es: name },
    channel: { code: "LU", slug: "lung-channel", name: "Lung Channel", permission: true },
    region: null,
    location: `${name}: where ${code} lies, in words.`,
    locating: "Find it by the landmarks.",
    needling: {
      method: "Perpendicular.",
      depth: "0.5 cun",
      angle: "perpendicular",
      cautions: [],
      contraindications: [],
      moxibustion: "caution",
    },
    safety: {
      pregnancy: { level: "none", reason: null, source: null },
      organsBeneath: [],
      vessels: [],
      nerves: [],
      needlingDepthLimit: null,
      children: null,
    },
    actions: ["Descends Lung qi"],
    indications: ["Cough"],
    commentary: "A point of the Lung channel.",
    textLanguage: "en",
    textLanguages: {
      location: "en",
      locating: "en",
      needling: { method: "en", depth: "en", cautions: "en", contraindications: "en" },
      actions: "en",
      indications: "en",
      commentary: "en",
    },
    categories: [],
    bodyAreas: [],
    previous: null,
    next: null,
  }) satisfies typeof PointPage.Encoded

export const lu3Page = pointPage("LU-3", "Tiānfǔ", "Heavenly Storehouse", "lu-3-tianfu")
export const lu2Page = pointPage("LU-2", "Yúnmén", "Cloud Gate", "lu-2-yunmen")
export const lu4Page = pointPage("LU-4", "Xiábái", "Guarding White", "lu-4-xiabai")

export const plans = [
  { id: 3, name: "Pro", prices: [{ price_id: "pro-yearly", interval: "year", unit_amt: 4999, currency: "gbp" }] },
]
