import { describe, expect, it, vi } from "vitest"
import { createActor, waitFor } from "xstate"
import {
  type BillingState,
  NOT_CANCELLED,
  PLAN_ID_PRO,
  PLAN_ID_STANDARD,
  PLAN_NAME_PRO,
  STORE_SUBSCRIPTION_URLS,
} from "../../../src/domain/billing/plans.ts"
import type { SubscriptionView } from "../../../src/domain/billing/subscription.ts"
import { Forbidden, Offline, ServerError } from "../../../src/domain/shared/errors.ts"
import { membershipMachine } from "../../../src/machines/billing/membership-machine.ts"
import { pendingActor } from "../support/pending-actor.ts"

/** A non-migrated Pro user who has not cancelled: the one who may cancel. */
const proBilling: BillingState = {
  planId: PLAN_ID_PRO,
  purchasedSubscription: true,
  migratedUser: 0,
  cancelled: NOT_CANCELLED,
}

const card: SubscriptionView = {
  plan_id: PLAN_ID_PRO,
  plan_name: PLAN_NAME_PRO,
  status: "active",
  cancel_at_period_end: false,
  trial_ends_at: null,
  current_period_end: "2026-03-01T00:00:00.000Z",
  price: { price_id: "price_year", interval: "year", unit_amt: 4999, currency: "gbp" },
  payment_platform: "card",
}

const cardCancelled: SubscriptionView = { ...card, cancel_at_period_end: true }

type Loaded = { readonly subscription: SubscriptionView | null }
type Cancelled = { readonly message: string; readonly subscription: SubscriptionView }

const start = (billing: BillingState = proBilling) => {
  const loadSubscription = pendingActor<Loaded, void>()
  const cancelSubscription = pendingActor<Cancelled, void>()
  const actions = { openStore: vi.fn(), refreshUser: vi.fn() }
  const actor = createActor(
    membershipMachine.provide({
      actors: { loadSubscription: loadSubscription.logic, cancelSubscription: cancelSubscription.logic },
      actions,
    }),
    { input: { billing } },
  )
  actor.start()
  return { actor, loadSubscription, cancelSubscription, ...actions }
}

type Started = ReturnType<typeof start>

const load = async (started: Started, subscription: SubscriptionView | null) => {
  started.loadSubscription.resolve({ subscription })
  await waitFor(started.actor, (s) => !s.matches("loading"))
  expect(started.actor.getSnapshot().value).toBe("showing")
}

/** The subscription has loaded: the machine is left in showing. */
const startShowing = async (subscription: SubscriptionView | null = card, billing: BillingState = proBilling) => {
  const started = start(billing)
  await load(started, subscription)
  return started
}

/** Cancel was requested and confirmed: the machine is left in cancelling. */
const startCancelling = async () => {
  const started = await startShowing()
  started.actor.send({ type: "cancel.request" })
  started.actor.send({ type: "cancel.confirm" })
  expect(started.actor.getSnapshot().value).toBe("cancelling")
  return started
}

/** The cancel call failed with Offline: the machine is back in showing with its form error. */
const startCancelFailed = async () => {
  const started = await startCancelling()
  started.cancelSubscription.reject(new Offline())
  await waitFor(started.actor, (s) => !s.matches("cancelling"))
  expect(started.actor.getSnapshot().value).toBe("showing")
  expect(started.actor.getSnapshot().context.formError).toBe("errors.offline")
  return started
}

