// The search flow, every transition: the buttons follow the keyword (§5), a search runs when asked
// (main search, full text) or SEARCH_DEBOUNCE_MS after the last keystroke (header, on the machine's
// clock), a newer search cancels the running request, results / empty / invalid / failed, paging,
// and searches asked for by the address.
import { describe, expect, it } from "vitest"
import { createActor, SimulatedClock } from "xstate"
import type { KeywordHit } from "../../../src/domain/api/search-api.ts"
import { KEYWORD_MAX_LENGTH } from "../../../src/domain/search/keyword-limits.ts"
import { SEARCH_TOO_FAST_KEY } from "../../../src/domain/search/search-failures.ts"
import { EMPTY_REQUEST, type SearchRequest } from "../../../src/domain/search/search-links.ts"
import { Offline, TooManyRequests, ValidationFailed } from "../../../src/domain/shared/errors.ts"
import { SEARCH_DEBOUNCE_MS } from "../../../src/domain/shared/timing.ts"
import { type SearchAnswer, searchMachine } from "../../../src/machines/search/search-machine.ts"
import { controlledActor, flush } from "./controlled-actor.ts"

const hit = (point: string): KeywordHit => ({
  slug: `${point.toLowerCase()}-x`,
  point,
  pinyin: "Pinyin",
  hanzi: "字",
  name: "Name",
  channel: point.split("-")[0]!,
  permission: true,
  exact: false,
  content: [],
})
const answer = (...points: Array<string>): SearchAnswer => ({
  total: points.length,
  locked: 0,
  results: points.map(hit),
})

const start = (input: { live?: boolean; request?: SearchRequest } = {}) => {
  const search = controlledActor<SearchAnswer, SearchRequest>()
  const shown: Array<SearchRequest | null> = []
  const clock = new SimulatedClock()
  const actor = createActor(
    searchMachine.provide({
      actors: { search: search.logic },
      actions: { showRequest: (_, { request }) => void shown.push(request) },
    }),
    { input, clock },
  )
  actor.start()
  return { actor, search, shown, clock }
}
type Started = ReturnType<typeof start>

const state = ({ actor }: Started) => actor.getSnapshot().value
const type = ({ actor }: Started, keyword: string) => actor.send({ type: "keyword.change", keyword })

const showingResults = async (input: { live?: boolean } = {}) => {
  const started = start(input)
  type(started, "headache")
  started.actor.send({ type: "search.submit" })
  started.search.last().resolve(answer("GB-20", "LU-7"))
  await flush()
  expect(state(started)).toBe("results")
  return started
}

