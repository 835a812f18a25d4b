// Quotes of the day for the footer, in the requested language.
import { Context, Effect, Layer, type Option, Schema } from "effect"
import { SqlClient, SqlSchema } from "effect/sql"
import { Localized } from "../../src/domain/content/content-schema.ts"
import { orDie } from "../platform/db/queries.ts"

const QuoteRow = Schema.Struct({
  id: Schema.String,
  data: Schema.Struct({ text: Localized, source: Localized, original: Schema.optionalKey(Schema.String) }),
  point_code: Schema.String,
  point_slug: Schema.String,
  point_data: Schema.Struct({ name: Localized, pinyin: Schema.String }),
  total: Schema.Number,
})
export type QuoteRow = typeof QuoteRow.Type

export class QuotesRepo extends Context.Service<
  QuotesRepo,
  { readonly at: (index: number) => Effect.Effect<Option.Option<QuoteRow>> }
>()("jingluo/server/QuotesRepo") {
  static readonly layer = Layer.effect(
    QuotesRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      return QuotesRepo.of({
        // `index` wraps around the number of quotes.
        at: orDie(
          SqlSchema.findOneOption({
            Request: Schema.Number,
            Result: QuoteRow,
            execute: (index) => sql`
              WITH n AS (SELECT count(*)::int AS total FROM quotes)
              SELECT q.id, q.data, q.point_code, p.slug AS point_slug, p.data AS point_data, n.total
              FROM quotes q JOIN points p ON p.code = q.point_code, n
              WHERE n.total > 0 AND q.position = (${index} % n.total)`,
          }),
        ),
      })
    }),
  )
}
