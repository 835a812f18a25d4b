// A user's subscription as the membership page shows it (§2 "My membership"): plan, status, trial
// end or renewal date, price, platform, and whether it ends at the period end.
import { Schema } from "effect"
import { PlanPrice } from "./plan-schema.ts"

export const SubscriptionStatus = Schema.Literals(["trialing", "active", "past_due", "canceled"])
export type SubscriptionStatus = typeof SubscriptionStatus.Type

export const SubscriptionView = Schema.Struct({
  plan_id: Schema.Int,
  plan_name: Schema.String,
  status: SubscriptionStatus,
  cancel_at_period_end: Schema.Boolean,
  /** ISO date-times. */
  trial_ends_at: Schema.NullOr(Schema.String),
  current_period_end: Schema.NullOr(Schema.String),
  price: Schema.NullOr(PlanPrice),
  payment_platform: Schema.Literals(["card", "apple", "google"]),
})
export type SubscriptionView = typeof SubscriptionView.Type

/** What the membership page says about the state: the four states of the issue. */
export type MembershipState = "trialing" | "active" | "cancelledAtPeriodEnd" | "pastDue" | "ended"

export const membershipState = (s: SubscriptionView): MembershipState => {
  if (s.status === "canceled") return "ended"
  if (s.status === "past_due") return "pastDue"
  if (s.cancel_at_period_end) return "cancelledAtPeriodEnd"
  return s.status === "trialing" ? "trialing" : "active"
}

/** The date the page names: trial end while trialing, otherwise the end of the paid period. */
export const keyDate = (s: SubscriptionView): string | null =>
  s.status === "trialing" && s.trial_ends_at !== null ? s.trial_ends_at : s.current_period_end
