// The all-points type-ahead, every transition: SEARCH_DEBOUNCE_MS after the last keystroke on the
// machine's clock, a switch of mode lists the other kind at once, stale requests are cancelled,
// clearing clears, results / empty / invalid / failed.
import { describe, expect, it } from "vitest"
import { createActor, SimulatedClock } from "xstate"
import type { PointHit, PointSearchPayload } from "../../../src/domain/api/search-api.ts"
import { KEYWORD_MAX_LENGTH } from "../../../src/domain/search/keyword-limits.ts"
import { SEARCH_TOO_FAST_KEY } from "../../../src/domain/search/search-failures.ts"
import { Offline, TooManyRequests, ValidationFailed } from "../../../src/domain/shared/errors.ts"
import { SEARCH_DEBOUNCE_MS } from "../../../src/domain/shared/timing.ts"
import { type PointsAnswer, typeAheadMachine } from "../../../src/machines/search/type-ahead-machine.ts"
import { controlledActor, flush } from "./controlled-actor.ts"

const hit = (point: string): PointHit => ({
  slug: `${point.toLowerCase()}-x`,
  point,
  pinyin: "Tàiyuān",
  hanzi: { traditional: "太淵", simplified: "太渊" },
  name: "Great Abyss",
  permission: true,
  exact: true,
  matched: { field: "code", segments: [{ text: point, match: true }] },
})
const answer = (...points: Array<string>): PointsAnswer => ({ total: points.length, results: points.map(hit) })

const start = (mode?: "name" | "number") => {
  const searchPoints = controlledActor<PointsAnswer, PointSearchPayload>()
  const clock = new SimulatedClock()
  const actor = createActor(typeAheadMachine.provide({ actors: { searchPoints: searchPoints.logic } }), {
    input: mode ? { mode } : {},
    clock,
  })
  actor.start()
  return { actor, searchPoints, clock }
}
type Started = ReturnType<typeof start>
const state = ({ actor }: Started) => actor.getSnapshot().value
const type = ({ actor }: Started, query: string) => actor.send({ type: "query.change", query })

