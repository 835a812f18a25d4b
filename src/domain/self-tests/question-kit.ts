// Shared pieces of the question builders: the context one test is generated in, choosing wrong
// options (plausible ones first for experts, any for beginners) and assembling a question with its
// options in seeded random order.
import type { BodyAreaId } from "../content/content-schema.ts"
import {
  type Explanation,
  OPTION_COUNT,
  type Prompt,
  type Question,
  type QuestionOption,
  type TextField,
} from "./question.ts"
import type { Random } from "./seeded-random.ts"
import type { IndexedText, PointInfo, TestIndex, TestPool } from "./test-content.ts"
import { TEST_DIFFICULTY_EXPERT, type TestDifficulty } from "./test-settings.ts"

export const DISTRACTOR_COUNT = OPTION_COUNT - 1

export interface BuildContext {
  readonly index: TestIndex
  readonly pool: TestPool
  /** The points of the pool in content order (never iteration order of a set: the seed alone decides). */
  readonly poolPoints: ReadonlyArray<PointInfo>
  readonly difficulty: TestDifficulty
  readonly random: Random
  /** Every text of a field of the pool's points, once each (first owner in content order). */
  readonly poolTexts: (field: PoolTextField) => ReadonlyArray<PoolText>
}

export type PoolTextField = "actions" | "indications" | "cautions"

export interface PoolText {
  readonly point: PointInfo
  readonly index: number
  readonly text: IndexedText
}

/** `poolTexts` for a context, computed on first use. */
export const poolTextsOf = (poolPoints: ReadonlyArray<PointInfo>) => {
  const memo = new Map<PoolTextField, ReadonlyArray<PoolText>>()
  return (field: PoolTextField): ReadonlyArray<PoolText> => {
    let texts = memo.get(field)
    if (!texts) {
      const seen = new Set<string>()
      const found: Array<PoolText> = []
      for (const point of poolPoints)
        point.texts[field].forEach((text, index) => {
          if (seen.has(text.key)) return
          seen.add(text.key)
          found.push({ point, index, text })
        })
      texts = found
      memo.set(field, texts)
    }
    return texts
  }
}

/** Builds one question about `focus`, or nothing when this kind cannot be asked about it here. */
export type KindBuilder = (context: BuildContext, focus: PointInfo) => Question | undefined

export const isExpert = (context: BuildContext) => context.difficulty === TEST_DIFFICULTY_EXPERT

/**
 * Three wrong options from `candidates`: each must be wrong already, or pass `eligible` (tested
 * lazily, in the seeded order, so a long list costs only the few checks it takes). Experts get the
 * highest `plausibility` first; beginners any. `clash` keeps near-duplicates apart. Undefined when
 * three cannot be found: the kind is then skipped for this point.
 */
export const pickDistractors = <A>(
  context: BuildContext,
  candidates: ReadonlyArray<A>,
  options: {
    readonly plausibility?: ((candidate: A) => number) | undefined
    readonly clash?: ((a: A, b: A) => boolean) | undefined
    readonly eligible?: ((candidate: A) => boolean) | undefined
  } = {},
): Array<A> | undefined => {
  if (candidates.length < DISTRACTOR_COUNT) return undefined
  const { plausibility, clash, eligible } = options
  const tiers: Array<ReadonlyArray<A>> = []
  if (isExpert(context) && plausibility) {
    const byTier = new Map<number, Array<A>>()
    for (const candidate of candidates) {
      const tier = plausibility(candidate)
      const list = byTier.get(tier) ?? []
      list.push(candidate)
      byTier.set(tier, list)
    }
    for (const tier of [...byTier.keys()].sort((a, b) => b - a)) tiers.push(byTier.get(tier) ?? [])
  } else {
    tiers.push(candidates)
  }
  const chosen: Array<A> = []
  for (const tier of tiers) {
    for (const candidate of context.random.shuffle(tier)) {
      if (chosen.length === DISTRACTOR_COUNT) return chosen
      if (clash && chosen.some((c) => clash(c, candidate))) continue
      if (eligible && !eligible(candidate)) continue
      chosen.push(candidate)
    }
  }
  return chosen.length === DISTRACTOR_COUNT ? chosen : undefined
}

/** A multiple-choice question with the right option placed at a seeded random position. */
export const choiceQuestion = (
  context: BuildContext,
  prompt: Prompt,
  right: QuestionOption,
  distractors: ReadonlyArray<QuestionOption>,
  explanation: Explanation,
): Question => {
  const position = context.random.int(OPTION_COUNT)
  const options = [...distractors]
  options.splice(position, 0, right)
  return { prompt, options, answer: { _tag: "Choice", index: position }, explanation }
}

export const pointOption = (point: PointInfo): QuestionOption => ({ _tag: "Point", code: point.code })

export const textOption = (point: PointInfo, field: TextField, index: number): QuestionOption => ({
  _tag: "Text",
  ref: { point: point.code, field, index },
})

export const sameChannel = (a: PointInfo, b: PointInfo) => a.channel !== null && a.channel === b.channel

export const sharesArea = (a: PointInfo, b: PointInfo) => a.point.bodyAreas.some((area) => b.areas.has(area))

/** How close two points are for a learner: same channel, same body area, or both. */
export const nearness = (focus: PointInfo) => (other: PointInfo) =>
  (sameChannel(focus, other) ? 1 : 0) + (sharesArea(focus, other) ? 1 : 0)

/** The pool's points other than those given. */
export const otherPoolPoints = (context: BuildContext, ...except: ReadonlyArray<PointInfo>) =>
  context.poolPoints.filter((p) => !except.includes(p))

/** A sorted copy, so a pick from a set-derived list depends on the seed only. */
export const sortedAreas = (areas: Iterable<BodyAreaId>, index: TestIndex): Array<BodyAreaId> => {
  const order = index.content.bodyAreas.map((a) => a.id)
  return [...areas].sort((a, b) => order.indexOf(a) - order.indexOf(b))
}
