import { describe, expect, it, vi } from "vitest"
import { createActor, waitFor } from "xstate"
import {
  Forbidden,
  NotFound,
  Offline,
  ProRequired,
  RequestTimeout,
  ServerError,
} from "../../../src/domain/shared/errors.ts"
import { contentPageMachine } from "../../../src/machines/content/content-page-machine.ts"
import { pendingActor } from "../support/pending-actor.ts"

const page = { slug: "lu-1", name: "Central Treasury" }
const otherPage = { slug: "lu-1", name: "Zhongfu" }

const start = (slug = "lu-1", answer?: unknown) => {
  const fetchPage = pendingActor<unknown, { readonly slug: string }>()
  const offerUpgrade = vi.fn()
  const actor = createActor(
    contentPageMachine<unknown>().provide({ actors: { fetchPage: fetchPage.logic }, actions: { offerUpgrade } }),
    { input: answer === undefined ? { slug } : { slug, answer } },
  )
  actor.start()
  return { actor, fetchPage, offerUpgrade }
}

type Started = ReturnType<typeof start>

const settle = async (started: Started, result: { readonly data: unknown } | { readonly error: unknown }) => {
  if ("error" in result) started.fetchPage.reject(result.error)
  else started.fetchPage.resolve(result.data)
  await waitFor(started.actor, (s) => !s.matches("loading"))
}

const startLoaded = async () => {
  const started = start()
  await settle(started, { data: page })
  expect(started.actor.getSnapshot().value).toBe("loaded")
  return started
}

const st36 = { kind: "point", code: "ST-36", pinyin: "Zúsānlǐ", name: "Leg Three Miles" } as const

const startLocked = async () => {
  const started = start()
  await settle(started, { error: new ProRequired({ message: "Pro required" }) })
  expect(started.actor.getSnapshot().value).toBe("locked")
  return started
}

const startFailed = async () => {
  const started = start()
  await settle(started, { error: new Offline() })
  expect(started.actor.getSnapshot().value).toBe("failed")
  return started
}