describe("type-ahead machine", () => {
  it("starts idle in name mode (or the mode given)", () => {
    expect(state(start())).toBe("idle")
    expect(start().actor.getSnapshot().context.mode).toBe("name")
    expect(start("number").actor.getSnapshot().context.mode).toBe("number")
  })

  it(`lists points ${SEARCH_DEBOUNCE_MS} ms after the last keystroke`, async () => {
    const started = start()
    type(started, "t")
    started.clock.increment(200)
    type(started, "tai")
    started.clock.increment(SEARCH_DEBOUNCE_MS - 1)
    expect(started.searchPoints.calls).toHaveLength(0)
    started.clock.increment(1)
    expect(state(started)).toBe("loading")
    expect(started.actor.getSnapshot().hasTag("busy")).toBe(true)
    expect(started.searchPoints.last().input).toEqual({ keyword: "tai", mode: "name" })
    started.searchPoints.last().resolve(answer("LU-9"))
    await flush()
    expect(state(started)).toBe("results")
    expect(started.actor.getSnapshot().context.total).toBe(1)
  })

  it("says when nothing matches", async () => {
    const started = start()
    type(started, "qqq")
    started.clock.increment(SEARCH_DEBOUNCE_MS)
    started.searchPoints.last().resolve(answer())
    await flush()
    expect(state(started)).toBe("empty")
  })

  it("a keystroke during a request cancels it; its late answer is ignored", async () => {
    const started = start()
    type(started, "lu")
    started.clock.increment(SEARCH_DEBOUNCE_MS)
    const stale = started.searchPoints.last()
    type(started, "lu9")
    expect(stale.signal.aborted).toBe(true)
    started.clock.increment(SEARCH_DEBOUNCE_MS)
    started.searchPoints.last().resolve(answer("LU-9"))
    stale.resolve(answer("LU-1", "LU-2"))
    await flush()
    expect(started.actor.getSnapshot().context.results.map((r) => r.point)).toEqual(["LU-9"])
  })

  it("switching mode lists the other kind at once, cancelling the running request", async () => {
    const started = start()
    type(started, "lu9")
    started.clock.increment(SEARCH_DEBOUNCE_MS)
    const byName = started.searchPoints.last()
    started.actor.send({ type: "mode.change", mode: "number" })
    expect(byName.signal.aborted).toBe(true)
    expect(state(started)).toBe("loading")
    expect(started.searchPoints.last().input).toEqual({ keyword: "lu9", mode: "number" })
  })

  it("switching mode with nothing typed only switches", () => {
    const started = start()
    started.actor.send({ type: "mode.change", mode: "number" })
    expect(state(started)).toBe("idle")
    expect(started.actor.getSnapshot().context.mode).toBe("number")
    started.actor.send({ type: "mode.change", mode: "number" })
    expect(started.searchPoints.calls).toHaveLength(0)
  })

  it("clearing or emptying the field clears the list and stops waiting", async () => {
    const started = start()
    type(started, "tai")
    started.clock.increment(SEARCH_DEBOUNCE_MS)
    started.searchPoints.last().resolve(answer("LU-9"))
    await flush()
    started.actor.send({ type: "query.clear" })
    expect(state(started)).toBe("idle")
    expect(started.actor.getSnapshot().context).toMatchObject({ query: "", results: [], total: 0 })
    type(started, "ta")
    type(started, "")
    started.clock.increment(SEARCH_DEBOUNCE_MS)
    expect(state(started)).toBe("idle")
    expect(started.searchPoints.calls).toHaveLength(1)
  })

  it("an invalid query waits at the field instead of being sent", () => {
    const started = start()
    type(started, "x".repeat(KEYWORD_MAX_LENGTH + 1))
    started.clock.increment(SEARCH_DEBOUNCE_MS)
    expect(state(started)).toBe("invalid")
    expect(started.actor.getSnapshot().context.queryError).toBe("validation.tooLong")
    expect(started.searchPoints.calls).toHaveLength(0)
    started.actor.send({ type: "mode.change", mode: "number" })
    expect(started.searchPoints.calls).toHaveLength(0)
  })

  it("shows the server's message for the query (422)", async () => {
    const started = start()
    type(started, "lu9")
    started.clock.increment(SEARCH_DEBOUNCE_MS)
    started.searchPoints
      .last()
      .reject(new ValidationFailed({ message: "x", errors: { keyword: "validation.required" } }))
    await flush()
    expect(state(started)).toBe("invalid")
    expect(started.actor.getSnapshot().context.queryError).toBe("validation.required")
  })

  it("fails with the catalogue's message and asks again on retry", async () => {
    const started = start()
    type(started, "lu9")
    started.clock.increment(SEARCH_DEBOUNCE_MS)
    started.searchPoints.last().reject(new Offline())
    await flush()
    expect(state(started)).toBe("failed")
    expect(started.actor.getSnapshot().context.error).toBe("errors.offline")
    started.actor.send({ type: "query.retry" })
    expect(state(started)).toBe("loading")
    expect(started.searchPoints.calls).toHaveLength(2)
  })

  it("says to wait a moment when searching too fast (429), and asks again on retry", async () => {
    const started = start()
    type(started, "lu9")
    started.clock.increment(SEARCH_DEBOUNCE_MS)
    started.searchPoints.last().reject(new TooManyRequests({ message: "x", retryAfterSeconds: 1 }))
    await flush()
    expect(state(started)).toBe("failed")
    expect(started.actor.getSnapshot().context).toMatchObject({ error: SEARCH_TOO_FAST_KEY, query: "lu9", results: [] })
    started.actor.send({ type: "query.retry" })
    expect(state(started)).toBe("loading")
    started.searchPoints.last().resolve(answer("LU-9"))
    await flush()
    expect(state(started)).toBe("results")
    expect(started.actor.getSnapshot().context.error).toBeNull()
  })

  describe("safety filters", () => {
    it("a filter changed before typing is kept and sent with the query; nothing is searched yet", async () => {
      const started = start()
      started.actor.send({ type: "safety.change", safety: { notInPregnancy: true } })
      expect(state(started)).toBe("idle")
      expect(started.searchPoints.calls).toHaveLength(0)
      expect(started.actor.getSnapshot().context.safety).toEqual({ notInPregnancy: true, noOrgansBeneath: false })
      type(started, "LI")
      started.clock.increment(SEARCH_DEBOUNCE_MS)
      expect(started.searchPoints.last().input).toEqual({ keyword: "LI", mode: "name", notInPregnancy: true })
    })

    it("turning a filter on or off lists again at once, cancelling the request still running", async () => {
      const started = start("number")
      type(started, "LI")
      started.clock.increment(SEARCH_DEBOUNCE_MS)
      const first = started.searchPoints.last()
      expect(first.input).toEqual({ keyword: "LI", mode: "number" })
      started.actor.send({ type: "safety.change", safety: { noOrgansBeneath: true } })
      expect(state(started)).toBe("loading")
      expect(first.signal.aborted).toBe(true)
      expect(started.searchPoints.last().input).toEqual({ keyword: "LI", mode: "number", noOrgansBeneath: true })
      started.searchPoints.last().resolve({ ...answer("LI-11"), proLeftOut: true })
      await flush()
      expect(state(started)).toBe("results")
      expect(started.actor.getSnapshot().context).toMatchObject({ total: 1, proLeftOut: true })
      started.actor.send({ type: "safety.change", safety: { noOrgansBeneath: false } })
      expect(started.searchPoints.last().input).toEqual({ keyword: "LI", mode: "number" })
      started.searchPoints.last().resolve(answer())
      await flush()
      expect(state(started)).toBe("empty")
      expect(started.actor.getSnapshot().context.proLeftOut).toBe(false)
    })

    it("a query with a problem of its own is not sent when a filter changes", () => {
      const started = start()
      type(started, "x".repeat(KEYWORD_MAX_LENGTH + 1))
      started.clock.increment(SEARCH_DEBOUNCE_MS)
      expect(state(started)).toBe("invalid")
      started.actor.send({ type: "safety.change", safety: { notInPregnancy: true } })
      expect(state(started)).toBe("invalid")
      expect(started.searchPoints.calls).toHaveLength(0)
    })

    it("clearing the field keeps the filters", () => {
      const started = start()
      started.actor.send({ type: "safety.change", safety: { notInPregnancy: true } })
      started.actor.send({ type: "query.clear" })
      expect(started.actor.getSnapshot().context.safety.notInPregnancy).toBe(true)
    })
  })
})
