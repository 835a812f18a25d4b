import { Option, Schema } from "effect"
import { describe, expect, it } from "vitest"
import {
  PAYMENT_PROMPT_HIDDEN_PATHS,
  PAYMENT_PROMPT_INTERVAL_MS,
  paymentPromptDecision,
  readPromptMemory,
  rememberPrompt,
  wantsPaymentPrompt,
} from "../../../src/domain/billing/payment-prompt.ts"
import { type BillingState, PLAN_ID_PRO, PLAN_ID_STANDARD } from "../../../src/domain/billing/plans.ts"
import { PAYMENT_PATHS } from "../../../src/domain/billing/upgrade-pages.ts"

const standard: BillingState = { planId: PLAN_ID_STANDARD, purchasedSubscription: false, migratedUser: 0, cancelled: 0 }
const pro: BillingState = { ...standard, planId: PLAN_ID_PRO }
const purchased: BillingState = { ...standard, purchasedSubscription: true }
const NOW = 1_750_000_000_000

describe("wantsPaymentPrompt", () => {
  it("is for users with nothing purchased who are not on Pro (§2)", () => {
    expect(wantsPaymentPrompt(standard)).toBe(true)
    expect(wantsPaymentPrompt(pro)).toBe(false)
    expect(wantsPaymentPrompt(purchased)).toBe(false)
  })
})

describe("paymentPromptDecision", () => {
  const decide = (overrides: Partial<Parameters<typeof paymentPromptDecision>[0]>) =>
    paymentPromptDecision({ billing: standard, path: "/", lastShownAt: undefined, now: NOW, ...overrides })

  it("shows on an ordinary page to a Standard user it was never shown to", () => {
    expect(decide({})).toBe("show")
    expect(decide({ path: "/point/lu-9-taiyuan" })).toBe("show")
  })

  it("waits while the plan is not known yet", () => {
    expect(decide({ billing: null })).toBe("wait")
  })

  it.each([
    ["Pro", pro],
    ["a purchased subscription", purchased],
  ])("skips a user with %s", (_, billing) => {
    expect(decide({ billing })).toBe("skip")
  })

  it("includes the payment pages of §2 among the pages where it never shows", () => {
    for (const path of PAYMENT_PATHS) expect(PAYMENT_PROMPT_HIDDEN_PATHS).toContain(path)
  })

  it.each(PAYMENT_PROMPT_HIDDEN_PATHS.map((p) => [p]))("waits on %s for a page where it may show", (path) => {
    expect(decide({ path })).toBe("wait")
  })

  it("skips when it showed less than PAYMENT_PROMPT_INTERVAL_MS ago, and shows again at the interval", () => {
    expect(decide({ lastShownAt: NOW - PAYMENT_PROMPT_INTERVAL_MS + 1 })).toBe("skip")
    expect(decide({ lastShownAt: NOW - PAYMENT_PROMPT_INTERVAL_MS })).toBe("show")
  })

  it("skips on a hidden page too when it showed today: nothing is left to wait for", () => {
    expect(decide({ path: "/pricing", lastShownAt: NOW - 1000 })).toBe("skip")
  })
})

describe("prompt memory", () => {
  it("reads what it wrote", () => {
    const memory = rememberPrompt({}, "u-1", NOW)
    expect(readPromptMemory(JSON.stringify(memory))).toEqual({ "u-1": NOW })
  })

  it.each([
    ["nothing", undefined],
    ["broken JSON", "{"],
    ["the wrong shape", '{"u-1":"yesterday"}'],
    ["an array", "[1]"],
  ])("reads %s as empty", (_, raw) => {
    expect(readPromptMemory(raw)).toEqual({})
  })

  // What a Schema of the memory (uuid → epoch milliseconds) would read from the same text.
  const decodeWithSchema = Schema.decodeUnknownOption(
    Schema.fromJsonString(Schema.Record(Schema.String, Schema.Number)),
  )

  it.each([
    "{}",
    '{"u-1":1750000000000,"u-2":0}',
    '{"u-1":-1.5}',
    '{"u-1":1e400}',
    '{"u-1":1,"u-2":"2"}',
    '{"u-1":null}',
    '{"u-1":true}',
    '{"u-1":{"at":1}}',
    '{"u-1":[1]}',
    "[]",
    "[1]",
    "null",
    "1",
    '"u-1"',
    "",
    "{",
  ])("reads %j as a Schema of it would", (raw) => {
    expect(readPromptMemory(raw)).toEqual(Option.getOrElse(decodeWithSchema(raw), () => ({})))
  })

  it("keeps other users within the interval and drops older entries", () => {
    const memory = { old: NOW - PAYMENT_PROMPT_INTERVAL_MS, recent: NOW - 1000 }
    expect(rememberPrompt(memory, "u-1", NOW)).toEqual({ recent: NOW - 1000, "u-1": NOW })
  })
})
