import { describe, expect, it } from "vitest"
import { createActor, waitFor } from "xstate"
import type { QuoteOfTheDay } from "../../../src/domain/api/system-api.ts"
import { Offline } from "../../../src/domain/shared/errors.ts"
import { quoteMachine } from "../../../src/machines/shared/quote-machine.ts"
import { pendingActor } from "../support/pending-actor.ts"

/** The quote at `offset` of `total` quotes. */
const quote = (offset: number, total: number): QuoteOfTheDay => ({
  id: `q-${offset}`,
  text: `Quote ${offset}`,
  source: "Lingshu",
  original: null,
  point: { code: "HT7", slug: "ht7", name: "Spirit Gate", pinyin: "Shenmen" },
  offset,
  total,
})

const start = () => {
  const fetchQuote = pendingActor<QuoteOfTheDay, { readonly offset: number }>()
  const actor = createActor(quoteMachine.provide({ actors: { fetchQuote: fetchQuote.logic } }))
  actor.start()
  return { actor, fetchQuote }
}

type Started = ReturnType<typeof start>

const settle = (started: Started, busyState: "loading" | "loadingMore") =>
  waitFor(started.actor, (s) => !s.matches(busyState))

/** Today's quote has loaded, of `total`. */
const startShowing = async (total: number) => {
  const started = start()
  started.fetchQuote.resolve(quote(0, total))
  await settle(started, "loading")
  expect(started.actor.getSnapshot().value).toBe("showing")
  return started
}

const startFailed = async () => {
  const started = start()
  started.fetchQuote.reject(new Offline())
  await settle(started, "loading")
  expect(started.actor.getSnapshot().value).toBe("failed")
  return started
}

