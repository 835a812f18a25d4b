// The charts as the rest of the app uses them: each part is loaded with React.lazy when it is first
// shown, so the first download of the app holds nothing of the charts. A part that cannot be
// loaded (offline) says so where the chart would be, with a retry, and the page keeps working.
import { Component, type ComponentProps, lazy, type ReactNode, Suspense, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import type { ChartAnswerProps } from "./ChartAnswer.tsx"
import type { ChartPanelProps } from "./ChartPanel.tsx"
import type { ChartQuestionProps } from "./ChartQuestion.tsx"

const load = {
  panel: () => import("./ChartPanel.tsx"),
  explorer: () => import("./ChartExplorerPage.tsx"),
  answer: () => import("./ChartAnswer.tsx"),
  question: () => import("./ChartQuestion.tsx"),
}

const Placeholder = () => {
  const { t } = useTranslation("common")
  return (
    <div className="chart-placeholder" role="status">
      <span className="spinner" aria-hidden="true" /> {t("loading")}
    </div>
  )
}

class Boundary extends Component<
  { readonly fallback: (retry: () => void) => ReactNode; readonly children: ReactNode },
  { readonly failed: boolean }
> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children
  }
}

const Failed = ({ retry }: { readonly retry: () => void }) => {
  const { t } = useTranslation("common")
  return (
    <div className="chart-failed">
      <FormMessage kind="error">{t("browse.chartFailed")}</FormMessage>
      <Button variant="secondary" onPress={retry}>
        {t("footer.retry")}
      </Button>
    </div>
  )
}

/**
 * A lazily loaded part inside a boundary. A failed import is not cached by React.lazy's module, so
 * a retry makes a new lazy component that imports again.
 */
const lazyPart = <P extends object>(importer: () => Promise<{ default: React.ComponentType<P> }>) => {
  const Part = (props: P) => {
    const [attempt, setAttempt] = useState(0)
    const [Lazy, setLazy] = useState(() => lazy(importer))
    return (
      <Boundary
        key={attempt}
        fallback={(reset) => (
          <Failed
            retry={() => {
              setLazy(() => lazy(importer))
              setAttempt((n) => n + 1)
              reset()
            }}
          />
        )}
      >
        <Suspense fallback={<Placeholder />}>
          <Lazy {...(props as ComponentProps<typeof Lazy>)} />
        </Suspense>
      </Boundary>
    )
  }
  return Part
}

/** A chart for a page: a point on its best views, a channel's or vessel's course, a body area. */
export const BodyChart = lazyPart<ChartPanelProps>(load.panel)
/** The chart explorer page (/book/charts). */
export const ChartExplorer = lazyPart<{ readonly view?: string | undefined }>(load.explorer)
/** The answer component for "where is this point?" questions (see ChartAnswer.tsx for its props). */
export const LazyChartAnswer = lazyPart<ChartAnswerProps>(load.answer)
/** A self-test question answered on a chart, and its review (see ChartQuestion.tsx). */
export const LazyChartQuestion = lazyPart<ChartQuestionProps>(load.question)
