// Starting a social sign-in writes an attempt and may ask the provider for its configuration, so a
// client gets a bucket of starts (LIMITS.socialStartsPerClient, scaled by RATE_LIMIT_FACTOR): the
// start after the burst answers 429 with Retry-After in the caller's language, other clients go on.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { LIMITS } from "../../server/platform/security/rate-limiter.ts"
import { SOCIAL_CALLBACK_ROUTE } from "../../src/domain/account/social-sign-in.ts"
import { startTestOidcProvider, TEST_OIDC_CLIENT, type TestOidcProvider } from "../support/oidc-test-provider.ts"
import { DATABASES, startTestServer, type TestServer } from "./support/harness.ts"

const REDIRECT_URI = `http://app.test${SOCIAL_CALLBACK_ROUTE}`
const BURST = LIMITS.socialStartsPerClient.max
const REFILL_SECONDS = LIMITS.socialStartsPerClient.windowSeconds / BURST

describe.each(DATABASES)("social sign-in starts on %s", (kind) => {
  let provider: TestOidcProvider
  let server: TestServer
  beforeAll(async () => {
    provider = await startTestOidcProvider(REDIRECT_URI)
    server = await startTestServer(kind, {
      trustProxy: { _tag: "Hops", hops: 1 },
      socialProviders: [
        {
          id: "local",
          name: "Local ID",
          issuer: provider.issuer,
          clientId: TEST_OIDC_CLIENT.id,
          clientSecret: TEST_OIDC_CLIENT.secret,
        },
      ],
    })
  })
  afterAll(async () => {
    await server.close()
    await provider.close()
  })

  const start = (address: string, locale?: string) =>
    server.request("/api/social/local/start", { headers: { "x-forwarded-for": address }, locale })

  it(`answers a client's start after ${BURST} in a row with 429 and Retry-After`, async () => {
    for (let i = 0; i < BURST; i++) expect((await start("198.51.100.7")).status, `start ${i + 1}`).toBe(302)
    for (const [locale, message] of [
      ["en", /^Too many attempts/],
      ["de", /^Zu viele Versuche/],
    ] as const) {
      const refused = await start("198.51.100.7", locale)
      expect(refused.status).toBe(429)
      const retryAfter = Number(refused.headers.get("retry-after"))
      expect(retryAfter).toBeGreaterThanOrEqual(1)
      expect(retryAfter).toBeLessThanOrEqual(REFILL_SECONDS)
      expect(refused.headers.get("set-cookie")).toBeNull()
      expect(await refused.json()).toEqual({
        _tag: "TooManyRequests",
        message: expect.stringMatching(message),
        retryAfterSeconds: retryAfter,
      })
    }
    // No attempt was written for the refused starts.
    const rows = await server.sql<{ count: number }>("SELECT count(*)::int AS count FROM social_sign_in_attempts")
    expect(rows[0]?.count).toBe(BURST)
    expect((await start("198.51.100.8")).status).toBe(302)
  })
})
