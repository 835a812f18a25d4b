// Decoding the chart files of `content/charts/` wherever they arrive (read from disk by the tests
// and the preview, fetched by the app): one view file, or pathways.json. A file that does not
// match its Schema stops with the view's name in the message.
import { Schema } from "effect"
import { ChartDataError } from "./chart-frames.ts"
import { ChartView, type Pathway, PathwaysFile } from "./chart-schema.ts"

export const decodeChartView = (json: unknown, name = "chart"): ChartView => {
  try {
    return Schema.decodeUnknownSync(ChartView)(json, { errors: "all" })
  } catch (error) {
    throw new ChartDataError(`${name} does not match the chart schema:\n${String(error)}`)
  }
}

export const decodePathways = (json: unknown): ReadonlyArray<Pathway> => {
  try {
    return Schema.decodeUnknownSync(PathwaysFile)(json, { errors: "all" }).pathways
  } catch (error) {
    throw new ChartDataError(`pathways.json does not match its schema:\n${String(error)}`)
  }
}
