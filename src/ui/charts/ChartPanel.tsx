// A body chart inside a page (point, channel, vessel, body area) or the explorer: the views it
// offers, chart or list, the zoom tools, the drawing, the note on Pro points, the safety highlight's
// legend (and that Pro points are not highlighted), and what changed, announced. Loaded with React.lazy, so nothing of the charts is in the first download; it asks
// the server for its views and each view only when it is shown.
import { useActorRef, useSelector } from "@xstate/react"
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react"
import { ToggleButton } from "react-aria-components/ToggleButton"
import { ToggleButtonGroup } from "react-aria-components/ToggleButtonGroup"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import { type ChartViewId, chartViewHref } from "../../domain/charts/chart-ids.ts"
import { type ChartHighlight, highlightedPoints } from "../../domain/charts/chart-safety.ts"
import type { ChartSubject } from "../../domain/charts/chart-subjects.ts"
import type { ServedChart } from "../../domain/charts/chart-views.ts"
import { pointHref } from "../../domain/content/content-links.ts"
import { type ChartInput, type ChartMode, chartMachine } from "../../machines/charts/chart-machine.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { type ChartEmphasis, ChartFigure } from "./ChartFigure.tsx"
import { ChartPointList } from "./ChartPointList.tsx"
import { SafetyLegend } from "./ChartSafetyMarks.tsx"
import { ChartToolbar } from "./ChartToolbar.tsx"
import "./charts.css"

export type ChartActor = ReturnType<typeof useChartActor>

/** The chart machine with the app's calls and navigation, started for this subject. */
export const useChartActor = (input: ChartInput) => {
  const { machines, navigation } = useAppServices()
  const { charts } = machines
  const machine = useMemo(
    () =>
      chartMachine.provide({
        actors: { fetchIndex: charts.fetchIndex, fetchChart: charts.fetchChart },
        actions: { openPoint: (_, { slug }) => navigation.go(pointHref(slug)) },
      }),
    [charts, navigation],
  )
  return useActorRef(machine, { input })
}

export interface ChartPanelViewProps {
  readonly actor: ChartActor
  readonly heading: string
  readonly headingLevel?: 2 | 3
  readonly emphasis?: ChartEmphasis
  /** The id of the page's own text about what the chart shows (a point's location text). */
  readonly describedBy?: string
  /** Offer the views as buttons (a page's chart) or leave picking to the page (the explorer). */
  readonly viewPicker?: "buttons" | "none"
  readonly wheel?: "always" | "modifier"
  /** Beside the drawing (the explorer's details of the focused point). */
  readonly aside?: (chart: ServedChart) => ReactNode
  /** Below the drawing: links for the view shown (to the explorer, to practise). */
  readonly footer?: (view: ChartViewId) => ReactNode
}

const useStatus = (actor: ChartActor) =>
  useSelector(actor, (s) =>
    s.hasTag("busy") ? "busy" : s.matches("failed") ? "failed" : s.matches("absent") ? "absent" : "ready",
  )

