// Body charts: the two chart calls as actors for the chart machine. A chart that fails says so in
// place (the page around it keeps working), so the calls skip the app's toasts and the /not-found
// page; only an ended session still goes through the error catalogue. The chart machine itself is
// provided by the lazily loaded charts (src/ui/charts), so nothing of it is in the first download.
import type { ChartViewId } from "../domain/charts/chart-ids.ts"
import type { ChartIndex, ServedChart } from "../domain/charts/chart-views.ts"
import type { ApiFailure } from "../domain/shared/failures.ts"
import type { ChartCalls } from "../machines/charts/chart-machine.ts"
import type { Wiring } from "./shared/wiring.ts"

/** Which failures of a chart call the app-wide catalogue acts on: the session ending only. */
export const chartCatalogue = (failure: ApiFailure) => failure._tag === "Unauthorized"

export const wireCharts = (w: Wiring) => {
  const calls: ChartCalls = {
    fetchIndex: w.apiActor<void, ChartIndex>((client) => client.charts.chartIndex(), { catalogue: chartCatalogue }),
    fetchChart: w.apiActor<{ readonly view: ChartViewId }, ServedChart>(
      (client, { view }) => client.charts.chartView({ params: { view } }),
      { catalogue: chartCatalogue },
    ),
  }
  return { machines: { charts: calls } }
}
