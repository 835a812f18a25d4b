// The search calls of §7 against the real server and database (PGlite, and PostgreSQL when one is
// available): points by name and number however typed, full text ranked in the caller's language
// with the exact point first, symptoms in the indications, filters, paging, snippets as text
// segments of about 70 words, and Pro texts that never reach a visitor or a Standard user.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loadContent } from "../../../server/content/load-content.ts"
import type {
  KeywordHit,
  KeywordSearchResponse,
  PointSearchResponse,
  SuggestionResponse,
} from "../../../src/domain/api/search-api.ts"
import type { PointIndexEntry } from "../../../src/domain/content/content-views.ts"
import { localPointSearch } from "../../../src/domain/search/local-point-search.ts"
import {
  SEARCH_PAGE_SIZE,
  SNIPPETS_PER_POINT,
  SUGGESTION_LIMIT,
  SUGGESTION_SNIPPET_WORDS,
} from "../../../src/domain/search/search-fields.ts"
import { SNIPPET_WORDS, SNIPPET_WORDS_BEFORE, segmentsText } from "../../../src/domain/search/snippets.ts"
import { DATABASES, signInMembers, startTestServer, type TestServer } from "../support/harness.ts"

const content = loadContent()
const allPoints = [...content.channels.flatMap((c) => c.points), ...content.extraPoints]
const pointByCode = new Map(allPoints.map((p) => [p.code, p]))
const freeChannels = new Set<string>(content.access.free.channels)
const isFree = (code: string) => freeChannels.has(code.split("-")[0]!) && !code.startsWith("EX")

