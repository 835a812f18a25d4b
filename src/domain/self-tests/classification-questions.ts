// Classification test: which point is the yuan-source point of the Lung (a category member by its
// role), which of these is a xi-cleft point, what category is SP-6. Membership comes from
// `content/categories.json`; a wrong point holds no such role (nor one containing it, as "Great
// luo of the Spleen" contains "Spleen"), a wrong category does not contain the point.
import type { Localized } from "../content/content-schema.ts"
import {
  choiceQuestion,
  type KindBuilder,
  otherPoolPoints,
  pickDistractors,
  pointOption,
  sameChannel,
} from "./question-kit.ts"
import type { PointInfo, TestIndex } from "./test-content.ts"
import { normalizeText } from "./text-overlap.ts"

/** Categories learners confuse with each other; experts get wrong categories of the same family. */
export const CATEGORY_FAMILIES: Readonly<Record<string, string>> = {
  "jing-well": "transporting",
  "ying-spring": "transporting",
  "shu-stream": "transporting",
  "jing-river": "transporting",
  "he-sea": "transporting",
  "yuan-source": "channel-special",
  "luo-connecting": "channel-special",
  "xi-cleft": "channel-special",
  "lower-he-sea": "channel-special",
  "back-shu": "organ",
  "front-mu": "organ",
  "hui-meeting": "organ",
  confluent: "vessel",
  "window-of-heaven": "classical-group",
  "heavenly-star": "classical-group",
  "ghost-points": "classical-group",
  "four-seas": "classical-group",
  "command-points": "classical-group",
}

export const categoryFamily = (id: string): string => CATEGORY_FAMILIES[id] ?? id

const wordsOf = (text: string) => ` ${normalizeText(text)} `

/** Two roles name the same thing when one contains the other as whole words ("Spleen", "Great luo of the Spleen"). */
export const sameRole = (a: Localized, b: Localized): boolean => {
  const x = wordsOf(a.en)
  const y = wordsOf(b.en)
  return x.includes(y) || y.includes(x)
}

/** Whether `point` holds `role` (or one containing it) in `category`. */
export const holdsRole = (index: TestIndex, category: string, role: Localized, point: string): boolean =>
  index.categories
    .get(category)
    ?.members.some((m) => m.point === point && m.role !== undefined && sameRole(m.role, role)) ?? false

const inFamily = (point: PointInfo, family: string) => point.categories.some((id) => categoryFamily(id) === family)

export const pointForRole: KindBuilder = (context, focus) => {
  const { index } = context
  const roles = index.content.categories.flatMap((category) =>
    category.members
      .filter((m) => m.point === focus.code && m.role !== undefined)
      .map((m) => ({ category: category.id, role: m.role as Localized })),
  )
  const chosen = context.random.pick(roles)
  if (!chosen) return undefined
  const members = index.categoryMembers.get(chosen.category)
  const candidates = otherPoolPoints(context, focus).filter(
    (p) => !holdsRole(index, chosen.category, chosen.role, p.code),
  )
  const distractors = pickDistractors(context, candidates, {
    plausibility: (p) => (members?.has(p.code) ? 2 : 0) + (sameChannel(focus, p) ? 1 : 0),
  })
  if (!distractors) return undefined
  return choiceQuestion(
    context,
    { kind: "point-for-role", category: chosen.category, role: chosen.role },
    pointOption(focus),
    distractors.map(pointOption),
    { points: [focus.code], category: chosen.category },
  )
}

export const pointInCategory: KindBuilder = (context, focus) => {
  const { index } = context
  const category = context.random.pick(focus.categories)
  if (!category) return undefined
  const members = index.categoryMembers.get(category)
  const family = categoryFamily(category)
  const candidates = otherPoolPoints(context, focus).filter((p) => !members?.has(p.code))
  const distractors = pickDistractors(context, candidates, {
    plausibility: (p) => (inFamily(p, family) ? 2 : 0) + (sameChannel(focus, p) ? 1 : 0),
  })
  if (!distractors) return undefined
  return choiceQuestion(
    context,
    { kind: "point-in-category", category },
    pointOption(focus),
    distractors.map(pointOption),
    {
      points: [focus.code],
      category,
    },
  )
}

export const categoryOfPoint: KindBuilder = (context, focus) => {
  const { index } = context
  const category = context.random.pick(focus.categories)
  if (!category) return undefined
  const family = categoryFamily(category)
  const candidates = index.content.categories
    .map((c) => c.id)
    .filter((id) => !index.categoryMembers.get(id)?.has(focus.code))
  const distractors = pickDistractors(context, candidates, {
    plausibility: (id) => (categoryFamily(id) === family ? 1 : 0),
  })
  if (!distractors) return undefined
  return choiceQuestion(
    context,
    { kind: "category-of-point", point: focus.code },
    { _tag: "Category", id: category },
    distractors.map((id) => ({ _tag: "Category", id })),
    { points: [focus.code], category },
  )
}
