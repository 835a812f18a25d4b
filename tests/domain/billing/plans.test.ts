import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { PlanPrice } from "../../../src/domain/billing/plan-schema.ts"
import {
  type BillingState,
  billingStateOf,
  canCancelSubscription,
  cancellationRoute,
  currencyCode,
  formatAmount,
  formatPrice,
  isBestValue,
  isProPlan,
  isTestMode,
  monthlyEquivalent,
  NOT_CANCELLED,
  PLAN_ID_PRO,
  PLAN_ID_STANDARD,
  PLAN_NAME_PRO,
  PLAN_NAME_STANDARD,
  preselectedPrice,
  STORE_SUBSCRIPTION_URLS,
  sortPrices,
  TRIAL_DAYS,
} from "../../../src/domain/billing/plans.ts"
import {
  canShowPaymentModal,
  FLOATING_UPGRADE_HIDDEN_PATHS,
  PAYMENT_PATHS,
  showFloatingUpgrade,
} from "../../../src/domain/billing/upgrade-pages.ts"
import { SELECTABLE_LANGUAGES } from "../../../src/domain/shared/locales.ts"

const price = (price_id: string, interval: PlanPrice["interval"], unit_amt = 4999): PlanPrice => ({
  price_id,
  interval,
  unit_amt,
  currency: "gbp",
})

/** A signed-in Standard user who has bought nothing: the one who sees upgrade prompts. */
const standard: BillingState = {
  planId: PLAN_ID_STANDARD,
  purchasedSubscription: false,
  migratedUser: 0,
  cancelled: NOT_CANCELLED,
}
const pro: BillingState = { ...standard, planId: PLAN_ID_PRO, purchasedSubscription: true }

/** Pages of the app that are neither payment nor sign-in pages. */
const ORDINARY_PATHS = ["/", "/point/lu-1-zhongfu", "/body-area/head", "/my-notes", "/account-settings/my-membership"]

describe("plan constants (§4, §9)", () => {
  it("has Pro as plan 3, Standard as plan 2, a cancelled flag of 0 and a 7-day trial", () => {
    expect(PLAN_ID_PRO).toBe(3)
    expect(PLAN_ID_STANDARD).toBe(2)
    expect(NOT_CANCELLED).toBe(0)
    expect(TRIAL_DAYS).toBe(7)
  })

  it("names the plans Pro and Standard", () => {
    expect(PLAN_NAME_PRO).toBe("Pro")
    expect(PLAN_NAME_STANDARD).toBe("Standard")
  })

  it("treats PLAN_ID_PRO as Pro", () => {
    expect(isProPlan(PLAN_ID_PRO)).toBe(true)
  })

  it.each([PLAN_ID_STANDARD, PLAN_ID_PRO - 1, PLAN_ID_PRO + 1, 0, -3, 3.5, Number.NaN, null, undefined])(
    "does not treat %s as Pro",
    (planId) => {
      expect(isProPlan(planId)).toBe(false)
    },
  )
})

describe("price display (§2 upgrade modal, §9), in the interface language", () => {
  it('shows unit_amt 4999 in "gbp" as £49.99 in English and 49,99 £ in German and Spanish', () => {
    expect(formatPrice({ unit_amt: 4999, currency: "gbp" }, "en")).toBe("£49.99")
    expect(formatPrice({ unit_amt: 4999, currency: "gbp" }, "de")).toBe("49,99\u00a0£")
    expect(formatPrice({ unit_amt: 4999, currency: "gbp" }, "es")).toBe("49,99\u00a0£")
    expect(currencyCode("gbp")).toBe("GBP")
  })

  it("never spells the currency as its code, whatever the case of the code", () => {
    for (const language of SELECTABLE_LANGUAGES) {
      for (const currency of ["gbp", "GBP"]) {
        expect(formatPrice({ unit_amt: 599, currency }, language)).not.toMatch(/GBP/i)
      }
    }
  })

  it.each([
    [0, "£0.00", "0,00\u00a0£"],
    [5, "£0.05", "0,05\u00a0£"],
    [10, "£0.10", "0,10\u00a0£"],
    [99, "£0.99", "0,99\u00a0£"],
    [100, "£1.00", "1,00\u00a0£"],
    [599, "£5.99", "5,99\u00a0£"],
    [100000, "£1,000.00", "1.000,00\u00a0£"],
  ])("shows %i minor units as %s in English and %s in German", (unitAmount, english, german) => {
    expect(formatAmount(unitAmount, "gbp", "en")).toBe(english)
    expect(formatAmount(unitAmount, "gbp", "de")).toBe(german)
  })

  it("shows every whole number of pence exactly: pounds, the decimal separator, two digits of pence", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (pence) => {
        const pounds = Math.floor(pence / 100)
        const rest = String(pence % 100).padStart(2, "0")
        expect(formatAmount(pence, "gbp", "en").replaceAll(",", "")).toBe(`£${pounds}.${rest}`)
        expect(formatAmount(pence, "gbp", "de").replaceAll(".", "")).toBe(`${pounds},${rest}\u00a0£`)
      }),
    )
  })
})

