// What searching costs a client: every search endpoint takes a token from a per-client bucket
// (LIMITS.searchesPerClient, scaled by RATE_LIMIT_FACTOR) before any work — the full-text searches
// and the header's suggestions share one, the all-points search has its own — and an empty bucket
// answers 429 with Retry-After in the caller's language. A last word of one character is matched
// whole, never as a prefix, so "c" no longer makes the database rank every text; the all-points
// search still lists points by one or two letters of their code.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { LIMITS } from "../../../server/platform/security/rate-limiter.ts"
import type { KeywordSearchResponse, PointSearchResponse } from "../../../src/domain/api/search-api.ts"
import { PLAN_ID_PRO } from "../../../src/domain/billing/plans.ts"
import { MIN_PREFIX_LENGTH } from "../../../src/domain/search/search-keyword.ts"
import { createVerifiedUser, DATABASES, signIn, startTestServer, type TestServer } from "../support/harness.ts"

/**
 * A small factor keeps the test short, and a token slow enough to come back (20 s) that a slow
 * machine cannot refill the bucket while the test empties it. The bucket holds `max × factor`.
 */
const FACTOR = 0.05
const BURST = Math.round(LIMITS.searchesPerClient.max * FACTOR)
/** One token comes back every `windowSeconds / BURST` seconds. */
const REFILL_SECONDS = LIMITS.searchesPerClient.windowSeconds / BURST

describe.each(DATABASES)("search limits on %s", (kind) => {
  let server: TestServer
  let pro = ""
  let clients = 0
  beforeAll(async () => {
    // One proxy in front: each X-Forwarded-For address is a client of its own.
    server = await startTestServer(kind, { rateLimitFactor: FACTOR, trustProxy: { _tag: "Hops", hops: 1 } })
    const proUser = await createVerifiedUser(server)
    await server.sql("UPDATE users SET plan_id = $1 WHERE email = $2", [PLAN_ID_PRO, proUser.email])
    pro = await signIn(server, proUser.email)
  })
  afterAll(() => server.close())

  /** A new client address. */
  const client = () => `198.51.100.${++clients}`
  const headers = (address: string) => ({ "x-forwarded-for": address })
  const keyword = (address: string, json: object, options: { token?: string; locale?: string } = {}) =>
    server.request("/api/keyword-search", { method: "POST", json, headers: headers(address), ...options })
  const suggest = (address: string, word: string) =>
    server.request(`/api/suggestion/keyword-search?keyword=${encodeURIComponent(word)}`, { headers: headers(address) })
  const points = (address: string, word: string, mode: "name" | "number" = "number") =>
    server.request("/api/point-search", { method: "POST", json: { keyword: word, mode }, headers: headers(address) })

  const expectLimited = async (response: Response, message: RegExp) => {
    expect(response.status).toBe(429)
    // The wait for the next token: at most one token's time, less what has passed since.
    const retryAfter = Number(response.headers.get("retry-after"))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(REFILL_SECONDS)
    expect(await response.json()).toEqual({
      _tag: "TooManyRequests",
      message: expect.stringMatching(message),
      retryAfterSeconds: retryAfter,
    })
  }

  it(`answers a client's text search after ${BURST} in a row with 429 and Retry-After; suggestions share the bucket`, async () => {
    expect(BURST).toBeGreaterThan(2)
    const address = client()
    for (let i = 0; i < BURST; i++) {
      const response = i % 2 === 0 ? await keyword(address, { keyword: "cough" }) : await suggest(address, "cough")
      expect(response.status, `search ${i + 1}`).toBe(200)
    }
    await expectLimited(await keyword(address, { keyword: "cough" }), /^Too many attempts/)
    await expectLimited(await suggest(address, "cough"), /^Too many attempts/)
    // In the caller's language, and for a member as for a visitor.
    await expectLimited(await keyword(address, { keyword: "cough" }, { locale: "de" }), /^Zu viele Versuche/)
    await expectLimited(await keyword(address, { keyword: "cough" }, { token: pro }), /^Too many attempts/)
    // Another client, and this client's all-points search, are not held back.
    expect((await keyword(client(), { keyword: "cough" })).status).toBe(200)
    expect((await points(address, "LU9")).status).toBe(200)
  })

  it(`answers a client's all-points search after ${BURST} in a row with 429 and Retry-After`, async () => {
    const address = client()
    for (let i = 0; i < BURST; i++) expect((await points(address, "LU")).status, `search ${i + 1}`).toBe(200)
    await expectLimited(await points(address, "LU"), /^Too many attempts/)
    expect((await keyword(address, { keyword: "cough" })).status).toBe(200)
  })

  it("takes no token for bad input: it is answered 422 before it is counted", async () => {
    const address = client()
    expect((await keyword(address, { keyword: "" })).status).toBe(422)
    for (let i = 0; i < BURST; i++) expect((await keyword(address, { keyword: "cough" })).status).toBe(200)
    expect((await keyword(address, { keyword: "cough" })).status).toBe(429)
  })

  it(`matches a last word of fewer than ${MIN_PREFIX_LENGTH} characters whole, not as a prefix`, async () => {
    const total = async (word: string) => {
      const response = await keyword(client(), { keyword: word }, { token: pro })
      expect(response.status, word).toBe(200)
      return ((await response.json()) as KeywordSearchResponse).total
    }
    for (const [one, two] of [
      ["c", "co"],
      ["p", "pa"],
      ["s", "st"],
    ] as const) {
      // "co" begins words in dozens of points; "c" alone is a word in hardly any.
      const [short, long] = [await total(one), await total(two)]
      expect(long, two).toBeGreaterThan(20)
      expect(short, one).toBeLessThan(5)
    }
    // The suggestions follow the same rule.
    const suggested = await suggest(client(), "c")
    expect(((await suggested.json()) as KeywordSearchResponse).total).toBeLessThan(5)
  })

  it("keeps the all-points search useful from the first letter of a code", async () => {
    for (const typed of ["L", "LU", "lu"]) {
      const response = await points(client(), typed)
      const { results } = (await response.json()) as PointSearchResponse
      expect(results.length, typed).toBeGreaterThan(5)
      expect(
        results.every((r) => r.point.startsWith(typed.toUpperCase())),
        typed,
      ).toBe(true)
    }
  })
})
