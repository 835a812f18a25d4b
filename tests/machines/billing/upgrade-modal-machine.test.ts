import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { upgradeModalMachine } from "../../../src/machines/billing/upgrade-modal-machine.ts"

const start = () => {
  const actor = createActor(upgradeModalMachine)
  actor.start()
  return actor
}

describe("upgrade modal machine", () => {
  describe("closed", () => {
    it("starts closed in its full version", () => {
      const actor = start()
      expect(actor.getSnapshot().value).toBe("closed")
      expect(actor.getSnapshot().context).toEqual({ lite: false })
    })

    it.each([true, false])("opens with lite %s", (lite) => {
      const actor = start()
      actor.send({ type: "upgrade.open", lite })
      expect(actor.getSnapshot().value).toBe("open")
      expect(actor.getSnapshot().context).toEqual({ lite })
    })

    it("opens its full version when it offers itself", () => {
      const actor = start()
      actor.send({ type: "upgrade.offer" })
      expect(actor.getSnapshot().value).toBe("open")
      expect(actor.getSnapshot().context).toEqual({ lite: false })
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
      const actor = start()
      actor.send({ type: "upgrade.open", lite: true })
      expect(actor.getSnapshot().can({ type: "upgrade.offer" })).toBe(false)
      actor.send({ type: "upgrade.offer" })
      expect(actor.getSnapshot().value).toBe("open")
      expect(actor.getSnapshot().context).toEqual({ lite: true })
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
