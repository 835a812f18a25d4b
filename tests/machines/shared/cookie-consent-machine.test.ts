import { describe, expect, it, vi } from "vitest"
import { createActor } from "xstate"
import { cookieConsentMachine } from "../../../src/machines/shared/cookie-consent-machine.ts"

const start = (accepted: boolean) => {
  const storeConsent = vi.fn()
  const actor = createActor(cookieConsentMachine.provide({ actions: { storeConsent } }), { input: { accepted } })
  actor.start()
  return { actor, storeConsent }
}

describe("cookie consent machine", () => {
  describe("start", () => {
    it("is done at once when cookies were already accepted, without storing again", () => {
      const { actor, storeConsent } = start(true)
      expect(actor.getSnapshot().value).toBe("accepted")
      expect(actor.getSnapshot().status).toBe("done")
      expect(storeConsent).not.toHaveBeenCalled()
    })

    it("shows the banner when cookies were not accepted", () => {
      const { actor } = start(false)
      expect(actor.getSnapshot().value).toBe("pending")
      expect(actor.getSnapshot().can({ type: "cookies.accept" })).toBe(true)
    })
  })

  describe("pending", () => {
    it("stores the consent once and is done when accepted", () => {
      const { actor, storeConsent } = start(false)
      actor.send({ type: "cookies.accept" })
      actor.send({ type: "cookies.accept" })

      expect(actor.getSnapshot().value).toBe("accepted")
      expect(actor.getSnapshot().status).toBe("done")
      expect(storeConsent).toHaveBeenCalledTimes(1)
    })
  })
})