describe("content page machine", () => {
  describe("start", () => {
    it("shows the page the server drew from its answer, without asking again", () => {
      const { actor, fetchPage, offerUpgrade } = start("lu-1", page)
      expect(actor.getSnapshot().value).toBe("loaded")
      expect(actor.getSnapshot().context).toEqual({ slug: "lu-1", data: page, error: null, locked: null })
      expect(fetchPage.inputs).toEqual([])
      expect(offerUpgrade).not.toHaveBeenCalled()
    })

    it("is locked, with the public facts, when the server drew a locked page, and offers the upgrade modal", () => {
      const locked = { _tag: "Locked", message: "This is part of Jingluo Pro.", item: st36 }
      const { actor, fetchPage, offerUpgrade } = start("st-36", locked)
      expect(actor.getSnapshot().value).toBe("locked")
      expect(actor.getSnapshot().context).toEqual({ slug: "st-36", data: null, error: null, locked: st36 })
      expect(fetchPage.inputs).toEqual([])
      expect(offerUpgrade).toHaveBeenCalledTimes(1)
    })

    it("asks the server when it has no answer", () => {
      const { actor, fetchPage } = start("lu-1")
      expect(actor.getSnapshot().value).toBe("loading")
      expect(fetchPage.inputs).toEqual([{ slug: "lu-1" }])
    })

    it("loads the drawn page again on reload", async () => {
      const started = start("lu-1", page)
      started.actor.send({ type: "page.reload" })
      expect(started.actor.getSnapshot().value).toBe("loading")
      await settle(started, { data: otherPage })
      expect(started.actor.getSnapshot().context.data).toEqual(otherPage)
    })
  })

  describe("loading", () => {
    it("fetches the page of its slug and is busy", () => {
      const { actor, fetchPage, offerUpgrade } = start("st-36")
      expect(actor.getSnapshot().value).toBe("loading")
      expect(actor.getSnapshot().hasTag("busy")).toBe(true)
      expect(actor.getSnapshot().context).toEqual({ slug: "st-36", data: null, error: null, locked: null })
      expect(fetchPage.inputs).toEqual([{ slug: "st-36" }])
      expect(offerUpgrade).not.toHaveBeenCalled()
    })

    it("ignores reload while loading", () => {
      const { actor, fetchPage } = start()
      expect(actor.getSnapshot().can({ type: "page.reload" })).toBe(false)
      actor.send({ type: "page.reload" })
      expect(actor.getSnapshot().value).toBe("loading")
      expect(fetchPage.inputs).toHaveLength(1)
    })

    it("shows the page once loaded", async () => {
      const { actor, offerUpgrade } = await startLoaded()
      expect(actor.getSnapshot().hasTag("busy")).toBe(false)
      expect(actor.getSnapshot().context).toEqual({ slug: "lu-1", data: page, error: null, locked: null })
      expect(offerUpgrade).not.toHaveBeenCalled()
    })

    it("is locked and offers the upgrade modal when the answer names a locked item, keeping its facts", async () => {
      const started = start("st-36")
      await settle(started, { data: { _tag: "Locked", message: "This is part of Jingluo Pro.", item: st36 } })
      expect(started.actor.getSnapshot().value).toBe("locked")
      expect(started.actor.getSnapshot().context).toEqual({ slug: "st-36", data: null, error: null, locked: st36 })
      expect(started.offerUpgrade).toHaveBeenCalledTimes(1)
    })

    it("is locked and offers the upgrade modal when Pro is required", async () => {
      const { actor, offerUpgrade } = await startLocked()
      expect(actor.getSnapshot().hasTag("busy")).toBe(false)
      expect(actor.getSnapshot().context).toEqual({ slug: "lu-1", data: null, error: null, locked: null })
      expect(offerUpgrade).toHaveBeenCalledTimes(1)
    })

    it.each([
      ["Offline", new Offline(), "errors.offline"],
      ["RequestTimeout", new RequestTimeout(), "errors.timeout"],
      ["NotFound", new NotFound({ message: "No such point" }), "errors.generic"],
      ["Forbidden", new Forbidden({ message: "Forbidden" }), "errors.generic"],
      ["ServerError", new ServerError({ message: "boom", correlationId: "c-1" }), "errors.generic"],
      ["an untagged error", new Error("boom"), "errors.generic"],
    ])("fails with the form error of %s without opening the upgrade modal", async (_name, error, key) => {
      const started = start()
      await settle(started, { error })
      expect(started.actor.getSnapshot().value).toBe("failed")
      expect(started.actor.getSnapshot().context.error).toBe(key)
      expect(started.offerUpgrade).not.toHaveBeenCalled()
    })
  })

  describe("loaded", () => {
    it("loads the page again on reload", async () => {
      const started = await startLoaded()
      started.actor.send({ type: "page.reload" })
      expect(started.actor.getSnapshot().value).toBe("loading")
      expect(started.fetchPage.inputs).toEqual([{ slug: "lu-1" }, { slug: "lu-1" }])

      await settle(started, { data: otherPage })
      expect(started.actor.getSnapshot().value).toBe("loaded")
      expect(started.actor.getSnapshot().context.data).toEqual(otherPage)
    })

    it("is locked when the reload says Pro is required", async () => {
      const started = await startLoaded()
      started.actor.send({ type: "page.reload" })
      await settle(started, { error: new ProRequired({ message: "Pro required" }) })
      expect(started.actor.getSnapshot().value).toBe("locked")
      expect(started.offerUpgrade).toHaveBeenCalledTimes(1)
    })
  })

  describe("locked", () => {
    it("keeps the public facts the server sent about the locked item", async () => {
      const started = start("st-36")
      await settle(started, { error: new ProRequired({ message: "Pro required", item: st36 }) })
      expect(started.actor.getSnapshot().value).toBe("locked")
      expect(started.actor.getSnapshot().context.locked).toEqual(st36)
    })

    it("is locked again when the reload answers with the locked item", async () => {
      const started = await startLoaded()
      started.actor.send({ type: "page.reload" })
      await settle(started, { data: { _tag: "Locked", message: "Pro", item: st36 } })
      expect(started.actor.getSnapshot().value).toBe("locked")
      expect(started.actor.getSnapshot().context).toMatchObject({ data: page, locked: st36 })
    })

    it("forgets them once the page opens", async () => {
      const started = start("st-36")
      await settle(started, { error: new ProRequired({ message: "Pro required", item: st36 }) })
      started.actor.send({ type: "page.reload" })
      await settle(started, { data: page })
      expect(started.actor.getSnapshot().context.locked).toBeNull()
    })

    it("has no facts to show when the server sent none", async () => {
      const started = await startLocked()
      expect(started.actor.getSnapshot().context.locked).toBeNull()
    })

    it("loads the page again on reload, and shows it once the user is Pro", async () => {
      const started = await startLocked()
      started.actor.send({ type: "page.reload" })
      expect(started.actor.getSnapshot().value).toBe("loading")
      expect(started.fetchPage.inputs).toHaveLength(2)

      await settle(started, { data: page })
      expect(started.actor.getSnapshot().value).toBe("loaded")
      expect(started.actor.getSnapshot().context.data).toEqual(page)
      expect(started.offerUpgrade).toHaveBeenCalledTimes(1)
    })

    it("offers the upgrade modal again each time it is locked again (the wiring keeps it to once a session)", async () => {
      const started = await startLocked()
      started.actor.send({ type: "page.reload" })
      await settle(started, { error: new ProRequired({ message: "Pro required" }) })
      expect(started.actor.getSnapshot().value).toBe("locked")
      expect(started.offerUpgrade).toHaveBeenCalledTimes(2)
    })
  })

  describe("failed", () => {
    it("loads the page again on reload and clears the error once loaded", async () => {
      const started = await startFailed()
      expect(started.actor.getSnapshot().context.error).toBe("errors.offline")
      started.actor.send({ type: "page.reload" })
      expect(started.actor.getSnapshot().value).toBe("loading")
      expect(started.fetchPage.inputs).toHaveLength(2)

      await settle(started, { data: page })
      expect(started.actor.getSnapshot().value).toBe("loaded")
      expect(started.actor.getSnapshot().context).toEqual({ slug: "lu-1", data: page, error: null, locked: null })
    })

    it("can fail again on reload with the new failure's error", async () => {
      const started = await startFailed()
      started.actor.send({ type: "page.reload" })
      await settle(started, { error: new RequestTimeout() })
      expect(started.actor.getSnapshot().value).toBe("failed")
      expect(started.actor.getSnapshot().context.error).toBe("errors.timeout")
    })
  })
})
