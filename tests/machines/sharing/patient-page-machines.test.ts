// The patient's pages, every transition. The link's page: open (the videos, captions on in English),
// ended (expired or revoked), not found, or a failure with a retry. The unsubscribe page: nothing
// sent until the button; a key the same Schema refuses never leaves; sent; refused by the server
// (422); failing, then sent again.
import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import type { PatientPage, UnsubscribePayload } from "../../../src/domain/acupressure/patient-sharing.ts"
import { NotFound, Offline, ServerError, ValidationFailed } from "../../../src/domain/shared/errors.ts"
import { patientPageMachine } from "../../../src/machines/sharing/patient-page-machine.ts"
import { unsubscribeMachine } from "../../../src/machines/sharing/unsubscribe-machine.ts"
import { openPage } from "../../ui/support/sharing-data.ts"
import { controlledActor, flush } from "../search/controlled-actor.ts"

const openLink = () => {
  const loadPage = controlledActor<PatientPage, { readonly token: string }>()
  const actor = createActor(patientPageMachine.provide({ actors: { loadPage: loadPage.logic } }), {
    input: { token: "tok-1" },
  })
  actor.start()
  return { actor, loadPage, snapshot: () => actor.getSnapshot() }
}

describe("patient page machine", () => {
  it("loads the link's page by its token and shows the videos, English captions on", async () => {
    const s = openLink()
    expect(s.snapshot().hasTag("loading")).toBe(true)
    expect(s.loadPage.last().input).toEqual({ token: "tok-1" })
    s.loadPage.last().resolve(openPage)
    await flush()
    expect(s.snapshot().hasTag("open")).toBe(true)
    expect(s.snapshot().context.page).toEqual(openPage)
    expect(s.snapshot().context.preferences).toMatchObject({ captions: true, captionLanguage: "en" })
  })

  it("plays the video chosen from the list, and only a listed one", async () => {
    const s = openLink()
    s.loadPage.last().resolve(openPage)
    await flush()
    expect(s.snapshot().context.current).toBe(0)
    s.actor.send({ type: "video.select", index: 1 })
    expect(s.snapshot().context.current).toBe(1)
    expect(s.snapshot().can({ type: "video.select", index: 2 })).toBe(false)
    expect(s.snapshot().can({ type: "video.select", index: -1 })).toBe(false)
  })

  it("keeps the player's choices while open", async () => {
    const s = openLink()
    s.loadPage.last().resolve(openPage)
    await flush()
    s.actor.send({ type: "captions.toggle" })
    s.actor.send({ type: "speed.set", speed: 0.75 })
    s.actor.send({ type: "captions.language", language: "es" })
    expect(s.snapshot().context.preferences).toMatchObject({ captions: false, speed: 0.75, captionLanguage: "es" })
  })

  it.each(["expired", "revoked"] as const)("says plainly that a %s link has ended", async (reason) => {
    const s = openLink()
    s.loadPage.last().resolve({ _tag: "Ended", reason })
    await flush()
    expect(s.snapshot().hasTag("ended")).toBe(true)
    expect(s.snapshot().context.page).toEqual({ _tag: "Ended", reason })
  })

  it("says an unknown link is not valid (404)", async () => {
    const s = openLink()
    s.loadPage.last().reject(new NotFound({ message: "x" }))
    await flush()
    expect(s.snapshot().hasTag("notFound")).toBe(true)
  })

  it("says when the page could not be loaded, and tries again", async () => {
    const s = openLink()
    s.loadPage.last().reject(new ServerError({ message: "x", correlationId: "c" }))
    await flush()
    expect(s.snapshot().hasTag("failed")).toBe(true)
    expect(s.snapshot().context.error).toBe("errors.generic")
    s.actor.send({ type: "page.retry" })
    expect(s.snapshot().hasTag("loading")).toBe(true)
    expect(s.loadPage.calls).toHaveLength(2)
  })
})

const unsubscribe = (key: string | null) => {
  const call = controlledActor<{ readonly message: string }, UnsubscribePayload>()
  const actor = createActor(unsubscribeMachine.provide({ actors: { unsubscribe: call.logic } }), { input: { key } })
  actor.start()
  return { actor, call, snapshot: () => actor.getSnapshot() }
}

describe("unsubscribe machine", () => {
  it("sends nothing on opening; the button sends the key, then confirms", async () => {
    const s = unsubscribe("key-1")
    expect(s.call.calls).toHaveLength(0)
    s.actor.send({ type: "unsubscribe.confirm" })
    expect(s.snapshot().hasTag("busy")).toBe(true)
    expect(s.call.last().input).toEqual({ key: "key-1" })
    s.call.last().resolve({ message: "ok" })
    await flush()
    expect(s.snapshot().hasTag("done")).toBe(true)
  })

  it.each([null, "", "x".repeat(201)])("says a key the Schema refuses (%j) is not valid, sending nothing", (key) => {
    const s = unsubscribe(key)
    s.actor.send({ type: "unsubscribe.confirm" })
    expect(s.snapshot().hasTag("invalid")).toBe(true)
    expect(s.call.calls).toHaveLength(0)
  })

  it("says the link is not valid when the server refuses the key (422)", async () => {
    const s = unsubscribe("key-1")
    s.actor.send({ type: "unsubscribe.confirm" })
    s.call.last().reject(new ValidationFailed({ message: "x", errors: { key: "validation.invalid" } }))
    await flush()
    expect(s.snapshot().hasTag("invalid")).toBe(true)
  })

  it("says when sending fails, and sends again", async () => {
    const s = unsubscribe("key-1")
    s.actor.send({ type: "unsubscribe.confirm" })
    s.call.last().reject(new Offline())
    await flush()
    expect(s.snapshot().hasTag("failed")).toBe(true)
    expect(s.snapshot().context.error).toBe("errors.offline")
    s.actor.send({ type: "unsubscribe.confirm" })
    expect(s.call.calls).toHaveLength(2)
    s.call.last().resolve({ message: "ok" })
    await flush()
    expect(s.snapshot().hasTag("done")).toBe(true)
  })
})
