// The texts of a point a caller may not open weigh on nothing they get from a search: for a visitor
// and a Standard user, a word (or the start of one) found only in locked texts answers exactly like
// a word found nowhere — the same total, results, order and pages — in the full-text search and in
// the header's suggestions, narrowed or not. A locked point is still found by its code and names.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loadContent } from "../../../server/content/load-content.ts"
import type { KeywordSearchResponse, SuggestionResponse } from "../../../src/domain/api/search-api.ts"
import type { Point } from "../../../src/domain/content/content-schema.ts"
import { DATABASES, signInMembers, startTestServer, type TestServer } from "../support/harness.ts"

const content = loadContent()
const freeChannels = new Set<string>(content.access.free.channels)
const channelPoints = content.channels.flatMap((c) => c.points.map((p) => ({ point: p, channel: c })))
const openPoints = channelPoints.filter((p) => freeChannels.has(p.channel.code)).map((p) => p.point)
const lockedPoints = [
  ...channelPoints.filter((p) => !freeChannels.has(p.channel.code)).map((p) => p.point),
  ...content.extraPoints,
]

const textsOf = (p: Point) => [
  p.location,
  p.locating,
  p.needling.method,
  ...p.needling.cautions,
  ...p.needling.contraindications,
  ...p.actions,
  ...p.indications,
  p.commentary,
]
const namesOf = (p: Point) => [p.code, p.pinyin, p.pinyinPlain, p.name.en, p.name.de, p.name.es]
const wordsOf = (texts: ReadonlyArray<string>) =>
  texts.flatMap((t) => t.toLowerCase().split(/[^\p{L}]+/u)).filter((w) => w.length > 0)

/** Word stems a caller may find: in the texts of open points or in any point's names. */
const STEM = 5
const findable = new Set(
  wordsOf([...openPoints.flatMap(textsOf), ...[...openPoints, ...lockedPoints].flatMap(namesOf)]).map((w) =>
    w.slice(0, STEM),
  ),
)
/** Long words of locked texts whose first letters begin no word a caller may find. */
const lockedOnly = [...new Set(wordsOf(lockedPoints.flatMap(textsOf)))]
  .filter((w) => w.length >= 8 && !findable.has(w.slice(0, STEM)))
  .sort()

/** A word of no text at all. */
const NOWHERE = "qzxvbwok"

const st36 = lockedPoints.find((p) => p.code === "ST-36")!
const stomach = content.channels.find((c) => c.code === "ST")!

