// When the payment modal opens by itself (§2: shown to users with no purchased subscription who
// are not on Pro and not on the payment page): once after a sign-in, at most once a day per user
// on this device, and never on the payment, sign-in, registration, reset or verification pages —
// there it waits for the first page where it may show. Dismissing it is always possible.
import { isJsonObject, parseJson } from "../shared/json.ts"
import { DAY_MS } from "../shared/timing.ts"
import { type BillingState, isProPlan } from "./plans.ts"
import { PAYMENT_PATHS } from "./upgrade-pages.ts"

export const PAYMENT_PROMPT_INTERVAL_MS = DAY_MS
/** Local storage key of the memory; it survives sign-out, which clears the rest of storage. */
export const PAYMENT_PROMPT_STORAGE_KEY = "jingluo.paymentPrompt"

/** Pages where the modal never opens by itself. */
export const PAYMENT_PROMPT_HIDDEN_PATHS = [
  ...PAYMENT_PATHS,
  "/login",
  "/register",
  "/resetpassword",
  "/verify-email",
  "/restore-email",
] as const

/** When the modal last opened by itself, per user (uuid → epoch milliseconds). */
export interface PromptMemory {
  readonly [uuid: string]: number
}

/** The stored memory, a JSON object of numbers; anything unreadable counts as empty. */
export const readPromptMemory = (raw: string | undefined): PromptMemory => {
  const memory = raw === undefined ? undefined : parseJson(raw)
  if (!isJsonObject(memory)) return {}
  const entries = Object.entries(memory)
  return entries.every((entry): entry is [string, number] => typeof entry[1] === "number")
    ? Object.fromEntries(entries)
    : {}
}

/** The memory after showing it to `uuid` now; entries older than a day are dropped. */
export const rememberPrompt = (memory: PromptMemory, uuid: string, now: number): PromptMemory => {
  const kept = Object.entries(memory).filter(([, at]) => now - at < PAYMENT_PROMPT_INTERVAL_MS)
  return { ...Object.fromEntries(kept), [uuid]: now }
}

/** A user the payment modal is for: nothing purchased and not on Pro. */
export const wantsPaymentPrompt = (billing: BillingState) =>
  !billing.purchasedSubscription && !isProPlan(billing.planId)

export type PromptDecision = "show" | "wait" | "skip"

/**
 * After a sign-in, on each page: show the modal now, wait for a page where it may show (or for
 * the user's plan to be known), or skip it for this sign-in.
 */
export const paymentPromptDecision = (input: {
  readonly billing: BillingState | null
  readonly path: string
  readonly lastShownAt: number | undefined
  readonly now: number
}): PromptDecision => {
  if (input.billing === null) return "wait"
  if (!wantsPaymentPrompt(input.billing)) return "skip"
  if (input.lastShownAt !== undefined && input.now - input.lastShownAt < PAYMENT_PROMPT_INTERVAL_MS) return "skip"
  if ((PAYMENT_PROMPT_HIDDEN_PATHS as ReadonlyArray<string>).includes(input.path)) return "wait"
  return "show"
}
