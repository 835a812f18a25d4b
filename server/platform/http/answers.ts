// JSON answers the server gives outside the contract's endpoints, in the request's language.
import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import type { TranslationsService } from "../i18n/translations.ts"
import { requestLanguage } from "./request-context.ts"

/** A path nobody serves: a JSON 404, never the app's index page. */
export const notFoundAnswer = ({ message }: TranslationsService) =>
  Effect.flatMap(requestLanguage, (language) =>
    HttpServerResponse.json({ message: message("notFound", language) }, { status: 404 }),
  ).pipe(Effect.orDie)
