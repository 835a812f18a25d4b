import { describe, expect, it, vi } from "vitest"
import { createActor, waitFor } from "xstate"
import type { Plan, PlanPrice } from "../../../src/domain/billing/plan-schema.ts"
import { PLAN_ID_PRO, PLAN_NAME_PRO } from "../../../src/domain/billing/plans.ts"
import {
  Offline,
  RequestTimeout,
  ServerError,
  TooManyRequests,
  Unauthorized,
  ValidationFailed,
} from "../../../src/domain/shared/errors.ts"
import { checkoutMachine } from "../../../src/machines/billing/checkout-machine.ts"
import { pendingActor } from "../support/pending-actor.ts"

const monthly: PlanPrice = { price_id: "price_month", interval: "month", unit_amt: 499, currency: "gbp" }
const yearly: PlanPrice = { price_id: "price_year", interval: "year", unit_amt: 4999, currency: "gbp" }

/** As the plan list answers: monthly before yearly, so sorting has work to do. */
const plans: ReadonlyArray<Plan> = [{ id: PLAN_ID_PRO, name: PLAN_NAME_PRO, prices: [monthly, yearly] }]

const start = (signedIn = true) => {
  const loadPlans = pendingActor<ReadonlyArray<Plan>, void>()
  const createCheckout = pendingActor<{ readonly data: string }, { readonly price_id: string }>()
  const actions = { redirect: vi.fn(), goToLogin: vi.fn(), signOut: vi.fn() }
  const actor = createActor(
    checkoutMachine.provide({
      actors: { loadPlans: loadPlans.logic, createCheckout: createCheckout.logic },
      actions,
    }),
    { input: { signedIn } },
  )
  actor.start()
  return { actor, loadPlans, createCheckout, ...actions }
}

type Started = ReturnType<typeof start>

/** The plans have loaded: the machine is left in choosing. */
const startChoosing = async (signedIn = true, list: ReadonlyArray<Plan> = plans) => {
  const started = start(signedIn)
  started.loadPlans.resolve(list)
  await waitFor(started.actor, (s) => !s.matches("loading"))
  expect(started.actor.getSnapshot().value).toBe("choosing")
  return started
}

/** A signed-in user pressed Continue with the preselected price: the machine is left in creating. */
const startCreating = async () => {
  const started = await startChoosing()
  started.actor.send({ type: "checkout.start" })
  expect(started.actor.getSnapshot().value).toBe("creating")
  return started
}

/** The checkout call failed with `error`: the machine is back in choosing. */
const failCheckout = async (started: Started, error: unknown) => {
  started.createCheckout.reject(error)
  await waitFor(started.actor, (s) => !s.matches("creating"))
  expect(started.actor.getSnapshot().value).toBe("choosing")
}

