// The error catalogue of §8 acted on once, for every API call a flow does not handle itself: a
// 401 ends the session (if there is one), a 404 goes to /not-found, the rest show their toast.
import { Effect } from "effect"
import { type ApiFailure, catalogueAction, FLOW_HANDLED } from "../../domain/shared/failures.ts"
import { Navigation } from "../../infra/navigation.ts"
import { Toasts } from "../../infra/toasts.ts"

export interface CatalogueHandlers {
  /** The session ended on the server: the account feature signs the user out here. */
  readonly sessionExpired: () => void
  /** The interface language's text for a message key. */
  readonly translate: (key: string) => string
}

export const applyCatalogue = (failure: ApiFailure, handlers: CatalogueHandlers) =>
  Effect.gen(function* () {
    if (FLOW_HANDLED.has(failure._tag)) return
    const action = catalogueAction(failure)
    switch (action._tag) {
      case "SessionExpired":
        return handlers.sessionExpired()
      case "NotFoundPage":
        return yield* Effect.flatMap(Navigation, (navigation) => navigation.go(action.path))
      case "Toast":
        return yield* Effect.flatMap(Toasts, (toasts) =>
          toasts.show(action.type, action.text ?? handlers.translate(action.key ?? "errors.generic")),
        )
      case "None":
        return
    }
  })
