// A point's safety flags as data: whether it is forbidden or needs care in pregnancy and in
// children, the organs, named blood vessels and nerves it lies over, and a depth the needle must
// not pass. Every flag points to the caution or contraindication sentence of `needling` that states
// it, so its reason is that sentence, translated wherever the sentence is; the labels of organs,
// vessels and nerves are terms of `content/glossary.json` (one term per id). `localizeSafety` turns
// the flags into what the point answer carries: ids, labels and reasons in the caller's language.
import { Schema } from "effect"

/** Organs and cavities a needle can injure, from the head down. */
export const ORGAN_IDS = [
  "brain-stem",
  "spinal-cord",
  "spinal-canal",
  "eye",
  "trachea",
  "lung-pleura",
  "heart",
  "liver",
  "gall-bladder",
  "spleen",
  "stomach",
  "intestines",
  "peritoneum",
  "kidney",
  "bladder",
  "rectum",
] as const
export type OrganId = (typeof ORGAN_IDS)[number]

/**
 * Arteries and veins the texts name, from the head down (`VesselId` names the extraordinary
 * vessels). An artery's id stands for the veins of its name too: the texts speak of "the femoral
 * vessels" as often as of the artery; a vein without an artery of its name has its own id.
 */
export const BLOOD_VESSEL_IDS = [
  "superficial-temporal-artery",
  "supraorbital-artery",
  "supratrochlear-artery",
  "infraorbital-artery",
  "angular-artery",
  "facial-artery",
  "superior-labial-artery",
  "maxillary-artery",
  "pterygoid-plexus",
  "retromandibular-vein",
  "posterior-auricular-artery",
  "occipital-artery",
  "vertebral-artery",
  "lingual-artery",
  "sublingual-veins",
  "carotid-artery",
  "internal-jugular-vein",
  "external-jugular-vein",
  "subclavian-artery",
  "brachiocephalic-trunk",
  "aorta",
  "axillary-artery",
  "brachial-artery",
  "profunda-brachii-artery",
  "radial-collateral-artery",
  "cephalic-vein",
  "radial-artery",
  "ulnar-artery",
  "posterior-interosseous-artery",
  "superficial-palmar-arch",
  "digital-arteries",
  "superior-gluteal-artery",
  "femoral-artery",
  "great-saphenous-vein",
  "popliteal-artery",
  "small-saphenous-vein",
  "anterior-tibial-artery",
  "posterior-tibial-artery",
  "fibular-artery",
  "dorsalis-pedis-artery",
  "medial-plantar-artery",
] as const
export type BloodVesselId = (typeof BLOOD_VESSEL_IDS)[number]

/** Nerves the texts name, from the head down; a named branch ("the superficial branch of the radial nerve") counts as its nerve. */
export const NERVE_IDS = [
  "optic-nerve",
  "infraorbital-nerve",
  "facial-nerve",
  "greater-occipital-nerve",
  "lesser-occipital-nerve",
  "accessory-nerve",
  "phrenic-nerve",
  "brachial-plexus",
  "radial-nerve",
  "posterior-interosseous-nerve",
  "median-nerve",
  "ulnar-nerve",
  "digital-nerves",
  "spinal-nerve-roots",
  "superior-gluteal-nerve",
  "sciatic-nerve",
  "femoral-nerve",
  "lateral-femoral-cutaneous-nerve",
  "saphenous-nerve",
  "tibial-nerve",
  "common-fibular-nerve",
  "deep-fibular-nerve",
  "superficial-fibular-nerve",
  "sural-nerve",
  "medial-plantar-nerve",
] as const
export type NerveId = (typeof NERVE_IDS)[number]

/** Every id that has a label: organs, vessels and nerves. */
export type SafetyLabelId = OrganId | BloodVesselId | NerveId

/** The two sentence lists of `needling` a flag can point into. */
export const SENTENCE_LISTS = ["cautions", "contraindications"] as const
export type SentenceList = (typeof SENTENCE_LISTS)[number]

/** The sentence that states a flag: `needling[list][index]`, in English and in each overlay alike. */
export const SentenceRef = Schema.Struct({
  list: Schema.Literals(SENTENCE_LISTS),
  index: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
})
export type SentenceRef = typeof SentenceRef.Type

/** Pregnancy: "contraindicated" the point is not needled; "caution" only gently, shallowly or not late. */
export const PREGNANCY_LEVELS = ["contraindicated", "caution", "none"] as const
export type PregnancyLevel = (typeof PREGNANCY_LEVELS)[number]
/** Children and infants: "contraindicated" not needled (an open fontanelle); "caution" with care. */
export const CHILDREN_LEVELS = ["contraindicated", "caution"] as const
export type ChildrenLevel = (typeof CHILDREN_LEVELS)[number]

const Raised = Schema.Literals(["contraindicated", "caution"])

