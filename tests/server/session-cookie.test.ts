// The app's session is an HttpOnly cookie that scripts cannot read: every password sign-in sets it
// (HttpOnly, SameSite=Lax, Path=/, the session's lifetime, Secure over https), the server knows the
// caller from it alone, and sign-out, signing out everywhere, removing this device, deleting the
// account and a 401 clear it. API clients keep bearer tokens, which they ask the sign-in for.
import { createHash } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PLAN_ID_PRO } from "../../src/domain/billing/plans.ts"
import { SESSION_COOKIE_MAX_AGE_SECONDS } from "../../src/domain/shared/cookies.ts"
import {
  createVerifiedUser,
  HTTP_LAYER_DATABASES,
  opensItem,
  PASSWORD,
  sessionCookieOf,
  sessionCookiesOf,
  signIn,
  startTestServer,
  type TestServer,
} from "./support/harness.ts"

const SET = new RegExp(
  `^token=([A-Za-z0-9_-]{43}); Max-Age=${SESSION_COOKIE_MAX_AGE_SECONDS}; Path=/; HttpOnly; SameSite=Lax$`,
)
const CLEARED = /^token=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax$/
/** A Pro point: a visitor and a Standard user get 403, a Pro user the point. */
const PRO_POINT = "/api/point/bl-40-weizhong"

