// JSON answers the server gives outside the contract's endpoints, in the request's language, and
// the 429 every limit answers with.
import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import type { TooManyRequests } from "../../../src/domain/shared/errors.ts"
import type { TranslationsService } from "../i18n/translations.ts"
import { requestLanguage } from "./request-context.ts"

/** A limit was reached: the body the contract encodes, plus the Retry-After header clients and proxies honour. */
export const tooManyRequestsAnswer = (error: TooManyRequests) =>
  Effect.orDie(
    HttpServerResponse.json(
      {
        _tag: error._tag,
        message: error.message,
        retryAfterSeconds: error.retryAfterSeconds,
        ...(error.reason === undefined ? {} : { reason: error.reason }),
      },
      { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
    ),
  )

/** A path nobody serves: a JSON 404, never the app's index page. */
export const notFoundAnswer = ({ message }: TranslationsService) =>
  Effect.flatMap(requestLanguage, (language) =>
    HttpServerResponse.json({ message: message("notFound", language) }, { status: 404 }),
  ).pipe(Effect.orDie)
