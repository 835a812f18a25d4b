// The searches' safety filters on the real server: "notInPregnancy" leaves out the points forbidden
// in pregnancy and "noOrgansBeneath" those over an organ, in the all-points search and the keyword
// search alike. A filter reveals nothing about a point the caller may not open: while one is on,
// such points are left out entirely and the answer says so. Bad values answer 422 for their field.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loadContent } from "../../../server/content/load-content.ts"
import type { KeywordSearchResponse, PointSearchResponse } from "../../../src/domain/api/search-api.ts"
import { HTTP_LAYER_DATABASES, signInMembers, startTestServer, type TestServer } from "../support/harness.ts"

const content = loadContent()
const freeChannels = new Set<string>(content.access.free.channels)
const points = [...content.channels.flatMap((c) => c.points), ...content.extraPoints]
const byCode = new Map(points.map((p) => [p.code, p]))
const forbiddenInPregnancy = (code: string) => byCode.get(code)!.safety.pregnancy.level === "contraindicated"
const overOrgans = (code: string) => byCode.get(code)!.safety.organsBeneath.length > 0
const isFree = (code: string) =>
  content.channels.some((c) => freeChannels.has(c.code) && c.points.some((p) => p.code === code))

describe.each(HTTP_LAYER_DATABASES)("safety filters in search on %s", (kind) => {
  let server: TestServer
  let standard = ""
  let pro = ""
  beforeAll(async () => {
    server = await startTestServer(kind, { rateLimitFactor: 1000 })
    ;({ standard, pro } = await signInMembers(server))
  })
  afterAll(() => server.close())

  const post = async <A>(path: string, json: Record<string, unknown>, token?: string) => {
    const response = await server.request(path, { method: "POST", json, token })
    expect(response.status, JSON.stringify(json)).toBe(200)
    return (await response.json()) as A
  }
  const pointSearch = (json: Record<string, unknown>, token?: string) =>
    post<PointSearchResponse>("/api/point-search", { mode: "number", ...json }, token)
  const keywordSearch = (json: Record<string, unknown>, token?: string) =>
    post<KeywordSearchResponse>("/api/keyword-search", json, token)
  /** Every page of a keyword search, its codes in order. */
  const allPages = async (json: Record<string, unknown>, token?: string) => {
    const first = await keywordSearch(json, token)
    const codes = first.results.map((r) => r.point)
    for (let page = 2; page <= Math.ceil(first.total / first.pageSize); page++) {
      codes.push(...(await keywordSearch({ ...json, page }, token)).results.map((r) => r.point))
    }
    return { first, codes }
  }

  describe("for a Pro learner", () => {
    it("the all-points search leaves out LI-4, SP-6, GB-21, BL-60 and BL-67 in pregnancy, and keeps LI-11", async () => {
      const unfiltered = await pointSearch({ keyword: "LI" }, pro)
      expect(unfiltered.results.map((r) => r.point)).toEqual(expect.arrayContaining(["LI-4", "LI-11"]))
      const filtered = await pointSearch({ keyword: "LI", notInPregnancy: true }, pro)
      expect(filtered.results.map((r) => r.point)).not.toContain("LI-4")
      expect(filtered.results.map((r) => r.point)).toContain("LI-11")
      expect(filtered.total).toBe(
        unfiltered.total - unfiltered.results.filter((r) => forbiddenInPregnancy(r.point)).length,
      )
      expect(filtered.proLeftOut).toBeUndefined()
      for (const code of ["SP-6", "GB-21", "BL-60", "BL-67"]) {
        expect((await pointSearch({ keyword: code }, pro)).results[0]?.point).toBe(code)
        const answer = await pointSearch({ keyword: code, notInPregnancy: true }, pro)
        expect(answer.results.map((r) => r.point)).not.toContain(code)
      }
    })

    it("the all-points search leaves out points over organs", async () => {
      const unfiltered = await pointSearch({ keyword: "LU" }, pro)
      expect(unfiltered.results.some((r) => overOrgans(r.point))).toBe(true)
      const filtered = await pointSearch({ keyword: "LU", noOrgansBeneath: true }, pro)
      expect(filtered.results.length).toBeGreaterThan(0)
      expect(filtered.results.filter((r) => overOrgans(r.point))).toEqual([])
    })

    it("the keyword search leaves them out of every page and of the total", async () => {
      const unfiltered = await allPages({ keyword: "pregnancy" }, pro)
      expect(unfiltered.codes.filter(forbiddenInPregnancy).length).toBeGreaterThan(3)
      const filtered = await allPages({ keyword: "pregnancy", notInPregnancy: true }, pro)
      expect(filtered.codes.filter(forbiddenInPregnancy)).toEqual([])
      expect(filtered.codes).toEqual(unfiltered.codes.filter((code) => !forbiddenInPregnancy(code)))
      expect(filtered.first.total).toBe(filtered.codes.length)

      const both = await allPages({ keyword: "needle", notInPregnancy: true, noOrgansBeneath: true }, pro)
      expect(both.codes.length).toBeGreaterThan(0)
      expect(both.codes.filter((code) => forbiddenInPregnancy(code) || overOrgans(code))).toEqual([])
    })

    it("an exact point left out is not put first", async () => {
      const answer = await keywordSearch({ keyword: "LI-4", notInPregnancy: true }, pro)
      expect(answer.results.map((r) => r.point)).not.toContain("LI-4")
    })

    it("false is the same as no filter", async () => {
      const off = await pointSearch({ keyword: "LI", notInPregnancy: false, noOrgansBeneath: false }, pro)
      expect(off).toEqual(await pointSearch({ keyword: "LI" }, pro))
    })
  })

  describe.each([
    ["a Standard user", () => standard],
    ["a visitor", () => undefined],
  ])("for %s", (_, token) => {
    it("while a filter is on, the Pro points are left out entirely and the answer says so", async () => {
      const unfiltered = await pointSearch({ keyword: "ST" }, token())
      expect(unfiltered.results.length).toBeGreaterThan(0)
      expect(unfiltered.results.every((r) => !r.permission)).toBe(true)
      for (const filter of ["notInPregnancy", "noOrgansBeneath"]) {
        const filtered = await pointSearch({ keyword: "ST", [filter]: true }, token())
        expect(filtered.proLeftOut).toBe(true)
        expect(filtered.results.filter((r) => !r.permission || !isFree(r.point))).toEqual([])
        // The keyword search: only open points, no locked count.
        const text = await allPages({ keyword: "artery", [filter]: true }, token())
        expect(text.first).toMatchObject({ locked: 0, proLeftOut: true })
        expect(text.codes.length).toBeGreaterThan(0)
        expect(text.codes.filter((code) => !isFree(code))).toEqual([])
      }
    })

    it("what a filter keeps is the open points a Pro learner's filter keeps: it tells nothing of Pro points", async () => {
      for (const filters of [{ notInPregnancy: true }, { noOrgansBeneath: true }]) {
        const mine = await allPages({ keyword: "pregnancy", ...filters }, token())
        const pros = await allPages({ keyword: "pregnancy", ...filters }, pro)
        expect(mine.codes).toEqual(pros.codes.filter(isFree))
        const points = await pointSearch({ keyword: "3", mode: "number", ...filters }, token())
        const proPoints = await pointSearch({ keyword: "3", mode: "number", ...filters }, pro)
        expect(points.results.map((r) => r.point)).toEqual(
          proPoints.results
            .map((r) => r.point)
            .filter(isFree)
            .slice(0, points.results.length),
        )
      }
    })
  })

  describe("bad values", () => {
    for (const [path, extra] of [
      ["/api/point-search", { mode: "name" }],
      ["/api/keyword-search", {}],
    ] as const) {
      it.each([
        ["notInPregnancy", "yes"],
        ["notInPregnancy", 1],
        ["noOrgansBeneath", null],
        ["noOrgansBeneath", "true"],
      ])(`${path}: %s = %j answers 422 for that field`, async (field, value) => {
        const response = await server.request(path, {
          method: "POST",
          json: { keyword: "pain", ...extra, [field]: value },
        })
        expect(response.status).toBe(422)
        expect(await response.json()).toMatchObject({
          _tag: "ValidationFailed",
          errors: { [field]: "validation.invalid" },
        })
      })
    }
  })
})