describe("membership machine", () => {
  describe("loading", () => {
    it("loads the subscription and is busy", () => {
      const { actor, loadSubscription } = start()
      expect(actor.getSnapshot().value).toBe("loading")
      expect(actor.getSnapshot().hasTag("busy")).toBe(true)
      expect(actor.getSnapshot().context).toEqual({
        subscription: null,
        billing: proBilling,
        formError: null,
        notice: null,
      })
      expect(loadSubscription.inputs).toHaveLength(1)
    })

    it("ignores cancel and reload while loading", () => {
      const { actor, loadSubscription, cancelSubscription, openStore } = start()
      actor.send({ type: "cancel.request" })
      actor.send({ type: "cancel.confirm" })
      actor.send({ type: "cancel.dismiss" })
      actor.send({ type: "membership.reload" })

      expect(actor.getSnapshot().value).toBe("loading")
      expect(loadSubscription.inputs).toHaveLength(1)
      expect(cancelSubscription.inputs).toHaveLength(0)
      expect(openStore).not.toHaveBeenCalled()
    })

    it("shows the subscription and keeps the billing facts it was given", async () => {
      const { actor } = await startShowing(card)
      expect(actor.getSnapshot().hasTag("busy")).toBe(false)
      expect(actor.getSnapshot().context).toEqual({
        subscription: card,
        billing: proBilling,
        formError: null,
        notice: null,
      })
    })

    it("shows that there is no subscription", async () => {
      const { actor } = await startShowing(null)
      expect(actor.getSnapshot().context.subscription).toBeNull()
      expect(actor.getSnapshot().context.billing).toEqual(proBilling)
    })

    it("marks the billing as cancelled when the subscription ends at the period end", async () => {
      const { actor } = await startShowing(cardCancelled)
      expect(actor.getSnapshot().context.billing).toEqual({ ...proBilling, cancelled: 1 })
      expect(actor.getSnapshot().can({ type: "cancel.request" })).toBe(false)
    })

    it("keeps a cancelled flag it was given when the subscription does not end at the period end", async () => {
      const { actor } = await startShowing(card, { ...proBilling, cancelled: 1 })
      expect(actor.getSnapshot().context.billing.cancelled).toBe(1)
    })

    it("fails with the form error of the failure", async () => {
      const { actor, loadSubscription } = start()
      loadSubscription.reject(new ServerError({ message: "boom", correlationId: "c-1" }))
      await waitFor(actor, (s) => !s.matches("loading"))

      expect(actor.getSnapshot().value).toBe("failed")
      expect(actor.getSnapshot().hasTag("busy")).toBe(false)
      expect(actor.getSnapshot().context.formError).toBe("errors.generic")
    })
  })

  describe("failed", () => {
    const startFailed = async () => {
      const started = start()
      started.loadSubscription.reject(new Offline())
      await waitFor(started.actor, (s) => s.matches("failed"))
      return started
    }

    it("loads again on reload, clearing the error", async () => {
      const started = await startFailed()
      started.actor.send({ type: "membership.reload" })

      expect(started.actor.getSnapshot().value).toBe("loading")
      expect(started.actor.getSnapshot().context.formError).toBeNull()
      expect(started.loadSubscription.inputs).toHaveLength(2)

      await load(started, card)
      expect(started.actor.getSnapshot().context.subscription).toEqual(card)
    })

    it("ignores cancel", async () => {
      const { actor, cancelSubscription, openStore } = await startFailed()
      expect(actor.getSnapshot().can({ type: "cancel.request" })).toBe(false)
      actor.send({ type: "cancel.request" })
      actor.send({ type: "cancel.confirm" })
      actor.send({ type: "cancel.dismiss" })
      expect(actor.getSnapshot().value).toBe("failed")
      expect(cancelSubscription.inputs).toHaveLength(0)
      expect(openStore).not.toHaveBeenCalled()
    })
  })

  describe("showing", () => {
    it("asks for confirmation when a non-migrated, uncancelled Pro card subscriber cancels", async () => {
      const { actor, cancelSubscription, openStore } = await startShowing()
      expect(actor.getSnapshot().can({ type: "cancel.request" })).toBe(true)
      actor.send({ type: "cancel.request" })

      expect(actor.getSnapshot().value).toBe("confirming")
      expect(cancelSubscription.inputs).toHaveLength(0)
      expect(openStore).not.toHaveBeenCalled()
    })

    it("asks for confirmation when the user has no subscription record but may cancel", async () => {
      const { actor } = await startShowing(null)
      actor.send({ type: "cancel.request" })
      expect(actor.getSnapshot().value).toBe("confirming")
    })

    it("clears an earlier form error when cancel is requested again", async () => {
      const { actor } = await startCancelFailed()
      actor.send({ type: "cancel.request" })
      expect(actor.getSnapshot().value).toBe("confirming")
      expect(actor.getSnapshot().context.formError).toBeNull()
    })

    it.each([
      ["a Standard user", { ...proBilling, planId: PLAN_ID_STANDARD }],
      ["a migrated user", { ...proBilling, migratedUser: 1 }],
      ["a user who has cancelled", { ...proBilling, cancelled: 1 }],
    ])("refuses cancel for %s", async (_name, billing) => {
      const { actor, cancelSubscription, openStore } = await startShowing(card, billing)
      expect(actor.getSnapshot().can({ type: "cancel.request" })).toBe(false)
      actor.send({ type: "cancel.request" })

      expect(actor.getSnapshot().value).toBe("showing")
      expect(cancelSubscription.inputs).toHaveLength(0)
      expect(openStore).not.toHaveBeenCalled()
    })

    it.each(["apple", "google"] as const)(
      "sends a %s subscriber to the store's subscription page without changing state",
      async (platform) => {
        const { actor, openStore, cancelSubscription } = await startShowing({ ...card, payment_platform: platform })
        const before = actor.getSnapshot().context
        expect(actor.getSnapshot().can({ type: "cancel.request" })).toBe(true)
        actor.send({ type: "cancel.request" })

        expect(actor.getSnapshot().value).toBe("showing")
        expect(actor.getSnapshot().context).toBe(before)
        expect(openStore).toHaveBeenCalledTimes(1)
        expect(openStore.mock.calls[0]?.[1]).toEqual({ url: STORE_SUBSCRIPTION_URLS[platform] })
        expect(cancelSubscription.inputs).toHaveLength(0)
      },
    )

    it("loads again on reload", async () => {
      const started = await startShowing(card)
      started.actor.send({ type: "membership.reload" })
      expect(started.actor.getSnapshot().value).toBe("loading")
      expect(started.loadSubscription.inputs).toHaveLength(2)

      await load(started, cardCancelled)
      expect(started.actor.getSnapshot().context.subscription).toEqual(cardCancelled)
      expect(started.actor.getSnapshot().context.billing.cancelled).toBe(1)
    })

    it("clears a failed cancel's form error on reload", async () => {
      const started = await startCancelFailed()
      started.actor.send({ type: "membership.reload" })
      expect(started.actor.getSnapshot().context.formError).toBeNull()

      await load(started, card)
      expect(started.actor.getSnapshot().context.formError).toBeNull()
    })

    it("ignores confirm and dismiss without a request", async () => {
      const { actor, cancelSubscription } = await startShowing()
      actor.send({ type: "cancel.confirm" })
      actor.send({ type: "cancel.dismiss" })
      expect(actor.getSnapshot().value).toBe("showing")
      expect(cancelSubscription.inputs).toHaveLength(0)
    })
  })

  describe("confirming", () => {
    it("goes back to showing on dismiss without cancelling", async () => {
      const { actor, cancelSubscription, refreshUser } = await startShowing()
      actor.send({ type: "cancel.request" })
      actor.send({ type: "cancel.dismiss" })

      expect(actor.getSnapshot().value).toBe("showing")
      expect(actor.getSnapshot().context.billing).toEqual(proBilling)
      expect(cancelSubscription.inputs).toHaveLength(0)
      expect(refreshUser).not.toHaveBeenCalled()
    })

    it("cancels on confirm and is busy", async () => {
      const { actor, cancelSubscription } = await startCancelling()
      expect(actor.getSnapshot().hasTag("busy")).toBe(true)
      expect(cancelSubscription.inputs).toHaveLength(1)
    })

    it("ignores another request and reload while confirming", async () => {
      const { actor, loadSubscription } = await startShowing()
      actor.send({ type: "cancel.request" })
      actor.send({ type: "cancel.request" })
      actor.send({ type: "membership.reload" })
      expect(actor.getSnapshot().value).toBe("confirming")
      expect(loadSubscription.inputs).toHaveLength(1)
    })
  })

  describe("cancelling", () => {
    it("ignores every event while the call runs", async () => {
      const { actor, cancelSubscription, loadSubscription } = await startCancelling()
      actor.send({ type: "cancel.request" })
      actor.send({ type: "cancel.confirm" })
      actor.send({ type: "cancel.dismiss" })
      actor.send({ type: "membership.reload" })

      expect(actor.getSnapshot().value).toBe("cancelling")
      expect(cancelSubscription.inputs).toHaveLength(1)
      expect(loadSubscription.inputs).toHaveLength(1)
    })

    it("shows the cancelled subscription with a notice and refreshes the user", async () => {
      const { actor, cancelSubscription, refreshUser } = await startCancelling()
      cancelSubscription.resolve({ message: "Cancelled", subscription: cardCancelled })
      await waitFor(actor, (s) => !s.matches("cancelling"))

      expect(actor.getSnapshot().value).toBe("showing")
      expect(actor.getSnapshot().hasTag("busy")).toBe(false)
      expect(actor.getSnapshot().context).toEqual({
        subscription: cardCancelled,
        billing: { ...proBilling, cancelled: 1 },
        formError: null,
        notice: "billing:cancelledNotice",
      })
      expect(refreshUser).toHaveBeenCalledTimes(1)
    })

    it("refuses a second cancel request after the cancellation", async () => {
      const { actor, cancelSubscription } = await startCancelling()
      cancelSubscription.resolve({ message: "Cancelled", subscription: cardCancelled })
      await waitFor(actor, (s) => s.matches("showing"))

      expect(actor.getSnapshot().can({ type: "cancel.request" })).toBe(false)
      actor.send({ type: "cancel.request" })
      expect(actor.getSnapshot().value).toBe("showing")
      expect(actor.getSnapshot().context.notice).toBe("billing:cancelledNotice")
      expect(cancelSubscription.inputs).toHaveLength(1)
    })

    it("shows the form error of a failed cancel, keeps the billing and lets the user try again", async () => {
      const { actor, refreshUser, cancelSubscription } = await startCancelFailed()
      expect(actor.getSnapshot().context.billing).toEqual(proBilling)
      expect(actor.getSnapshot().context.subscription).toEqual(card)
      expect(actor.getSnapshot().context.notice).toBeNull()
      expect(refreshUser).not.toHaveBeenCalled()

      actor.send({ type: "cancel.request" })
      actor.send({ type: "cancel.confirm" })
      expect(cancelSubscription.inputs).toHaveLength(2)
    })

    it("shows the generic form error for a refusal", async () => {
      const { actor, cancelSubscription } = await startCancelling()
      cancelSubscription.reject(new Forbidden({ message: "No subscription" }))
      await waitFor(actor, (s) => s.matches("showing"))
      expect(actor.getSnapshot().context.formError).toBe("errors.generic")
    })
  })
})
