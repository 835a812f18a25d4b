import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { installOfferMachine } from "../../../src/machines/shared/install-offer-machine.ts"

const start = (settled = false) => {
  const log: Array<string> = []
  const actor = createActor(
    installOfferMachine.provide({
      actions: { prompt: () => void log.push("prompt"), settle: () => void log.push("settle") },
    }),
    { input: { settled } },
  ).start()
  const offered = () => actor.getSnapshot().hasTag("offered")
  return { actor, log, offered }
}

describe("install offer machine", () => {
  it("offers nothing until the browser says the app can be installed", () => {
    const { actor, offered } = start()
    expect(offered()).toBe(false)
    actor.send({ type: "install.choose" })
    expect(offered()).toBe(false)
    actor.send({ type: "install.available" })
    expect(offered()).toBe(true)
  })

  it("asks the browser's question when chosen; accepted, the offer is settled for good", () => {
    const { actor, log, offered } = start()
    actor.send({ type: "install.available" })
    actor.send({ type: "install.choose" })
    expect(log).toEqual(["prompt"])
    expect(offered()).toBe(false)
    actor.send({ type: "install.answered", accepted: true })
    expect(actor.getSnapshot().value).toBe("settled")
    expect(log).toEqual(["prompt", "settle"])
    actor.send({ type: "install.available" })
    expect(offered()).toBe(false)
  })

  it("turned down in the browser's question, it waits for the browser to allow it again", () => {
    const { actor, log, offered } = start()
    actor.send({ type: "install.available" })
    actor.send({ type: "install.choose" })
    actor.send({ type: "install.answered", accepted: false })
    expect(offered()).toBe(false)
    expect(log).toEqual(["prompt"])
    actor.send({ type: "install.available" })
    expect(offered()).toBe(true)
  })

  it("'Not now' settles it without asking", () => {
    const { actor, log, offered } = start()
    actor.send({ type: "install.available" })
    actor.send({ type: "install.dismiss" })
    expect(offered()).toBe(false)
    expect(log).toEqual(["settle"])
    actor.send({ type: "install.available" })
    expect(offered()).toBe(false)
  })

  it("installed some other way, it is settled", () => {
    const { actor, log } = start()
    actor.send({ type: "install.installed" })
    expect(actor.getSnapshot().value).toBe("settled")
    expect(log).toEqual(["settle"])
  })

  it("settled on this device before, it never offers", () => {
    const { actor, offered } = start(true)
    actor.send({ type: "install.available" })
    expect(offered()).toBe(false)
  })
})
