// /book/charts and /book/charts/{view}: the chart explorer, reached from the book. Pick a view,
// walk its points along the channels (the details of the point the keyboard is on beside the
// drawing, its safety flags among them), open a point; highlight the points with a safety flag;
// or practise finding points on the view. `?point=LU-9` starts on a point, `?find=ST-36` asks where
// that point is, `?safety=pregnancy` highlights (and stays when the view changes).
import { useSelector } from "@xstate/react"
import { useEffect, useId, useState } from "react"
import { Button as AriaButton } from "react-aria-components/Button"
import { Label } from "react-aria-components/Label"
import { ListBox, ListBoxItem } from "react-aria-components/ListBox"
import { Popover } from "react-aria-components/Popover"
import { Select, SelectValue } from "react-aria-components/Select"
import { ToggleButton } from "react-aria-components/ToggleButton"
import { ToggleButtonGroup } from "react-aria-components/ToggleButtonGroup"
import { useTranslation } from "react-i18next"
import { Link, useLocation, useSearch } from "wouter"
import { CHART_VIEW_IDS, type ChartViewId, chartViewHref, isChartViewId } from "../../domain/charts/chart-ids.ts"
import { flagTexts, HIGHLIGHT_PARAM, parseChartHighlight } from "../../domain/charts/chart-safety.ts"
import { channelNeighbours, siteByKey } from "../../domain/charts/chart-served.ts"
import type { ServedChart } from "../../domain/charts/chart-views.ts"
import { BOOK_HREF, pointHref } from "../../domain/content/content-links.ts"
import { useAppServices } from "../app-services.tsx"
import { SafetyIcon } from "../content/SafetyRow.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { usePageTitle } from "../shared/page-hooks.ts"
import { ChartHighlightSelect } from "./ChartHighlightSelect.tsx"
import { type ChartActor, ChartPanelView, useChartActor } from "./ChartPanel.tsx"
import { useFlagText } from "./ChartSafetyMarks.tsx"
import { PracticePanel } from "./PracticePanel.tsx"

