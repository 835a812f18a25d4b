// §7 subscriptions: the plan list, starting a checkout (the answer is the provider's page to go
// to), the membership's state and its cancellation.
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { Plan } from "../billing/plan-schema.ts"
import { SubscriptionView } from "../billing/subscription.ts"
import { Forbidden, ValidationFailed } from "../shared/errors.ts"
import { boundedText } from "../shared/input-rules.ts"
import { MessageKey } from "../shared/validation.ts"
import { Authentication } from "./middleware.ts"

export const CheckoutPayload = Schema.Struct({
  price_id: boundedText(200).check(Schema.isNonEmpty({ message: MessageKey.required })),
})

export class BillingApi extends HttpApiGroup.make("billing")
  .add(
    HttpApiEndpoint.get("planList", "/plan-list", { success: Schema.Array(Plan) }),
    HttpApiEndpoint.post("checkout", "/stripe-checkout", {
      payload: CheckoutPayload,
      /** `data` is the URL of the payment provider's page. */
      success: Schema.Struct({ data: Schema.String }),
      error: [ValidationFailed, Forbidden],
    }).middleware(Authentication),
    HttpApiEndpoint.get("subscription", "/subscription", {
      success: Schema.Struct({ subscription: Schema.NullOr(SubscriptionView) }),
    }).middleware(Authentication),
    HttpApiEndpoint.post("cancel", "/cancel/subscription", {
      success: Schema.Struct({ message: Schema.String, subscription: SubscriptionView }),
      error: Forbidden,
    }).middleware(Authentication),
  )
  .prefix("/api") {}
