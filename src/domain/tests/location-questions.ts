// Location test: a location description → which point; a point → which description. Every point
// has its own location (content rule), so any other point is a wrong answer; experts get points of
// the same channel or body area, whose descriptions read alike.
import {
  type BuildContext,
  choiceQuestion,
  type KindBuilder,
  nearness,
  otherPoolPoints,
  pickDistractors,
  pointOption,
  textOption,
} from "./question-kit.ts"
import type { PointInfo } from "./test-content.ts"

const differentLocation = (context: BuildContext, focus: PointInfo) => {
  return otherPoolPoints(context, focus).filter((p) => p.locationKey !== focus.locationKey)
}

export const pointFromLocation: KindBuilder = (context, focus) => {
  const distractors = pickDistractors(context, differentLocation(context, focus), { plausibility: nearness(focus) })
  if (!distractors) return undefined
  return choiceQuestion(
    context,
    { kind: "point-from-location", text: { point: focus.code, field: "location", index: 0 } },
    pointOption(focus),
    distractors.map(pointOption),
    { points: [focus.code] },
  )
}

export const locationOfPoint: KindBuilder = (context, focus) => {
  const distractors = pickDistractors(context, differentLocation(context, focus), {
    plausibility: nearness(focus),
    clash: (a, b) => a.locationKey === b.locationKey,
  })
  if (!distractors) return undefined
  return choiceQuestion(
    context,
    { kind: "location-of-point", point: focus.code },
    textOption(focus, "location", 0),
    distractors.map((p) => textOption(p, "location", 0)),
    { points: [focus.code] },
  )
}