/** Every text of a point that a locked result must never carry. */
const lockedTexts = (code: string) => {
  const p = pointByCode.get(code)!
  return [p.location, p.locating, p.commentary, p.needling.method, ...p.indications, ...p.actions]
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length

describe.each(DATABASES)("search API on %s", (kind) => {
  let server: TestServer
  let standard = ""
  let pro = ""
  beforeAll(async () => {
    server = await startTestServer(kind, { rateLimitFactor: 1000 })
    ;({ standard, pro } = await signInMembers(server))
  })
  afterAll(() => server.close())

  const post = async <A>(path: string, json: unknown, options: { token?: string; locale?: string } = {}) => {
    const response = await server.request(path, { method: "POST", json, ...options })
    const text = await response.text()
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as A, text }
  }
  const points = (json: unknown, options?: { token?: string; locale?: string }) =>
    post<PointSearchResponse>("/api/point-search", json, options)
  const keyword = (json: unknown, options?: { token?: string; locale?: string }) =>
    post<KeywordSearchResponse>("/api/keyword-search", json, options)
  const suggest = async (query: string, options: { token?: string; locale?: string } = {}) => {
    const response = await server.request(`/api/suggestion/keyword-search?${query}`, options)
    const text = await response.text()
    return { status: response.status, body: JSON.parse(text) as SuggestionResponse, text }
  }
  const codes = (results: ReadonlyArray<{ point: string }>) => results.map((r) => r.point)

  describe("point-search", () => {
    it.each([
      ["taiyuan", "name"],
      ["Tàiyuān", "name"],
      ["太淵", "name"],
      ["太渊", "name"],
      ["Great Abyss", "name"],
      ["lu9", "number"],
      ["LU-9", "number"],
      ["LU 9", "number"],
      ["Lu9", "number"],
    ] as const)("finds LU-9 first by %j (%s)", async (typed, mode) => {
      const { status, body } = await points({ keyword: typed, mode })
      expect(status).toBe(200)
      expect(body.results[0]).toMatchObject({ point: "LU-9", slug: "lu-9-taiyuan", exact: true, permission: true })
    })

    it.each([
      ["P6", "PC-6"],
      ["SJ5", "TE-5"],
      ["TB5", "TE-5"],
      ["LIV3", "LR-3"],
      ["REN12", "CV-12"],
      ["DU20", "GV-20"],
      ["EX-HN3", "EX-HN3"],
      ["Yintang", "EX-HN3"],
    ])("finds %s as %s", async (typed, code) => {
      const { body } = await points({ keyword: typed, mode: "number" })
      expect(body.results[0]).toMatchObject({ point: code, exact: true })
    })

    it("names points in the caller's language and finds German and Spanish names", async () => {
      const german = await points({ keyword: "Großer Abgrund", mode: "name" }, { locale: "de" })
      expect(german.body.results[0]).toMatchObject({ point: "LU-9", name: "Großer Abgrund" })
      const spanish = await points({ keyword: "gran abismo", mode: "name" }, { locale: "es" })
      expect(spanish.body.results[0]).toMatchObject({ point: "LU-9", name: "Gran Abismo" })
    })

    it("lists every point a number begins, marks Pro points by plan, and sends no text", async () => {
      for (const [token, proPlan] of [
        [undefined, false],
        [standard, false],
        [pro, true],
      ] as const) {
        const { body, text } = await points({ keyword: "GB4", mode: "number" }, { token })
        expect(codes(body.results)).toEqual(["GB-4", "GB-40", "GB-41", "GB-42", "GB-43", "GB-44"])
        expect(body.results.every((r) => r.permission === proPlan)).toBe(true)
        expect(text).not.toContain(pointByCode.get("GB-20")!.location)
      }
    })

    it("marks what matched", async () => {
      const { body } = await points({ keyword: "abyss", mode: "name" })
      const lu9 = body.results.find((r) => r.point === "LU-9")!
      expect(lu9.matched).toEqual({
        field: "name",
        segments: [
          { text: "Great ", match: false },
          { text: "Abyss", match: true },
        ],
      })
    })
  })

  describe("keyword-search", () => {
    it("ranks the exact code or name first, then the texts that mention it", async () => {
      for (const typed of ["LU-9", "lu9", "taiyuan", "Tàiyuān"]) {
        const { body } = await keyword({ keyword: typed })
        expect(body.results[0], typed).toMatchObject({ point: "LU-9", exact: true })
        expect(body.results.slice(1).every((r) => !r.exact)).toBe(true)
      }
      // LU-9 is mentioned in other points' texts too.
      const { body } = await keyword({ keyword: "LU-9" })
      expect(body.total).toBeGreaterThan(1)
    })

    it("stems in English: headaches finds what headache finds", async () => {
      const one = await keyword({ keyword: "headache" }, { token: pro })
      const many = await keyword({ keyword: "headaches" }, { token: pro })
      expect(one.body.total).toBeGreaterThan(20)
      expect(many.body.total).toBe(one.body.total)
    })

    it("finds symptoms in the indications, best first, with the matching indication shown", async () => {
      const { body } = await keyword({ keyword: "headache", field: "indications" }, { token: pro })
      expect(codes(body.results).slice(0, 5)).toContain("GB-20")
      for (const result of body.results) {
        expect(result.content.length).toBeGreaterThan(0)
        expect(result.content.length).toBeLessThanOrEqual(SNIPPETS_PER_POINT)
        for (const snippet of result.content) {
          expect(snippet.field).toBe("indications")
          const shown = segmentsText(snippet.segments)
          expect(pointByCode.get(result.point)!.indications).toContain(shown)
          expect(snippet.segments.some((s) => s.match && /headache/i.test(s.text))).toBe(true)
        }
      }
    })

    it("keeps every Pro text on the server for a visitor and a Standard user", async () => {
      for (const token of [undefined, standard]) {
        // Only the texts they may open are searched: GB-20's headache is not among them.
        const { body, text } = await keyword({ keyword: "headache", field: "indications" }, { token })
        expect(body.results.length).toBeGreaterThan(0)
        expect(body.results.every((r) => r.permission && isFree(r.point))).toBe(true)
        for (const locked of lockedTexts("GB-20")) expect(text).not.toContain(locked)
        // Found by its name, a locked point comes named, with nothing of its texts.
        const byName = await keyword({ keyword: "Wind Pool" }, { token })
        const gb20 = byName.body.results.find((r) => r.point === "GB-20")!
        expect(gb20).toMatchObject({ permission: false, content: [], name: "Wind Pool", pinyin: "Fēngchí" })
        for (const result of byName.body.results) {
          expect(result.permission).toBe(isFree(result.point))
          if (!result.permission) {
            expect(result.content).toEqual([])
            for (const locked of lockedTexts(result.point)) expect(byName.text).not.toContain(locked)
          }
        }
      }
      const { body } = await keyword({ keyword: "headache", field: "indications" }, { token: pro })
      expect(body.results.every((r) => r.permission)).toBe(true)
    })

    it(`cuts snippets of long texts to about ${SNIPPET_WORDS} words, ${SNIPPET_WORDS_BEFORE} before the match`, async () => {
      const { body } = await keyword({ keyword: "tonifying", field: "commentary" }, { token: pro })
      expect(body.total).toBeGreaterThan(0)
      for (const result of body.results) {
        for (const snippet of result.content) {
          const shown = segmentsText(snippet.segments)
          expect(words(shown)).toBeLessThanOrEqual(SNIPPET_WORDS)
          // More words come before the match only when the text ends soon after it.
          const before = segmentsText(
            snippet.segments.slice(
              0,
              snippet.segments.findIndex((s) => s.match),
            ),
          )
          if (snippet.clippedEnd) expect(words(before)).toBeLessThanOrEqual(SNIPPET_WORDS_BEFORE)
          const full = pointByCode.get(result.point)!.commentary
          expect(snippet.clippedStart || snippet.clippedEnd).toBe(words(full) > SNIPPET_WORDS)
        }
      }
    })

    it("narrows to a channel, a point and a field", async () => {
      const lung = await keyword({ keyword: "cough", channel: "lung-channel" })
      expect(lung.body.total).toBeGreaterThan(3)
      expect(lung.body.results.every((r) => r.channel === "LU")).toBe(true)
      const one = await keyword({ keyword: "cough", channel: "lung-channel", point: "lu-9-taiyuan" })
      expect(codes(one.body.results)).toEqual(["LU-9"])
      const field = await keyword({ keyword: "wrist", field: "location" }, { token: pro })
      expect(field.body.results.flatMap((r) => r.content.map((c) => c.field))).not.toContain("commentary")
    })

    it("answers 422 for an unknown channel or point, or a point outside the channel", async () => {
      const unknown = await keyword({ keyword: "cough", channel: "no-such-channel" })
      expect(unknown.status).toBe(422)
      expect(unknown.body).toMatchObject({ errors: { channel: "validation.invalid" } })
      const outside = await keyword({ keyword: "cough", channel: "stomach-channel", point: "lu-9-taiyuan" })
      expect(outside.body).toMatchObject({ errors: { point: "validation.invalid" } })
      const field = await keyword({ keyword: "cough", field: "password" })
      expect(field.body).toMatchObject({ errors: { field: "validation.invalid" } })
    })

    it("pages through the results", async () => {
      const first = await keyword({ keyword: "pain" })
      const second = await keyword({ keyword: "pain", page: 2 })
      expect(first.body).toMatchObject({ page: 1, pageSize: SEARCH_PAGE_SIZE })
      expect(first.body.results).toHaveLength(SEARCH_PAGE_SIZE)
      expect(second.body.total).toBe(first.body.total)
      expect(second.body.page).toBe(2)
      const overlap = codes(second.body.results).filter((c) => codes(first.body.results).includes(c))
      expect(overlap).toEqual([])
      const far = await keyword({ keyword: "pain", page: 100 })
      expect(far.body.results).toEqual([])
    })

    it("lists what the caller may open first, then the locked matches, and counts those", async () => {
      /** Every page of a search, in order. */
      const allPages = async (json: Record<string, unknown>, token?: string) => {
        const first = await keyword(json, { token })
        const pages = [first.body]
        for (let page = 2; page <= Math.ceil(first.body.total / SEARCH_PAGE_SIZE); page++) {
          pages.push((await keyword({ ...json, page }, { token })).body)
        }
        return { first: first.body, results: pages.flatMap((p) => p.results) }
      }
      // Locked points match by their names only: "Wind Pool", "Wind Gate" … among open points that
      // mention wind in their texts; headache is in no locked name.
      for (const word of ["wind", "headache"]) {
        for (const token of [undefined, standard]) {
          const { first, results } = await allPages({ keyword: word }, token)
          const permissions = results.map((r) => r.permission)
          expect(permissions.length).toBe(first.total)
          // Every open point before every locked one: true…true, false…false.
          expect(permissions).toEqual(permissions.toSorted((a, b) => Number(b) - Number(a)))
          expect(permissions.filter((p) => p).length).toBeGreaterThan(0)
          expect(first.locked).toBe(permissions.filter((p) => !p).length)
          expect(first.locked > 0).toBe(word === "wind")
          expect(first.results.slice(0, 3).every((r) => r.permission)).toBe(true)
        }
        expect((await keyword({ keyword: word }, { token: pro })).body.locked).toBe(0)
      }
      // The exact point stays first even when locked, and is not counted among the locked matches.
      const exact = await keyword({ keyword: "ST-36" }, { token: standard })
      expect(exact.body.results[0]).toMatchObject({ point: "ST-36", exact: true, permission: false })
      const after = exact.body.results.slice(1).map((r) => r.permission)
      expect(after).toEqual(after.toSorted((a, b) => Number(b) - Number(a)))
    })

    it("searches German texts with the German stemmer: Kopfschmerzen, Kopfschmerz, Schlaflosigkeit", async () => {
      const plural = await keyword({ keyword: "Kopfschmerzen", field: "indications" }, { locale: "de", token: pro })
      expect(plural.body.total).toBeGreaterThan(20)
      expect(codes(plural.body.results).slice(0, 5)).toContain("GB-20")
      const gb20 = plural.body.results.find((r) => r.point === "GB-20")!
      expect(gb20.name).toBe("Windteich")
      for (const snippet of gb20.content) {
        expect(snippet.segments.some((s) => s.match && /^Kopfschmerz/i.test(s.text))).toBe(true)
      }
      const singular = await keyword({ keyword: "Kopfschmerz", field: "indications" }, { locale: "de", token: pro })
      expect(singular.body.total).toBe(plural.body.total)
      const insomnia = await keyword({ keyword: "Schlaflosigkeit" }, { locale: "de", token: pro })
      expect(insomnia.body.total).toBeGreaterThan(5)
      expect(segmentsText(insomnia.body.results[0]!.content.at(-1)!.segments)).toMatch(/Schlaflosigkeit/i)
    })

    it("searches Spanish texts: tos finds the cough points with the indication shown", async () => {
      const { body } = await keyword({ keyword: "tos", field: "indications" }, { locale: "es" })
      expect(body.total).toBeGreaterThan(10)
      const lung = body.results.filter((r) => r.permission)
      expect(lung.length).toBeGreaterThan(0)
      for (const result of lung) {
        for (const snippet of result.content) {
          expect(snippet.segments.some((s) => s.match && /^tos$/i.test(s.text))).toBe(true)
        }
      }
    })

    it("matches with or without accents: unaccent before stemming", async () => {
      const with_ = await keyword({ keyword: "Übelkeit" }, { locale: "de", token: pro })
      const without = await keyword({ keyword: "Ubelkeit" }, { locale: "de", token: pro })
      expect(with_.body.total).toBeGreaterThan(5)
      expect(without.body.total).toBe(with_.body.total)
    })

    it("finds nothing in the texts of a locked channel or point for a Standard user, only the point by name", async () => {
      const locked = content.channels.find((c) => !freeChannels.has(c.code))!
      const point = locked.points.find((p) => p.indications.length > 0)!
      const word = point.indications[0]!.split(/\W+/).find((w) => w.length > 4)!
      for (const token of [undefined, standard]) {
        for (const json of [
          { keyword: word, channel: locked.slug },
          { keyword: word, channel: locked.slug, point: point.slug },
          { keyword: word, channel: locked.slug, point: point.slug, field: "indications" },
        ]) {
          const { status, body } = await keyword(json, { token })
          expect(status, JSON.stringify(json)).toBe(200)
          expect(body, JSON.stringify(json)).toMatchObject({ total: 0, results: [] })
        }
        const { body, text } = await keyword(
          { keyword: point.pinyin, channel: locked.slug, point: point.slug },
          { token },
        )
        expect(body.results).toEqual([expect.objectContaining({ point: point.code, permission: false, content: [] })])
        for (const lockedText of lockedTexts(point.code)) expect(text).not.toContain(lockedText)
      }
      const { body } = await keyword({ keyword: word, channel: locked.slug, point: point.slug }, { token: pro })
      expect(body.results[0]).toMatchObject({ point: point.code, permission: true })
      expect(body.results[0]!.content.length).toBeGreaterThan(0)
    })

    it("keeps German Pro texts on the server too", async () => {
      const { body, text } = await keyword(
        { keyword: "Kopfschmerzen", field: "indications" },
        { locale: "de", token: standard },
      )
      expect(body.results.map((r) => r.point)).not.toContain("GB-20")
      const overlay = content.translations.de.channels.GB!.points["GB-20"]!
      for (const indication of overlay.indications) expect(text).not.toContain(indication)
      const byName = await keyword({ keyword: "Windteich" }, { locale: "de", token: standard })
      expect(byName.body.results[0]).toMatchObject({ point: "GB-20", permission: false, content: [] })
      for (const indication of overlay.indications) expect(byName.text).not.toContain(indication)
    })

    it("searches the names of the caller's language", async () => {
      const { body } = await keyword({ keyword: "Abgrund" }, { locale: "de" })
      expect(codes(body.results)).toContain("LU-9")
      const lu9 = body.results.find((r) => r.point === "LU-9")!
      expect(lu9.name).toBe("Großer Abgrund")
      expect(lu9.content[0]!.field).toBe("point_name")
    })
  })

  describe("suggestion/keyword-search", () => {
    it(`offers the first ${SUGGESTION_LIMIT} results with one short snippet while the last word is typed`, async () => {
      const { status, body } = await suggest("keyword=headac", { token: pro })
      expect(status).toBe(200)
      expect(body.results).toHaveLength(SUGGESTION_LIMIT)
      expect(body.total).toBeGreaterThan(SUGGESTION_LIMIT)
      for (const result of body.results) {
        const texts = result.content.filter((c) => c.field !== "point_name")
        expect(texts.length).toBeLessThanOrEqual(1)
        for (const snippet of texts)
          expect(words(segmentsText(snippet.segments))).toBeLessThanOrEqual(SUGGESTION_SNIPPET_WORDS)
      }
    })

    it("keeps every Pro text on the server for a visitor and a Standard user", async () => {
      for (const token of [undefined, standard]) {
        for (const query of [
          "keyword=headache",
          "keyword=headache&field=indications",
          "keyword=pain",
          "keyword=wind",
        ]) {
          const { status, body, text } = await suggest(query, { token })
          expect(status).toBe(200)
          // Locked points come only by name ("Wind Pool", "Wind Gate" …), after the open ones.
          const permissions = body.results.map((r) => r.permission)
          expect(permissions).toEqual(permissions.toSorted((a, b) => Number(b) - Number(a)))
          expect(body.locked).toBeGreaterThanOrEqual(permissions.filter((p) => !p).length)
          if (query === "keyword=wind") expect(body.locked).toBeGreaterThan(0)
          for (const result of body.results) {
            expect(result.permission).toBe(isFree(result.point))
            if (result.permission) continue
            expect(result.content.filter((c) => c.field !== "point_name")).toEqual([])
            for (const locked of lockedTexts(result.point)) expect(text).not.toContain(locked)
          }
        }
      }
    })

    it("takes the same filters and refuses an empty keyword", async () => {
      const lung = await suggest("keyword=cough&channel=lung-channel")
      expect(lung.body.results.every((r: KeywordHit) => r.channel === "LU")).toBe(true)
      const empty = await suggest("keyword=")
      expect(empty.status).toBe(422)
      expect(empty.body).toMatchObject({ errors: { keyword: "validation.required" } })
      const missing = await suggest("channel=lung-channel")
      expect(missing.status).toBe(422)
    })
  })

  describe("the index for searching on the device (GET /api/point-index)", () => {
    const index = async (options: { token?: string; locale?: string } = {}) => {
      const response = await server.request("/api/point-index", options)
      const text = await response.text()
      return {
        status: response.status,
        etag: response.headers.get("etag"),
        body: JSON.parse(text) as ReadonlyArray<PointIndexEntry>,
        text,
      }
    }

    it("holds every point's codes and names in every language, in the search's order, and nothing of its texts", async () => {
      for (const token of [undefined, standard]) {
        const { status, etag, body, text } = await index(token ? { token } : {})
        expect(status).toBe(200)
        expect(etag).toBeTruthy()
        expect(body.map((entry) => entry.code).toSorted()).toEqual(allPoints.map((p) => p.code).toSorted())
        for (const entry of body) {
          expect(Object.keys(entry).toSorted()).toEqual(
            ["altCodes", "code", "hanzi", "names", "permission", "pinyin", "slug"].toSorted(),
          )
          const point = pointByCode.get(entry.code)!
          expect(entry.names).toEqual(point.name)
          expect(entry.hanzi).toEqual(point.hanzi)
          expect(entry.permission).toBe(isFree(entry.code))
        }
        for (const code of ["ST-36", "SP-6", "EX-HN5"])
          for (const locked of lockedTexts(code)) expect(text).not.toContain(locked)
      }
      const forPro = await index({ token: pro })
      expect(forPro.body.every((entry) => entry.permission)).toBe(true)
      expect(forPro.etag).not.toBe((await index({ token: standard })).etag)
    })

    it("searched on the device, lists what the server's search answers", async () => {
      const { body } = await index({ token: standard, locale: "de" })
      for (const [keyword, mode] of [
        ["Hegu", "name"],
        ["shu", "name"],
        ["ST 3", "number"],
      ] as const) {
        const online = await points({ keyword, mode }, { token: standard, locale: "de" })
        expect(online.status).toBe(200)
        const local = localPointSearch(body, { keyword, mode }, "de")
        expect(local.total).toBe(online.body.total)
        expect(local.results).toEqual(online.body.results)
      }
    })
  })
})