describe.each(HTTP_LAYER_DATABASES)("the session cookie on %s", (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(kind)
  })
  afterAll(() => server.close())

  const login = (email: string, extra: Record<string, unknown> = {}) =>
    server.request("/api/login", { method: "POST", json: { email, password: PASSWORD, ...extra } })

  /** Signs in as the app does; the session cookie's value. */
  const signInWithCookie = async (email: string) => {
    const response = await login(email)
    expect(response.status).toBe(200)
    return sessionCookieOf(response)!
  }

  const withCookie = (session: string, init: RequestInit & { json?: unknown } = {}) => ({
    ...init,
    headers: { ...(init.headers as Record<string, string>), cookie: `token=${session}` },
  })

  it("is set by a password sign-in, HttpOnly and SameSite=Lax for the session's lifetime; the body holds no token", async () => {
    const { email } = await createVerifiedUser(server)
    const response = await login(email)
    expect(response.status).toBe(200)
    const cookies = sessionCookiesOf(response)
    expect(cookies).toHaveLength(1)
    const [, token] = SET.exec(cookies[0]!) ?? []
    expect(token, cookies[0]).toBeDefined()
    const body = (await response.json()) as Record<string, unknown>
    expect(body).toMatchObject({ email })
    expect(body).not.toHaveProperty("token")
    expect(JSON.stringify(body)).not.toContain(token!)
    // The cookie holds the session itself: the server keeps only its hash.
    const rows = await server.sql<{ token_hash: string }>(
      "SELECT s.token_hash FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1",
      [email],
    )
    expect(rows.map((r) => r.token_hash)).toEqual([createHash("sha256").update(token!).digest("hex")])
  })

  it("gives the token in the body only to an API client that asks (return_token), the same as the cookie's", async () => {
    const { email } = await createVerifiedUser(server)
    const asked = await login(email, { return_token: true })
    const body = (await asked.json()) as { token?: string }
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(sessionCookieOf(asked)).toBe(body.token)
    expect(await (await login(email, { return_token: false })).json()).not.toHaveProperty("token")
    expect((await login(email, { return_token: "yes" })).status).toBe(422)
  })

  it("knows the caller from the cookie alone, on required and optional sessions", async () => {
    const { email, uuid } = await createVerifiedUser(server)
    await server.sql("UPDATE users SET plan_id = $1 WHERE email = $2", [PLAN_ID_PRO, email])
    const session = await signInWithCookie(email)
    const dashboard = await server.request("/api/dashboard", withCookie(session))
    expect(dashboard.status).toBe(200)
    expect(await dashboard.json()).toMatchObject({ user_profile: { email, uuid } })
    expect(await opensItem(await server.request(PRO_POINT, withCookie(session)))).toBe(true)
    expect(await opensItem(await server.request(PRO_POINT))).toBe(false)
    // A state-changing call with the cookie alone.
    const saved = await server.request(
      "/api/user-settings",
      withCookie(session, { method: "POST", json: { showNotes: true } }),
    )
    expect(saved.status).toBe(200)
  })

  it("still takes Authorization: Bearer, which comes before a cookie", async () => {
    const first = await createVerifiedUser(server)
    const second = await createVerifiedUser(server)
    const bearer = await signIn(server, first.email)
    expect((await server.request("/api/dashboard", { token: bearer })).status).toBe(200)
    const cookie = await signInWithCookie(second.email)
    const both = await server.request("/api/dashboard", { token: bearer, ...withCookie(cookie) })
    expect(await both.json()).toMatchObject({ user_profile: { email: first.email } })
    // A bearer that names no session leaves the cookie to decide.
    const stale = await server.request("/api/dashboard", { token: "no-such-session", ...withCookie(cookie) })
    expect(await stale.json()).toMatchObject({ user_profile: { email: second.email } })
  })

  it("is set again, HttpOnly, for the rest of its session with every answer it signs in", async () => {
    const { email } = await createVerifiedUser(server)
    const session = await signInWithCookie(email)
    // As if an earlier version of the app had written it, and the session were 10 days old.
    await server.sql(
      "UPDATE sessions SET expires_at = now() + interval '20 days' WHERE user_id = (SELECT id FROM users WHERE email = $1)",
      [email],
    )
    const answer = await server.request("/api/dashboard", withCookie(session))
    expect(answer.status).toBe(200)
    const [renewed] = sessionCookiesOf(answer)
    const [, value, maxAge] =
      /^token=([^;]+); Max-Age=(\d+); Path=\/; HttpOnly; SameSite=Lax$/.exec(renewed ?? "") ?? []
    expect(value).toBe(session)
    expect(Number(maxAge)).toBeGreaterThan(20 * 24 * 3600 - 60)
    expect(Number(maxAge)).toBeLessThanOrEqual(20 * 24 * 3600)
    // A bearer call sets no cookie.
    const bearer = await server.request("/api/dashboard", { token: session })
    expect(sessionCookiesOf(bearer)).toEqual([])
  })

  it("sign-out clears the cookie and ends its session", async () => {
    const { email } = await createVerifiedUser(server)
    const session = await signInWithCookie(email)
    const out = await server.request("/api/logout", withCookie(session, { method: "POST" }))
    expect(out.status).toBe(200)
    expect(sessionCookiesOf(out)).toEqual([expect.stringMatching(CLEARED)])
    expect((await server.request("/api/dashboard", withCookie(session))).status).toBe(401)
  })

  it("signing out everywhere, removing this device and deleting the account clear it too", async () => {
    const { email, uuid } = await createVerifiedUser(server)
    const everywhere = await server.request(
      "/api/logout-all-devices",
      withCookie(await signInWithCookie(email), { method: "POST", json: { user_uuid: uuid } }),
    )
    expect(everywhere.status).toBe(200)
    expect(sessionCookiesOf(everywhere)).toEqual([expect.stringMatching(CLEARED)])

    const phone = await signInWithCookie(email)
    const laptop = await signInWithCookie(email)
    const devices = (await (await server.request("/api/registered-devices", withCookie(laptop))).json()) as Array<{
      id: string
      status: string
    }>
    const other = devices.find((d) => d.status !== "current")!
    const current = devices.find((d) => d.status === "current")!
    const remove = (id: string) =>
      server.request("/api/remove-individual-device", withCookie(laptop, { method: "POST", json: { device_id: id } }))
    const removedOther = await remove(other.id)
    expect(removedOther.status).toBe(200)
    expect(sessionCookieOf(removedOther)).toBe(laptop)
    const removedThis = await remove(current.id)
    expect(removedThis.status).toBe(200)
    expect(sessionCookiesOf(removedThis)).toEqual([expect.stringMatching(CLEARED)])
    expect((await server.request("/api/dashboard", withCookie(phone))).status).toBe(401)

    const last = await signInWithCookie(email)
    const deleted = await server.request(
      "/api/account/delete",
      withCookie(last, { method: "DELETE", json: { current_password: PASSWORD } }),
    )
    expect(deleted.status).toBe(200)
    expect(sessionCookiesOf(deleted)).toEqual([expect.stringMatching(CLEARED)])
  })

  it("a 401 clears a cookie whose session has ended; a visitor's or a bad bearer's 401 sets no cookie", async () => {
    const { email } = await createVerifiedUser(server)
    const session = await signInWithCookie(email)
    await server.sql(
      "UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = (SELECT id FROM users WHERE email = $1)",
      [email],
    )
    const expired = await server.request("/api/dashboard", withCookie(session))
    expect(expired.status).toBe(401)
    expect(sessionCookiesOf(expired)).toEqual([expect.stringMatching(CLEARED)])
    const visitor = await server.request("/api/dashboard")
    expect(visitor.status).toBe(401)
    expect(sessionCookiesOf(visitor)).toEqual([])
    const forged = await server.request("/api/dashboard", { token: "forged" })
    expect(forged.status).toBe(401)
    expect(sessionCookiesOf(forged)).toEqual([])
    // Content calls take an ended session for a visitor, never 401.
    expect((await server.request("/api/point/lu-9-taiyuan", withCookie(session))).status).toBe(200)
  })
})

describe("the session cookie behind an https origin", () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer("pglite", { appOrigin: "https://jingluo.example" })
  })
  afterAll(() => server.close())

  it("is Secure when set and when cleared", async () => {
    const { email } = await createVerifiedUser(server)
    const response = await server.request("/api/login", { method: "POST", json: { email, password: PASSWORD } })
    expect(sessionCookiesOf(response)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^token=[A-Za-z0-9_-]{43}; Max-Age=${SESSION_COOKIE_MAX_AGE_SECONDS}; Path=/; HttpOnly; Secure; SameSite=Lax$`,
        ),
      ),
    ])
    const session = sessionCookieOf(response)!
    const out = await server.request("/api/logout", { method: "POST", headers: { cookie: `token=${session}` } })
    expect(sessionCookiesOf(out)).toEqual(["token=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax"])
  })
})