describe.each(DATABASES)("locked texts in search on %s", (kind) => {
  let server: TestServer
  let standard = ""
  let pro = ""
  beforeAll(async () => {
    server = await startTestServer(kind, { rateLimitFactor: 1000 })
    ;({ standard, pro } = await signInMembers(server))
  })
  afterAll(() => server.close())

  const keyword = async (json: Record<string, unknown>, token?: string) => {
    const response = await server.request("/api/keyword-search", { method: "POST", json, token })
    expect(response.status, JSON.stringify(json)).toBe(200)
    const { keyword: _, ...answer } = (await response.json()) as KeywordSearchResponse
    return answer
  }
  const suggest = async (query: Record<string, string>, token?: string) => {
    const response = await server.request(`/api/suggestion/keyword-search?${new URLSearchParams(query)}`, { token })
    expect(response.status, JSON.stringify(query)).toBe(200)
    const { keyword: _, ...answer } = (await response.json()) as SuggestionResponse
    return answer
  }

  /** Words the index holds only in locked texts: Pro finds them, in locked points only. */
  const lockedWords = async () => {
    const found: Array<string> = []
    for (const word of lockedOnly) {
      const { total, results } = await keyword({ keyword: word }, pro)
      if (total > 0 && results.every((r) => !freeChannels.has(r.channel ?? "EX"))) found.push(word)
      if (found.length === 4) break
    }
    expect(found).toHaveLength(4)
    return found
  }

  /** The searches to compare: unfiltered, by field, narrowed to a locked channel, and to one point's field. */
  const shapes = (word: string) => [
    { keyword: word },
    { keyword: word, field: "indications" },
    { keyword: word, channel: stomach.slug },
    { keyword: word, channel: stomach.slug, point: st36.slug, field: "needling" },
    { keyword: word, page: 2 },
  ]

  it("answers a word of locked texts, and its start, exactly like a word found nowhere", async () => {
    const words = await lockedWords()
    for (const token of [undefined, standard]) {
      for (const word of words) {
        for (const typed of [word, word.slice(0, STEM + 1)]) {
          for (const json of shapes(typed)) {
            const nowhere = await keyword({ ...json, keyword: NOWHERE }, token)
            expect(await keyword(json, token), JSON.stringify(json)).toEqual(nowhere)
          }
          for (const query of [
            { keyword: typed } as Record<string, string>,
            { keyword: typed, field: "indications" },
            { keyword: typed, channel: stomach.slug, point: st36.slug, field: "needling" },
          ]) {
            const nowhere = await suggest({ ...query, keyword: NOWHERE }, token)
            expect(await suggest(query, token), JSON.stringify(query)).toEqual(nowhere)
          }
        }
      }
    }
  })

  it("does not confirm a word of a locked point's field: moxibustion in ST-36's needling", async () => {
    const json = { keyword: "moxibustion", point: st36.slug, field: "needling" }
    // The word is there: Pro finds it.
    expect((await keyword(json, pro)).total).toBe(1)
    for (const token of [undefined, standard]) {
      for (const typed of ["moxibustion", "moxib", "Reinforcing", "tibialis anterior"]) {
        const answer = await keyword({ ...json, keyword: typed }, token)
        expect(answer, typed).toEqual(await keyword({ ...json, keyword: NOWHERE }, token))
        expect(answer.total, typed).toBe(0)
        const { field: _, ...narrowed } = json
        expect(await keyword({ ...narrowed, keyword: typed }, token), typed).toEqual(
          await keyword({ ...narrowed, keyword: NOWHERE }, token),
        )
      }
    }
  })

  it("ranks and pages by open texts alone: a word in open and locked texts answers as if only the open ones had it", async () => {
    for (const token of [undefined, standard]) {
      for (const typed of ["pain", "headache", "cough"]) {
        const first = await keyword({ keyword: typed }, token)
        // Every result is an open point, or a locked one whose name has the word.
        for (const hit of first.results) {
          const locked = lockedPoints.find((p) => p.code === hit.point)
          if (locked) expect(namesOf(locked).join(" ").toLowerCase(), `${typed} ${hit.point}`).toContain(typed)
        }
        const pages = Math.ceil(first.total / first.pageSize)
        const all = [first.results]
        for (let page = 2; page <= pages; page++) all.push((await keyword({ keyword: typed, page }, token)).results)
        expect(all.flat().length, typed).toBe(first.total)
        expect(all.flat().every((r) => r.permission || r.content.length === 0)).toBe(true)
      }
    }
  })

  it("still finds a locked point by its code and its names, with nothing of its texts", async () => {
    for (const token of [undefined, standard]) {
      for (const typed of ["ST-36", "st36", "Zusanli", "Zúsānlǐ", "Leg Three Miles"]) {
        const { results } = await keyword({ keyword: typed }, token)
        expect(results[0], typed).toMatchObject({ point: "ST-36", permission: false, exact: true, content: [] })
        const suggested = await suggest({ keyword: typed }, token)
        expect(suggested.results[0], typed).toMatchObject({ point: "ST-36", permission: false, content: [] })
      }
      // Part of a name, the last word still being typed.
      const { results } = await keyword({ keyword: "Three Mil" }, token)
      expect(results.map((r) => r.point)).toContain("ST-36")
    }
  })
})
