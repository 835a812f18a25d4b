// Handlers of the "system" group: health for load balancers (the database must answer) and the
// footer's quote of the day.
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/domain/api/api.ts"
import { requestLanguage } from "../platform/http/request-context.ts"
import { System } from "./service.ts"

export const SystemHandlers = HttpApiBuilder.group(
  Api,
  "system",
  Effect.fn(function* (handlers) {
    const system = yield* System
    return handlers
      .handle("health", () => system.health)
      .handle("quoteOfTheDay", ({ query }) =>
        Effect.flatMap(requestLanguage, (language) => system.quoteOfTheDay(language, query.offset ?? 0)),
      )
  }),
)
