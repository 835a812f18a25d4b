// Sign-in limits under parallel attack (issue 8, finding 1): every attempt is counted atomically
// before argon2 runs, so 100 parallel guesses cannot all be checked; a right password after the
// limit is refused too, and a right password within it resets the account's count.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { LIMITS } from "../../server/platform/security/rate-limiter.ts"
import { createVerifiedUser, DATABASES, PASSWORD, startTestServer, type TestServer } from "./support/harness.ts"

const PARALLEL = 100

describe.each(DATABASES)("sign-in limits under parallel requests on %s", (kind) => {
  let server: TestServer
  beforeAll(async () => {
    // One proxy in front: each request's client address is the last X-Forwarded-For entry.
    server = await startTestServer(kind, { trustProxy: { _tag: "Hops", hops: 1 } })
  })
  afterAll(() => server.close())

  const login = (email: string, password: string, address: string) =>
    server.request("/api/login", {
      method: "POST",
      json: { email, password },
      headers: { "x-forwarded-for": address },
    })

  it(`${PARALLEL} parallel wrong guesses on one account from ${PARALLEL} addresses: at most ${LIMITS.loginFailuresPerAccount.max} checked`, async () => {
    const { email } = await createVerifiedUser(server)
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => login(email, "wrong1pass", `10.1.${i}.7`)),
    )
    const checked = answers.filter((a) => a.status === 422)
    const refused = answers.filter((a) => a.status === 429)
    expect(checked.length).toBeGreaterThan(0)
    expect(checked.length).toBeLessThanOrEqual(LIMITS.loginFailuresPerAccount.max)
    expect(checked.length + refused.length).toBe(PARALLEL)
    for (const answer of refused) {
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0)
      expect(await answer.json()).toMatchObject({ _tag: "TooManyRequests" })
    }
    // The right password does not get in either until the window is over.
    expect((await login(email, PASSWORD, "10.2.0.1")).status).toBe(429)
  })

  it(`${PARALLEL} parallel guesses from one address on many accounts: at most ${LIMITS.loginFailuresPerIp.max} checked`, async () => {
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => login(`nobody-${i}@example.com`, "wrong1pass", "10.3.0.9")),
    )
    const checked = answers.filter((a) => a.status === 422).length
    expect(checked).toBeGreaterThan(0)
    expect(checked).toBeLessThanOrEqual(LIMITS.loginFailuresPerIp.max)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(PARALLEL - checked)
  })

  it("a right password within the limit resets the account's count", async () => {
    const { email } = await createVerifiedUser(server)
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < LIMITS.loginFailuresPerAccount.max - 1; i++)
        expect((await login(email, "wrong1pass", "10.4.0.1")).status).toBe(422)
      expect((await login(email, PASSWORD, "10.4.0.1")).status).toBe(200)
    }
  })
})
