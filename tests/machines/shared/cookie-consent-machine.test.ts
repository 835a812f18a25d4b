import { describe, expect, it, vi } from "vitest"
import { createActor } from "xstate"
import { cookieConsentMachine } from "../../../src/machines/shared/cookie-consent-machine.ts"

const start = (accepted: boolean) => {
  const storeConsent = vi.fn()
  const announceConsent = vi.fn()
  const actor = createActor(cookieConsentMachine.provide({ actions: { storeConsent, announceConsent } }), {
    input: { accepted },
  })
  actor.start()
  return { actor, storeConsent, announceConsent }
}

describe("cookie consent machine", () => {
  describe("start", () => {
    it("is done at once when cookies were already accepted, without storing again", () => {
      const { actor, storeConsent, announceConsent } = start(true)
      expect(actor.getSnapshot().value).toBe("accepted")
      expect(actor.getSnapshot().status).toBe("done")
      expect(storeConsent).not.toHaveBeenCalled()
      expect(announceConsent).not.toHaveBeenCalled()
    })

    it("shows the banner when cookies were not accepted", () => {
      const { actor } = start(false)
      expect(actor.getSnapshot().value).toBe("pending")
      expect(actor.getSnapshot().can({ type: "cookies.accept" })).toBe(true)
    })
  })

  describe("pending", () => {
    it("stores the consent once, says so once and is done when accepted", () => {
      const { actor, storeConsent, announceConsent } = start(false)
      actor.send({ type: "cookies.accept" })
      actor.send({ type: "cookies.accept" })

      expect(actor.getSnapshot().value).toBe("accepted")
      expect(actor.getSnapshot().status).toBe("done")
      expect(storeConsent).toHaveBeenCalledTimes(1)
      expect(announceConsent).toHaveBeenCalledTimes(1)
    })
  })
})
