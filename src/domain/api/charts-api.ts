// The body charts: the index of views and one view as the caller may see it. Both work for
// visitors and members alike; what a view holds depends on the caller's plan (Pro points come as
// bare dots without Pro), so answers carry an ETag per content version, plan level and language.
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ChartIndex, ServedChart } from "../charts/chart-views.ts"
import { NotFound } from "../shared/errors.ts"
import { PlainText } from "../shared/input-rules.ts"
import { OptionalAuthentication } from "./middleware.ts"

/** A view id as it may appear in a path: kebab-case, short. Anything else is bad input (422). */
export const ChartViewParam = PlainText.check(Schema.isPattern(/^[a-z][a-z-]{0,39}$/))

export class ChartsApi extends HttpApiGroup.make("charts")
  .add(
    HttpApiEndpoint.get("chartIndex", "/charts", { success: ChartIndex }).annotate(
      OpenApi.Description,
      "The chart views, and the views that show each point, channel, vessel and body area the caller may open.",
    ),
    HttpApiEndpoint.get("chartView", "/charts/:view", {
      params: { view: ChartViewParam },
      success: ServedChart,
      error: NotFound,
    }).annotate(
      OpenApi.Description,
      "One chart view: line art, regions, the caller's points with names and location text, Pro points as bare dots for callers without Pro, and the pathways they may open.",
    ),
  )
  .middleware(OptionalAuthentication)
  .prefix("/api") {}
