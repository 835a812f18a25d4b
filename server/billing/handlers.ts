// Handlers of the "billing" group: plans, checkout, the membership and its cancellation.
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/domain/api/api.ts"
import { CurrentSession } from "../../src/domain/api/middleware.ts"
import { Forbidden, ValidationFailed } from "../../src/domain/shared/errors.ts"
import { MessageKey } from "../../src/domain/shared/validation.ts"
import { requestLanguage } from "../platform/http/request-context.ts"
import { Translations } from "../platform/i18n/translations.ts"
import { Billing } from "./service.ts"

export const BillingHandlers = HttpApiBuilder.group(
  Api,
  "billing",
  Effect.fn(function* (handlers) {
    const billing = yield* Billing
    const { message } = yield* Translations
    return handlers
      .handle("planList", () => Effect.succeed(billing.plans))
      .handle("checkout", ({ payload }) =>
        Effect.gen(function* () {
          const session = yield* CurrentSession
          const language = yield* requestLanguage
          const url = yield* billing.startCheckout(session.userId, payload.price_id).pipe(
            Effect.catchTags({
              UnknownPrice: () =>
                Effect.fail(
                  new ValidationFailed({
                    message: message("validationFailed", language),
                    errors: { price_id: MessageKey.invalid },
                  }),
                ),
              AlreadySubscribed: () => Effect.fail(new Forbidden({ message: message("alreadySubscribed", language) })),
            }),
          )
          return { data: url }
        }),
      )
      .handle("subscription", () =>
        Effect.gen(function* () {
          const session = yield* CurrentSession
          return { subscription: yield* billing.view(session.userId) }
        }),
      )
      .handle("cancel", () =>
        Effect.gen(function* () {
          const session = yield* CurrentSession
          const language = yield* requestLanguage
          const subscription = yield* billing.cancel(session.userId).pipe(
            Effect.catchTag("NotCancellable", (error) =>
              Effect.fail(
                new Forbidden({
                  message: message(error.reason === "store" ? "cancelInStore" : "notCancellable", language),
                }),
              ),
            ),
          )
          return { message: message("subscriptionCancelled", language), subscription }
        }),
      )
  }),
)
