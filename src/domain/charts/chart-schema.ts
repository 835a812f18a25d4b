// The shapes of the body-chart files under `content/charts/`: one file per view (its line art,
// landmarks, cun frames, body-area regions and point placements) and `pathways.json` (the order in
// which each channel and vessel is drawn through its points). Placements are written in cun from
// named landmarks so that each one reads like the point's location text; `chart-frames.ts` turns
// them into view coordinates.
import { Schema } from "effect"
import { BODY_AREA_IDS, CHANNEL_CODES, PointCode, VESSEL_IDS } from "../content/content-schema.ts"
import { CHART_VIEW_IDS, type ChartViewId } from "./chart-ids.ts"

/**
 * Direction words a placement moves by. Each frame names the pair used on its long axis
 * (`along`) and the pair across it; the first word of a pair is the decreasing side.
 */
export const DIRECTIONS = [
  "up",
  "down",
  "proximal",
  "distal",
  "medial",
  "lateral",
  "front",
  "back",
  "radial",
  "ulnar",
] as const
export type Direction = (typeof DIRECTIONS)[number]

const Coordinate = Schema.Finite
export const Vec = Schema.Tuple([Coordinate, Coordinate])
export type Vec = typeof Vec.Type

/** Landmark names are kebab-case ("wrist-crease"); point codes ("LU-9") name placed points. */
export const LandmarkName = Schema.String.check(Schema.isPattern(/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/))
/** A landmark, or the code of a point placed on the same view (with "#site" for multi-site points). */
export const Reference = Schema.String.check(
  Schema.isPattern(/^(?:[a-z][a-z0-9]*(?:-[a-z0-9]+)*|[A-Z]{2}-[A-Z]{0,2}\d{1,2}(?:#[a-z0-9-]+)?)$/),
)
const NonNegative = Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0))
const Positive = Schema.Finite.check(Schema.isGreaterThan(0))
const DirectionPair = Schema.Tuple([Schema.Literals(DIRECTIONS), Schema.Literals(DIRECTIONS)])

/** One station of a frame's axis: a landmark and its distance in cun from the frame's zero. */
export const Station = Schema.Struct({ at: LandmarkName, cun: Schema.Finite })
export type Station = typeof Station.Type

/**
 * A cun coordinate system over one body segment. Its axis runs through the stations in the listed
 * order; between two stations a cun is (their distance on the view) / (their cun difference), so a
 * segment can be calibrated by its standard proportional measure. "across" is measured at right
 * angles to the axis and is positive on the right-hand side of someone walking the stations in
 * order on the screen. Its scale comes from two landmarks a known number of cun apart, from a
 * landmark and its mirror image across the midline (nipple to nipple: 8 cun), or from a ratio to
 * the axis' mean scale. `wrap` treats the surface as curving away around a cylinder of
 * `radius` cun along the axis: seen face-on, an offset shrinks to radius·sin(offset/radius); seen
 * edge-on (a side view of the scalp), it becomes an inset of radius·(1−cos(offset/radius)) toward
 * the positive side.
 */
export const Frame = Schema.Struct({
  id: LandmarkName,
  stations: Schema.Array(Station).check(Schema.isMinLength(2)),
  along: DirectionPair,
  across: DirectionPair,
  width: Schema.Union([
    Schema.Struct({ between: Schema.Tuple([LandmarkName, LandmarkName]), cun: Positive }),
    Schema.Struct({ mirrored: LandmarkName, cun: Positive }),
    Schema.Struct({ ratio: Positive }),
  ]),
  wrap: Schema.optionalKey(Schema.Struct({ radius: Positive, seen: Schema.Literals(["face-on", "edge-on"]) })),
  /** Arm and leg frames: the axis runs from the root of the limb toward the fingers or toes. */
  limb: Schema.optionalKey(Schema.Literals(["arm", "leg"])),
})
export type Frame = typeof Frame.Type

/**
 * Where a point lies on a view: start at a landmark or placed point (`at`), or at a fraction `t`
 * of the way along a line through several of them (`on`), or at the frame's zero; then move by the
 * given cun in the frame's direction words. `unpaired` points (the midlines, a point on one side
 * only) are not mirrored. Multi-site extra points (Baxie, Jiaji …) have one placement per `site`.
 */
export const Placement = Schema.Struct({
  code: PointCode,
  site: Schema.optionalKey(Schema.String.check(Schema.isPattern(/^[a-z0-9]+(?:-[a-z0-9]+)*$/))),
  frame: LandmarkName,
  at: Schema.optionalKey(Reference),
  on: Schema.optionalKey(Schema.Array(Reference).check(Schema.isMinLength(2))),
  t: Schema.optionalKey(Schema.Finite.check(Schema.isBetween({ minimum: 0, maximum: 1 }))),
  up: Schema.optionalKey(NonNegative),
  down: Schema.optionalKey(NonNegative),
  proximal: Schema.optionalKey(NonNegative),
  distal: Schema.optionalKey(NonNegative),
  medial: Schema.optionalKey(NonNegative),
  lateral: Schema.optionalKey(NonNegative),
  front: Schema.optionalKey(NonNegative),
  back: Schema.optionalKey(NonNegative),
  radial: Schema.optionalKey(NonNegative),
  ulnar: Schema.optionalKey(NonNegative),
  unpaired: Schema.optionalKey(Schema.Literal(true)),
})
export type Placement = typeof Placement.Type

/**
 * Line art: a smooth curve through `points` (outline of the body, or a feature line such as a
 * clavicle, crease or the costal margin), or a small circle (nipple, umbilicus, malleolus). Guides
 * (midline, spine line) are drawn dashed and faint. `mirror` draws it again across the midline;
 * `symmetric` says the points are one half of a curve that continues through their mirror images
 * in reverse order (the head, the whole outline), so both halves join smoothly on the midline.
 * A cut is where a detailed view crops the body (the base of the neck in a head view): drawn
 * faintly, it closes the outline.
 */
export const StrokeKind = Schema.Literals(["outline", "feature", "guide", "cut"])
export const Stroke = Schema.Union([
  Schema.Struct({
    kind: StrokeKind,
    points: Schema.Array(Vec).check(Schema.isMinLength(2)),
    closed: Schema.optionalKey(Schema.Boolean),
    mirror: Schema.optionalKey(Schema.Boolean),
    symmetric: Schema.optionalKey(Schema.Boolean),
  }),
  Schema.Struct({
    kind: StrokeKind,
    circle: Schema.Tuple([Coordinate, Coordinate, Positive]),
    mirror: Schema.optionalKey(Schema.Boolean),
  }),
])
export type Stroke = typeof Stroke.Type

/** A body area's region on this view: a polygon in view coordinates, or in cun of one frame. */
export const Region = Schema.Struct({
  area: Schema.Literals(BODY_AREA_IDS),
  frame: Schema.optionalKey(LandmarkName),
  polygon: Schema.Array(Vec).check(Schema.isMinLength(3)),
  mirror: Schema.optionalKey(Schema.Boolean),
})
export type Region = typeof Region.Type

/**
 * Where a course drawn between two consecutive points of a channel or vessel must bend to stay on
 * the body on this view (down the side of the neck, round the armpit, over the bridge of the nose):
 * the line from `from` to `to`, either way round and for every course drawn through both, passes
 * through `via` in order. Via spots are landmarks or view coordinates on the near side; on a view
 * that shows both sides they are mirrored with the points.
 */
export const Bend = Schema.Struct({
  from: PointCode,
  to: PointCode,
  via: Schema.Array(Schema.Union([LandmarkName, Vec])).check(Schema.isMinLength(1)),
})
export type Bend = typeof Bend.Type

export const ChartLabel = Schema.Struct({ en: Schema.String, de: Schema.String, es: Schema.String })

export const ChartView = Schema.Struct({
  id: Schema.Literals(CHART_VIEW_IDS),
  title: ChartLabel,
  /** The text alternative of the drawing: what it shows and how the body is posed. */
  description: ChartLabel,
  /** minX, minY, width, height of the drawing. */
  viewBox: Schema.Tuple([Coordinate, Coordinate, Positive, Positive]),
  /** The patient's side that the placements describe: drawn left of the midline, or the side shown. */
  nearSide: Schema.Literals(["left", "right"]),
  /** x of the body's midline when the view shows both sides (everything not unpaired is mirrored). */
  midline: Schema.NullOr(Coordinate),
  strokes: Schema.Array(Stroke).check(Schema.isMinLength(1)),
  landmarks: Schema.Record(LandmarkName, Vec),
  frames: Schema.Array(Frame).check(Schema.isMinLength(1)),
  regions: Schema.Array(Region),
  points: Schema.Array(Placement),
  bends: Schema.optionalKey(Schema.Array(Bend)),
})
export type ChartView = typeof ChartView.Type

/** A course drawn through points in order; `via` codes only bend the line (a branch rejoining). */
export const PathwayStroke = Schema.Array(PointCode).check(Schema.isMinLength(2))
export const Pathway = Schema.Struct({
  id: Schema.Union([Schema.Literals(CHANNEL_CODES), Schema.Literals(VESSEL_IDS)]),
  kind: Schema.Literals(["channel", "vessel"]),
  strokes: Schema.Array(PathwayStroke).check(Schema.isMinLength(1)),
})
export type Pathway = typeof Pathway.Type
export const PathwaysFile = Schema.Struct({ pathways: Schema.Array(Pathway) })
export type PathwaysFile = typeof PathwaysFile.Type

export const chartFileName = (id: ChartViewId) => `charts/${id}.json`
export const PATHWAYS_FILE = "charts/pathways.json"
