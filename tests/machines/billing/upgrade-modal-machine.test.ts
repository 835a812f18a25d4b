import { describe, expect, it, vi } from "vitest"
import { createActor } from "xstate"
import { upgradeModalMachine } from "../../../src/machines/billing/upgrade-modal-machine.ts"

const startWith = (liteOffered?: boolean) => {
  const rememberLiteOffer = vi.fn()
  const actor = createActor(upgradeModalMachine.provide({ actions: { rememberLiteOffer } }), {
    input: liteOffered === undefined ? {} : { liteOffered },
  })
  actor.start()
  return { actor, rememberLiteOffer }
}

const start = () => startWith().actor

describe("upgrade modal machine", () => {
  describe("closed", () => {
    it("starts closed in its full version", () => {
      const actor = start()
      expect(actor.getSnapshot().value).toBe("closed")
      expect(actor.getSnapshot().context).toEqual({ lite: false, liteOffered: false })
    })

    it.each([true, false])("opens with lite %s", (lite) => {
      const actor = start()
      actor.send({ type: "upgrade.open", lite })
      expect(actor.getSnapshot().value).toBe("open")
      expect(actor.getSnapshot().context.lite).toBe(lite)
    })

    it("opens its full version when it offers itself", () => {
      const actor = start()
      actor.send({ type: "upgrade.offer" })
      expect(actor.getSnapshot().value).toBe("open")
      expect(actor.getSnapshot().context.lite).toBe(false)
    })

    it("offers its lite version for a locked page once a session, and remembers that it did", () => {
      const { actor, rememberLiteOffer } = startWith()
      expect(actor.getSnapshot().can({ type: "upgrade.offerLite" })).toBe(true)
      actor.send({ type: "upgrade.offerLite" })
      expect(actor.getSnapshot().value).toBe("open")
      expect(actor.getSnapshot().context).toEqual({ lite: true, liteOffered: true })
      expect(rememberLiteOffer).toHaveBeenCalledTimes(1)
      actor.send({ type: "upgrade.close" })
      // The next locked page does not bring it back; the user can still open it.
      expect(actor.getSnapshot().can({ type: "upgrade.offerLite" })).toBe(false)
      actor.send({ type: "upgrade.offerLite" })
      expect(actor.getSnapshot().value).toBe("closed")
      expect(rememberLiteOffer).toHaveBeenCalledTimes(1)
      actor.send({ type: "upgrade.open", lite: true })
      expect(actor.getSnapshot().value).toBe("open")
    })

    it("does not offer its lite version when it did so earlier this session (a reload)", () => {
      const { actor, rememberLiteOffer } = startWith(true)
      actor.send({ type: "upgrade.offerLite" })
      expect(actor.getSnapshot().value).toBe("closed")
      expect(rememberLiteOffer).not.toHaveBeenCalled()
    })

    it("ignores close", () => {
      const actor = start()
      expect(actor.getSnapshot().can({ type: "upgrade.close" })).toBe(false)
      actor.send({ type: "upgrade.close" })
      expect(actor.getSnapshot().value).toBe("closed")
    })
  })

  describe("open", () => {
    it("stays as the user opened it when it would offer itself", () => {
      const { actor, rememberLiteOffer } = startWith()
      actor.send({ type: "upgrade.open", lite: false })
      expect(actor.getSnapshot().can({ type: "upgrade.offer" })).toBe(false)
      expect(actor.getSnapshot().can({ type: "upgrade.offerLite" })).toBe(false)
      actor.send({ type: "upgrade.offer" })
      actor.send({ type: "upgrade.offerLite" })
      expect(actor.getSnapshot().value).toBe("open")
      expect(actor.getSnapshot().context).toEqual({ lite: false, liteOffered: false })
      expect(rememberLiteOffer).not.toHaveBeenCalled()
    })

    it("closes", () => {
      const actor = start()
      actor.send({ type: "upgrade.open", lite: true })
      actor.send({ type: "upgrade.close" })
      expect(actor.getSnapshot().value).toBe("closed")
    })

    it("takes the version of each new opening after a close", () => {
      const actor = start()
      actor.send({ type: "upgrade.open", lite: true })
      actor.send({ type: "upgrade.close" })
      actor.send({ type: "upgrade.open", lite: false })
      expect(actor.getSnapshot().value).toBe("open")
      expect(actor.getSnapshot().context.lite).toBe(false)
    })

    it.each([
      [false, true],
      [true, false],
    ])("stays open and switches lite from %s to %s when opened again", (first, second) => {
      const actor = start()
      actor.send({ type: "upgrade.open", lite: first })
      actor.send({ type: "upgrade.open", lite: second })
      expect(actor.getSnapshot().value).toBe("open")
      expect(actor.getSnapshot().context.lite).toBe(second)

      actor.send({ type: "upgrade.close" })
      expect(actor.getSnapshot().value).toBe("closed")
    })
  })
})
