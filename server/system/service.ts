// What the server says about itself: healthy when the database answers, and the footer's quote
// of the day (today's, or `offset` days on), in the caller's language.
import { Clock, Context, Effect, Layer, Option } from "effect"
import type { QuoteOfTheDay } from "../../src/domain/api/system-api.ts"
import type { SelectableLanguage } from "../../src/domain/shared/locales.ts"
import { DAY_MS } from "../../src/domain/shared/timing.ts"
import { HealthRepo } from "./health-repo.ts"
import { QuotesRepo } from "./quotes-repo.ts"

export class System extends Context.Service<
  System,
  {
    readonly health: Effect.Effect<{ readonly status: "ok"; readonly database: "ok" }>
    readonly quoteOfTheDay: (language: SelectableLanguage, offset: number) => Effect.Effect<QuoteOfTheDay>
  }
>()("jingluo/server/System") {
  static readonly layer = Layer.effect(
    System,
    Effect.gen(function* () {
      const health = yield* HealthRepo
      const quotes = yield* QuotesRepo

      const quoteOfTheDay = Effect.fn("System.quoteOfTheDay")(function* (language: SelectableLanguage, offset: number) {
        const day = Math.floor((yield* Clock.currentTimeMillis) / DAY_MS)
        const found = yield* quotes.at(day + offset)
        if (Option.isNone(found)) return yield* Effect.die(new Error("no quotes seeded"))
        const row = found.value
        return {
          id: row.id,
          text: row.data.text[language],
          source: row.data.source[language],
          original: row.data.original ?? null,
          point: {
            code: row.point_code,
            slug: row.point_slug,
            name: row.point_data.name[language],
            pinyin: row.point_data.pinyin,
          },
          offset,
          total: row.total,
        }
      })

      return System.of({
        health: health.ping.pipe(Effect.as({ status: "ok" as const, database: "ok" as const })),
        quoteOfTheDay,
      })
    }),
  )
}
