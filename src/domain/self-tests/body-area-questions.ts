// Body-area test: which point lies in this area; which area holds this point. A point names all
// its areas, so a wrong point lies outside the asked area and a wrong area holds none of the
// point's. Experts get neighbouring areas and points of the same channel.
import type { BodyAreaId } from "../content/content-schema.ts"
import {
  choiceQuestion,
  type KindBuilder,
  otherPoolPoints,
  pickDistractors,
  pointOption,
  sameChannel,
  sortedAreas,
} from "./question-kit.ts"

/** Areas that touch each other on the body, both ways. */
export const BODY_AREA_NEIGHBOURS: Readonly<Record<BodyAreaId, ReadonlyArray<BodyAreaId>>> = {
  "head-face": ["neck"],
  neck: ["head-face", "shoulder", "chest", "upper-back"],
  shoulder: ["neck", "upper-arm-elbow", "chest", "flank-axilla", "upper-back"],
  "upper-arm-elbow": ["shoulder", "forearm-wrist", "flank-axilla"],
  "forearm-wrist": ["upper-arm-elbow", "hand"],
  hand: ["forearm-wrist"],
  chest: ["neck", "shoulder", "flank-axilla", "abdomen"],
  "flank-axilla": ["shoulder", "upper-arm-elbow", "chest", "abdomen", "upper-back", "lower-back-sacrum"],
  abdomen: ["chest", "flank-axilla", "perineum", "hip-thigh"],
  "upper-back": ["neck", "shoulder", "flank-axilla", "lower-back-sacrum"],
  "lower-back-sacrum": ["upper-back", "flank-axilla", "perineum", "hip-thigh"],
  perineum: ["abdomen", "lower-back-sacrum", "hip-thigh"],
  "hip-thigh": ["abdomen", "lower-back-sacrum", "perineum", "knee-lower-leg"],
  "knee-lower-leg": ["hip-thigh", "ankle-foot"],
  "ankle-foot": ["knee-lower-leg"],
}

const touches = (area: BodyAreaId, others: Iterable<BodyAreaId>) => {
  for (const other of others) if (BODY_AREA_NEIGHBOURS[other].includes(area)) return true
  return false
}

export const pointInArea: KindBuilder = (context, focus) => {
  const area = context.random.pick(sortedAreas(focus.areas, context.index))
  if (!area) return undefined
  const candidates = otherPoolPoints(context, focus).filter((p) => !p.areas.has(area))
  const distractors = pickDistractors(context, candidates, {
    plausibility: (p) => (sameChannel(focus, p) ? 2 : 0) + (touches(area, p.areas) ? 1 : 0),
  })
  if (!distractors) return undefined
  return choiceQuestion(
    context,
    { kind: "point-in-area", bodyArea: area },
    pointOption(focus),
    distractors.map(pointOption),
    {
      points: [focus.code],
      bodyArea: area,
    },
  )
}

export const areaOfPoint: KindBuilder = (context, focus) => {
  const area = context.random.pick(sortedAreas(focus.areas, context.index))
  if (!area) return undefined
  const candidates = context.index.content.bodyAreas.map((a) => a.id).filter((id) => !focus.areas.has(id))
  const distractors = pickDistractors(context, candidates, { plausibility: (id) => (touches(id, focus.areas) ? 1 : 0) })
  if (!distractors) return undefined
  return choiceQuestion(
    context,
    { kind: "area-of-point", point: focus.code },
    { _tag: "BodyArea", id: area },
    distractors.map((id) => ({ _tag: "BodyArea", id })),
    { points: [focus.code], bodyArea: area },
  )
}