describe("price order and preselection (§2, §4)", () => {
  it("puts yearly prices before monthly ones", () => {
    const sorted = sortPrices([price("m", "month", 599), price("y", "year", 4999)])
    expect(sorted.map((p) => p.interval)).toEqual(["year", "month"])
  })

  it("keeps the original order among prices of the same interval", () => {
    const sorted = sortPrices([price("m1", "month"), price("y1", "year"), price("m2", "month"), price("y2", "year")])
    expect(sorted.map((p) => p.price_id)).toEqual(["y1", "y2", "m1", "m2"])
  })

  it("leaves an already sorted list as it is and does not change its input", () => {
    const input = [price("y", "year"), price("m", "month")]
    expect(sortPrices(input).map((p) => p.price_id)).toEqual(["y", "m"])
    const reversed = [price("m", "month"), price("y", "year")]
    sortPrices(reversed)
    expect(reversed.map((p) => p.price_id)).toEqual(["m", "y"])
  })

  it("preselects the first price after sorting: the yearly one", () => {
    expect(preselectedPrice([price("m", "month"), price("y", "year")])?.price_id).toBe("y")
  })

  it("preselects the first of several yearly prices", () => {
    expect(preselectedPrice([price("m", "month"), price("y1", "year"), price("y2", "year")])?.price_id).toBe("y1")
  })

  it("preselects the monthly price when there is no yearly one", () => {
    expect(preselectedPrice([price("m", "month")])?.price_id).toBe("m")
  })

  it("preselects nothing when there are no prices", () => {
    expect(preselectedPrice([])).toBeUndefined()
  })

  it("puts the best-value badge on the yearly price only", () => {
    expect(isBestValue(price("y", "year"))).toBe(true)
    expect(isBestValue(price("m", "month"))).toBe(false)
  })

  it("spreads a yearly price over 12 months and leaves a monthly one as it is", () => {
    expect(monthlyEquivalent(price("y", "year", 5988))).toBe(499)
    expect(monthlyEquivalent(price("y", "year", 4999))).toBeCloseTo(4999 / 12, 10)
    expect(monthlyEquivalent(price("m", "month", 599))).toBe(599)
  })
})

describe("payment modal (§2 layout elements)", () => {
  it("is not shown without a signed-in user", () => {
    for (const path of ORDINARY_PATHS) expect(canShowPaymentModal(null, path)).toBe(false)
  })

  it.each(ORDINARY_PATHS)("is shown on %s to a non-Pro user with no purchased subscription", (path) => {
    expect(canShowPaymentModal(standard, path)).toBe(true)
  })

  it("is not shown to a user with a purchased subscription", () => {
    expect(canShowPaymentModal({ ...standard, purchasedSubscription: true }, "/")).toBe(false)
  })

  it("is not shown to a Pro user, purchased or not", () => {
    expect(canShowPaymentModal(pro, "/")).toBe(false)
    expect(canShowPaymentModal({ ...pro, purchasedSubscription: false }, "/")).toBe(false)
  })

  it.each(["/pricing", "/plan-pro", "/payment-success", "/payment-failure", ...PAYMENT_PATHS])(
    "is not shown on the payment page %s",
    (path) => {
      expect(canShowPaymentModal(standard, path)).toBe(false)
    },
  )
})

