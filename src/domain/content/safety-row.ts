// The point page's row of safety flags: one item per flag of `PointSafetyView`, in the order a
// practitioner weighs them (pregnancy, children, organs, vessels, nerves, depth, moxibustion), each
// with the sentence of the needling section that states it. Pure, so the server's render and the
// browser's draw the same row.
import type { PointSafetyView, SentenceRef } from "./point-safety.ts"

/** The icon an item shows beside its text; a contraindication and a caution never look alike. */
export type SafetyIcon = "forbidden" | "caution" | "organ" | "vessel" | "nerve" | "depth"

export interface SafetyItem {
  /** Unique in the row: names the item's description element. */
  readonly key: string
  readonly icon: SafetyIcon
  /** An i18n key under `browse.safety.*`, with `label` or `cun` to fill in. */
  readonly text: string
  readonly label?: string
  readonly cun?: number
  /** The sentence that states the flag; null when no sentence names it (moxibustion only). */
  readonly source: SentenceRef | null
  readonly reason: string | null
}

/** The words of each flag: i18n keys of the common namespace, shared by the point page and the charts. */
export const SAFETY_TEXTS = {
  pregnancy: { contraindicated: "browse.safety.pregnancyForbidden", caution: "browse.safety.pregnancyCaution" },
  children: { contraindicated: "browse.safety.childrenForbidden", caution: "browse.safety.childrenCaution" },
  organBeneath: "browse.safety.organBeneath",
  named: "browse.safety.named",
  depthLimit: "browse.safety.depthLimit",
  noMoxibustion: "browse.safety.noMoxibustion",
} as const

/** The icon of a level: a contraindication and a caution never look alike. */
export const LEVEL_ICONS = { contraindicated: "forbidden", caution: "caution" } as const

/** The id of a cautions or contraindications list item on the point page: "caution-0", "contraindication-1". */
export const sentenceAnchor = (source: SentenceRef): string =>
  `${source.list === "cautions" ? "caution" : "contraindication"}-${source.index}`

/** The needling sentence that speaks of moxibustion, contraindications first. */
const moxibustionSentence = (sentences: {
  readonly cautions: ReadonlyArray<string>
  readonly contraindications: ReadonlyArray<string>
}): { readonly source: SentenceRef; readonly reason: string } | null => {
  for (const list of ["contraindications", "cautions"] as const) {
    const index = sentences[list].findIndex((s) => /mox/i.test(s))
    const reason = sentences[list][index]
    if (reason !== undefined) return { source: { list, index }, reason }
  }
  return null
}

/**
 * The row's items. `needling` is the point's needling as the page shows it: moxibustion
 * "contraindicated" adds "No moxibustion", linked to the sentence that says so when there is one.
 */
export const safetyItems = (
  safety: PointSafetyView,
  needling: {
    readonly moxibustion: string
    readonly cautions: ReadonlyArray<string>
    readonly contraindications: ReadonlyArray<string>
  },
): ReadonlyArray<SafetyItem> => {
  const items: Array<SafetyItem> = []
  const { pregnancy, children, needlingDepthLimit: limit } = safety
  if (pregnancy.level !== "none") {
    items.push({
      key: "pregnancy",
      icon: LEVEL_ICONS[pregnancy.level],
      text: SAFETY_TEXTS.pregnancy[pregnancy.level],
      source: pregnancy.source,
      reason: pregnancy.reason,
    })
  }
  if (children !== null) {
    items.push({
      key: "children",
      icon: LEVEL_ICONS[children.level],
      text: SAFETY_TEXTS.children[children.level],
      source: children.source,
      reason: children.reason,
    })
  }
  for (const organ of safety.organsBeneath) {
    items.push({
      key: `organ-${organ.id}`,
      icon: "organ",
      text: SAFETY_TEXTS.organBeneath,
      label: organ.label,
      source: organ.source,
      reason: organ.reason,
    })
  }
  for (const vessel of safety.vessels) {
    items.push({
      key: `vessel-${vessel.id}`,
      icon: "vessel",
      text: SAFETY_TEXTS.named,
      label: vessel.label,
      source: vessel.source,
      reason: vessel.reason,
    })
  }
  for (const nerve of safety.nerves) {
    items.push({
      key: `nerve-${nerve.id}`,
      icon: "nerve",
      text: SAFETY_TEXTS.named,
      label: nerve.label,
      source: nerve.source,
      reason: nerve.reason,
    })
  }
  if (limit !== null) {
    items.push({
      key: "depth",
      icon: "depth",
      text: SAFETY_TEXTS.depthLimit,
      cun: limit.cun,
      source: limit.source,
      reason: limit.reason,
    })
  }
  if (needling.moxibustion === "contraindicated") {
    const sentence = moxibustionSentence(needling)
    items.push({
      key: "moxibustion",
      icon: "forbidden",
      text: SAFETY_TEXTS.noMoxibustion,
      source: sentence?.source ?? null,
      reason: sentence?.reason ?? null,
    })
  }
  return items
}
