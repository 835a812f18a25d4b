// The safety highlight on a chart: the marks drawn around the points it concerns (a struck-through
// ring where the point is not needled, a triangle where it is needled with care, a plain ring for
// organs beneath and depth limits — shape, not colour alone, and dark on a white rim so they hold
// 3:1 against anything beneath), the legend of those marks, and the words a marked point's name
// and list entry add: the point page's own words for its flags.
import { memo, useMemo } from "react"
import { useTranslation } from "react-i18next"
import type { Point2 } from "../../domain/charts/chart-geometry.ts"
import {
  type ChartHighlight,
  type FlagText,
  highlightTexts,
  type SafetyMark,
  safetyMark,
} from "../../domain/charts/chart-safety.ts"
import { chartSites } from "../../domain/charts/chart-served.ts"
import type { ServedChart } from "../../domain/charts/chart-views.ts"
import { capitalized } from "../content/SafetyRow.tsx"

/** Sizes on screen in CSS pixels, around a dot of 4.5 px (7 px for the page's own point). */
const RING_PX = 9.5
const TRIANGLE_PX = 12.5

/** A mark's shape around (0, 0), `size` CSS pixels per unit of the shape (1 = a 1 px grid). */
const MarkShape = ({ mark, size }: { readonly mark: SafetyMark; readonly size: number }) => {
  const r = RING_PX * size
  if (mark === "caution") {
    const t = TRIANGLE_PX * size
    const [dx, dy] = [t * Math.cos(Math.PI / 6), t * Math.sin(Math.PI / 6)]
    return <path d={`M0 ${-t}L${dx} ${dy}L${-dx} ${dy}Z`} />
  }
  const slash = r * Math.SQRT1_2
  return (
    <>
      <circle r={r} />
      {mark === "forbidden" ? <line x1={-slash} y1={slash} x2={slash} y2={-slash} /> : null}
    </>
  )
}

/** One mark at a place: a white rim first, the dark mark over it. */
const Mark = ({ mark, at, unit }: { readonly mark: SafetyMark; readonly at: Point2; readonly unit: number }) => (
  <g className={`chart-safety-mark is-${mark}`} transform={`translate(${at[0]} ${at[1]})`}>
    <g className="chart-safety-rim">
      <MarkShape mark={mark} size={unit} />
    </g>
    <g className="chart-safety-line">
      <MarkShape mark={mark} size={unit} />
    </g>
  </g>
)

/**
 * The marks of a view under a highlight, over the dots and labels and under the page's own point.
 * Hidden from reading: each marked point's link says the same in words (useSafetyNotes).
 */
export const ChartSafetyMarks = memo(
  ({
    chart,
    highlight,
    unit,
  }: {
    readonly chart: ServedChart
    readonly highlight: ChartHighlight
    /** View units per CSS pixel. */
    readonly unit: number
  }) => {
    if (highlight === "none") return null
    const marked = chartSites(chart).flatMap((site) => {
      const mark = safetyMark(site.point.safety, highlight)
      return mark === null ? [] : [{ site, mark }]
    })
    return (
      // biome-ignore lint/a11y/noAriaHiddenOnFocusable: the marks repeat the points' names and hold nothing focusable
      <g className="chart-safety-marks" aria-hidden="true">
        {marked.map(({ site, mark }) => (
          <Mark key={site.key} mark={mark} at={site.position} unit={unit} />
        ))}
      </g>
    )
  },
)

/** A flag in the point page's words ("Forbidden in pregnancy", "Lung and pleura beneath"). */
export const useFlagText = () => {
  const { t: common, i18n } = useTranslation("common")
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 })
  return (flag: FlagText) =>
    capitalized(
      common(flag.text, { label: flag.label, cun: flag.cun === undefined ? undefined : number.format(flag.cun) }),
      i18n.language,
    )
}

/** Per point code, what the highlight says of it in words; empty without a highlight. */
export const useSafetyNotes = (chart: ServedChart, highlight: ChartHighlight): ReadonlyMap<string, string> => {
  const text = useFlagText()
  const { i18n } = useTranslation("common")
  // biome-ignore lint/correctness/useExhaustiveDependencies: the words change with the language alone
  return useMemo(() => {
    const notes = new Map<string, string>()
    if (highlight === "none") return notes
    for (const point of chart.points) {
      const texts = highlightTexts(point.safety, highlight)
      if (texts.length > 0) notes.set(point.code, texts.map(text).join(", "))
    }
    return notes
  }, [chart, highlight, i18n.language])
}

/** A mark as a small picture beside words: the legend's and the list's. */
export const MarkIcon = ({ mark }: { readonly mark: SafetyMark }) => (
  <svg className={`chart-safety-icon is-${mark}`} viewBox="-15 -15 30 30" aria-hidden="true" focusable="false">
    <circle className="chart-safety-icon-dot" r={4.5} />
    <g className="chart-safety-line">
      <MarkShape mark={mark} size={1} />
    </g>
  </svg>
)

/** The marks a highlight draws, each with its meaning: both levels for pregnancy and children. */
export const SafetyLegend = ({ highlight }: { readonly highlight: ChartHighlight }) => {
  const { t } = useTranslation("charts")
  const text = useFlagText()
  if (highlight === "none") return null
  const entries: ReadonlyArray<{ readonly mark: SafetyMark; readonly label: string }> =
    highlight === "pregnancy" || highlight === "children"
      ? (["contraindicated", "caution"] as const).map((level) => ({
          mark: level === "contraindicated" ? "forbidden" : "caution",
          label: text(
            highlightTexts(highlight === "pregnancy" ? { pregnancy: level } : { children: level }, highlight)[0]!,
          ),
        }))
      : [{ mark: "flagged", label: t(`highlight.${highlight}`) }]
  return (
    <ul className="chart-safety-legend" aria-label={t("highlight.legend")}>
      {entries.map((e) => (
        <li key={e.mark}>
          <MarkIcon mark={e.mark} />
          {e.label}
        </li>
      ))}
    </ul>
  )
}
