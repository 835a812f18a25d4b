// What the chart calls answer: one view as a given caller may see it (line art, regions, the points
// they may open with code, names, location text and safety flags, the points of Pro as bare dots,
// and the pathways they may open), and the index of views with the views that show each point,
// channel, vessel and body area best. The server resolves the chart files; the app only draws.
import { Schema } from "effect"
import { CHART_VIEW_IDS } from "./chart-ids.ts"

export const ChartViewIdSchema = Schema.Literals(CHART_VIEW_IDS)

export const ChartSideSchema = Schema.Literals(["left", "right", "midline"])

/** One place a point is drawn: a side of the body, and a site for multi-site points (Baxie, Jiaji…). */
export const ServedSite = Schema.Struct({
  /** Unique on the view, as the domain's resolver names it ("LU-9:right", "EX-B2#l3:left", "CV-12"). */
  key: Schema.String,
  site: Schema.NullOr(Schema.String),
  side: ChartSideSchema,
  x: Schema.Number,
  y: Schema.Number,
})
export type ServedSite = typeof ServedSite.Type

/** A safety level a chart draws: not needled at all, or only with care. */
export const ChartSafetyLevel = Schema.Literals(["contraindicated", "caution"])

/**
 * The safety flags a chart can highlight, only those a point has: pregnancy and children by level,
 * the organs beneath by name in the caller's language, the depth in cun not to pass. Carried only
 * for points the caller may open, like their names.
 */
export const ChartSafety = Schema.Struct({
  pregnancy: Schema.optionalKey(ChartSafetyLevel),
  children: Schema.optionalKey(ChartSafetyLevel),
  organs: Schema.optionalKey(Schema.Array(Schema.String)),
  depth: Schema.optionalKey(Schema.Number),
})
export type ChartSafety = typeof ChartSafety.Type

/** A point the caller may open, with what names it and where the text says it lies. */
export const ServedPoint = Schema.Struct({
  code: Schema.String,
  slug: Schema.String,
  pinyin: Schema.String,
  name: Schema.String,
  /** The location text in the caller's language, or in English where it has no translation. */
  location: Schema.String,
  /** The language `location` is written in, for its `lang` attribute. */
  locationLanguage: Schema.Literals(["en", "de", "es"]),
  /** The channel code or extra-point group ("LU", "EX-HN") the point is walked along. */
  group: Schema.String,
  sites: Schema.Array(ServedSite),
  /** Its safety flags as the charts highlight them; absent when it has none of them. */
  safety: Schema.optionalKey(ChartSafety),
})
export type ServedPoint = typeof ServedPoint.Type

export const ServedPathway = Schema.Struct({
  id: Schema.String,
  kind: Schema.Literals(["channel", "vessel"]),
  side: ChartSideSchema,
  /** SVG path data of the course. */
  d: Schema.String,
  /** The keys of the sites it runs through, in order. */
  stops: Schema.Array(Schema.String),
})
export type ServedPathway = typeof ServedPathway.Type

export const ServedRegion = Schema.Struct({
  area: Schema.String,
  d: Schema.String,
})
export type ServedRegion = typeof ServedRegion.Type

export const ChartArtKind = Schema.Literals(["outline", "feature", "guide", "cut"])
export const ServedArt = Schema.Struct({ kind: ChartArtKind, d: Schema.String })
export type ServedArt = typeof ServedArt.Type

/** A named group of points on the view (a channel, a vessel, the extra points of a region). */
export const ServedGroup = Schema.Struct({ id: Schema.String, name: Schema.String })

export const ServedChart = Schema.Struct({
  id: ChartViewIdSchema,
  title: Schema.String,
  /** The text alternative of the drawing: what it shows and how the body is posed. */
  description: Schema.String,
  viewBox: Schema.Tuple([Schema.Number, Schema.Number, Schema.Number, Schema.Number]),
  nearSide: Schema.Literals(["left", "right"]),
  art: Schema.Array(ServedArt),
  regions: Schema.Array(ServedRegion),
  points: Schema.Array(ServedPoint),
  /**
   * Points of Pro for a caller without it: where they are, and nothing else — each place once,
   * sorted by x and then y, so not even their order says which point or channel a dot is.
   */
  dots: Schema.Array(Schema.Tuple([Schema.Number, Schema.Number])),
  /** How many points those dots are (a bilateral point is two dots). */
  lockedPoints: Schema.Number,
  pathways: Schema.Array(ServedPathway),
  groups: Schema.Array(ServedGroup),
})
export type ServedChart = typeof ServedChart.Type

/** The part of a served view that draws the body alone: what the answer component is given. */
export type ChartDrawing = Pick<ServedChart, "id" | "title" | "description" | "viewBox" | "art">

/** A view to show something on, with the point site to highlight when it is a point. */
export const ChartPlace = Schema.Struct({ view: ChartViewIdSchema, key: Schema.NullOr(Schema.String) })
export type ChartPlace = typeof ChartPlace.Type

export const ChartIndex = Schema.Struct({
  views: Schema.Array(
    Schema.Struct({ id: ChartViewIdSchema, title: Schema.String, points: Schema.Number, dots: Schema.Number }),
  ),
  /** Per point the caller may open: its best view and, where it helps, a second one. */
  points: Schema.Record(Schema.String, Schema.Array(ChartPlace)),
  /** Per channel and vessel the caller may open: the views that draw most of its course, best first. */
  pathways: Schema.Record(Schema.String, Schema.Array(ChartViewIdSchema)),
  /** Per body area: the views that show its region with most of its points, best first. */
  areas: Schema.Record(Schema.String, Schema.Array(ChartViewIdSchema)),
})
export type ChartIndex = typeof ChartIndex.Type