describe("checkout machine", () => {
  describe("loading", () => {
    it("loads the plans, is busy and has nothing selected", () => {
      const { actor, loadPlans } = start()
      expect(actor.getSnapshot().value).toBe("loading")
      expect(actor.getSnapshot().hasTag("busy")).toBe(true)
      expect(actor.getSnapshot().context).toEqual({
        signedIn: true,
        prices: [],
        selectedPriceId: null,
        formError: null,
        testMode: false,
      })
      expect(loadPlans.inputs).toHaveLength(1)
    })

    it("ignores selection, continue, sign-out and retry until the plans arrive", () => {
      const { actor, loadPlans, createCheckout, goToLogin } = start()
      actor.send({ type: "plan.select", priceId: yearly.price_id })
      actor.send({ type: "checkout.start" })
      actor.send({ type: "signOut.request" })
      actor.send({ type: "plans.retry" })

      expect(actor.getSnapshot().value).toBe("loading")
      expect(actor.getSnapshot().context.selectedPriceId).toBeNull()
      expect(loadPlans.inputs).toHaveLength(1)
      expect(createCheckout.inputs).toHaveLength(0)
      expect(goToLogin).not.toHaveBeenCalled()
    })

    it("sorts the prices yearly first and preselects the first", async () => {
      const { actor } = await startChoosing()
      expect(actor.getSnapshot().hasTag("busy")).toBe(false)
      expect(actor.getSnapshot().context.prices).toEqual([yearly, monthly])
      expect(actor.getSnapshot().context.selectedPriceId).toBe(yearly.price_id)
    })

    it("gathers the prices of every plan", async () => {
      const split: ReadonlyArray<Plan> = [
        { id: PLAN_ID_PRO, name: PLAN_NAME_PRO, prices: [monthly] },
        { id: PLAN_ID_PRO, name: PLAN_NAME_PRO, prices: [yearly] },
      ]
      const { actor } = await startChoosing(true, split)
      expect(actor.getSnapshot().context.prices).toEqual([yearly, monthly])
      expect(actor.getSnapshot().context.selectedPriceId).toBe(yearly.price_id)
    })

    it("learns from the plans whether checking out takes money", async () => {
      expect((await startChoosing()).actor.getSnapshot().context.testMode).toBe(false)
      const live = [{ ...plans[0]!, test_mode: false }]
      expect((await startChoosing(true, live)).actor.getSnapshot().context.testMode).toBe(false)
      const test = [{ ...plans[0]!, test_mode: true }]
      expect((await startChoosing(true, test)).actor.getSnapshot().context.testMode).toBe(true)
    })

    it("selects nothing when no plan has a price", async () => {
      const { actor } = await startChoosing(true, [])
      expect(actor.getSnapshot().context.prices).toEqual([])
      expect(actor.getSnapshot().context.selectedPriceId).toBeNull()
    })

    it("fails with the form error of the failure when the plans cannot be loaded", async () => {
      const { actor, loadPlans } = start()
      loadPlans.reject(new Offline())
      await waitFor(actor, (s) => !s.matches("loading"))

      expect(actor.getSnapshot().value).toBe("failed")
      expect(actor.getSnapshot().hasTag("busy")).toBe(false)
      expect(actor.getSnapshot().context.formError).toBe("errors.offline")
      expect(actor.getSnapshot().context.prices).toEqual([])
    })
  })

  describe("failed", () => {
    const startFailed = async () => {
      const started = start()
      started.loadPlans.reject(new ServerError({ message: "boom", correlationId: "c-1" }))
      await waitFor(started.actor, (s) => s.matches("failed"))
      expect(started.actor.getSnapshot().context.formError).toBe("errors.generic")
      return started
    }

    it("loads the plans again on retry, clearing the error", async () => {
      const { actor, loadPlans } = await startFailed()
      actor.send({ type: "plans.retry" })

      expect(actor.getSnapshot().value).toBe("loading")
      expect(actor.getSnapshot().context.formError).toBeNull()
      expect(loadPlans.inputs).toHaveLength(2)

      loadPlans.resolve(plans)
      await waitFor(actor, (s) => s.matches("choosing"))
      expect(actor.getSnapshot().context.selectedPriceId).toBe(yearly.price_id)
    })

    it("ignores selection, continue and sign-out", async () => {
      const { actor, createCheckout, goToLogin } = await startFailed()
      expect(actor.getSnapshot().can({ type: "checkout.start" })).toBe(false)
      actor.send({ type: "plan.select", priceId: yearly.price_id })
      actor.send({ type: "checkout.start" })
      actor.send({ type: "signOut.request" })

      expect(actor.getSnapshot().value).toBe("failed")
      expect(createCheckout.inputs).toHaveLength(0)
      expect(goToLogin).not.toHaveBeenCalled()
    })
  })

  describe("choosing", () => {
    it("selects a known price", async () => {
      const { actor } = await startChoosing()
      expect(actor.getSnapshot().can({ type: "plan.select", priceId: monthly.price_id })).toBe(true)
      actor.send({ type: "plan.select", priceId: monthly.price_id })

      expect(actor.getSnapshot().value).toBe("choosing")
      expect(actor.getSnapshot().context.selectedPriceId).toBe(monthly.price_id)
    })

    it("ignores an unknown price id and keeps the selection", async () => {
      const { actor } = await startChoosing()
      expect(actor.getSnapshot().can({ type: "plan.select", priceId: "price_other" })).toBe(false)
      actor.send({ type: "plan.select", priceId: "price_other" })

      expect(actor.getSnapshot().context.selectedPriceId).toBe(yearly.price_id)
    })

    it("clears the form error when another price is selected", async () => {
      const started = await startCreating()
      await failCheckout(started, new Offline())
      expect(started.actor.getSnapshot().context.formError).toBe("errors.offline")

      started.actor.send({ type: "plan.select", priceId: monthly.price_id })
      expect(started.actor.getSnapshot().context.formError).toBeNull()
    })

    it("keeps the form error when an unknown price id is selected", async () => {
      const started = await startCreating()
      await failCheckout(started, new Offline())
      started.actor.send({ type: "plan.select", priceId: "price_other" })
      expect(started.actor.getSnapshot().context.formError).toBe("errors.offline")
    })

    it("creates the checkout for the selected price when a signed-in user continues", async () => {
      const { actor, createCheckout, goToLogin } = await startChoosing()
      actor.send({ type: "plan.select", priceId: monthly.price_id })
      actor.send({ type: "checkout.start" })

      expect(actor.getSnapshot().value).toBe("creating")
      expect(actor.getSnapshot().hasTag("busy")).toBe(true)
      expect(createCheckout.inputs).toEqual([{ price_id: monthly.price_id }])
      expect(goToLogin).not.toHaveBeenCalled()
    })

    it("sends a visitor to sign in instead of creating a checkout", async () => {
      const { actor, createCheckout, goToLogin } = await startChoosing(false)
      actor.send({ type: "checkout.start" })

      expect(actor.getSnapshot().value).toBe("leaving")
      expect(actor.getSnapshot().status).toBe("done")
      expect(goToLogin).toHaveBeenCalledTimes(1)
      expect(createCheckout.inputs).toHaveLength(0)
    })

    it("sends a visitor to sign in even when no price is selected", async () => {
      const { actor, goToLogin } = await startChoosing(false, [])
      expect(actor.getSnapshot().can({ type: "checkout.start" })).toBe(true)
      actor.send({ type: "checkout.start" })
      expect(actor.getSnapshot().value).toBe("leaving")
      expect(goToLogin).toHaveBeenCalledTimes(1)
    })

    it("ignores continue for a signed-in user with nothing selected", async () => {
      const { actor, createCheckout, goToLogin } = await startChoosing(true, [])
      expect(actor.getSnapshot().can({ type: "checkout.start" })).toBe(false)
      actor.send({ type: "checkout.start" })

      expect(actor.getSnapshot().value).toBe("choosing")
      expect(createCheckout.inputs).toHaveLength(0)
      expect(goToLogin).not.toHaveBeenCalled()
    })

    it("asks a signed-in user to confirm signing out", async () => {
      const { actor, signOut } = await startChoosing()
      expect(actor.getSnapshot().can({ type: "signOut.request" })).toBe(true)
      actor.send({ type: "signOut.request" })
      expect(actor.getSnapshot().value).toBe("confirmingSignOut")
      expect(signOut).not.toHaveBeenCalled()
    })

    it("ignores a sign-out request from a visitor", async () => {
      const { actor } = await startChoosing(false)
      expect(actor.getSnapshot().can({ type: "signOut.request" })).toBe(false)
      actor.send({ type: "signOut.request" })
      expect(actor.getSnapshot().value).toBe("choosing")
    })

    it("ignores confirm and cancel of a sign-out that was not requested, and retry", async () => {
      const { actor, signOut, loadPlans } = await startChoosing()
      actor.send({ type: "signOut.confirm" })
      actor.send({ type: "signOut.cancel" })
      actor.send({ type: "plans.retry" })
      expect(actor.getSnapshot().value).toBe("choosing")
      expect(signOut).not.toHaveBeenCalled()
      expect(loadPlans.inputs).toHaveLength(1)
    })
  })

  describe("creating", () => {
    it("ignores continue, selection and sign-out while the checkout is created", async () => {
      const { actor, createCheckout } = await startCreating()
      expect(actor.getSnapshot().can({ type: "checkout.start" })).toBe(false)
      actor.send({ type: "checkout.start" })
      actor.send({ type: "plan.select", priceId: monthly.price_id })
      actor.send({ type: "signOut.request" })

      expect(actor.getSnapshot().value).toBe("creating")
      expect(actor.getSnapshot().context.selectedPriceId).toBe(yearly.price_id)
      expect(createCheckout.inputs).toEqual([{ price_id: yearly.price_id }])
    })

    it("leaves for the provider's page when the checkout is created", async () => {
      const { actor, createCheckout, redirect } = await startCreating()
      createCheckout.resolve({ data: "https://pay.example.com/session/1" })
      await waitFor(actor, (s) => !s.matches("creating"))

      expect(actor.getSnapshot().value).toBe("leaving")
      expect(actor.getSnapshot().status).toBe("done")
      expect(redirect).toHaveBeenCalledTimes(1)
      expect(redirect.mock.calls[0]?.[1]).toEqual({ url: "https://pay.example.com/session/1" })
    })

    it("says the price is unknown when the server rejects the price id", async () => {
      const started = await startCreating()
      await failCheckout(
        started,
        new ValidationFailed({ message: "invalid", errors: { price_id: "validation.invalid" } }),
      )
      expect(started.actor.getSnapshot().context.formError).toBe("billing:unknownPrice")
      expect(started.actor.getSnapshot().context.selectedPriceId).toBe(yearly.price_id)
      expect(started.redirect).not.toHaveBeenCalled()
    })

    it("asks to check the fields when the server rejects something other than the price id", async () => {
      const started = await startCreating()
      await failCheckout(started, new ValidationFailed({ message: "invalid", errors: { "": "validation.invalid" } }))
      expect(started.actor.getSnapshot().context.formError).toBe("errors.checkFields")
    })

    it.each([
      ["Offline", new Offline(), "errors.offline"],
      ["RequestTimeout", new RequestTimeout(), "errors.timeout"],
      [
        "TooManyRequests",
        new TooManyRequests({ message: "slow down", retryAfterSeconds: 30 }),
        "errors.tooManyRequests",
      ],
      ["ServerError", new ServerError({ message: "boom", correlationId: "c-1" }), "errors.generic"],
      ["Unauthorized", new Unauthorized({ message: "Unauthenticated." }), "errors.generic"],
      ["an untagged error", new Error("boom"), "errors.generic"],
    ])("shows the form error of %s and lets the user try again", async (_name, error, key) => {
      const started = await startCreating()
      await failCheckout(started, error)
      expect(started.actor.getSnapshot().context.formError).toBe(key)
      expect(started.actor.getSnapshot().hasTag("busy")).toBe(false)

      started.actor.send({ type: "checkout.start" })
      expect(started.actor.getSnapshot().value).toBe("creating")
      expect(started.createCheckout.inputs).toHaveLength(2)
    })
  })

  describe("confirmingSignOut", () => {
    const startConfirming = async () => {
      const started = await startChoosing()
      started.actor.send({ type: "plan.select", priceId: monthly.price_id })
      started.actor.send({ type: "signOut.request" })
      expect(started.actor.getSnapshot().value).toBe("confirmingSignOut")
      return started
    }

    it("signs out and leaves on confirm", async () => {
      const { actor, signOut, createCheckout } = await startConfirming()
      actor.send({ type: "signOut.confirm" })

      expect(actor.getSnapshot().value).toBe("leaving")
      expect(actor.getSnapshot().status).toBe("done")
      expect(signOut).toHaveBeenCalledTimes(1)
      expect(createCheckout.inputs).toHaveLength(0)
    })

    it("goes back to choosing on cancel, keeping the selection", async () => {
      const { actor, signOut } = await startConfirming()
      actor.send({ type: "signOut.cancel" })

      expect(actor.getSnapshot().value).toBe("choosing")
      expect(actor.getSnapshot().context.selectedPriceId).toBe(monthly.price_id)
      expect(signOut).not.toHaveBeenCalled()
    })

    it("ignores selection, continue and another request while confirming", async () => {
      const { actor, createCheckout } = await startConfirming()
      actor.send({ type: "plan.select", priceId: yearly.price_id })
      actor.send({ type: "checkout.start" })
      actor.send({ type: "signOut.request" })

      expect(actor.getSnapshot().value).toBe("confirmingSignOut")
      expect(actor.getSnapshot().context.selectedPriceId).toBe(monthly.price_id)
      expect(createCheckout.inputs).toHaveLength(0)
    })
  })
})
