// Multiple-choice test: which of these is an action, an indication, a needling caution or a
// category of this point. Texts repeat across points in other words, so a wrong text shares no
// significant term with anything the point's own actions and indications say (`text-overlap.ts`);
// a wrong caution names a structure that lies only outside the point's body areas.
import type { TextField } from "./question.ts"
import {
  choiceQuestion,
  type KindBuilder,
  type PoolText,
  pickDistractors,
  sameChannel,
  sharesArea,
  textOption,
} from "./question-kit.ts"
import { cautionZones, isSpecific, termsShared } from "./text-overlap.ts"

const subsetOf = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...a].every((t) => b.has(t))

/**
 * Two wrong texts that say nearly the same would look like a trick, and two from one point would
 * hint that neither is right; keep them apart.
 */
const nearDuplicate = (a: PoolText, b: PoolText) =>
  a.point === b.point || subsetOf(a.text.terms, b.text.terms) || subsetOf(b.text.terms, a.text.terms)

const clinicalText =
  (kind: "action-of-point" | "indication-of-point", field: "actions" | "indications"): KindBuilder =>
  (context, focus) => {
    const own = focus.point[field]
    if (own.length === 0) return undefined
    const index = context.random.int(own.length)
    const distractors = pickDistractors(context, context.poolTexts(field), {
      // Points of the same body area share local actions (relieving pain of the joint, expelling
      // wind-damp from it) whether or not their texts say so: their texts never stand as wrong options.
      eligible: ({ point, text }) =>
        point !== focus &&
        !sharesArea(point, focus) &&
        isSpecific(text.terms) &&
        !focus.clinicalKeys.has(text.key) &&
        !termsShared(text.terms, focus.clinicalTerms),
      plausibility: (c) => (sameChannel(focus, c.point) ? 1 : 0),
      clash: nearDuplicate,
    })
    if (!distractors) return undefined
    return choiceQuestion(
      context,
      { kind, point: focus.code },
      textOption(focus, field as TextField, index),
      distractors.map((c) => textOption(c.point, field, c.index)),
      { points: [focus.code] },
    )
  }

export const actionOfPoint: KindBuilder = clinicalText("action-of-point", "actions")
export const indicationOfPoint: KindBuilder = clinicalText("indication-of-point", "indications")

export const cautionOfPoint: KindBuilder = (context, focus) => {
  const own = focus.point.needling.cautions
  if (own.length === 0) return undefined
  const index = context.random.int(own.length)
  const distractors = pickDistractors(context, context.poolTexts("cautions"), {
    eligible: ({ point, index, text }) => {
      if (point === focus || sharesArea(point, focus) || termsShared(text.terms, focus.cautionTerms)) return false
      const zones = cautionZones(point.point.needling.cautions[index] ?? "")
      return zones.size > 0 && ![...zones].some((zone) => focus.areas.has(zone))
    },
    plausibility: (c) => (sameChannel(focus, c.point) ? 1 : 0),
    // Two wrong cautions about the same danger (two pneumothorax warnings) would eliminate each other.
    clash: (a, b) => a.point === b.point || termsShared(a.text.terms, b.text.terms),
  })
  if (!distractors) return undefined
  return choiceQuestion(
    context,
    { kind: "caution-of-point", point: focus.code },
    textOption(focus, "cautions", index),
    distractors.map((c) => textOption(c.point, "cautions", c.index)),
    { points: [focus.code] },
  )
}
