import { describe, expect, it } from "vitest"
import { createActor, SimulatedClock, waitFor } from "xstate"
import type { UserData } from "../../../src/domain/account/user.ts"
import { PLAN_ID_PRO, PLAN_ID_STANDARD, PLAN_NAME_PRO, PLAN_NAME_STANDARD } from "../../../src/domain/billing/plans.ts"
import { Offline, Unauthorized } from "../../../src/domain/shared/errors.ts"
import { MESSAGE_DELAY_MS } from "../../../src/domain/shared/timing.ts"
import {
  isConfirmationSlow,
  PAYMENT_CONFIRMATION_ATTEMPTS,
  PAYMENT_CONFIRMATION_WAIT_MS,
  PAYMENT_SLOW_AFTER_ATTEMPTS,
  paymentOutcomeMachine,
} from "../../../src/machines/billing/payment-outcome-machine.ts"
import { pendingActor } from "../support/pending-actor.ts"

const dashboard = (planId: number, planName: string): UserData => ({
  user_profile: {
    email: "ann@example.com",
    first_name: "Ann",
    last_name: "Lee",
    uuid: "u-7",
    promotional_emails: false,
    purchased_subscription: planId === PLAN_ID_PRO,
    password_available: true,
  },
  user_subscription: { plan_name: planName, plan_id: planId },
  payment_platform: null,
  user_subscription_cancelled: 0,
  migrated_user: 0,
  country: null,
  currency: null,
  language: null,
})

const pro = dashboard(PLAN_ID_PRO, PLAN_NAME_PRO)
const standard = dashboard(PLAN_ID_STANDARD, PLAN_NAME_STANDARD)

const start = () => {
  const refreshUser = pendingActor<UserData, void>()
  const clock = new SimulatedClock()
  const actor = createActor(paymentOutcomeMachine.provide({ actors: { refreshUser: refreshUser.logic } }), { clock })
  actor.start()
  return { actor, refreshUser, clock }
}

type Started = ReturnType<typeof start>

/** The current refresh settles with `answer` (a dashboard, or an error to reject with). */
const answer = async (started: Started, result: UserData | Error) => {
  if (result instanceof Error) started.refreshUser.reject(result)
  else started.refreshUser.resolve(result)
  await waitFor(started.actor, (s) => !s.matches("refreshing"))
}

/** `count` refreshes answer `result`, each followed by the wait before the next. */
const failAttempts = async (started: Started, count: number, result: UserData | Error = standard) => {
  for (let attempt = 0; attempt < count; attempt++) {
    await answer(started, result)
    expect(started.actor.getSnapshot().value).toBe("waiting")
    started.clock.increment(MESSAGE_DELAY_MS)
    expect(started.actor.getSnapshot().value).toBe("refreshing")
  }
}

/** Every attempt answered without Pro: no payment was found. */
const startNotFound = async () => {
  const started = start()
  await failAttempts(started, PAYMENT_CONFIRMATION_ATTEMPTS - 1)
  await answer(started, standard)
  expect(started.actor.getSnapshot().value).toBe("notFound")
  return started
}

