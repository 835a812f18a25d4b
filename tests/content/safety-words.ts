// The words by which a caution or contraindication sentence states a safety flag: one table for
// the safety test, which checks both ways that every sentence naming a flag has it and every flag
// has its sentence. An organ, vessel or nerve is named where its glossary term's English pattern
// finds it (the glossary says what a text calls it), unless `TERM_OVERRIDES` says more.

import type { SafetyLabelId } from "../../src/domain/content/point-safety.ts"
import type { GlossaryTerm } from "../../src/domain/content/translation-schema.ts"

/**
 * Where a safety sentence names an organ otherwise than its glossary term finds it: the heart that
 * a carotid reflex slows is not an organ beneath; a lung, a pleura or the chest cavity are all the
 * one risk of a pneumothorax; "bowel" in a caution is the gut beneath, not a fu organ; "the great
 * vessels of the neck" are the carotid artery and the internal jugular vein.
 */
export const TERM_OVERRIDES: Partial<Record<SafetyLabelId, RegExp>> = {
  heart: /(?<!slow the )\b(heart|pericardium)\b/iu,
  "carotid-artery": /\bcarotid\b|\bgreat vessels of the neck\b/iu,
  "internal-jugular-vein": /\binternal jugular\b|\bgreat vessels of the neck\b/iu,
  "lung-pleura": /\blungs?\b|\bpleura(l)?\b|\bpneumothorax\b|\bchest cavity\b/iu,
  intestines: /\bintestines?\b|\bbowel\b|\bcolon\b/iu,
}

/** The pattern that finds `id` in an English sentence. */
export const termWords = (terms: ReadonlyArray<GlossaryTerm>, id: SafetyLabelId): RegExp => {
  const override = TERM_OVERRIDES[id]
  if (override) return override
  const term = terms.find((t) => t.id === id)
  if (!term) throw new Error(`no glossary term for ${id}`)
  return new RegExp(term.match.en, "iu")
}

/** A sentence about pregnancy (labour, miscarriage and the placenta are its risks too). */
export const PREGNANCY_WORDS = /\bpregnan|\blabour\b|\bmiscarriage\b|\bplacenta\b/iu
/** …that says pregnancy is no risk here: then it is no flag. */
export const NO_RISK_WORDS = /\bnot a (concern|risk)\b|\bsafe (in|during) pregnancy\b/iu
/** Forbidden in so many words, wherever the sentence stands. */
export const BAN_WORDS = /\bcontraindicated\b|\bforbid(den)?\b|\bdo not needle\b|\bnot to be needled\b/iu
/**
 * A restriction of how to needle (deep, strong, only late in pregnancy), not a ban of the point:
 * "Avoid deep needling during pregnancy" is a caution even among the contraindications.
 */
export const ONLY_HOW_WORDS = /\bdeep(ly)?\b|\bgentle\b|\blate pregnancy\b/iu

/** A sentence about children or infants. */
export const CHILDREN_WORDS = /\b(child|children|infants?|fontanelles?|paediatric)\b/iu
/** Among the contraindications, infants and their open fontanelle forbid the point. */
export const INFANT_WORDS = /\b(infants?|fontanelles?)\b/iu

/** A depth the needle must not pass: a number of cun, or "the stated (given) depth". */
export const DEPTH_LIMIT_WORDS =
  /\bdeeper than (about )?\d|\bdeeper than the (stated|given)\b|\b(exceed|beyond|within|keep to) the (stated|given) (depth|range)\b|\bbeyond \d|\bwithin \d+(\.\d+)? cun\b/iu
/** The cun a depth sentence names; without one it means the deepest figure of `needling.depth`. */
export const DEPTH_FIGURE = /(\d+(?:\.\d+)?) cun\b/iu

export const MOXA_WORDS = /\bmox(a|ibustion)\b/iu
/** Moxibustion forbidden, prohibited or traditionally avoided at the point. */
export const MOXA_BAN_WORDS =
  /\b(forbid|forbidden|forbade|prohibit|prohibited|contraindicated|avoided|not applied|not used|not applicable|never apply|do not (apply|use))\b/iu
/**
 * What makes a moxibustion ban a caution only: direct moxibustion alone (indirect is used), modern
 * use with caution, a condition of the patient, or a ban that is of needling, not of moxa.
 */
export const MOXA_ONLY_SOMETIMES_WORDS =
  /\bdirect moxibustion\b|\bwith caution\b|\bin patients with\b|\bforb\w* (deep )?needling\b/iu

/** How a sentence of `contraindications` (or any sentence saying so) bears on pregnancy. */
export const pregnancyReading = (
  sentence: string,
  list: "cautions" | "contraindications",
): "contraindicated" | "caution" | undefined => {
  if (!PREGNANCY_WORDS.test(sentence) || NO_RISK_WORDS.test(sentence)) return undefined
  const banned = list === "contraindications" || BAN_WORDS.test(sentence)
  return banned && !ONLY_HOW_WORDS.test(sentence) ? "contraindicated" : "caution"
}

/** How a sentence bears on children. */
export const childrenReading = (
  sentence: string,
  list: "cautions" | "contraindications",
): "contraindicated" | "caution" | undefined => {
  if (!CHILDREN_WORDS.test(sentence)) return undefined
  return list === "contraindications" && INFANT_WORDS.test(sentence) ? "contraindicated" : "caution"
}

/** The depth limit a sentence sets, in cun, or undefined; `depth` is the point's `needling.depth`. */
export const depthLimitOf = (sentence: string, depth: string): number | undefined => {
  if (!DEPTH_LIMIT_WORDS.test(sentence)) return undefined
  const figure = sentence.match(DEPTH_FIGURE)
  if (figure) return Number(figure[1])
  return Math.max(...(depth.match(/\d+(?:\.\d+)?/g) ?? []).map(Number))
}

/**
 * Whether a sentence forbids moxibustion at the point outright: in one of its clauses, for
 * "Needling is contraindicated …; moxibustion for breech presentation …" bans needling only, and
 * nowhere softened ("… prohibit moxibustion; modern teachers use it with caution").
 */
export const forbidsMoxa = (sentence: string): boolean =>
  !MOXA_ONLY_SOMETIMES_WORDS.test(sentence) &&
  sentence.split(";").some((clause) => MOXA_WORDS.test(clause) && MOXA_BAN_WORDS.test(clause))
