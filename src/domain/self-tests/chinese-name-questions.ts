// Chinese point name test: characters or pinyin → the point (shown by code and English name), and
// back; experts type the pinyin. Points whose names sound alike without tones (Futu: LI-18 扶突,
// ST-32 伏兔) never stand as wrong options for each other's pinyin; experts get names that share a
// character or a channel with the right one.
import {
  type BuildContext,
  choiceQuestion,
  type KindBuilder,
  otherPoolPoints,
  pickDistractors,
  pointOption,
  sameChannel,
} from "./question-kit.ts"
import type { PointInfo } from "./test-content.ts"

const sharesCharacter = (a: PointInfo, b: PointInfo) =>
  [...a.point.hanzi.traditional].some((char) => b.point.hanzi.traditional.includes(char))

const likeness = (focus: PointInfo) => (other: PointInfo) =>
  (sharesCharacter(focus, other) ? 2 : 0) + (sameChannel(focus, other) ? 1 : 0)

const differentHanzi = (a: PointInfo, b: PointInfo) =>
  a.point.hanzi.traditional !== b.point.hanzi.traditional && a.point.hanzi.simplified !== b.point.hanzi.simplified

/** Other pool points whose name differs from the focus's in characters and in toneless pinyin. */
const differentNames = (context: BuildContext, focus: PointInfo) =>
  otherPoolPoints(context, focus).filter((p) => differentHanzi(p, focus) && p.pinyinKey !== focus.pinyinKey)

export const pointFromHanzi: KindBuilder = (context, focus) => {
  const distractors = pickDistractors(context, differentNames(context, focus), { plausibility: likeness(focus) })
  if (!distractors) return undefined
  return choiceQuestion(
    context,
    { kind: "point-from-hanzi", hanzi: focus.point.hanzi },
    pointOption(focus),
    distractors.map(pointOption),
    { points: [focus.code] },
  )
}

export const pointFromPinyin: KindBuilder = (context, focus) => {
  const distractors = pickDistractors(context, differentNames(context, focus), { plausibility: likeness(focus) })
  if (!distractors) return undefined
  return choiceQuestion(
    context,
    { kind: "point-from-pinyin", pinyin: focus.point.pinyin },
    pointOption(focus),
    distractors.map(pointOption),
    { points: [focus.code] },
  )
}

export const hanziOfPoint: KindBuilder = (context, focus) => {
  const distractors = pickDistractors(
    context,
    otherPoolPoints(context, focus).filter((p) => differentHanzi(p, focus)),
    { plausibility: likeness(focus), clash: (a, b) => !differentHanzi(a, b) },
  )
  if (!distractors) return undefined
  return choiceQuestion(
    context,
    { kind: "hanzi-of-point", point: focus.code },
    { _tag: "Hanzi", hanzi: focus.point.hanzi },
    distractors.map((p) => ({ _tag: "Hanzi", hanzi: p.point.hanzi })),
    { points: [focus.code] },
  )
}

export const pinyinOfPoint: KindBuilder = (context, focus) => {
  const distractors = pickDistractors(
    context,
    otherPoolPoints(context, focus).filter((p) => p.pinyinKey !== focus.pinyinKey),
    { plausibility: likeness(focus), clash: (a, b) => a.pinyinKey === b.pinyinKey },
  )
  if (!distractors) return undefined
  return choiceQuestion(
    context,
    { kind: "pinyin-of-point", point: focus.code },
    { _tag: "Pinyin", pinyin: focus.point.pinyin },
    distractors.map((p) => ({ _tag: "Pinyin", pinyin: p.point.pinyin })),
    { points: [focus.code] },
  )
}

/** Expert: the point and its characters are shown; the learner types the pinyin. */
export const typePinyin: KindBuilder = (_context, focus) => ({
  prompt: { kind: "type-pinyin", point: focus.code, hanzi: focus.point.hanzi },
  options: [],
  answer: { _tag: "Typed", accepted: [focus.point.pinyin] },
  explanation: { points: [focus.code] },
})
