// Bad input never reaches a 5xx: missing, malformed, wrong-type and oversized bodies and odd path
// segments to every implemented endpoint answer 4xx, and 422 answers name the fields. Checked by
// examples and by generated inputs (fast-check).
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MAX_BODY_BYTES } from "../../server/platform/http/request-guard.ts"
import { createVerifiedUser, signIn, startTestServer, type TestServer } from "./support/harness.ts"

const BODY_ENDPOINTS = [
  "/api/register",
  "/api/login",
  "/api/forgot-password/email",
  "/api/password/reset",
  "/api/logout-all-devices",
] as const

const PATH_ENDPOINTS = [
  (a: string) => `/api/resend-verification-email/${a}`,
  (a: string, b: string) => `/api/verify-email/${a}/${b}`,
  (a: string) => `/api/quote-of-the-day?offset=${a}`,
] as const

describe("bad input", () => {
  let server: TestServer
  let token = ""
  beforeAll(async () => {
    // Generous limits: this suite sends many requests from one address on purpose.
    server = await startTestServer("pglite", { rateLimitFactor: 1000 })
    token = await signIn(server, (await createVerifiedUser(server)).email)
  })
  afterAll(() => server.close())

  // The authenticated endpoint is called with a live session, so its payload is what gets judged.
  const post = (path: string, body: string | undefined, contentType = "application/json") =>
    server.request(path, {
      method: "POST",
      body,
      headers: { "content-type": contentType },
      ...(path === "/api/logout-all-devices" ? { token } : {}),
    })

  const expectClientError = async (response: Response) => {
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    const text = await response.text()
    expect(text).not.toMatch(/at .*\.ts:\d+|SqlError|SELECT|INSERT/)
    if (response.status === 422) {
      const body = JSON.parse(text) as { errors: Record<string, string> }
      expect(Object.keys(body.errors).length).toBeGreaterThan(0)
      for (const key of Object.values(body.errors)) expect(key).toMatch(/^validation\./)
    }
  }

  for (const path of BODY_ENDPOINTS) {
    describe(path, () => {
      it("answers a missing body with 4xx", async () => {
        await expectClientError(await post(path, undefined))
      })
      it("answers malformed JSON with 4xx", async () => {
        await expectClientError(await post(path, '{"email": "a@b.co",'))
      })
      it("answers wrong types with field messages", async () => {
        await expectClientError(
          await post(
            path,
            JSON.stringify({
              email: 42,
              password: ["x"],
              firstName: {},
              termsChecked: "yes",
              code: 1234,
              user_uuid: null,
            }),
          ),
        )
      })
      it(`answers a 1 MB body with 413 (limit ${MAX_BODY_BYTES} bytes)`, async () => {
        const response = await post(path, JSON.stringify({ email: "a".repeat(1024 * 1024) }))
        expect(response.status).toBe(413)
        expect(await response.json()).toHaveProperty("message")
      })
      it("answers long strings just under the body limit with field messages", async () => {
        const long = "x".repeat(MAX_BODY_BYTES / 4)
        await expectClientError(
          await post(
            path,
            JSON.stringify({
              email: `${long}@example.com`,
              password: long,
              firstName: long,
              lastName: long,
              code: long,
            }),
          ),
        )
      })
      it("answers any generated JSON with 4xx or success, never 5xx", async () => {
        await fc.assert(
          fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (value) => {
            const response = await post(path, JSON.stringify(value))
            expect(response.status).toBeLessThan(500)
          }),
          { numRuns: 40 },
        )
      })
      it("answers generated objects with the right keys but wrong values with 4xx", async () => {
        const wrong = fc.oneof(
          // Without "@": a generated string like "!@!.!" is a well-formed address, which an
          // address-only endpoint (the reset request) rightly accepts.
          fc.string().filter((text) => !text.includes("@")),
          fc.integer(),
          fc.boolean(),
          fc.constant(null),
          fc.array(fc.string()),
          fc.object(),
        )
        await fc.assert(
          fc.asyncProperty(
            fc.record({
              email: wrong,
              password: wrong,
              firstName: wrong,
              lastName: wrong,
              confirmPassword: wrong,
              code: wrong,
            }),
            async (value) => {
              const response = await post(path, JSON.stringify(value))
              expect(response.status).toBeGreaterThanOrEqual(400)
              expect(response.status).toBeLessThan(500)
            },
          ),
          { numRuns: 30 },
        )
      })
    })
  }

  it("answers odd path segments with 4xx or success, never 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), fc.string({ maxLength: 300 }), async (a, b) => {
        for (const make of PATH_ENDPOINTS) {
          const response = await server.request(make(encodeURIComponent(a), encodeURIComponent(b)))
          expect(response.status).toBeLessThan(500)
        }
      }),
      { numRuns: 40 },
    )
  })

  it("answers an oversized path segment with 4xx", async () => {
    await expectClientError(await server.request(`/api/verify-email/${"a".repeat(5000)}/1234`))
    await expectClientError(await server.request(`/api/resend-verification-email/${"a".repeat(5000)}@example.com`))
  })

  it("answers the sign-out calls without a session with 401, whatever the body", async () => {
    for (const path of ["/api/logout", "/api/logout-all-devices"]) {
      const response = await server.request(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ user_uuid: "x".repeat(1024 * 1024) }),
      })
      expect(response.status).toBe(401)
    }
  })

  it("answers a form-encoded body with 4xx", async () => {
    await expectClientError(await post("/api/login", "email=a%40b.co&password=x", "application/x-www-form-urlencoded"))
  })
})
