// Plans and prices (§3, §4, §9): Pro is plan 3, Standard plan 2; prices in minor units shown with
// two decimals in the interface language's way of writing money; yearly before monthly, the first one
// preselected; a 7-day trial. Also who may cancel, and how. Which pages show the upgrade prompts is
// in upgrade-pages.ts; the plans and prices as the API describes them, in plan-schema.ts.
import type { Plan, PlanPrice, PriceInterval } from "./plan-schema.ts"

export const PLAN_ID_PRO = 3
export const PLAN_ID_STANDARD = 2
export const PLAN_NAME_PRO = "Pro"
export const PLAN_NAME_STANDARD = "Standard"
export const TRIAL_DAYS = 7
/** The cancelled flag of a subscription that has not been cancelled (§9). */
export const NOT_CANCELLED = 0

export const isProPlan = (planId: number | null | undefined) => planId === PLAN_ID_PRO

/** Whether checking out for these plans takes real money; the app says so when it does not. */
export const isTestMode = (plans: ReadonlyArray<Plan>) => plans.some((plan) => plan.test_mode === true)

/** "GBP": the currency code in upper case. */
export const currencyCode = (currency: string) => currency.toUpperCase()

/**
 * A price as the interface language writes it, from minor units: "£49.99" in English, "49,99 £" in
 * German and Spanish. The narrow symbol, because Spanish would otherwise spell pounds "GBP".
 */
export const formatAmount = (unitAmount: number, currency: string, language: string) =>
  new Intl.NumberFormat(language, {
    style: "currency",
    currency: currencyCode(currency),
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(unitAmount / 100)

export const formatPrice = (price: Pick<PlanPrice, "unit_amt" | "currency">, language: string) =>
  formatAmount(price.unit_amt, price.currency, language)

const INTERVAL_ORDER: Record<PriceInterval, number> = { year: 0, month: 1 }

/** Yearly first, then monthly (§2); the order is stable otherwise. */
export const sortPrices = (prices: ReadonlyArray<PlanPrice>): ReadonlyArray<PlanPrice> =>
  [...prices].sort((a, b) => INTERVAL_ORDER[a.interval] - INTERVAL_ORDER[b.interval])

/** The price selected when the plan cards open: the first after sorting (§4). */
export const preselectedPrice = (prices: ReadonlyArray<PlanPrice>): PlanPrice | undefined => sortPrices(prices)[0]

/** The best-value badge goes on the yearly price. */
export const isBestValue = (price: PlanPrice) => price.interval === "year"

/** Monthly cost of a price, for comparing yearly and monthly. */
export const monthlyEquivalent = (price: PlanPrice) =>
  price.interval === "year" ? price.unit_amt / 12 : price.unit_amt

export interface BillingState {
  readonly planId: number
  readonly purchasedSubscription: boolean
  readonly migratedUser: number
  readonly cancelled: number
}

/** Cancel is offered only to a non-migrated Pro user whose cancelled flag is 0 (§4, §6). */
export const canCancelSubscription = (user: BillingState) =>
  isProPlan(user.planId) && user.migratedUser === 0 && user.cancelled === NOT_CANCELLED

/** The stores' own pages for managing a subscription bought in an app. */
export const STORE_SUBSCRIPTION_URLS = {
  apple: "https://apps.apple.com/account/subscriptions",
  google: "https://play.google.com/store/account/subscriptions",
} as const

export type PaymentPlatform = "card" | "apple" | "google"
export type StorePlatform = keyof typeof STORE_SUBSCRIPTION_URLS

/** A subscription bought in an app store: the store, not Jingluo, renews and cancels it (§6). */
export const isStorePlatform = (platform: string | null | undefined): platform is StorePlatform =>
  platform === "apple" || platform === "google"

/** Web and card subscribers cancel here; store subscribers are sent to their store (§6). */
export const cancellationRoute = (
  platform: string | null,
): { readonly _tag: "Endpoint" } | { readonly _tag: "Store"; readonly url: string } =>
  isStorePlatform(platform) ? { _tag: "Store", url: STORE_SUBSCRIPTION_URLS[platform] } : { _tag: "Endpoint" }

/** The billing facts of a signed-in user: the record's plan and purchase flag, the dashboard's flags. */
export const billingStateOf = (
  user: { readonly user_subscription: { readonly plan_id: number }; readonly purchased_subscription: boolean },
  dashboard: { readonly migrated_user: number; readonly user_subscription_cancelled: number } | null,
): BillingState => ({
  planId: user.user_subscription.plan_id,
  purchasedSubscription: user.purchased_subscription,
  migratedUser: dashboard?.migrated_user ?? 0,
  cancelled: dashboard?.user_subscription_cancelled ?? NOT_CANCELLED,
})
