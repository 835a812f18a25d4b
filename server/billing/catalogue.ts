// The plans on sale. Prices are decided here, on the server: a checkout names a price id and the
// server looks it up, so a client can never choose an amount. With Stripe, the price ids are the
// Stripe Price ids from the environment; locally they are our own.
import type { Plan, PlanPrice } from "../../src/domain/billing/plan-schema.ts"
import { PLAN_ID_PRO, PLAN_NAME_PRO } from "../../src/domain/billing/plans.ts"
import type { ServerSettings } from "../platform/config/server-config.ts"

export const PRO_YEARLY_AMOUNT = 4999
export const PRO_MONTHLY_AMOUNT = 599
export const CURRENCY = "gbp"

export const planCatalogue = (
  settings: Pick<ServerSettings, "stripePriceYearly" | "stripePriceMonthly">,
  testMode: boolean,
): ReadonlyArray<Plan> => [
  {
    id: PLAN_ID_PRO,
    name: PLAN_NAME_PRO,
    test_mode: testMode,
    prices: [
      {
        price_id: settings.stripePriceYearly ?? "pro-yearly",
        interval: "year",
        unit_amt: PRO_YEARLY_AMOUNT,
        currency: CURRENCY,
      },
      {
        price_id: settings.stripePriceMonthly ?? "pro-monthly",
        interval: "month",
        unit_amt: PRO_MONTHLY_AMOUNT,
        currency: CURRENCY,
      },
    ],
  },
]

export const findPrice = (
  plans: ReadonlyArray<Plan>,
  priceId: string,
): { plan: Plan; price: PlanPrice } | undefined => {
  for (const plan of plans) {
    const price = plan.prices.find((p) => p.price_id === priceId)
    if (price) return { plan, price }
  }
  return undefined
}
