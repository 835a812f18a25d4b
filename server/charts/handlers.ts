// Handlers of the "charts" group: who is asking (visitor, Standard or Pro) and in which language,
// handed to the Charts service; the answer goes out with its ETag, and as a bare 304 when the
// browser already holds it. Answers differ by plan and language, so caches keep them private and
// revalidate them on every use (a payment shows the Pro points at once).
import { Effect } from "effect"
import { HttpServerRequest, HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/domain/api/api.ts"
import { LOCALE_HEADER } from "../../src/domain/shared/locales.ts"
import { contentCaller } from "../platform/http/request-context.ts"
import { type ChartAnswer, Charts } from "./service.ts"

export const CHART_CACHE_CONTROL = "private, no-cache"
export const CHART_VARY = `Authorization, Accept-Language, ${LOCALE_HEADER}`

const caller = contentCaller

/** `If-None-Match` may list several tags, or be weak (W/"…"). */
const matches = (header: string | undefined, etag: string) =>
  (header ?? "").split(",").some((tag) => {
    const t = tag.trim()
    return t === "*" || t === etag || t === `W/${etag}`
  })

const respond = (answer: ChartAnswer) =>
  Effect.map(HttpServerRequest.HttpServerRequest, (request) => {
    const headers = { ETag: answer.etag, "Cache-Control": CHART_CACHE_CONTROL, Vary: CHART_VARY }
    return matches(request.headers["if-none-match"], answer.etag)
      ? HttpServerResponse.empty({ status: 304, headers })
      : HttpServerResponse.text(answer.body, { contentType: "application/json", headers })
  })

export const ChartsHandlers = HttpApiBuilder.group(
  Api,
  "charts",
  Effect.fn(function* (handlers) {
    const charts = yield* Charts
    return handlers
      .handle("chartIndex", () => caller.pipe(Effect.flatMap(charts.index), Effect.flatMap(respond)))
      .handle("chartView", ({ params }) =>
        caller.pipe(
          Effect.flatMap((c) => charts.view(c, params.view)),
          Effect.flatMap(respond),
        ),
      )
  }),
)
