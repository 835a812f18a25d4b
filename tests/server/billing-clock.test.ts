// Trials and periods end by the server's clock (TestClock here): after TRIAL_DAYS a trial becomes
// active, or lapses to Standard when the renewal payment fails; a cancelled subscription keeps Pro
// until its period ends.
import { assert, layer } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { TestClock } from "effect/testing"
import { PaymentProvider } from "../../server/billing/payment-provider.ts"
import { Billing } from "../../server/billing/service.ts"
import { SubscriptionsRepo } from "../../server/billing/subscriptions-repo.ts"
import { readSettings, ServerConfig } from "../../server/platform/config/server-config.ts"
import { Secrets } from "../../server/platform/security/secrets.ts"
import { PLAN_ID_PRO, PLAN_ID_STANDARD, TRIAL_DAYS } from "../../src/domain/billing/plans.ts"
import { DAY_MS } from "../../src/domain/shared/timing.ts"
import { insertUser, TestDatabase } from "./support/layers.ts"

const BillingLive = Billing.layer.pipe(
  Layer.provideMerge(Layer.mergeAll(SubscriptionsRepo.layer, PaymentProvider.layer, Secrets.layer)),
  Layer.provideMerge(TestDatabase),
  Layer.provideMerge(ServerConfig.layer({ ...readSettings({}), appOrigin: "http://app.test" })),
)

const planOf = (userId: number) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql<{ plan_id: number }>`SELECT plan_id FROM users WHERE id = ${userId}`,
  ).pipe(Effect.map((rows) => rows[0]!.plan_id))

const subscribe = (email: string, priceId: string, card: "4242" | "0341") =>
  Effect.gen(function* () {
    const billing = yield* Billing
    const userId = yield* insertUser(email)
    const url = yield* billing.startCheckout(userId, priceId)
    const outcome = yield* billing.completeLocalCheckout(url.split("/").at(-1)!, { _tag: "Pay", card })
    assert.strictEqual(outcome, "completed")
    return userId
  })

layer(BillingLive, { timeout: 60_000 })("billing clock", (it) => {
  it.effect("a trial stays a trial until TRIAL_DAYS have passed, then becomes active for a year", () =>
    Effect.gen(function* () {
      const billing = yield* Billing
      const userId = yield* subscribe("renews@example.com", "pro-yearly", "4242")
      assert.strictEqual(yield* planOf(userId), PLAN_ID_PRO)
      yield* TestClock.adjust(TRIAL_DAYS * DAY_MS - 1000)
      yield* billing.processDue
      assert.strictEqual((yield* billing.view(userId))?.status, "trialing")
      yield* TestClock.adjust(1000)
      yield* billing.processDue
      const view = (yield* billing.view(userId))!
      assert.strictEqual(view.status, "active")
      assert.strictEqual(Date.parse(view.current_period_end!) - Date.parse(view.trial_ends_at!), 365 * DAY_MS)
      assert.strictEqual(yield* planOf(userId), PLAN_ID_PRO)
    }),
  )

  it.effect("a trial whose renewal payment fails lapses to Standard", () =>
    Effect.gen(function* () {
      const billing = yield* Billing
      const userId = yield* subscribe("lapses@example.com", "pro-monthly", "0341")
      yield* TestClock.adjust(TRIAL_DAYS * DAY_MS)
      yield* billing.processDue
      assert.strictEqual((yield* billing.view(userId))?.status, "canceled")
      assert.strictEqual(yield* planOf(userId), PLAN_ID_STANDARD)
    }),
  )

  it.effect("a cancelled subscription keeps Pro until the period ends, then returns to Standard", () =>
    Effect.gen(function* () {
      const billing = yield* Billing
      const userId = yield* subscribe("cancels@example.com", "pro-monthly", "4242")
      yield* TestClock.adjust(TRIAL_DAYS * DAY_MS)
      yield* billing.processDue
      const active = (yield* billing.view(userId))!
      const cancelled = yield* billing.cancel(userId)
      assert.isTrue(cancelled.cancel_at_period_end)
      assert.strictEqual(yield* planOf(userId), PLAN_ID_PRO)
      const periodEnd = Date.parse(active.current_period_end!)
      yield* TestClock.setTime(periodEnd - 1000)
      yield* billing.processDue
      assert.strictEqual(yield* planOf(userId), PLAN_ID_PRO)
      yield* TestClock.setTime(periodEnd)
      yield* billing.processDue
      assert.strictEqual((yield* billing.view(userId))?.status, "canceled")
      assert.strictEqual(yield* planOf(userId), PLAN_ID_STANDARD)
      const repo = yield* SubscriptionsRepo
      assert.isTrue(Option.isSome(yield* repo.current(userId)))
    }),
  )

  it.effect("cancelling during the trial keeps Pro to the trial's end", () =>
    Effect.gen(function* () {
      const billing = yield* Billing
      const userId = yield* subscribe("trialcancel@example.com", "pro-yearly", "4242")
      yield* billing.cancel(userId)
      yield* TestClock.adjust(TRIAL_DAYS * DAY_MS - 1000)
      yield* billing.processDue
      assert.strictEqual(yield* planOf(userId), PLAN_ID_PRO)
      yield* TestClock.adjust(1000)
      yield* billing.processDue
      assert.strictEqual(yield* planOf(userId), PLAN_ID_STANDARD)
    }),
  )
})