describe("search machine (asked: main search, full text)", () => {
  it("starts idle; search and clear are disabled while the keyword is empty or blank", () => {
    const started = start()
    expect(state(started)).toBe("idle")
    expect(started.actor.getSnapshot().can({ type: "search.submit" })).toBe(false)
    expect(started.actor.getSnapshot().can({ type: "search.clear" })).toBe(false)
    type(started, "   ")
    expect(started.actor.getSnapshot().can({ type: "search.submit" })).toBe(false)
    started.actor.send({ type: "search.submit" })
    expect(started.search.calls).toHaveLength(0)
  })

  it("typing enables the buttons but searches only when asked", () => {
    const started = start()
    type(started, "  head  ache ")
    expect(started.actor.getSnapshot().can({ type: "search.submit" })).toBe(true)
    expect(started.actor.getSnapshot().can({ type: "search.clear" })).toBe(true)
    started.clock.increment(SEARCH_DEBOUNCE_MS * 4)
    expect(started.search.calls).toHaveLength(0)
    started.actor.send({ type: "filters.change", filters: { channel: "lung-channel", field: "indications" } })
    started.actor.send({ type: "search.submit" })
    expect(state(started)).toBe("searching")
    expect(started.actor.getSnapshot().hasTag("busy")).toBe(true)
    const request = {
      ...EMPTY_REQUEST,
      keyword: "head ache",
      channel: "lung-channel",
      field: "indications",
      page: 1,
    }
    expect(started.search.last().input).toEqual(request)
    expect(started.shown).toEqual([request])
  })

  it("keeps how many locked points matched, and forgets it with the next answer or a failure", async () => {
    const started = start()
    type(started, "wind")
    started.actor.send({ type: "search.submit" })
    started.search.last().resolve({ ...answer("GB-20", "LU-7"), total: 9, locked: 7 })
    await flush()
    expect(started.actor.getSnapshot().context).toMatchObject({ total: 9, locked: 7 })
    started.actor.send({ type: "search.submit" })
    started.search.last().resolve(answer())
    await flush()
    expect(state(started)).toBe("empty")
    expect(started.actor.getSnapshot().context.locked).toBe(0)
    started.actor.send({ type: "search.submit" })
    started.search.last().resolve({ ...answer("GB-20"), total: 3, locked: 2 })
    await flush()
    started.actor.send({ type: "search.submit" })
    started.search.last().reject(new Offline())
    await flush()
    expect(state(started)).toBe("failed")
    expect(started.actor.getSnapshot().context.locked).toBe(0)
    started.actor.send({ type: "search.clear" })
    expect(started.actor.getSnapshot().context.locked).toBe(0)
  })

  it("the safety filters go with the next search, and the answer says whether Pro points were left out", async () => {
    const started = start()
    type(started, "pain")
    started.actor.send({ type: "filters.change", filters: { notInPregnancy: true } })
    expect(started.search.calls).toHaveLength(0)
    started.actor.send({ type: "filters.change", filters: { noOrgansBeneath: true } })
    started.actor.send({ type: "search.submit" })
    expect(started.search.last().input).toEqual({
      ...EMPTY_REQUEST,
      keyword: "pain",
      notInPregnancy: true,
      noOrgansBeneath: true,
    })
    started.search.last().resolve({ ...answer("LI-11"), proLeftOut: true })
    await flush()
    expect(started.actor.getSnapshot().context).toMatchObject({ locked: 0, proLeftOut: true })
    // Turning one off keeps the other.
    started.actor.send({ type: "filters.change", filters: { notInPregnancy: false } })
    started.actor.send({ type: "search.submit" })
    expect(started.search.last().input).toMatchObject({ notInPregnancy: false, noOrgansBeneath: true })
    started.search.last().reject(new Offline())
    await flush()
    expect(started.actor.getSnapshot().context.proLeftOut).toBe(false)
  })

  it("a search from the address brings its safety filters", () => {
    const started = start()
    const request = { ...EMPTY_REQUEST, keyword: "cough", notInPregnancy: true }
    started.actor.send({ type: "search.load", request })
    expect(started.actor.getSnapshot().context.filters).toMatchObject({ notInPregnancy: true, noOrgansBeneath: false })
    expect(started.search.last().input).toEqual(request)
    // The same search with another filter is a new search.
    started.actor.send({ type: "search.load", request: { ...request, noOrgansBeneath: true } })
    expect(started.search.calls).toHaveLength(2)
  })

  it("shows the results, or noDataFound when there are none", async () => {
    const started = await showingResults()
    expect(started.actor.getSnapshot().context).toMatchObject({ total: 2, page: 1, error: null })
    type(started, "qqq")
    started.actor.send({ type: "search.submit" })
    started.search.last().resolve(answer())
    await flush()
    expect(state(started)).toBe("empty")
    expect(started.actor.getSnapshot().context.results).toEqual([])
  })

  it("keeps the results while the keyword is edited, until the next search", async () => {
    const started = await showingResults()
    type(started, "headaches")
    expect(state(started)).toBe("results")
    expect(started.actor.getSnapshot().context.results).toHaveLength(2)
  })

  it("clears results and keyword when the keyword is emptied or Clear is pressed", async () => {
    const started = await showingResults()
    type(started, "")
    expect(state(started)).toBe("idle")
    expect(started.actor.getSnapshot().context).toMatchObject({ keyword: "", results: [], total: 0, request: null })
    expect(started.shown.at(-1)).toBeNull()

    const again = await showingResults()
    again.actor.send({ type: "search.clear" })
    expect(state(again)).toBe("idle")
    expect(again.actor.getSnapshot().context).toMatchObject({ keyword: "", results: [] })
    expect(again.shown.at(-1)).toBeNull()
  })

  it(`refuses a keyword over ${KEYWORD_MAX_LENGTH} characters or with control characters at the field, sending nothing`, () => {
    const started = start()
    type(started, "a".repeat(KEYWORD_MAX_LENGTH + 1))
    started.actor.send({ type: "search.submit" })
    expect(state(started)).toBe("invalid")
    expect(started.actor.getSnapshot().context.keywordError).toBe("validation.tooLong")
    type(started, "head\u0007ache")
    started.actor.send({ type: "search.submit" })
    expect(started.actor.getSnapshot().context.keywordError).toBe("validation.keywordCharacters")
    expect(started.search.calls).toHaveLength(0)
    expect(started.actor.getSnapshot().context.keyword).toBe("head\u0007ache")
    // Typing again takes the message away.
    type(started, "headache")
    expect(started.actor.getSnapshot().context.keywordError).toBeNull()
  })

  it("puts the server's keyword message (422) at the field and keeps the keyword", async () => {
    const started = start()
    type(started, "headache")
    started.actor.send({ type: "search.submit" })
    started.search.last().reject(new ValidationFailed({ message: "x", errors: { keyword: "validation.tooLong" } }))
    await flush()
    expect(state(started)).toBe("invalid")
    expect(started.actor.getSnapshot().context).toMatchObject({
      keyword: "headache",
      keywordError: "validation.tooLong",
      error: null,
    })
  })

  it("says to check the fields when the server refuses a filter (422)", async () => {
    const started = start()
    type(started, "headache")
    started.actor.send({ type: "search.submit" })
    started.search.last().reject(new ValidationFailed({ message: "x", errors: { channel: "validation.invalid" } }))
    await flush()
    expect(started.actor.getSnapshot().context).toMatchObject({ keywordError: null, error: "errors.checkFields" })
  })

  it("says to wait a moment when searching too fast (429), keeps the keyword, and searches again on retry", async () => {
    const started = start()
    type(started, "headache")
    started.actor.send({ type: "search.submit" })
    started.search.last().reject(new TooManyRequests({ message: "x", retryAfterSeconds: 1 }))
    await flush()
    expect(state(started)).toBe("failed")
    expect(started.actor.getSnapshot().context).toMatchObject({
      error: SEARCH_TOO_FAST_KEY,
      keywordError: null,
      keyword: "headache",
    })
    started.actor.send({ type: "search.retry" })
    expect(state(started)).toBe("searching")
    expect(started.search.last().input.keyword).toBe("headache")
    started.search.last().resolve(answer("LU-7"))
    await flush()
    expect(state(started)).toBe("results")
    expect(started.actor.getSnapshot().context.error).toBeNull()
  })

  it("fails with the catalogue's message and searches again on retry", async () => {
    const started = start()
    type(started, "headache")
    started.actor.send({ type: "search.submit" })
    started.search.last().reject(new Offline())
    await flush()
    expect(state(started)).toBe("failed")
    expect(started.actor.getSnapshot().context.error).toBe("errors.offline")
    started.actor.send({ type: "search.retry" })
    expect(state(started)).toBe("searching")
    expect(started.search.calls).toHaveLength(2)
    expect(started.search.last().input.keyword).toBe("headache")
    started.search.last().resolve(answer("LU-7"))
    await flush()
    expect(state(started)).toBe("results")
    expect(started.actor.getSnapshot().context.error).toBeNull()
  })

  it("pages: asks for the page, keeps the list until it arrives, then shows that page", async () => {
    const started = await showingResults()
    started.actor.send({ type: "page.go", page: 2 })
    expect(state(started)).toBe("searching")
    expect(started.search.last().input.page).toBe(2)
    expect(started.actor.getSnapshot().context.results).toHaveLength(2)
    expect(started.actor.getSnapshot().context.page).toBe(1)
    started.search.last().resolve(answer("ST-8"))
    await flush()
    expect(started.actor.getSnapshot().context).toMatchObject({ page: 2, total: 1 })
    expect(started.shown.at(-1)).toMatchObject({ page: 2 })
  })

  it("cannot page before anything was searched", () => {
    const started = start()
    started.actor.send({ type: "page.go", page: 2 })
    expect(state(started)).toBe("idle")
  })

  it("a new search cancels the running one; its late answer is ignored", async () => {
    const started = start()
    type(started, "headache")
    started.actor.send({ type: "search.submit" })
    const first = started.search.last()
    type(started, "cough")
    started.actor.send({ type: "search.submit" })
    const second = started.search.last()
    expect(first.signal.aborted).toBe(true)
    expect(second.signal.aborted).toBe(false)
    second.resolve(answer("LU-9"))
    first.resolve(answer("GB-20", "ST-8", "BL-2"))
    await flush()
    expect(started.actor.getSnapshot().context.results.map((r) => r.point)).toEqual(["LU-9"])
  })

  it("changes filters without searching", () => {
    const started = start()
    type(started, "pain")
    started.actor.send({ type: "filters.change", filters: { channel: "lung-channel" } })
    started.clock.increment(SEARCH_DEBOUNCE_MS)
    expect(started.search.calls).toHaveLength(0)
    expect(started.actor.getSnapshot().context.filters).toEqual({
      channel: "lung-channel",
      point: "",
      field: "",
      notInPregnancy: false,
      noOrgansBeneath: false,
    })
  })
})

