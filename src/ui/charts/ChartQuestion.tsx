// A self-test question answered on a chart ("where is ST-36?"), and its review: loads the one view
// the question names with the chart machine (so a view already shown elsewhere in the app is the
// same request and a failure says so in place, with a retry), then draws the body with the
// question's lettered positions through the answer component. The positions are the question's,
// never the chart's points: the drawing names no point.
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import type { ChartViewId } from "../../domain/charts/chart-ids.ts"
import { Button } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { type AnswerCandidate, ChartAnswer } from "./ChartAnswer.tsx"
import { useChartActor } from "./ChartPanel.tsx"

export interface ChartQuestionProps {
  readonly view: ChartViewId
  readonly candidates: ReadonlyArray<AnswerCandidate>
  readonly value: string | null
  readonly onChange: (id: string) => void
  readonly label: string
  /** How to answer, read after the label; the review passes none. */
  readonly instructions?: string
  /** The review: the right position, marked together with the chosen one. */
  readonly answer?: string | null
  readonly isDisabled?: boolean
}

export const ChartQuestion = ({ view, ...answer }: ChartQuestionProps) => {
  const { t } = useTranslation("charts")
  const actor = useChartActor({ subject: { kind: "views", views: [view] }, view })
  const chart = useSelector(actor, (s) => s.context.charts[view])
  const failure = useSelector(actor, (s) => (s.matches("failed") ? s.context.failure : null))
  if (failure) {
    return (
      <div className="part-failed">
        <FormMessage kind="error">{`${t("failed")} ${t(failure.key)}`}</FormMessage>
        <Button variant="secondary" onPress={() => actor.send({ type: "chart.retry" })}>
          {t("retry")}
        </Button>
      </div>
    )
  }
  if (!chart) {
    return (
      <div className="chart-placeholder" role="status">
        <span className="spinner" aria-hidden="true" /> {t("loading")}
      </div>
    )
  }
  return <ChartAnswer drawing={chart} {...answer} />
}

export default ChartQuestion