describe("payment outcome machine", () => {
  describe("refreshing", () => {
    it("refreshes the user at once, as the first attempt, and is busy", () => {
      const { actor, refreshUser } = start()
      expect(actor.getSnapshot().value).toBe("refreshing")
      expect(actor.getSnapshot().hasTag("busy")).toBe(true)
      expect(actor.getSnapshot().context.attempts).toBe(1)
      expect(refreshUser.inputs).toHaveLength(1)
    })

    it("is confirmed when the first refresh shows Pro", async () => {
      const started = start()
      await answer(started, pro)
      expect(started.actor.getSnapshot().value).toBe("confirmed")
      expect(started.actor.getSnapshot().status).toBe("done")
      expect(started.actor.getSnapshot().hasTag("busy")).toBe(false)
      expect(started.refreshUser.inputs).toHaveLength(1)
    })

    it("waits when the plan is not Pro yet", async () => {
      const started = start()
      await answer(started, standard)
      expect(started.actor.getSnapshot().value).toBe("waiting")
      expect(started.actor.getSnapshot().hasTag("busy")).toBe(true)
      expect(started.actor.getSnapshot().context.attempts).toBe(1)
    })

    it("waits when the refresh fails and attempts remain", async () => {
      const started = start()
      await answer(started, new Offline())
      expect(started.actor.getSnapshot().value).toBe("waiting")
      expect(started.actor.getSnapshot().context.attempts).toBe(1)
    })

    it("ignores retry while refreshing", () => {
      const { actor, refreshUser } = start()
      expect(actor.getSnapshot().can({ type: "outcome.retry" })).toBe(false)
      actor.send({ type: "outcome.retry" })
      expect(actor.getSnapshot().context.attempts).toBe(1)
      expect(refreshUser.inputs).toHaveLength(1)
    })
  })

  describe("waiting", () => {
    it("refreshes again MESSAGE_DELAY_MS after the answer, not before", async () => {
      const started = start()
      await answer(started, standard)

      started.clock.increment(MESSAGE_DELAY_MS - 1)
      expect(started.actor.getSnapshot().value).toBe("waiting")
      expect(started.refreshUser.inputs).toHaveLength(1)

      started.clock.increment(1)
      expect(started.actor.getSnapshot().value).toBe("refreshing")
      expect(started.actor.getSnapshot().context.attempts).toBe(2)
      expect(started.refreshUser.inputs).toHaveLength(2)
    })

    it("ignores retry: the wait is not cut short", async () => {
      const started = start()
      await answer(started, standard)
      expect(started.actor.getSnapshot().can({ type: "outcome.retry" })).toBe(false)
      started.actor.send({ type: "outcome.retry" })
      expect(started.actor.getSnapshot().value).toBe("waiting")
      expect(started.refreshUser.inputs).toHaveLength(1)
    })

    it("is confirmed when a later attempt shows Pro", async () => {
      const started = start()
      await failAttempts(started, 2)
      await answer(started, pro)
      expect(started.actor.getSnapshot().value).toBe("confirmed")
      expect(started.actor.getSnapshot().context.attempts).toBe(3)
    })

    it("is confirmed when the last allowed attempt shows Pro", async () => {
      const started = start()
      await failAttempts(started, PAYMENT_CONFIRMATION_ATTEMPTS - 1)
      expect(started.actor.getSnapshot().context.attempts).toBe(PAYMENT_CONFIRMATION_ATTEMPTS)
      await answer(started, pro)
      expect(started.actor.getSnapshot().value).toBe("confirmed")
    })
  })

  describe("not found", () => {
    it("keeps looking for PAYMENT_CONFIRMATION_WAIT_MS, then says no payment was found", async () => {
      const started = start()
      let waited = 0
      while (waited < PAYMENT_CONFIRMATION_WAIT_MS - MESSAGE_DELAY_MS) {
        await answer(started, standard)
        expect(started.actor.getSnapshot().hasTag("busy")).toBe(true)
        expect(started.actor.getSnapshot().hasTag("notFound")).toBe(false)
        started.clock.increment(MESSAGE_DELAY_MS)
        waited += MESSAGE_DELAY_MS
      }
      await answer(started, standard)
      expect(started.actor.getSnapshot().hasTag("notFound")).toBe(true)
      expect(started.actor.getSnapshot().hasTag("busy")).toBe(false)
      expect(started.actor.getSnapshot().hasTag("confirmed")).toBe(false)
      expect(isConfirmationSlow(started.actor.getSnapshot())).toBe(false)
    })

    it("stops after PAYMENT_CONFIRMATION_ATTEMPTS attempts without Pro", async () => {
      const { actor, refreshUser, clock } = await startNotFound()
      expect(actor.getSnapshot().hasTag("busy")).toBe(false)
      expect(actor.getSnapshot().context.attempts).toBe(PAYMENT_CONFIRMATION_ATTEMPTS)
      expect(refreshUser.inputs).toHaveLength(PAYMENT_CONFIRMATION_ATTEMPTS)

      clock.increment(MESSAGE_DELAY_MS * PAYMENT_CONFIRMATION_ATTEMPTS)
      expect(actor.getSnapshot().value).toBe("notFound")
      expect(refreshUser.inputs).toHaveLength(PAYMENT_CONFIRMATION_ATTEMPTS)
    })

    it("counts failed refreshes as attempts", async () => {
      const started = start()
      await failAttempts(started, PAYMENT_CONFIRMATION_ATTEMPTS - 1, new Offline())
      await answer(started, new Unauthorized({ message: "Unauthenticated." }))

      expect(started.actor.getSnapshot().value).toBe("notFound")
      expect(started.refreshUser.inputs).toHaveLength(PAYMENT_CONFIRMATION_ATTEMPTS)
    })

    it("counts failures and answers without Pro together", async () => {
      const started = start()
      await failAttempts(started, 1, new Offline())
      await failAttempts(started, PAYMENT_CONFIRMATION_ATTEMPTS - 2, standard)
      await answer(started, new Offline())

      expect(started.actor.getSnapshot().value).toBe("notFound")
      expect(started.refreshUser.inputs).toHaveLength(PAYMENT_CONFIRMATION_ATTEMPTS)
    })

    it("starts counting again on retry", async () => {
      const started = await startNotFound()
      expect(started.actor.getSnapshot().can({ type: "outcome.retry" })).toBe(true)
      started.actor.send({ type: "outcome.retry" })

      expect(started.actor.getSnapshot().value).toBe("refreshing")
      expect(started.actor.getSnapshot().context.attempts).toBe(1)
      expect(started.refreshUser.inputs).toHaveLength(PAYMENT_CONFIRMATION_ATTEMPTS + 1)

      await failAttempts(started, PAYMENT_CONFIRMATION_ATTEMPTS - 1)
      await answer(started, standard)
      expect(started.actor.getSnapshot().value).toBe("notFound")
      expect(started.refreshUser.inputs).toHaveLength(2 * PAYMENT_CONFIRMATION_ATTEMPTS)
    })

    it("is confirmed when a retry shows Pro", async () => {
      const started = await startNotFound()
      started.actor.send({ type: "outcome.retry" })
      await answer(started, pro)
      expect(started.actor.getSnapshot().value).toBe("confirmed")
    })
  })

  describe("slow", () => {
    it("is not slow for the first PAYMENT_SLOW_AFTER_ATTEMPTS attempts, then slow while still looking", async () => {
      const started = start()
      expect(PAYMENT_SLOW_AFTER_ATTEMPTS).toBeLessThan(PAYMENT_CONFIRMATION_ATTEMPTS)
      await failAttempts(started, PAYMENT_SLOW_AFTER_ATTEMPTS - 1)
      expect(started.actor.getSnapshot().context.attempts).toBe(PAYMENT_SLOW_AFTER_ATTEMPTS)
      expect(isConfirmationSlow(started.actor.getSnapshot())).toBe(false)
      await failAttempts(started, 1)
      expect(isConfirmationSlow(started.actor.getSnapshot())).toBe(true)
      expect(started.actor.getSnapshot().hasTag("busy")).toBe(true)
    })

    it("is not slow once confirmed late", async () => {
      const started = start()
      await failAttempts(started, PAYMENT_SLOW_AFTER_ATTEMPTS + 1)
      await answer(started, pro)
      expect(started.actor.getSnapshot().hasTag("confirmed")).toBe(true)
      expect(isConfirmationSlow(started.actor.getSnapshot())).toBe(false)
    })
  })

  describe("confirmed", () => {
    it("is final: no more refreshes and no retry", async () => {
      const started = start()
      await answer(started, pro)
      expect(started.actor.getSnapshot().hasTag("confirmed")).toBe(true)
      expect(started.actor.getSnapshot().can({ type: "outcome.retry" })).toBe(false)
      started.clock.increment(MESSAGE_DELAY_MS * PAYMENT_CONFIRMATION_ATTEMPTS)
      expect(started.refreshUser.inputs).toHaveLength(1)
    })
  })
})
