// The charts as the rest of the app uses them: each part is loaded with React.lazy when it is first
// shown, so the first download of the app holds nothing of the charts. A part that cannot be
// loaded (offline) says so where the chart would be, with a retry, and the page keeps working; a
// part whose code throws while drawing says that something went wrong instead, with a retry too.
import { useTranslation } from "react-i18next"
import { lazyPart } from "../shared/components/lazy-part.tsx"
import type { ChartPanelProps } from "./ChartPanel.tsx"
import type { ChartQuestionProps } from "./ChartQuestion.tsx"

const Placeholder = () => {
  const { t } = useTranslation("common")
  return (
    <div className="chart-placeholder" role="status">
      <span className="spinner" aria-hidden="true" /> {t("loading")}
    </div>
  )
}

const chart = { placeholder: <Placeholder />, failure: "browse.chartFailed", renderFailure: "browse.chartError" }

/** A chart for a page: a point on its best views, a channel's or vessel's course, a body area. */
export const BodyChart = lazyPart<ChartPanelProps>(() => import("./ChartPanel.tsx"), chart)
/** The chart explorer page (/book/charts). */
export const ChartExplorer = lazyPart<{ readonly view?: string | undefined }>(
  () => import("./ChartExplorerPage.tsx"),
  chart,
)
/** A self-test question answered on a chart, and its review (see ChartQuestion.tsx). */
export const LazyChartQuestion = lazyPart<ChartQuestionProps>(() => import("./ChartQuestion.tsx"), chart)