describe("quote machine", () => {
  describe("loading", () => {
    it("fetches today's quote at offset 0 and is busy", () => {
      const { actor, fetchQuote } = start()
      expect(actor.getSnapshot().value).toBe("loading")
      expect(actor.getSnapshot().hasTag("busy")).toBe(true)
      expect(actor.getSnapshot().context).toEqual({ quotes: [], failed: false })
      expect(fetchQuote.inputs).toEqual([{ offset: 0 }])
    })

    it("ignores load more and retry", () => {
      const { actor, fetchQuote } = start()
      actor.send({ type: "quote.loadMore" })
      actor.send({ type: "quote.retry" })
      expect(actor.getSnapshot().value).toBe("loading")
      expect(fetchQuote.inputs).toHaveLength(1)
    })

    it("shows today's quote", async () => {
      const { actor } = await startShowing(3)
      expect(actor.getSnapshot().hasTag("busy")).toBe(false)
      expect(actor.getSnapshot().context).toEqual({ quotes: [quote(0, 3)], failed: false })
    })

    it("fails when today's quote cannot be loaded", async () => {
      const { actor } = await startFailed()
      expect(actor.getSnapshot().hasTag("busy")).toBe(false)
      expect(actor.getSnapshot().context).toEqual({ quotes: [], failed: true })
    })
  })

  describe("failed", () => {
    it("loads today's quote again on retry and clears the failure once it arrives", async () => {
      const started = await startFailed()
      const { actor, fetchQuote } = started
      actor.send({ type: "quote.retry" })
      expect(actor.getSnapshot().value).toBe("loading")
      expect(fetchQuote.inputs).toEqual([{ offset: 0 }, { offset: 0 }])

      fetchQuote.resolve(quote(0, 3))
      await settle(started, "loading")
      expect(actor.getSnapshot().value).toBe("showing")
      expect(actor.getSnapshot().context).toEqual({ quotes: [quote(0, 3)], failed: false })
    })

    it("cannot load more", async () => {
      const { actor, fetchQuote } = await startFailed()
      expect(actor.getSnapshot().can({ type: "quote.loadMore" })).toBe(false)
      actor.send({ type: "quote.loadMore" })
      expect(actor.getSnapshot().value).toBe("failed")
      expect(fetchQuote.inputs).toHaveLength(1)
    })
  })

  describe("showing", () => {
    it("loads the next quote at the offset after those shown", async () => {
      const { actor, fetchQuote } = await startShowing(3)
      expect(actor.getSnapshot().can({ type: "quote.loadMore" })).toBe(true)
      actor.send({ type: "quote.loadMore" })

      expect(actor.getSnapshot().value).toBe("loadingMore")
      expect(actor.getSnapshot().hasTag("busy")).toBe(true)
      expect(fetchQuote.inputs.at(-1)).toEqual({ offset: 1 })
    })

    it("cannot load more when the only quote is shown", async () => {
      const { actor, fetchQuote } = await startShowing(1)
      expect(actor.getSnapshot().can({ type: "quote.loadMore" })).toBe(false)
      actor.send({ type: "quote.loadMore" })
      expect(actor.getSnapshot().value).toBe("showing")
      expect(fetchQuote.inputs).toHaveLength(1)
    })

    it("loads more up to the last quote and no further", async () => {
      const started = await startShowing(2)
      const { actor, fetchQuote } = started
      actor.send({ type: "quote.loadMore" })
      fetchQuote.resolve(quote(1, 2))
      await settle(started, "loadingMore")

      expect(actor.getSnapshot().context.quotes).toEqual([quote(0, 2), quote(1, 2)])
      expect(actor.getSnapshot().can({ type: "quote.loadMore" })).toBe(false)
      actor.send({ type: "quote.loadMore" })
      expect(fetchQuote.inputs).toHaveLength(2)
    })

    it("ignores retry", async () => {
      const { actor, fetchQuote } = await startShowing(3)
      actor.send({ type: "quote.retry" })
      expect(actor.getSnapshot().value).toBe("showing")
      expect(fetchQuote.inputs).toHaveLength(1)
    })
  })

  describe("loadingMore", () => {
    it("ignores another load more and retry", async () => {
      const { actor, fetchQuote } = await startShowing(3)
      actor.send({ type: "quote.loadMore" })
      actor.send({ type: "quote.loadMore" })
      actor.send({ type: "quote.retry" })
      expect(actor.getSnapshot().value).toBe("loadingMore")
      expect(fetchQuote.inputs).toHaveLength(2)
    })

    it("appends the next quote", async () => {
      const started = await startShowing(3)
      const { actor, fetchQuote } = started
      actor.send({ type: "quote.loadMore" })
      fetchQuote.resolve(quote(1, 3))
      await settle(started, "loadingMore")

      expect(actor.getSnapshot().value).toBe("showing")
      expect(actor.getSnapshot().context).toEqual({ quotes: [quote(0, 3), quote(1, 3)], failed: false })
      expect(actor.getSnapshot().can({ type: "quote.loadMore" })).toBe(true)
    })

    it("keeps the quotes shown and flags the failure when the next cannot be loaded", async () => {
      const started = await startShowing(3)
      const { actor, fetchQuote } = started
      actor.send({ type: "quote.loadMore" })
      fetchQuote.reject(new Offline())
      await settle(started, "loadingMore")

      expect(actor.getSnapshot().value).toBe("showing")
      expect(actor.getSnapshot().context).toEqual({ quotes: [quote(0, 3)], failed: true })
      expect(actor.getSnapshot().can({ type: "quote.loadMore" })).toBe(true)
    })

    it("clears the failure when a later load more succeeds", async () => {
      const started = await startShowing(3)
      const { actor, fetchQuote } = started
      actor.send({ type: "quote.loadMore" })
      fetchQuote.reject(new Offline())
      await settle(started, "loadingMore")
      actor.send({ type: "quote.loadMore" })
      expect(fetchQuote.inputs.at(-1)).toEqual({ offset: 1 })
      fetchQuote.resolve(quote(1, 3))
      await settle(started, "loadingMore")

      expect(actor.getSnapshot().context).toEqual({ quotes: [quote(0, 3), quote(1, 3)], failed: false })
    })
  })
})