describe("floating upgrade button (§2 layout elements)", () => {
  const SPEC_HIDDEN_PATHS = [
    "/plan-pro",
    "/pricing",
    "/login",
    "/payment-success",
    "/payment-failure",
    "/resetpassword",
    "/verify-email",
  ]

  it("is hidden on exactly the pages the spec names", () => {
    expect([...FLOATING_UPGRADE_HIDDEN_PATHS].sort()).toEqual([...SPEC_HIDDEN_PATHS].sort())
  })

  it("is not shown without a signed-in user", () => {
    for (const path of ORDINARY_PATHS) expect(showFloatingUpgrade(null, path)).toBe(false)
  })

  it("is not shown to a Pro user", () => {
    for (const path of ORDINARY_PATHS) expect(showFloatingUpgrade(pro, path)).toBe(false)
  })

  it.each(ORDINARY_PATHS)("is shown on %s to a signed-in non-Pro user", (path) => {
    expect(showFloatingUpgrade(standard, path)).toBe(true)
  })

  it("is shown to a non-Pro user whatever the purchased flag says", () => {
    expect(showFloatingUpgrade({ ...standard, purchasedSubscription: true }, "/")).toBe(true)
  })

  it.each([...SPEC_HIDDEN_PATHS, ...FLOATING_UPGRADE_HIDDEN_PATHS])("is hidden on %s", (path) => {
    expect(showFloatingUpgrade(standard, path)).toBe(false)
  })
})

describe("cancel subscription (§4, §6)", () => {
  const combinations = [PLAN_ID_PRO, PLAN_ID_STANDARD].flatMap((planId) =>
    [0, 1].flatMap((migratedUser) =>
      [NOT_CANCELLED, 1].map((cancelled) => ({
        planId,
        migratedUser,
        cancelled,
        offered: planId === PLAN_ID_PRO && migratedUser === 0 && cancelled === NOT_CANCELLED,
      })),
    ),
  )

  it("covers all eight combinations, one of which may cancel", () => {
    expect(combinations).toHaveLength(8)
    expect(combinations.filter((c) => c.offered)).toEqual([
      { planId: PLAN_ID_PRO, migratedUser: 0, cancelled: NOT_CANCELLED, offered: true },
    ])
  })

  it.each(combinations)(
    "plan $planId, migrated $migratedUser, cancelled $cancelled: offered is $offered",
    ({ planId, migratedUser, cancelled, offered }) => {
      expect(canCancelSubscription({ planId, purchasedSubscription: true, migratedUser, cancelled })).toBe(offered)
    },
  )

  it.each([
    ["apple", STORE_SUBSCRIPTION_URLS.apple],
    ["google", STORE_SUBSCRIPTION_URLS.google],
  ] as const)("sends an %s subscriber to the store's subscription page", (platform, url) => {
    expect(cancellationRoute(platform)).toEqual({ _tag: "Store", url })
  })

  it("has a store page on each store's own site", () => {
    expect(new URL(STORE_SUBSCRIPTION_URLS.apple).hostname).toBe("apps.apple.com")
    expect(new URL(STORE_SUBSCRIPTION_URLS.google).hostname).toBe("play.google.com")
  })

  it.each(["card", null])("lets a %s subscriber cancel through the endpoint", (platform) => {
    expect(cancellationRoute(platform)).toEqual({ _tag: "Endpoint" })
  })
})

describe("billing state of a signed-in user", () => {
  const user = { user_subscription: { plan_id: PLAN_ID_PRO }, purchased_subscription: true }

  it.each([
    [1, NOT_CANCELLED],
    [0, 1],
  ])(
    "takes plan and purchase from the user record, migrated %i and cancelled %i from the dashboard",
    (migrated, cancelled) => {
      expect(billingStateOf(user, { migrated_user: migrated, user_subscription_cancelled: cancelled })).toEqual({
        planId: PLAN_ID_PRO,
        purchasedSubscription: true,
        migratedUser: migrated,
        cancelled,
      })
    },
  )

  it("reads a Standard user without a purchase", () => {
    const state = billingStateOf(
      { user_subscription: { plan_id: PLAN_ID_STANDARD }, purchased_subscription: false },
      { migrated_user: 0, user_subscription_cancelled: NOT_CANCELLED },
    )
    expect(state).toEqual(standard)
  })

  it("assumes not migrated and not cancelled until the dashboard has loaded", () => {
    expect(billingStateOf(user, null)).toEqual({
      planId: PLAN_ID_PRO,
      purchasedSubscription: true,
      migratedUser: 0,
      cancelled: NOT_CANCELLED,
    })
  })
})

describe("isTestMode", () => {
  const plan = { id: PLAN_ID_PRO, name: "Pro", prices: [] }
  it("is on only when the server marks its plans as taking no money", () => {
    expect(isTestMode([])).toBe(false)
    expect(isTestMode([plan])).toBe(false)
    expect(isTestMode([{ ...plan, test_mode: false }])).toBe(false)
    expect(isTestMode([{ ...plan, test_mode: true }])).toBe(true)
  })
})