describe("search machine (asked by the address)", () => {
  it("runs a search given as input at once", () => {
    const started = start({ request: { ...EMPTY_REQUEST, keyword: "cough", channel: "lung-channel", page: 3 } })
    expect(state(started)).toBe("searching")
    expect(started.search.last().input).toMatchObject({ keyword: "cough", channel: "lung-channel", page: 3 })
  })

  it("waits when the address holds no keyword, keeping its filters", () => {
    const started = start({ request: { ...EMPTY_REQUEST, field: "indications" } })
    expect(state(started)).toBe("idle")
    expect(started.actor.getSnapshot().context.filters.field).toBe("indications")
  })

  it("loads a search the address asks for, once", async () => {
    const started = await showingResults()
    const request = { ...EMPTY_REQUEST, keyword: "wrist pain" }
    started.actor.send({ type: "search.load", request })
    expect(state(started)).toBe("searching")
    expect(started.actor.getSnapshot().context.keyword).toBe("wrist pain")
    started.search.last().resolve(answer("LU-9"))
    await flush()
    started.actor.send({ type: "search.load", request })
    expect(started.search.calls).toHaveLength(2)
    started.actor.send({ type: "search.load", request: EMPTY_REQUEST })
    expect(state(started)).toBe("results")
  })
})

describe("search machine (live: the header)", () => {
  it(`searches ${SEARCH_DEBOUNCE_MS} ms after the last keystroke, on the machine's clock`, () => {
    const started = start({ live: true })
    type(started, "h")
    expect(state(started)).toBe("debouncing")
    started.clock.increment(SEARCH_DEBOUNCE_MS - 100)
    type(started, "he")
    started.clock.increment(SEARCH_DEBOUNCE_MS - 1)
    expect(started.search.calls).toHaveLength(0)
    started.clock.increment(1)
    expect(state(started)).toBe("searching")
    expect(started.search.calls.map((c) => c.input.keyword)).toEqual(["he"])
  })

  it("typing while a search runs cancels it and waits again", () => {
    const started = start({ live: true })
    type(started, "head")
    started.clock.increment(SEARCH_DEBOUNCE_MS)
    const first = started.search.last()
    type(started, "heada")
    expect(first.signal.aborted).toBe(true)
    expect(state(started)).toBe("debouncing")
    started.clock.increment(SEARCH_DEBOUNCE_MS)
    expect(started.search.last().input.keyword).toBe("heada")
  })

  it("emptying the field stops the wait and clears the list", async () => {
    const started = start({ live: true })
    type(started, "head")
    started.clock.increment(SEARCH_DEBOUNCE_MS)
    started.search.last().resolve(answer("GB-20"))
    await flush()
    type(started, "")
    expect(state(started)).toBe("idle")
    expect(started.actor.getSnapshot().context.results).toEqual([])
    started.clock.increment(SEARCH_DEBOUNCE_MS)
    expect(started.search.calls).toHaveLength(1)
  })

  it("a filter change with a keyword searches again after the pause", () => {
    const started = start({ live: true })
    type(started, "pain")
    started.clock.increment(SEARCH_DEBOUNCE_MS)
    started.actor.send({ type: "filters.change", filters: { field: "indications" } })
    expect(state(started)).toBe("debouncing")
    started.clock.increment(SEARCH_DEBOUNCE_MS)
    expect(started.search.last().input.field).toBe("indications")
  })

  it("an invalid keyword waits at the field instead of being sent", () => {
    const started = start({ live: true })
    type(started, "a".repeat(KEYWORD_MAX_LENGTH + 1))
    started.clock.increment(SEARCH_DEBOUNCE_MS)
    expect(state(started)).toBe("invalid")
    expect(started.search.calls).toHaveLength(0)
  })

  it("Enter searches at once", () => {
    const started = start({ live: true })
    type(started, "cough")
    started.actor.send({ type: "search.submit" })
    expect(state(started)).toBe("searching")
  })
})