export const PointSafety = Schema.Struct({
  /** A sentence only when there is a flag: "none" has `source: null`. */
  pregnancy: Schema.Union([
    Schema.Struct({ level: Raised, source: SentenceRef }),
    Schema.Struct({ level: Schema.Literal("none"), source: Schema.Null }),
  ]),
  organsBeneath: Schema.Array(Schema.Struct({ organ: Schema.Literals(ORGAN_IDS), source: SentenceRef })),
  vessels: Schema.Array(Schema.Struct({ vessel: Schema.Literals(BLOOD_VESSEL_IDS), source: SentenceRef })),
  nerves: Schema.Array(Schema.Struct({ nerve: Schema.Literals(NERVE_IDS), source: SentenceRef })),
  /** The depth in cun the text forbids passing; null where it sets none. */
  needlingDepthLimit: Schema.NullOr(
    Schema.Struct({ cun: Schema.Number.check(Schema.isGreaterThan(0)), source: SentenceRef }),
  ),
  children: Schema.NullOr(Schema.Struct({ level: Schema.Literals(CHILDREN_LEVELS), source: SentenceRef })),
})
export type PointSafety = typeof PointSafety.Type

/** A flag as a point answer carries it: its reason is the sentence `source` points to, in the answer's language. */
const Reasoned = { reason: Schema.String, source: SentenceRef }
const Labelled = <Id extends ReadonlyArray<string>>(ids: Id) =>
  Schema.Struct({ id: Schema.Literals(ids), label: Schema.String, ...Reasoned })

export const PointSafetyView = Schema.Struct({
  pregnancy: Schema.Union([
    Schema.Struct({ level: Raised, ...Reasoned }),
    Schema.Struct({ level: Schema.Literal("none"), reason: Schema.Null, source: Schema.Null }),
  ]),
  organsBeneath: Schema.Array(Labelled(ORGAN_IDS)),
  vessels: Schema.Array(Labelled(BLOOD_VESSEL_IDS)),
  nerves: Schema.Array(Labelled(NERVE_IDS)),
  needlingDepthLimit: Schema.NullOr(Schema.Struct({ cun: Schema.Number, ...Reasoned })),
  children: Schema.NullOr(Schema.Struct({ level: Schema.Literals(CHILDREN_LEVELS), ...Reasoned })),
})
export type PointSafetyView = typeof PointSafetyView.Type

/** The organs, vessels and nerves a point's flags name, in the order of the flags. */
export const labelledIds = (safety: PointSafety): ReadonlyArray<SafetyLabelId> => [
  ...safety.organsBeneath.map((o) => o.organ),
  ...safety.vessels.map((v) => v.vessel),
  ...safety.nerves.map((n) => n.nerve),
]

/** A label in every language: a glossary term's renderings. */
export interface SafetyLabel {
  readonly en: string
  readonly de: string
  readonly es: string
}

/**
 * The labels of the ids a point's flags name, from the glossary terms of the same ids: what the
 * seed stores beside the point, so that one row answers in every language. An id without a term
 * is left out (the content tests require one term per id) and shows as its id.
 */
export const safetyLabelsOf = (
  safety: PointSafety,
  terms: ReadonlyArray<SafetyLabel & { readonly id: string }>,
): Readonly<Record<string, SafetyLabel>> =>
  Object.fromEntries(
    labelledIds(safety).flatMap((id) => {
      const term = terms.find((t) => t.id === id)
      return term ? [[id, { en: term.en, de: term.de, es: term.es }]] : []
    }),
  )

/** The sentences a point's flags point into, in the language they are shown in. */
export type SafetySentences = Readonly<Record<SentenceList, ReadonlyArray<string>>>

/** The sentence a flag points to; a reference past the end is a content error the tests rule out. */
export const sentenceOf = (sentences: SafetySentences, ref: SentenceRef): string => {
  const sentence = sentences[ref.list][ref.index]
  if (sentence === undefined) throw new Error(`No ${ref.list} sentence ${ref.index}`)
  return sentence
}

/**
 * A point's flags with their reasons taken from `sentences` (its cautions and contraindications in
 * the caller's language) and the labels of organs, vessels and nerves from `label`.
 */
export const localizeSafety = (
  safety: PointSafety,
  sentences: SafetySentences,
  label: (id: SafetyLabelId) => string,
): PointSafetyView => {
  const reasoned = (source: SentenceRef) => ({ reason: sentenceOf(sentences, source), source })
  const labelled = <Id extends SafetyLabelId>(id: Id, source: SentenceRef) => ({
    id,
    label: label(id),
    ...reasoned(source),
  })
  const { pregnancy, needlingDepthLimit: limit, children } = safety
  return {
    pregnancy:
      pregnancy.level === "none"
        ? { level: "none", reason: null, source: null }
        : { level: pregnancy.level, ...reasoned(pregnancy.source) },
    organsBeneath: safety.organsBeneath.map((o) => labelled(o.organ, o.source)),
    vessels: safety.vessels.map((v) => labelled(v.vessel, v.source)),
    nerves: safety.nerves.map((n) => labelled(n.nerve, n.source)),
    needlingDepthLimit: limit === null ? null : { cun: limit.cun, ...reasoned(limit.source) },
    children: children === null ? null : { level: children.level, ...reasoned(children.source) },
  }
}
