import { describe, expect, it } from "vitest"
import { isProPlan, PLAN_ID_PRO, PLAN_ID_STANDARD, TRIAL_DAYS } from "../../src/domain/plans.ts"

describe("plans (§4, §9)", () => {
  it("has Pro as plan 3, Standard as plan 2 and a 7-day trial", () => {
    expect(PLAN_ID_PRO).toBe(3)
    expect(PLAN_ID_STANDARD).toBe(2)
    expect(TRIAL_DAYS).toBe(7)
  })

  it("treats plan 3 as Pro", () => {
    expect(isProPlan(3)).toBe(true)
  })

  it.each([PLAN_ID_STANDARD, PLAN_ID_PRO - 1, PLAN_ID_PRO + 1, 0, -3, 3.5, Number.NaN, null, undefined])(
    "does not treat %s as Pro",
    (planId) => {
      expect(isProPlan(planId)).toBe(false)
    },
  )
})
