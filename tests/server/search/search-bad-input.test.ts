// Bad input to the search calls never reaches a 5xx: empty, oversized, control characters, SQL and
// text-search syntax answer 422 with a field message or an ordinary (often empty) result; bodies
// over the server's limit answer 413 before they are read. Generated keywords (fast-check) too.
// And a point text carrying markup comes back as text segments, never as markup.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CONTENT_DIR } from "../../../server/content/load-content.ts"
import { MAX_BODY_BYTES } from "../../../server/platform/http/request-guard.ts"
import type { KeywordSearchResponse } from "../../../src/domain/api/search-api.ts"
import { KEYWORD_MAX_LENGTH } from "../../../src/domain/search/keyword-limits.ts"
import { segmentsText } from "../../../src/domain/search/snippets.ts"
import { HTTP_LAYER_DATABASES, startTestServer, type TestServer } from "../support/harness.ts"

const SEARCHES = [
  { path: "/api/point-search", extra: { mode: "name" } },
  { path: "/api/keyword-search", extra: {} },
] as const

const XSS = "<img src=x onerror=alert(1)>"

describe.each(HTTP_LAYER_DATABASES)("bad input to search on %s", (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(kind, { rateLimitFactor: 1000 })
  })
  afterAll(() => server.close())

  const post = (path: string, json: unknown) => server.request(path, { method: "POST", json })
  const expectFieldError = async (response: Response, field: string, key: string) => {
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({ _tag: "ValidationFailed", errors: { [field]: key } })
  }
  const expectOrdinary = async (response: Response) => {
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(text).not.toMatch(/SqlError|syntax error|tsquery|SELECT/)
    return JSON.parse(text) as { results: Array<unknown> }
  }

  for (const { path, extra } of SEARCHES) {
    describe(path, () => {
      it("answers an empty or blank keyword with 422 keyword required", async () => {
        await expectFieldError(await post(path, { keyword: "", ...extra }), "keyword", "validation.required")
        await expectFieldError(await post(path, { keyword: " \t\n ", ...extra }), "keyword", "validation.required")
        await expectFieldError(await post(path, { ...extra }), "keyword", "validation.required")
      })

      it(`answers a keyword over ${KEYWORD_MAX_LENGTH} characters with 422 keyword tooLong`, async () => {
        await expectFieldError(
          await post(path, { keyword: "a".repeat(KEYWORD_MAX_LENGTH + 1), ...extra }),
          "keyword",
          "validation.tooLong",
        )
        await expectFieldError(
          await post(path, { keyword: "a".repeat(MAX_BODY_BYTES / 2), ...extra }),
          "keyword",
          "validation.tooLong",
        )
      })

      it(`answers a 1 MB keyword with 413 before reading it (limit ${MAX_BODY_BYTES} bytes)`, async () => {
        const response = await post(path, { keyword: "a".repeat(1024 * 1024), ...extra })
        expect(response.status).toBe(413)
      })

      it("answers control characters with 422 keywordCharacters", async () => {
        await expectFieldError(
          await post(path, { keyword: "head\u0000ache", ...extra }),
          "keyword",
          "validation.keywordCharacters",
        )
        await expectFieldError(
          await post(path, { keyword: "\u001b[31mred", ...extra }),
          "keyword",
          "validation.keywordCharacters",
        )
      })

      it("reads SQL and text-search syntax as words", async () => {
        for (const keyword of [
          "a & | !",
          "!",
          "& | ! ( ) : * <->",
          "foo:* <-> bar",
          "'; DROP TABLE points; --",
          '" OR 1=1 --',
          "\\",
          "$1",
          "%_",
          "headache:*A",
          "(((((",
          "the",
          "&|!():*'\"\\",
          "头痛 & 太淵 | ñ <-> é:*",
          "🙂 🙃",
          "\u200b\u200d",
        ]) {
          await expectOrdinary(await post(path, { keyword, ...extra }))
        }
        expect((await server.sql("SELECT count(*)::int AS n FROM points"))[0]).toEqual({ n: expect.any(Number) })
      })

      it("answers wrong types with 422", async () => {
        await expectFieldError(await post(path, { keyword: 42, ...extra }), "keyword", "validation.invalid")
        await expectFieldError(await post(path, { keyword: ["lu9"], ...extra }), "keyword", "validation.invalid")
      })

      it("answers any generated keyword with 200 or 422, never 5xx", async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(
              fc.string({ maxLength: 120 }),
              fc.string({ unit: "grapheme", maxLength: 40 }),
              fc.constantFrom("&", "|", "!", ":*", "<->", "'", '"', "\\", "\u0000", "\uE000", "\uE001"),
            ),
            async (keyword) => {
              const response = await post(path, { keyword, ...extra })
              expect([200, 422]).toContain(response.status)
            },
          ),
          { numRuns: 60 },
        )
      })
    })
  }

  it("answers a wrong mode, page or filter with 422 at that field", async () => {
    await expectFieldError(
      await post("/api/point-search", { keyword: "lu9", mode: "code" }),
      "mode",
      "validation.invalid",
    )
    await expectFieldError(
      await post("/api/keyword-search", { keyword: "pain", page: 0 }),
      "page",
      "validation.invalid",
    )
    await expectFieldError(
      await post("/api/keyword-search", { keyword: "pain", page: 1.5 }),
      "page",
      "validation.invalid",
    )
    await expectFieldError(
      await post("/api/keyword-search", { keyword: "pain", channel: "'; DROP TABLE x" }),
      "channel",
      "validation.invalid",
    )
  })

  it("answers the suggestion call's bad queries with 422, never 5xx", async () => {
    for (const query of [
      "keyword=",
      `keyword=${"a".repeat(1024 * 1024)}`,
      "keyword=%00",
      "keyword=a&keyword=b",
      "keyword=pain&field=nope",
      "keyword=pain&channel=%27%3B",
    ]) {
      const response = await server.request(`/api/suggestion/keyword-search?${query}`)
      expect(response.status, query.slice(0, 40)).toBe(422)
    }
    const ok = await server.request(`/api/suggestion/keyword-search?keyword=${encodeURIComponent("a & | !")}`)
    expect(ok.status).toBe(200)
  })

  it("answers the suggestion call with 200 or 422 for any generated or hostile keyword, never 5xx", async () => {
    const suggest = (keyword: string) =>
      server.request(`/api/suggestion/keyword-search?keyword=${encodeURIComponent(keyword)}`)
    for (const keyword of ["&|!():*'\"\\", "'; DROP TABLE points; --", "a".repeat(10_000), "头痛 & 太淵 | ñ", "🙂:*"]) {
      expect([200, 422], keyword.slice(0, 40)).toContain((await suggest(keyword)).status)
    }
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 120 }), fc.string({ unit: "grapheme", maxLength: 40 })),
        async (keyword) => {
          expect([200, 422]).toContain((await suggest(keyword)).status)
        },
      ),
      { numRuns: 40 },
    )
  })
})

