// The knowledge base as the server gives it to the question generators: the content files with the
// body charts resolved from content/charts, and those resolved views for an independent check.
import { loadContent } from "../../../server/content/load-content.ts"
import { resolveView } from "../../../src/domain/charts/chart-resolve.ts"
import { testChartsOf } from "../../../src/domain/self-tests/test-charts.ts"
import { loadChartViews } from "../../content/chart-helpers.ts"

export const loadTestContent = () => {
  const resolvedViews = loadChartViews().map(resolveView)
  return { content: { ...loadContent(), charts: testChartsOf(resolvedViews) }, resolvedViews }
}
