// Health check for load balancers, and the footer's quote of the day.
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { intFromString } from "../shared/input-rules.ts"

export const Health = Schema.Struct({ status: Schema.Literal("ok"), database: Schema.Literal("ok") })

export const QuoteOfTheDay = Schema.Struct({
  id: Schema.String,
  text: Schema.String,
  source: Schema.String,
  original: Schema.NullOr(Schema.String),
  point: Schema.Struct({ code: Schema.String, slug: Schema.String, name: Schema.String, pinyin: Schema.String }),
  /** Position after today's quote (0 is today's) and how many quotes exist. */
  offset: Schema.Number,
  total: Schema.Number,
})
export type QuoteOfTheDay = typeof QuoteOfTheDay.Type

export class SystemApi extends HttpApiGroup.make("system")
  .add(
    HttpApiEndpoint.get("health", "/health", { success: Health }),
    HttpApiEndpoint.get("quoteOfTheDay", "/quote-of-the-day", {
      query: {
        offset: Schema.optionalKey(intFromString(0, 1000)),
      },
      success: QuoteOfTheDay,
    }),
  )
  .prefix("/api") {}