describe("a point text carrying markup", () => {
  let server: TestServer
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "jingluo-content-"))
    cpSync(CONTENT_DIR, dir, { recursive: true })
    const file = join(dir, "channels", "LU.json")
    const channel = JSON.parse(readFileSync(file, "utf8"))
    const lu9 = channel.points.find((p: { code: string }) => p.code === "LU-9")
    lu9.commentary = `${lu9.commentary} Beware of ${XSS} in copied notes.`
    lu9.indications = [...lu9.indications, `Wrist pain after typing <script>alert("x")</script>`]
    writeFileSync(file, JSON.stringify(channel))
    server = await startTestServer("pglite", { contentDir: dir })
  })
  afterAll(() => server.close())

  it("comes back as text segments with the markup as written, only the match flagged", async () => {
    const response = await server.request("/api/keyword-search", {
      method: "POST",
      json: { keyword: "onerror", channel: "lung-channel" },
    })
    const body = (await response.json()) as KeywordSearchResponse
    expect(body.results[0]!.point).toBe("LU-9")
    const snippet = body.results[0]!.content.find((c) => c.field === "commentary")!
    expect(segmentsText(snippet.segments)).toContain(XSS)
    expect(snippet.segments.filter((s) => s.match).map((s) => s.text)).toEqual(["onerror"])

    const typed = await server.request("/api/keyword-search", {
      method: "POST",
      json: { keyword: "typing", field: "indications" },
    })
    const list = (await typed.json()) as KeywordSearchResponse
    const shown = list.results.find((r) => r.point === "LU-9")!.content.map((c) => segmentsText(c.segments))
    expect(shown).toContain(`Wrist pain after typing <script>alert("x")</script>`)
  })
})
