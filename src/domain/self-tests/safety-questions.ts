// Safety test: which of four points carries a safety flag — not needled in pregnancy, over the lung
// and pleura, a depth that must not be passed, over the radial artery. The right point is the
// question's point and has the flag; the three others have none of it (for pregnancy: level
// "none", so a point needled only with care is never offered as "safe"). The explanation is the
// sentence that states the flag, resolved into the learner's language like every content text.
import type { SentenceRef } from "../content/point-safety.ts"
import type { QuestionKind } from "./question.ts"
import {
  choiceQuestion,
  type KindBuilder,
  nearness,
  otherPoolPoints,
  pickDistractors,
  pointOption,
} from "./question-kit.ts"
import type { TestPoint } from "./test-content.ts"

export type SafetyKind = Extract<
  QuestionKind,
  "safety-pregnancy" | "safety-lung-pleura" | "safety-depth-limit" | "safety-radial-artery"
>

/** What each kind asks: the flag's sentence on a point that has it, `undefined` on one that lacks it. */
export const SAFETY_FLAGS: Readonly<
  Record<
    SafetyKind,
    { readonly flag: (point: TestPoint) => SentenceRef | undefined; readonly lacks: (point: TestPoint) => boolean }
  >
> = {
  "safety-pregnancy": {
    flag: (p) => (p.safety?.pregnancy.level === "contraindicated" ? p.safety.pregnancy.source : undefined),
    lacks: (p) => p.safety?.pregnancy.level === "none",
  },
  "safety-lung-pleura": {
    flag: (p) => p.safety?.organsBeneath.find((o) => o.organ === "lung-pleura")?.source,
    lacks: (p) => p.safety !== undefined && !p.safety.organsBeneath.some((o) => o.organ === "lung-pleura"),
  },
  "safety-depth-limit": {
    flag: (p) => p.safety?.needlingDepthLimit?.source,
    lacks: (p) => p.safety !== undefined && p.safety.needlingDepthLimit === null,
  },
  "safety-radial-artery": {
    flag: (p) => p.safety?.vessels.find((v) => v.vessel === "radial-artery")?.source,
    lacks: (p) => p.safety !== undefined && !p.safety.vessels.some((v) => v.vessel === "radial-artery"),
  },
}

const safetyQuestion =
  (kind: SafetyKind): KindBuilder =>
  (context, focus) => {
    const { flag, lacks } = SAFETY_FLAGS[kind]
    const source = flag(focus.point)
    if (source === undefined) return undefined
    // Experts get points close to the right one (same channel or body area); beginners any.
    const distractors = pickDistractors(context, otherPoolPoints(context, focus), {
      eligible: (p) => lacks(p.point),
      plausibility: nearness(focus),
    })
    if (!distractors) return undefined
    return choiceQuestion(context, { kind }, pointOption(focus), distractors.map(pointOption), {
      points: [focus.code],
      reason: { point: focus.code, field: source.list, index: source.index },
    })
  }

export const safetyPregnancy: KindBuilder = safetyQuestion("safety-pregnancy")
export const safetyLungPleura: KindBuilder = safetyQuestion("safety-lung-pleura")
export const safetyDepthLimit: KindBuilder = safetyQuestion("safety-depth-limit")
export const safetyRadialArtery: KindBuilder = safetyQuestion("safety-radial-artery")
