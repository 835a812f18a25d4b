// The body charts' provisions: the two chart calls as actors for the chart machine. A chart that
// fails says so in place (the page around it keeps working), so the calls skip the app's toasts
// and the /not-found page; only an ended session still goes through the error catalogue.
import type { Effect } from "effect"
import type { PromiseActorLogic } from "xstate"
import type { ChartViewId } from "../domain/charts/chart-ids.ts"
import type { ChartIndex, ServedChart } from "../domain/charts/chart-views.ts"
import type { ApiFailure } from "../domain/errors.ts"
import type { Client } from "../infra/api-client.ts"
import type { ChartCalls } from "../machines/charts/chart-machine.ts"

/** Which failures of a chart call the app-wide catalogue acts on: the session ending only. */
export const chartCatalogue = (failure: ApiFailure) => failure._tag === "Unauthorized"

export const chartProvisions = (
  apiActor: <I, A>(
    call: (client: Client, input: I) => Effect.Effect<A, unknown>,
    catalogue: (failure: ApiFailure) => boolean,
  ) => PromiseActorLogic<A, I>,
): ChartCalls => ({
  fetchIndex: apiActor<void, ChartIndex>((client) => client.charts.chartIndex(), chartCatalogue),
  fetchChart: apiActor<{ readonly view: ChartViewId }, ServedChart>(
    (client, { view }) => client.charts.chartView({ params: { view } }),
    chartCatalogue,
  ),
})
