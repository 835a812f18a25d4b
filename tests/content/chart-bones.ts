// Points whose location texts put them beside a bone of the hand or foot ("on the radial side of
// the midpoint of the second metacarpal"), written out from the texts, and the check that each lies
// there on every view that draws it. A view draws a bone as two landmarks on its axis, `{bone}-base`
// and `{bone}-head` (mc2-base, mt5-head), traced from its line art.
import { toCun } from "../../src/domain/charts/chart-frames.ts"
import type { ChartViewId } from "../../src/domain/charts/chart-ids.ts"
import { nearSidePosition, type ResolvedView } from "../../src/domain/charts/chart-resolve.ts"
import type { Direction } from "../../src/domain/charts/chart-schema.ts"

/** Where along a bone, as fractions from its base (0) to its head (1). */
export const BONE_PARTS = {
  /** At or just beyond the base: SI-4 between the base of the 5th metacarpal and the triquetrum. */
  base: [-0.3, 0.35],
  /** Level with the middle of the shaft: LI-4. */
  middle: [0.3, 0.7],
  /** Just behind the head, or level with it: LI-3, SI-3, ST-43, GB-42 behind the 4th beside the 5th. */
  head: [0.65, 1.1],
} as const

export interface Beside {
  /** A point code, with "#site" for one site of a multi-site point. */
  readonly point: string
  /** The bone: mc1–mc5 (metacarpals), mt1–mt5 (metatarsals). */
  readonly bone: string
  readonly part: keyof typeof BONE_PARTS
  /**
   * The side of the bone the point lies on: the first of these words that the point's frame uses
   * (SP-3 is medial to the 1st metatarsal seen from above, below it seen from the inner side).
   */
  readonly side: ReadonlyArray<Direction>
  /** Most cun from the bone's axis. */
  readonly within: number
  /** Least cun from the bone's axis: beside it, not on top of it (in the groove, for a point between two). */
  readonly clear: number
  readonly why: string
  /** Only on these views (a point between two bones seen from above, beside the outer one seen from the side). */
  readonly views?: ReadonlyArray<ChartViewId>
}

type Sides = Direction | ReadonlyArray<Direction>
const sides = (side: Sides) => (typeof side === "string" ? [side] : side) as ReadonlyArray<Direction>

const beside = (
  point: string,
  bone: string,
  part: Beside["part"],
  side: Sides,
  within: number,
  why: string,
  more: Partial<Pick<Beside, "clear" | "views">> = {},
): Beside => ({ point, bone, part, side: sides(side), within, clear: 0.1, why, ...more })

/** A point between two bones lies beside each, on the side facing the other, clear of both. */
const between = (
  point: string,
  bones: readonly [string, string],
  part: Beside["part"],
  facing: readonly [Sides, Sides],
  why: string,
  views?: ReadonlyArray<ChartViewId>,
) => [
  beside(point, bones[0], part, facing[0], 0.6, why, { clear: 0.2, ...(views && { views }) }),
  beside(point, bones[1], part, facing[1], 0.6, why, { clear: 0.2, ...(views && { views }) }),
]

const FROM_ABOVE: ReadonlyArray<ChartViewId> = ["foot-top"]
const FROM_OUTSIDE: ReadonlyArray<ChartViewId> = ["foot-outer", "body-side"]
const FEET: ReadonlyArray<ChartViewId> = ["foot-top", "foot-inner"]

