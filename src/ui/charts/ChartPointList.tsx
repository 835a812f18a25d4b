// The same points as the drawing, as a list: grouped by channel (extra points by region), each a
// link to its page with its location text, the page's own point marked, and under a safety
// highlight the marked points with their flags in words. The text alternative of the chart for
// anyone who does not use the drawing.
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import { type ChartHighlight, safetyMark } from "../../domain/charts/chart-safety.ts"
import type { ServedChart, ServedPoint } from "../../domain/charts/chart-views.ts"
import { pointHref } from "../../domain/content/content-links.ts"
import type { ChartEmphasis } from "./ChartFigure.tsx"
import { MarkIcon, useSafetyNotes } from "./ChartSafetyMarks.tsx"

export const ChartPointList = ({
  chart,
  highlight,
  emphasis,
  safety = "none",
  headingLevel,
}: {
  readonly chart: ServedChart
  readonly highlight: string | null
  readonly emphasis: ChartEmphasis
  readonly safety?: ChartHighlight
  readonly headingLevel: 3 | 4
}) => {
  const { t } = useTranslation("charts")
  const { t: common } = useTranslation("common")
  const Heading = headingLevel === 3 ? "h3" : "h4"
  const notes = useSafetyNotes(chart, safety)
  const names = new Map(chart.groups.map((g) => [g.id, g.name]))
  const groupName = (group: string) =>
    names.get(group) ??
    (group.startsWith("EX-")
      ? t("extraGroup", { region: common(`browse.regions.${group.slice(3).replace(/\d+$/, "")}`) })
      : group)
  const groups = new Map<string, Array<ServedPoint>>()
  for (const p of chart.points) groups.set(p.group, [...(groups.get(p.group) ?? []), p])
  const first = emphasis.pathway ?? (highlight ? chart.points.find((p) => p.code === highlight)?.group : undefined)
  const ordered = [...groups].sort(([a], [b]) => Number(b === first) - Number(a === first))
  return (
    <div className="chart-list">
      {ordered.map(([group, points]) => (
        <section key={group} aria-labelledby={`chart-list-${chart.id}-${group}`} className="chart-list-group">
          <Heading id={`chart-list-${chart.id}-${group}`}>{groupName(group)}</Heading>
          <ul>
            {points.map((p) => {
              const mark = safetyMark(p.safety, safety)
              return (
                <li key={p.code} className={p.code === highlight ? "is-highlight" : undefined}>
                  <Link href={pointHref(p.slug)} aria-current={p.code === highlight ? "page" : undefined}>
                    <span className="point-code">{p.code}</span> {p.pinyin} — {p.name}
                  </Link>
                  {p.code === highlight ? <span className="badge category">{t("highlighted")}</span> : null}
                  {mark === null ? null : (
                    <span className="chart-safety-note">
                      <MarkIcon mark={mark} />
                      <span className="visually-hidden">— </span>
                      {notes.get(p.code)}
                    </span>
                  )}
                  <p className="muted" lang={p.locationLanguage}>
                    {p.location}
                  </p>
                </li>
              )
            })}
          </ul>
        </section>
      ))}
    </div>
  )
}
