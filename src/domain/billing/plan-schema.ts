// The plans and their prices as the API describes them (§7 `GET /plan-list`): a plan's id and name,
// its prices in minor units per interval, and whether paying takes real money. The rules about
// them — which plan is Pro, how a price is written, which comes first — are in plans.ts.
import { Schema } from "effect"

export const PriceInterval = Schema.Literals(["year", "month"])
export type PriceInterval = typeof PriceInterval.Type

export const PlanPrice = Schema.Struct({
  price_id: Schema.String,
  interval: PriceInterval,
  /** Minor units: 4999 is £49.99. */
  unit_amt: Schema.Int,
  currency: Schema.String,
})
export type PlanPrice = typeof PlanPrice.Type

export const Plan = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  prices: Schema.Array(PlanPrice),
  /** Paying takes no money: the server runs its built-in checkout (or Stripe test keys). */
  test_mode: Schema.optionalKey(Schema.Boolean),
})
export type Plan = typeof Plan.Type