export const BESIDE_A_BONE: ReadonlyArray<Beside> = [
  // Hand
  beside("LI-4", "mc2", "middle", "radial", 0.5, "radial side of the midpoint of the 2nd metacarpal"),
  beside("LI-3", "mc2", "head", "radial", 0.5, "radial side of the 2nd metacarpal, proximal to its head"),
  beside("SI-3", "mc5", "head", "ulnar", 0.6, "ulnar edge, proximal to the head of the 5th metacarpal"),
  beside(
    "SI-4",
    "mc5",
    "base",
    "ulnar",
    0.6,
    "ulnar border, between the base of the 5th metacarpal and the triquetrum",
  ),
  ...between(
    "TE-3",
    ["mc4", "mc5"],
    "head",
    ["ulnar", "radial"],
    "between the 4th and 5th metacarpals, behind the 4th MCP joint",
  ),
  ...between(
    "EX-UE7#mc2-mc3",
    ["mc2", "mc3"],
    "middle",
    ["ulnar", "radial"],
    "between the 2nd and 3rd metacarpals, midway",
  ),
  ...between(
    "EX-UE7#mc4-mc5",
    ["mc4", "mc5"],
    "middle",
    ["ulnar", "radial"],
    "between the 4th and 5th metacarpals, midway",
  ),
  ...between(
    "EX-UE8",
    ["mc2", "mc3"],
    "head",
    ["ulnar", "radial"],
    "between the 2nd and 3rd metacarpals, behind the MCP joints",
  ),
  beside("LU-10", "mc1", "middle", "radial", 0.6, "radial side of the midpoint of the 1st metacarpal"),
  ...between(
    "PC-8",
    ["mc2", "mc3"],
    "head",
    ["ulnar", "radial"],
    "between the 2nd and 3rd metacarpals, proximal to the MCP joints",
  ),
  ...between(
    "HT-8",
    ["mc4", "mc5"],
    "head",
    ["ulnar", "radial"],
    "between the 4th and 5th metacarpals, proximal to the 5th MCP joint",
  ),
  // Foot
  ...between(
    "LR-3",
    ["mt1", "mt2"],
    "base",
    ["lateral", "medial"],
    "between the 1st and 2nd metatarsals, in front of their bases",
    FROM_ABOVE,
  ),
  ...between(
    "ST-43",
    ["mt2", "mt3"],
    "head",
    ["lateral", "medial"],
    "between the 2nd and 3rd metatarsals, behind the head of the 2nd",
    FROM_ABOVE,
  ),
  ...between(
    "GB-41",
    ["mt4", "mt5"],
    "base",
    ["lateral", "medial"],
    "between the 4th and 5th metatarsals, in front of their bases",
    FROM_ABOVE,
  ),
  ...between(
    "GB-42",
    ["mt4", "mt5"],
    "head",
    ["lateral", "medial"],
    "between the 4th and 5th metatarsals, behind the head of the 4th",
    FROM_ABOVE,
  ),
  beside("GB-41", "mt5", "base", "up", 0.8, "on the top of the foot, above the base of the 5th metatarsal", {
    views: FROM_OUTSIDE,
  }),
  beside("GB-42", "mt5", "head", "up", 0.8, "on the top of the foot, above the head of the 5th metatarsal", {
    views: FROM_OUTSIDE,
  }),
  beside("SP-3", "mt1", "head", ["medial", "down"], 0.6, "proximal and inferior to the head of the 1st metatarsal", {
    views: FEET,
  }),
  beside("SP-4", "mt1", "base", ["medial", "down"], 0.6, "distal to and below the base of the 1st metatarsal", {
    views: FEET,
  }),
  beside("BL-64", "mt5", "base", "down", 0.6, "in front of and below the tuberosity of the 5th metatarsal"),
  beside("BL-65", "mt5", "head", "down", 0.6, "just behind the head of the 5th metatarsal, on the red-white border"),
]

/**
 * Views that draw a point of the table without the bones to check it against, and why.
 */
export const BONES_NOT_DRAWN: ReadonlyArray<{
  readonly view: ChartViewId
  readonly points: ReadonlyArray<string>
  readonly why: string
}> = [
  {
    view: "body-front",
    points: ["LR-3", "ST-43", "GB-41", "GB-42", "SP-3", "SP-4"],
    why: "the whole body from the front shows the foot end on, its length foreshortened to a few millimetres",
  },
  {
    view: "body-side",
    points: ["ST-43"],
    why: "seen from the outer side, the 2nd and 3rd metatarsals lie under the top of the foot",
  },
]

/** How a point lies against a bone on one view: cun from its axis, fraction along it, side. */
export const measureBeside = (resolved: ResolvedView, row: Beside) => {
  const [code, site] = row.point.split("#")
  const base = resolved.view.landmarks[`${row.bone}-base`]
  const head = resolved.view.landmarks[`${row.bone}-head`]
  const instance = resolved.points.find((p) => p.code === code && p.site === site && !p.mirrored)
  if (!instance || !base || !head) return undefined
  const frame = resolved.frames.get(instance.frame)!
  const b = toCun(frame, base)
  const h = toCun(frame, head)
  const p = toCun(frame, nearSidePosition(resolved, instance))
  const axis = { along: h.along - b.along, across: h.across - b.across }
  const length2 = axis.along ** 2 + axis.across ** 2
  const t = ((p.along - b.along) * axis.along + (p.across - b.across) * axis.across) / length2
  const foot = { along: b.along + t * axis.along, across: b.across + t * axis.across }
  const off = { along: p.along - foot.along, across: p.across - foot.across }
  const [less, more] = frame.frame.across
  // The side is read across the frame: positive across is the second word of the pair.
  const side = off.across > 0 ? more : off.across < 0 ? less : undefined
  return { distance: Math.hypot(off.along, off.across), t, side, sideWords: [less, more] as const }
}

/** The problems of one row on one view; none when the view does not draw the point. */
export const besideProblems = (resolved: ResolvedView, row: Beside): ReadonlyArray<string> => {
  const [code, site] = row.point.split("#")
  if (!resolved.points.some((p) => p.code === code && p.site === site)) return []
  if (row.views && !row.views.includes(resolved.view.id)) return []
  const at = `${resolved.view.id}: ${row.point} (${row.why})`
  const m = measureBeside(resolved, row)
  if (!m) return [`${at}: the view has no ${row.bone}-base and ${row.bone}-head landmarks`]
  const problems: string[] = []
  const [from, to] = BONE_PARTS[row.part]
  if (m.distance > row.within || m.distance < row.clear)
    problems.push(`${at} lies ${m.distance.toFixed(2)} cun from the ${row.bone}, not ${row.clear}–${row.within}`)
  if (m.t < from || m.t > to)
    problems.push(`${at} lies at ${m.t.toFixed(2)} of the ${row.bone}, not by its ${row.part}`)
  const side = row.side.find((word) => m.sideWords.includes(word))
  if (!side) problems.push(`${at}: its frame names none of the sides ${row.side.join(", ")}`)
  else if (m.side !== side) problems.push(`${at} lies on the ${m.side ?? "axis"} side of the ${row.bone}, not ${side}`)
  return problems
}