/** The point the keyboard is on: its names, where the text puts it, its neighbours, its page. */
const FocusedPoint = ({ actor, chart }: { readonly actor: ChartActor; readonly chart: ServedChart }) => {
  const { t } = useTranslation("charts")
  const { t: common } = useTranslation("common")
  const flagText = useFlagText()
  const focus = useSelector(actor, (s) => s.context.focus)
  const site = siteByKey(chart, focus)
  const headingId = useId()
  const flagsId = useId()
  if (!site) return null
  const { previous, next } = channelNeighbours(chart, site.key)
  // The flags the charts mark, in the point page's words; none at all shows nothing (not "safe").
  const flags = flagTexts(site.point.safety)
  return (
    <aside className="chart-details" aria-labelledby={headingId}>
      <h2 id={headingId} className="chart-details-title">
        <span className="visually-hidden">{t("focusedTitle")}: </span>
        <span className="point-code">{site.code}</span> {site.point.pinyin}
      </h2>
      <p className="lead">{site.point.name}</p>
      <p lang={site.point.locationLanguage}>{site.point.location}</p>
      {flags.length > 0 ? (
        <div className="chart-details-flags">
          <span id={flagsId} className="safety-heading">
            {common("browse.safety.heading")}
          </span>
          <ul aria-labelledby={flagsId}>
            {flags.map((flag) => (
              <li key={flag.key} className={`safety-flag-${flag.icon}`}>
                <SafetyIcon icon={flag.icon} />
                {flagText(flag)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="muted">
        {t("neighbours", {
          previous: previous?.code ?? t("noPrevious"),
          next: next?.code ?? t("noNext"),
        })}
      </p>
      <Link href={pointHref(site.point.slug)} className="button secondary">
        {t("openPoint")}
      </Link>
    </aside>
  )
}

const ChartExplorerPage = ({ view: routeView }: { readonly view?: string | undefined }) => {
  const { t } = useTranslation("charts")
  const { t: common } = useTranslation("common")
  usePageTitle(t("explorer.title"))
  const { navigation } = useAppServices()
  const search = useSearch()
  const [path] = useLocation()
  const params = new URLSearchParams(search)
  const find = params.get("find")
  // An unknown value highlights nothing, as if there were none.
  const safety = parseChartHighlight(params.get(HIGHLIGHT_PARAM))
  const known = routeView === undefined || isChartViewId(routeView)
  const actor = useChartActor({
    subject: { kind: "views", views: CHART_VIEW_IDS },
    view: known && routeView ? (routeView as ChartViewId) : null,
    highlight: params.get("point"),
    safety,
  })
  const view = useSelector(actor, (s) => s.context.view)
  const [activity, setActivity] = useState<"explore" | "practice">(find ? "practice" : "explore")

  // The address says which view is shown and what is highlighted; choosing either changes the address.
  useEffect(() => {
    if (routeView && isChartViewId(routeView)) actor.send({ type: "view.select", view: routeView })
  }, [routeView, actor])
  useEffect(() => {
    actor.send({ type: "safety.highlight", highlight: safety })
  }, [safety, actor])
  /** The same page with another highlight: only the address's `safety` changes, so the keyboard stays. */
  const highlightHref = (next: typeof safety) => {
    const query = new URLSearchParams(search)
    if (next === "none") query.delete(HIGHLIGHT_PARAM)
    else query.set(HIGHLIGHT_PARAM, next)
    return `${path}${query.size > 0 ? `?${query}` : ""}`
  }

  return (
    <article className="chart-explorer">
      <nav aria-label={common("browse.breadcrumb")} className="breadcrumb">
        <ol>
          <li>
            <Link href={BOOK_HREF}>{common("browse.bookTitle")}</Link>
          </li>
          <li aria-current="page">{t("explorer.title")}</li>
        </ol>
      </nav>
      <h1>{t("explorer.title")}</h1>
      <p className="lead">{t("explorer.intro")}</p>
      {known ? null : <FormMessage kind="error">{t("explorer.unknownView", { view: routeView })}</FormMessage>}
      <div className="explorer-controls">
        <Select
          className="explorer-select"
          selectedKey={view}
          onSelectionChange={(key) => {
            if (typeof key === "string" && isChartViewId(key) && key !== view)
              navigation.go(chartViewHref(key, safety === "none" ? {} : { safety }))
          }}
        >
          <Label className="label">{t("explorer.viewLabel")}</Label>
          <AriaButton className="select-button">
            <SelectValue />
            <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 9l6 6 6-6" />
            </svg>
          </AriaButton>
          <Popover placement="bottom start">
            <ListBox className="menu-popover">
              {CHART_VIEW_IDS.map((id) => (
                <ListBoxItem key={id} id={id} className="menu-item">
                  {t(`views.${id}`)}
                </ListBoxItem>
              ))}
            </ListBox>
          </Popover>
        </Select>
        <ToggleButtonGroup
          aria-label={t("explorer.activityLabel")}
          className="segmented"
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[activity]}
          onSelectionChange={(keys) => {
            const next = [...keys][0]
            if (next === "explore" || next === "practice") setActivity(next)
          }}
        >
          <ToggleButton id="explore" className="segmented-item">
            {t("explorer.explore")}
          </ToggleButton>
          <ToggleButton id="practice" className="segmented-item">
            {t("explorer.practice")}
          </ToggleButton>
        </ToggleButtonGroup>
        {activity === "explore" ? (
          <ChartHighlightSelect value={safety} onChange={(next) => navigation.go(highlightHref(next))} />
        ) : null}
      </div>
      {activity === "explore" ? (
        <ChartPanelView
          actor={actor}
          heading={view ? t(`views.${view}`) : t("explorer.title")}
          viewPicker="none"
          wheel="always"
          aside={(chart) => <FocusedPoint actor={actor} chart={chart} />}
        />
      ) : (
        <PracticePanel actor={actor} code={find} />
      )}
    </article>
  )
}

export default ChartExplorerPage
