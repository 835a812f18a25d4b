import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { connectionMachine } from "../../../src/machines/shared/connection-machine.ts"

const start = (online: boolean) => createActor(connectionMachine, { input: { online } }).start()

describe("connection machine", () => {
  it("starts as the browser says: online without the offline tag, offline with it", () => {
    expect(start(true).getSnapshot().hasTag("offline")).toBe(false)
    expect(start(false).getSnapshot().hasTag("offline")).toBe(true)
  })

  it("goes offline when the connection is lost and back when it returns, as often as that happens", () => {
    const actor = start(true)
    for (let round = 0; round < 2; round++) {
      actor.send({ type: "connection.lost" })
      expect(actor.getSnapshot().hasTag("offline")).toBe(true)
      // A second failed call while offline changes nothing.
      actor.send({ type: "connection.lost" })
      expect(actor.getSnapshot().hasTag("offline")).toBe(true)
      actor.send({ type: "connection.back" })
      expect(actor.getSnapshot().hasTag("offline")).toBe(false)
      actor.send({ type: "connection.back" })
      expect(actor.getSnapshot().hasTag("offline")).toBe(false)
    }
  })
})
