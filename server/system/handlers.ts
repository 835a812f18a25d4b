// Health for load balancers (the database must answer) and the footer's quote of the day.
import { Clock, Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { Api } from "../../src/domain/api/api.ts"
import { requestLanguage } from "../platform/http/request-context.ts"
import { QuotesRepo } from "./quotes-repo.ts"

const DAY_MS = 24 * 60 * 60 * 1000

export const SystemHandlers = HttpApiBuilder.group(
  Api,
  "system",
  Effect.fn(function* (handlers) {
    const sql = yield* SqlClient.SqlClient
    const quotes = yield* QuotesRepo
    return handlers
      .handle("health", () =>
        sql`SELECT 1 AS ok`.pipe(Effect.as({ status: "ok" as const, database: "ok" as const }), Effect.orDie),
      )
      .handle("quoteOfTheDay", ({ query }) =>
        Effect.gen(function* () {
          const language = yield* requestLanguage
          const offset = query.offset ?? 0
          const day = Math.floor((yield* Clock.currentTimeMillis) / DAY_MS)
          const row = yield* quotes.at(day + offset)
          if (row === undefined) return yield* Effect.die(new Error("no quotes seeded"))
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
        }),
      )
  }),
)