export const ChartPanelView = ({
  actor,
  heading,
  headingLevel = 2,
  emphasis = {},
  describedBy,
  viewPicker = "buttons",
  wheel = "modifier",
  aside,
  footer,
}: ChartPanelViewProps) => {
  const { t } = useTranslation("charts")
  const { upgrade } = useAppServices()
  const status = useStatus(actor)
  const view = useSelector(actor, (s) => s.context.view)
  const views = useSelector(actor, (s) => s.context.plan.views)
  const chart = useSelector(actor, (s) => (s.context.view ? s.context.charts[s.context.view] : undefined))
  const focus = useSelector(actor, (s) => s.context.focus)
  const highlight = useSelector(actor, (s) => s.context.highlight)
  const zoom = useSelector(actor, (s) => s.context.zoom)
  const mode = useSelector(actor, (s) => s.context.mode)
  const safety = useSelector(actor, (s) => s.context.safety)
  const failure = useSelector(actor, (s) => s.context.failure)
  const ready = status === "ready" && chart !== undefined
  const id = useId()
  const headingId = `${id}-heading`
  const instructionsId = `${id}-instructions`
  const captionId = `${id}-caption`
  const Heading = headingLevel === 2 ? "h2" : "h3"

  // What changed is said once, politely: another view, another zoom, chart or list, another
  // highlight and how many points it marks on the view (said with the view while one is on).
  const [announcement, setAnnouncement] = useState("")
  const last = useRef<{ view: ChartViewId | null; scale: number; mode: ChartMode; safety: ChartHighlight } | null>(null)
  useEffect(() => {
    if (!ready || !chart) return
    const previous = last.current
    last.current = { view, scale: zoom.scale, mode, safety }
    if (!previous) return
    const highlighted =
      safety === "none"
        ? t("announce.noHighlight")
        : t("announce.highlighted", {
            count: highlightedPoints(chart, safety).length,
            highlight: t(`highlight.${safety}`),
          })
    if (previous.view !== view && view)
      setAnnouncement(
        [t("announce.view", { view: t(`views.${view}`) }), safety === "none" ? "" : highlighted].join(" ").trim(),
      )
    else if (previous.safety !== safety) setAnnouncement(highlighted)
    else if (previous.mode !== mode) setAnnouncement(t(mode === "list" ? "announce.list" : "announce.chart"))
    else if (Math.abs(previous.scale - zoom.scale) > 1e-6)
      setAnnouncement(t("announce.zoom", { percent: Math.round(zoom.scale * 100) }))
  }, [ready, chart, view, zoom.scale, mode, safety, t])

  if (status === "absent") return null
  return (
    <section className="chart-panel" aria-labelledby={headingId}>
      <div className="chart-panel-head">
        <Heading id={headingId} className="chart-panel-title">
          {heading}
        </Heading>
        <div className="chart-panel-controls">
          {viewPicker === "buttons" && views.length > 1 ? (
            <ToggleButtonGroup
              aria-label={t("viewsLabel")}
              className="segmented"
              selectionMode="single"
              disallowEmptySelection
              selectedKeys={view ? [view] : []}
              onSelectionChange={(keys) => {
                const next = [...keys][0]
                if (next) actor.send({ type: "view.select", view: next as ChartViewId })
              }}
            >
              {views.map((v) => (
                <ToggleButton key={v} id={v} className="segmented-item">
                  {t(`views.${v}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          ) : null}
          <ToggleButtonGroup
            aria-label={t("modeLabel")}
            className="segmented"
            selectionMode="single"
            disallowEmptySelection
            selectedKeys={[mode]}
            onSelectionChange={(keys) => {
              const next = [...keys][0]
              if (next) actor.send({ type: "mode.set", mode: next as ChartMode })
            }}
          >
            <ToggleButton id="chart" className="segmented-item">
              {t("modeChart")}
            </ToggleButton>
            <ToggleButton id="list" className="segmented-item">
              {t("modeList")}
            </ToggleButton>
          </ToggleButtonGroup>
        </div>
      </div>

      {status === "busy" ? (
        <div className="chart-placeholder" role="status">
          <span className="spinner" aria-hidden="true" /> {t("loading")}
        </div>
      ) : null}

      {status === "failed" ? (
        <div className="part-failed">
          <FormMessage kind="error">
            {[
              t("failed"),
              t(failure?.key ?? "charts:errors.server"),
              failure?.reference ? t("reference", { reference: failure.reference }) : "",
            ]
              .filter(Boolean)
              .join(" ")}
          </FormMessage>
          <Button variant="secondary" onPress={() => actor.send({ type: "chart.retry" })}>
            {t("retry")}
          </Button>
        </div>
      ) : null}

      {ready ? (
        <>
          <div className={aside ? "chart-body with-aside" : "chart-body"}>
            {mode === "chart" ? (
              <figure className="chart-figure">
                <ChartToolbar
                  zoom={zoom}
                  onZoomIn={() => actor.send({ type: "zoom.in" })}
                  onZoomOut={() => actor.send({ type: "zoom.out" })}
                  onReset={() => actor.send({ type: "zoom.reset" })}
                  onPan={(dx, dy) => actor.send({ type: "pan.by", dx, dy })}
                />
                <ChartFigure
                  chart={chart}
                  zoom={zoom}
                  focus={focus}
                  highlight={highlight}
                  emphasis={emphasis}
                  safety={safety}
                  labelId={headingId}
                  describedBy={[captionId, instructionsId, describedBy].filter(Boolean).join(" ")}
                  wheel={wheel}
                  onFocusPoint={(key) => actor.send({ type: "point.focus", key })}
                  onStep={(step) => actor.send({ type: "point.step", step })}
                  onEnd={(end) => actor.send({ type: "point.end", end })}
                  onGroupStep={(step) => actor.send({ type: "group.step", step })}
                  onOpen={(key) => actor.send({ type: "point.open", key })}
                  onZoom={(factor, at) =>
                    actor.send(at ? { type: "zoom.by", factor, at } : { type: "zoom.by", factor })
                  }
                  onZoomReset={() => actor.send({ type: "zoom.reset" })}
                  onPan={(dx, dy) => actor.send({ type: "pan.by", dx, dy })}
                />
                <figcaption id={captionId} className="chart-caption">
                  <span className="chart-caption-title">{t(`views.${chart.id}`)}.</span> {chart.description}
                </figcaption>
                <p id={instructionsId} className="visually-hidden">
                  {t("instructions")}
                </p>
              </figure>
            ) : (
              <ChartPointList
                chart={chart}
                highlight={highlight}
                emphasis={emphasis}
                safety={safety}
                headingLevel={headingLevel === 2 ? 3 : 4}
              />
            )}
            {aside ? aside(chart) : null}
          </div>
          {footer ? footer(chart.id) : null}
          <SafetyLegend highlight={safety} />
          {safety !== "none" && chart.lockedPoints > 0 ? (
            <p className="chart-pro-note">{t("highlight.proNotHighlighted")}</p>
          ) : null}
          {chart.lockedPoints > 0 ? (
            <p className="chart-pro-note">
              <span className="chart-pro-swatch" aria-hidden="true" />
              {t("proDots", { count: chart.lockedPoints })}{" "}
              <button
                type="button"
                className="link-button"
                onClick={() => upgrade.send({ type: "upgrade.open", lite: true })}
              >
                {t("seePlans")}
              </button>
            </p>
          ) : null}
        </>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  )
}

export interface ChartPanelProps {
  readonly subject: ChartSubject
  readonly heading: string
  readonly headingLevel?: 2 | 3
  readonly highlight?: string | null
  readonly emphasis?: ChartEmphasis
  readonly describedBy?: string
}

/** Links from a page's chart to the explorer: the same view, and for a point, practising it. */
const ExplorerLinks = ({ view, subject }: { readonly view: ChartViewId; readonly subject: ChartSubject }) => {
  const { t } = useTranslation("charts")
  const { t: common } = useTranslation("common")
  const code = subject.kind === "point" ? subject.code : undefined
  return (
    <p className="chart-links">
      <Link href={chartViewHref(view, code ? { point: code } : {})}>{t("openInExplorer")}</Link>
      {code ? <Link href={chartViewHref(view, { find: code })}>{common("browse.findOnChart")}</Link> : null}
    </p>
  )
}

/** A chart for a page: finds the views for its subject, then draws the best one. */
const ChartPanel = ({ subject, highlight = null, ...view }: ChartPanelProps) => {
  const actor = useChartActor({ subject, highlight })
  return <ChartPanelView actor={actor} footer={(v) => <ExplorerLinks view={v} subject={subject} />} {...view} />
}

export default ChartPanel
