// Safety flags on the body charts: which flags a view can highlight ("Avoid in pregnancy", "Organs
// beneath", "Depth limit", "Not in young children"), the compact flags a served point carries for
// them, how each highlighted point is marked (forbidden and caution never look alike) and the
// point page's words for them. A point the caller may not open carries no flags, so it is never
// highlighted: the chart says no more about Pro points than the point lists do.
import type { OrganId, PointSafety } from "../content/point-safety.ts"
import { LEVEL_ICONS, SAFETY_TEXTS, type SafetyIcon } from "../content/safety-row.ts"
import type { ChartSafety, ServedChart, ServedPoint } from "./chart-views.ts"

/** What the explorer can highlight; "none" highlights nothing. */
export const CHART_HIGHLIGHTS = ["none", "pregnancy", "organs", "depth", "children"] as const
export type ChartHighlight = (typeof CHART_HIGHLIGHTS)[number]

/** The address parameter that keeps the choice: `/book/charts/body-front?safety=pregnancy`. */
export const HIGHLIGHT_PARAM = "safety"

/** The highlight an address asks for; anything unknown (or nothing) is no highlight. */
export const parseChartHighlight = (value: string | null | undefined): ChartHighlight =>
  CHART_HIGHLIGHTS.find((h) => h === value) ?? "none"

/**
 * The flags a served point carries: only the kinds a chart highlights, only those it has (none at
 * all: undefined, and the answer leaves the field out). `organ` names an organ in the caller's language.
 */
export const chartSafetyOf = (safety: PointSafety, organ: (id: OrganId) => string): ChartSafety | undefined => {
  const flags: {
    pregnancy?: ChartSafety["pregnancy"]
    children?: ChartSafety["children"]
    organs?: ReadonlyArray<string>
    depth?: number
  } = {}
  if (safety.pregnancy.level !== "none") flags.pregnancy = safety.pregnancy.level
  if (safety.children !== null) flags.children = safety.children.level
  if (safety.organsBeneath.length > 0) flags.organs = safety.organsBeneath.map((o) => organ(o.organ))
  if (safety.needlingDepthLimit !== null) flags.depth = safety.needlingDepthLimit.cun
  return Object.keys(flags).length > 0 ? flags : undefined
}

/** How a highlighted point is marked: struck through (not needled), a triangle (with care), a ring. */
export type SafetyMark = "forbidden" | "caution" | "flagged"

/** A point's mark under a highlight; null when the highlight does not concern it. */
export const safetyMark = (flags: ChartSafety | undefined, highlight: ChartHighlight): SafetyMark | null => {
  if (flags === undefined) return null
  switch (highlight) {
    case "pregnancy":
    case "children": {
      const level = flags[highlight]
      return level === undefined ? null : LEVEL_ICONS[level]
    }
    case "organs":
      return flags.organs !== undefined && flags.organs.length > 0 ? "flagged" : null
    case "depth":
      return flags.depth !== undefined ? "flagged" : null
    default:
      return null
  }
}

/** The points of a view a highlight marks (each point once, however many sites it has). */
export const highlightedPoints = (chart: ServedChart, highlight: ChartHighlight): ReadonlyArray<ServedPoint> =>
  highlight === "none" ? [] : chart.points.filter((p) => safetyMark(p.safety, highlight) !== null)

/** One flag in words: an i18n key of the common namespace (the point page's), with what fills it in. */
export interface FlagText {
  /** Unique among the point's flags. */
  readonly key: string
  /** The highlight that marks the point for it. */
  readonly kind: Exclude<ChartHighlight, "none">
  readonly icon: SafetyIcon
  readonly text: string
  readonly label?: string
  readonly cun?: number
}

/** A point's flags in words, in the point page's order: pregnancy, children, organs, depth. */
export const flagTexts = (flags: ChartSafety | undefined): ReadonlyArray<FlagText> => {
  if (flags === undefined) return []
  const texts: Array<FlagText> = []
  if (flags.pregnancy)
    texts.push({
      key: "pregnancy",
      kind: "pregnancy",
      icon: LEVEL_ICONS[flags.pregnancy],
      text: SAFETY_TEXTS.pregnancy[flags.pregnancy],
    })
  if (flags.children)
    texts.push({
      key: "children",
      kind: "children",
      icon: LEVEL_ICONS[flags.children],
      text: SAFETY_TEXTS.children[flags.children],
    })
  for (const [i, label] of (flags.organs ?? []).entries())
    texts.push({ key: `organ-${i}`, kind: "organs", icon: "organ", text: SAFETY_TEXTS.organBeneath, label })
  if (flags.depth !== undefined)
    texts.push({ key: "depth", kind: "depth", icon: "depth", text: SAFETY_TEXTS.depthLimit, cun: flags.depth })
  return texts
}

/** The flags a highlight is about, in words: what a marked point's name and list entry add. */
export const highlightTexts = (flags: ChartSafety | undefined, highlight: ChartHighlight): ReadonlyArray<FlagText> =>
  flagTexts(flags).filter((f) => f.kind === highlight)
