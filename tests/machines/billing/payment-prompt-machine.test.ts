import { describe, expect, it, vi } from "vitest"
import { createActor } from "xstate"
import { PAYMENT_PROMPT_INTERVAL_MS, type PromptMemory } from "../../../src/domain/billing/payment-prompt.ts"
import { type BillingState, PLAN_ID_PRO, PLAN_ID_STANDARD } from "../../../src/domain/billing/plans.ts"
import { paymentPromptMachine } from "../../../src/machines/billing/payment-prompt-machine.ts"

const standard: BillingState = { planId: PLAN_ID_STANDARD, purchasedSubscription: false, migratedUser: 0, cancelled: 0 }
const pro: BillingState = { ...standard, planId: PLAN_ID_PRO }
const NOW = 1_750_000_000_000
const UUID = "0bfdfc3b-a859-4c3e-9fe4-dd0aab9b5026"

const start = (memory: PromptMemory = {}) => {
  const openModal = vi.fn()
  const storeMemory = vi.fn()
  const actor = createActor(paymentPromptMachine.provide({ actions: { openModal, storeMemory } }), {
    input: { memory },
  })
  actor.start()
  return { actor, openModal, storeMemory }
}

const visit = (
  actor: ReturnType<typeof start>["actor"],
  path: string,
  billing: BillingState | null = standard,
  now = NOW,
) => actor.send({ type: "page.visit", path, billing, now })

describe("payment prompt machine", () => {
  describe("idle", () => {
    it("starts idle and never opens the modal without a sign-in (a session from an earlier visit)", () => {
      const { actor, openModal } = start()
      expect(actor.getSnapshot().value).toBe("idle")
      expect(actor.getSnapshot().can({ type: "page.visit", path: "/", billing: standard, now: NOW })).toBe(false)
      visit(actor, "/")
      expect(actor.getSnapshot().value).toBe("idle")
      expect(openModal).not.toHaveBeenCalled()
    })

    it("waits for a page after a sign-in", () => {
      const { actor } = start()
      actor.send({ type: "session.signedIn", uuid: UUID })
      expect(actor.getSnapshot().value).toBe("waiting")
      expect(actor.getSnapshot().context.uuid).toBe(UUID)
    })
  })

  describe("waiting", () => {
    const startWaiting = (memory: PromptMemory = {}) => {
      const started = start(memory)
      started.actor.send({ type: "session.signedIn", uuid: UUID })
      return started
    }

    it("opens the modal on the first page where it may show, and remembers when", () => {
      const { actor, openModal, storeMemory } = startWaiting()
      visit(actor, "/")
      expect(actor.getSnapshot().value).toBe("settled")
      expect(openModal).toHaveBeenCalledTimes(1)
      expect(storeMemory).toHaveBeenCalledTimes(1)
      expect(storeMemory.mock.calls[0]?.[1]).toEqual({ memory: { [UUID]: NOW } })
      expect(actor.getSnapshot().context.memory).toEqual({ [UUID]: NOW })
    })

    it("keeps waiting on the sign-in and payment pages, then shows on the next page", () => {
      const { actor, openModal } = startWaiting()
      for (const path of ["/login", "/pricing", "/verify-email"]) visit(actor, path)
      expect(actor.getSnapshot().value).toBe("waiting")
      expect(openModal).not.toHaveBeenCalled()
      visit(actor, "/book/pages")
      expect(openModal).toHaveBeenCalledTimes(1)
    })

    it("keeps waiting while the plan is unknown", () => {
      const { actor, openModal } = startWaiting()
      visit(actor, "/", null)
      expect(actor.getSnapshot().value).toBe("waiting")
      expect(openModal).not.toHaveBeenCalled()
    })

    it("settles without the modal for a Pro user", () => {
      const { actor, openModal, storeMemory } = startWaiting()
      visit(actor, "/", pro)
      expect(actor.getSnapshot().value).toBe("settled")
      expect(openModal).not.toHaveBeenCalled()
      expect(storeMemory).not.toHaveBeenCalled()
    })

    it("settles without the modal when it showed to this user less than a day ago", () => {
      const { actor, openModal } = startWaiting({ [UUID]: NOW - PAYMENT_PROMPT_INTERVAL_MS + 1 })
      visit(actor, "/")
      expect(actor.getSnapshot().value).toBe("settled")
      expect(openModal).not.toHaveBeenCalled()
    })

    it("shows to another user of the same device on the same day", () => {
      const { actor, openModal } = startWaiting({ "someone-else": NOW - 1000 })
      visit(actor, "/")
      expect(openModal).toHaveBeenCalledTimes(1)
    })

    it("forgets the pending prompt on sign-out", () => {
      const { actor, openModal } = startWaiting()
      actor.send({ type: "session.signedOut" })
      expect(actor.getSnapshot().value).toBe("idle")
      expect(actor.getSnapshot().context.uuid).toBeNull()
      visit(actor, "/")
      expect(openModal).not.toHaveBeenCalled()
    })
  })

  describe("settled", () => {
    it("opens the modal once per sign-in: later pages leave it alone", () => {
      const { actor, openModal } = start()
      actor.send({ type: "session.signedIn", uuid: UUID })
      visit(actor, "/")
      visit(actor, "/book/pages")
      expect(openModal).toHaveBeenCalledTimes(1)
    })

    it("skips the next sign-in on the same day and shows a day later", () => {
      const { actor, openModal } = start()
      actor.send({ type: "session.signedIn", uuid: UUID })
      visit(actor, "/")
      actor.send({ type: "session.signedOut" })
      actor.send({ type: "session.signedIn", uuid: UUID })
      visit(actor, "/", standard, NOW + 60_000)
      expect(openModal).toHaveBeenCalledTimes(1)
      actor.send({ type: "session.signedIn", uuid: UUID })
      visit(actor, "/", standard, NOW + PAYMENT_PROMPT_INTERVAL_MS)
      expect(openModal).toHaveBeenCalledTimes(2)
    })
  })
})
