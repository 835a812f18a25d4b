import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { PLAN_ID_PRO, PLAN_NAME_PRO } from "../../../src/domain/billing/plans.ts"
import {
  keyDate,
  type MembershipState,
  membershipState,
  type SubscriptionStatus,
  SubscriptionView,
} from "../../../src/domain/billing/subscription.ts"

const TRIAL_END = "2025-07-08T12:00:00.000Z"
const PERIOD_END = "2026-07-01T12:00:00.000Z"

const subscription = (overrides: Partial<SubscriptionView> = {}): SubscriptionView => ({
  plan_id: PLAN_ID_PRO,
  plan_name: PLAN_NAME_PRO,
  status: "active",
  cancel_at_period_end: false,
  trial_ends_at: TRIAL_END,
  current_period_end: PERIOD_END,
  price: { price_id: "price_year", interval: "year", unit_amt: 4999, currency: "gbp" },
  payment_platform: "card",
  ...overrides,
})

describe("the test subscription", () => {
  it("is a valid SubscriptionView", () => {
    expect(Schema.decodeUnknownSync(SubscriptionView)(subscription())).toEqual(subscription())
  })
})

describe("membership state (§2 my membership)", () => {
  it.each<[SubscriptionStatus, boolean, MembershipState]>([
    ["trialing", false, "trialing"],
    ["active", false, "active"],
    ["active", true, "cancelledAtPeriodEnd"],
    ["trialing", true, "cancelledAtPeriodEnd"],
    ["past_due", false, "pastDue"],
    ["past_due", true, "pastDue"],
    ["canceled", false, "ended"],
    ["canceled", true, "ended"],
  ])("status %s with cancel_at_period_end %s is %s", (status, cancelAtPeriodEnd, state) => {
    expect(membershipState(subscription({ status, cancel_at_period_end: cancelAtPeriodEnd }))).toBe(state)
  })
})

describe("the date the membership page names", () => {
  it("is the trial end while trialing", () => {
    expect(keyDate(subscription({ status: "trialing" }))).toBe(TRIAL_END)
  })

  it("is the trial end for a trial that ends at the period end", () => {
    expect(keyDate(subscription({ status: "trialing", cancel_at_period_end: true }))).toBe(TRIAL_END)
  })

  it("is the period end while trialing without a known trial end", () => {
    expect(keyDate(subscription({ status: "trialing", trial_ends_at: null }))).toBe(PERIOD_END)
  })

  it.each<SubscriptionStatus>(["active", "past_due", "canceled"])(
    "is the period end when %s, even with a past trial end",
    (status) => {
      expect(keyDate(subscription({ status }))).toBe(PERIOD_END)
    },
  )

  it("is the period end for an active subscription that ends at the period end", () => {
    expect(keyDate(subscription({ status: "active", cancel_at_period_end: true }))).toBe(PERIOD_END)
  })

  it("is none when neither date is known", () => {
    expect(keyDate(subscription({ status: "trialing", trial_ends_at: null, current_period_end: null }))).toBeNull()
    expect(keyDate(subscription({ status: "active", current_period_end: null }))).toBeNull()
  })
})
