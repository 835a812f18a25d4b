// Where the upgrade prompts of §2 show: the payment modal and the floating upgrade button each
// stay off some pages (the payment pages, the sign-in pages), and show only to users who may upgrade.
import { type BillingState, isProPlan } from "./plans.ts"

/** Pages where the payment modal never shows: the payment pages themselves. */
export const PAYMENT_PATHS = ["/pricing", "/plan-pro", "/payment-success", "/payment-failure"] as const

/** §2: users with no purchased subscription, not on Pro and not on a payment page. */
export const canShowPaymentModal = (user: BillingState | null, path: string) =>
  user !== null &&
  !user.purchasedSubscription &&
  !isProPlan(user.planId) &&
  !(PAYMENT_PATHS as ReadonlyArray<string>).includes(path)

/** Pages without the floating upgrade button (§2). */
export const FLOATING_UPGRADE_HIDDEN_PATHS = [
  "/plan-pro",
  "/pricing",
  "/login",
  "/payment-success",
  "/payment-failure",
  "/resetpassword",
  "/verify-email",
] as const

/** §2: signed-in non-Pro users, except on the pages above. */
export const showFloatingUpgrade = (user: BillingState | null, path: string) =>
  user !== null && !isProPlan(user.planId) && !(FLOATING_UPGRADE_HIDDEN_PATHS as ReadonlyArray<string>).includes(path)

/** The session storage key that remembers the lite modal offered itself on a locked page this session. */
export const LITE_OFFER_SESSION_KEY = "jingluo.upgrade.liteOffered"
