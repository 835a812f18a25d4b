// Social sign-in against a real OpenID Connect provider (oidc-provider on 127.0.0.1): sign-up,
// sign-in of a linked identity, linking to a password account only after its password (unless no
// one has proven the account's address: then the provider's proof wins over its password), and every
// answer that must be refused — bad state, another browser, replayed code, nonce mismatch,
// unverified e-mail, spent tickets — as a 4xx, never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sha256 } from "../../server/platform/security/secrets.ts"
import { SOCIAL_CALLBACK_ROUTE } from "../../src/domain/account/social-sign-in.ts"
import { startTestOidcProvider, TEST_OIDC_CLIENT, type TestOidcProvider } from "../support/oidc-test-provider.ts"
import {
  createVerifiedUser,
  DATABASES,
  PASSWORD,
  sessionCookieOf,
  startTestServer,
  type TestServer,
} from "./support/harness.ts"
import { signInAtProvider } from "./support/oidc-browser.ts"

const REDIRECT_URI = `http://app.test${SOCIAL_CALLBACK_ROUTE}`

describe.each(DATABASES)("social sign-in on %s", (kind) => {
  let provider: TestOidcProvider
  let server: TestServer
  beforeAll(async () => {
    provider = await startTestOidcProvider(REDIRECT_URI)
    // One proxy in front, so each start can come from a client of its own: starts are limited per client.
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

  let clients = 0
  /** Starts a sign-in from a client of its own: the provider's address and the browser cookie. */
  const start = async (next?: string) => {
    const response = await server.request(`/api/social/local/start${next ? `?next=${encodeURIComponent(next)}` : ""}`, {
      headers: { "x-forwarded-for": `10.60.${Math.floor(clients / 250)}.${(clients++ % 250) + 1}` },
    })
    expect(response.status).toBe(302)
    const cookie = response.headers.get("set-cookie") ?? ""
    expect(cookie).toMatch(/^jingluo_social=[A-Za-z0-9_-]{43}; Path=\/api; Max-Age=600; HttpOnly; SameSite=Lax$/)
    const location = new URL(response.headers.get("location")!)
    return { location, cookie: cookie.split(";")[0]! }
  }

  /** What the app's callback page sends on: the provider's answer from its address. */
  const payloadOf = (page: URL) => ({
    code: page.searchParams.get("code")!,
    state: page.searchParams.get("state")!,
    ...(page.searchParams.get("iss") ? { iss: page.searchParams.get("iss")! } : {}),
  })

  /** A whole round at the provider: the answer as the app's callback page receives it. */
  const roundTrip = async (login: string, next?: string) => {
    const { location, cookie } = await start(next)
    const back = await signInAtProvider(location.href, login, REDIRECT_URI)
    const callback = await server.request(`${SOCIAL_CALLBACK_ROUTE}${back.search}`)
    expect(callback.status).toBe(303)
    const page = new URL(callback.headers.get("location")!)
    return { page, payload: payloadOf(page), cookie }
  }

  const socialLogin = (payload: object, cookie?: string) =>
    server.request("/api/social-login", { method: "POST", json: payload, headers: cookie ? { cookie } : {} })

  it("lists the configured provider and sends the browser to it with PKCE, state and nonce", async () => {
    const listed = await server.request("/api/social-providers")
    expect(await listed.json()).toEqual({ providers: [{ id: "local", name: "Local ID" }] })
    const { location } = await start()
    expect(location.origin).toBe(provider.issuer)
    expect(location.searchParams.get("client_id")).toBe(TEST_OIDC_CLIENT.id)
    expect(location.searchParams.get("redirect_uri")).toBe(REDIRECT_URI)
    expect(location.searchParams.get("code_challenge_method")).toBe("S256")
    expect(location.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(location.searchParams.get("state")).toBeTruthy()
    expect(location.searchParams.get("nonce")).toBeTruthy()
    expect(location.searchParams.get("scope")).toBe("openid email profile")
  })

  it("an unknown provider answers 404", async () => {
    expect((await server.request("/api/social/nobody/start")).status).toBe(404)
    expect((await server.request("/api/social/BAD%2F..%2Fx/start")).status).toBe(404)
  })

  it("signs up a new user without a password, e-mail verified, and signs the same identity in again", async () => {
    const { page, payload, cookie } = await roundTrip("grace.hopper@example.test", "/point/lu-9-taiyuan")
    expect(page.pathname).toBe("/social/callback")
    expect(page.searchParams.get("next")).toBe("/point/lu-9-taiyuan")
    const answer = await socialLogin(payload, cookie)
    expect(answer.status).toBe(200)
    const next = (await answer.json()) as Record<string, string>
    expect(next).toMatchObject({
      step: "register",
      provider: "Local ID",
      email: "grace.hopper@example.test",
      firstName: "Grace",
      lastName: "Hopper",
    })
    const registered = await server.request("/api/social-register", {
      method: "POST",
      json: {
        ticket: next.ticket,
        email: "grace.hopper@example.test",
        firstName: "Grace",
        lastName: "Hopper",
        termsChecked: true,
        promotional: false,
      },
    })
    expect(registered.status).toBe(200)
    // The session is the HttpOnly cookie; the body holds no token.
    const session = sessionCookieOf(registered)
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const user = (await registered.json()) as { email: string; verification_confirmed: boolean }
    expect(user).not.toHaveProperty("token")
    expect(user.email).toBe("grace.hopper@example.test")
    expect(user.verification_confirmed).toBe(true)
    const dashboard = await server.request("/api/dashboard", { headers: { cookie: `token=${session}` } })
    expect(((await dashboard.json()) as { user_profile: { password_available: boolean } }).user_profile).toMatchObject({
      password_available: false,
    })
    // The ticket is spent.
    const again = await server.request("/api/social-register", {
      method: "POST",
      json: {
        ticket: next.ticket,
        email: "grace.hopper@example.test",
        firstName: "Grace",
        lastName: "Hopper",
        termsChecked: true,
        promotional: false,
      },
    })
    expect(again.status).toBe(422)
    expect(await again.json()).toMatchObject({ _tag: "SocialSignInRefused", reason: "expired" })
    // Next time the linked identity signs straight in.
    const second = await roundTrip("grace.hopper@example.test")
    const signedIn = await socialLogin(second.payload, second.cookie)
    expect(signedIn.status).toBe(200)
    expect(sessionCookieOf(signedIn)).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const record = await signedIn.json()
    expect(record).toMatchObject({ email: "grace.hopper@example.test" })
    expect(record).not.toHaveProperty("token")
  })

  /** A round whose answer comes back by form_post, as Apple's does, with what the provider posts beside it. */
  const postedRoundTrip = async (login: string, extra: Record<string, string>) => {
    const { location, cookie } = await start()
    const back = await signInAtProvider(location.href, login, REDIRECT_URI)
    const form = new URLSearchParams(back.search)
    for (const [name, value] of Object.entries(extra)) form.set(name, value)
    const callback = await server.request(SOCIAL_CALLBACK_ROUTE, {
      method: "POST",
      body: form.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    })
    expect(callback.status).toBe(303)
    const page = new URL(callback.headers.get("location")!)
    return { page, payload: payloadOf(page), cookie }
  }

  it("takes the name a provider posts beside its answer (Apple) when the ID token has none", async () => {
    const user = JSON.stringify({
      name: { firstName: "  Ada ", lastName: "Lovelace" },
      email: "someone.else@example.test",
    })
    const { page, payload, cookie } = await postedRoundTrip("noname.ada@example.test", { user })
    // The name stays on the server: it is not passed on in the page's address.
    expect(page.search).not.toContain("Ada")
    expect([...page.searchParams.keys()].sort()).toEqual(
      ["code", "iss", "state"].filter((k) => page.searchParams.has(k)),
    )
    const answer = await socialLogin(payload, cookie)
    expect(answer.status).toBe(200)
    // The e-mail is always the ID token's, never the posted one.
    expect(await answer.json()).toMatchObject({
      step: "register",
      email: "noname.ada@example.test",
      firstName: "Ada",
      lastName: "Lovelace",
    })
  })

  it("without a posted name, or with an unreadable one, the names are left for the user to type", async () => {
    const extras: ReadonlyArray<Record<string, string>> = [
      {},
      { user: "not json" },
      { user: JSON.stringify({ name: 5 }) },
      { user: "x".repeat(5000) },
    ]
    for (const [i, extra] of extras.entries()) {
      const { payload, cookie } = await postedRoundTrip(`noname.case-${i}@example.test`, extra)
      const answer = await socialLogin(payload, cookie)
      expect(answer.status).toBe(200)
      expect(await answer.json()).toMatchObject({ step: "register", firstName: "", lastName: "" })
    }
  })

  it("registration refuses another e-mail than the provider's and bad fields with field messages, keeping the ticket", async () => {
    const { payload, cookie } = await roundTrip("katherine.johnson@example.test")
    const { ticket } = (await (await socialLogin(payload, cookie)).json()) as { ticket: string }
    const register = (fields: object) =>
      server.request("/api/social-register", {
        method: "POST",
        json: {
          ticket,
          email: "katherine.johnson@example.test",
          firstName: "Katherine",
          lastName: "Johnson",
          termsChecked: true,
          promotional: true,
          ...fields,
        },
      })
    const other = await register({ email: "someone.else@example.test" })
    expect(other.status).toBe(422)
    expect(await other.json()).toMatchObject({ errors: { email: "validation.socialEmailMismatch" } })
    const bad = await register({ firstName: "K", lastName: "x".repeat(1_000_000), termsChecked: false })
    expect([413, 422]).toContain(bad.status)
    const ok = await register({})
    expect(ok.status).toBe(200)
  })

  it("links to an existing password account only after its password, never on the e-mail alone", async () => {
    const { email } = await createVerifiedUser(server, "ada.lovelace@example.test")
    const { payload, cookie } = await roundTrip(email)
    const answer = await socialLogin(payload, cookie)
    expect(answer.status).toBe(200)
    const next = (await answer.json()) as Record<string, string>
    expect(next).toMatchObject({ step: "link", email, provider: "Local ID" })
    expect(next).not.toHaveProperty("token")
    const [before] = await server.sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM social_identities WHERE email = $1",
      [email],
    )
    expect(before?.n).toBe(0)
    const wrong = await server.request("/api/social-link", {
      method: "POST",
      json: { ticket: next.ticket, password: "wrong9pass" },
    })
    expect(wrong.status).toBe(422)
    expect(await wrong.json()).toMatchObject({ _tag: "InvalidCredentials" })
    const right = await server.request("/api/social-link", {
      method: "POST",
      json: { ticket: next.ticket, password: PASSWORD },
    })
    expect(right.status).toBe(200)
    expect(sessionCookieOf(right)).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await right.json()).not.toHaveProperty("token")
    const [after] = await server.sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM social_identities WHERE email = $1",
      [email],
    )
    expect(after?.n).toBe(1)
    // Linked: the next social sign-in needs no password.
    const second = await roundTrip(email)
    const signedIn = await socialLogin(second.payload, second.cookie)
    expect(sessionCookieOf(signedIn)).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await signedIn.json()).toMatchObject({ email })
  })

  it("a provider-verified address over an unverified password account: the provider wins, the password and sessions go", async () => {
    // A stranger registered the address with their own password; its owner never confirmed it.
    const email = "nobody.confirmed@example.test"
    const stranger = "quince4tree"
    const registered = await server.request("/api/register", {
      method: "POST",
      json: {
        email,
        firstName: "Some",
        lastName: "One",
        password: stranger,
        confirmPassword: stranger,
        termsChecked: true,
        promotional: false,
      },
    })
    expect(registered.status).toBe(200)
    const old = "an-old-session-token-of-this-unverified-account"
    await server.sql(
      `INSERT INTO sessions (id, user_id, token_hash, device_name, created_at, last_used_at, expires_at)
       SELECT gen_random_uuid(), id, $2, 'old', now(), now(), now() + interval '1 day' FROM users WHERE email = $1`,
      [email, sha256(old)],
    )
    const { payload, cookie } = await roundTrip(email)
    const answer = await socialLogin(payload, cookie)
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ email, verification_confirmed: true })
    const session = sessionCookieOf(answer)
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const dashboard = await server.request("/api/dashboard", { headers: { cookie: `token=${session}` } })
    expect(((await dashboard.json()) as { user_profile: { password_available: boolean } }).user_profile).toMatchObject({
      password_available: false,
    })
    expect((await server.request("/api/dashboard", { headers: { cookie: `token=${old}` } })).status).toBe(401)
    const login = await server.request("/api/login", { method: "POST", json: { email, password: stranger } })
    expect(await login.json()).toMatchObject({ _tag: "InvalidCredentials" })
    // Linked: the next social sign-in goes straight in.
    const second = await roundTrip(email)
    expect(sessionCookieOf(await socialLogin(second.payload, second.cookie))).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it("refuses an ID token whose signature does not verify against the provider's keys", async () => {
    provider.forgeSignatures(true)
    try {
      const { payload, cookie } = await roundTrip("forged.signature@example.test")
      const answer = await socialLogin(payload, cookie)
      expect(answer.status).toBe(422)
      expect(await answer.json()).toMatchObject({ _tag: "SocialSignInRefused", reason: "provider" })
      expect(sessionCookieOf(answer)).toBeUndefined()
    } finally {
      provider.forgeSignatures(false)
    }
    // The same provider's genuine tokens are taken.
    const { payload, cookie } = await roundTrip("genuine.signature@example.test")
    expect(await (await socialLogin(payload, cookie)).json()).toMatchObject({ step: "register" })
  })

  it("refuses an unknown state, a state from another browser and a state used twice", async () => {
    const unknown = await socialLogin({ code: "abc", state: "not-a-state-we-made" }, "jingluo_social=x")
    expect(unknown.status).toBe(422)
    expect(await unknown.json()).toMatchObject({ _tag: "SocialSignInRefused", reason: "state" })

    const { payload } = await roundTrip("mary.jackson@example.test")
    const otherBrowser = await socialLogin(payload, "jingluo_social=another-browsers-cookie")
    expect(otherBrowser.status).toBe(422)
    expect(await otherBrowser.json()).toMatchObject({ reason: "state" })

    const fresh = await roundTrip("mary.jackson@example.test")
    expect((await socialLogin(fresh.payload, fresh.cookie)).status).toBe(200)
    const replay = await socialLogin(fresh.payload, fresh.cookie)
    expect(replay.status).toBe(422)
    expect(await replay.json()).toMatchObject({ reason: "state" })
  })

  it("refuses a replayed code: the provider will not exchange it twice, nor for another attempt", async () => {
    const first = await roundTrip("dorothy.vaughan@example.test")
    expect((await socialLogin(first.payload, first.cookie)).status).toBe(200)
    // A new attempt in the same browser, answered with the spent code of the first.
    const { location, cookie } = await start()
    const state = location.searchParams.get("state")!
    const replayed = await socialLogin({ ...first.payload, state }, cookie)
    expect(replayed.status).toBe(422)
    expect(await replayed.json()).toMatchObject({ _tag: "SocialSignInRefused", reason: "provider" })
  })

  it("refuses an ID token whose nonce is not the attempt's", async () => {
    const { payload, cookie } = await roundTrip("annie.easley@example.test")
    // The attempt remembers another nonce than the one the provider put in the ID token.
    await server.sql("UPDATE social_sign_in_attempts SET nonce = 'another-nonce' WHERE state_used_at IS NULL")
    const answer = await socialLogin(payload, cookie)
    expect(answer.status).toBe(422)
    expect(await answer.json()).toMatchObject({ reason: "provider" })
  })

  it("refuses an expired attempt", async () => {
    const { payload, cookie } = await roundTrip("expired.person@example.test")
    await server.sql(
      "UPDATE social_sign_in_attempts SET expires_at = now() - interval '1 minute' WHERE state_used_at IS NULL",
    )
    const answer = await socialLogin(payload, cookie)
    expect(answer.status).toBe(422)
    expect(await answer.json()).toMatchObject({ reason: "expired" })
  })

  it("never trusts an e-mail the provider has not verified", async () => {
    await createVerifiedUser(server, "unverified.victim@example.test")
    const { payload, cookie } = await roundTrip("unverified.victim@example.test")
    const answer = await socialLogin(payload, cookie)
    expect(answer.status).toBe(422)
    expect(await answer.json()).toMatchObject({ _tag: "SocialSignInRefused", reason: "unverifiedEmail" })
  })

  it("passes the provider's refusal on to the app's page", async () => {
    const { location } = await start()
    const back = await signInAtProvider(location.href, "x@example.test", REDIRECT_URI, "abort")
    expect(back.searchParams.get("error")).toBe("access_denied")
    const callback = await server.request(`${SOCIAL_CALLBACK_ROUTE}${back.search}`)
    const page = new URL(callback.headers.get("location")!)
    expect(page.pathname).toBe("/social/callback")
    expect(page.searchParams.get("error")).toBe("access_denied")
    expect(page.searchParams.get("code")).toBeNull()
  })

  it("bad payloads and spent or unknown tickets answer 4xx, never 500", async () => {
    for (const [path, json] of [
      ["/api/social-login", {}],
      ["/api/social-login", { code: "", state: "x".repeat(5000) }],
      [
        "/api/social-register",
        { ticket: "nope", email: "a@b.cd", firstName: "Abc", lastName: "De", termsChecked: true, promotional: false },
      ],
      ["/api/social-link", { ticket: "nope", password: "whatever1" }],
      ["/api/social-link", { ticket: 42 }],
    ] as const) {
      const response = await server.request(path, { method: "POST", json })
      expect(response.status, `${path} ${JSON.stringify(json).slice(0, 60)}`).toBeGreaterThanOrEqual(400)
      expect(response.status).toBeLessThan(500)
    }
  })
})

describe("social sign-in switched off", () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer("pglite")
  })
  afterAll(() => server.close())

  it("lists no provider, and its routes and calls answer 404", async () => {
    expect(await (await server.request("/api/social-providers")).json()).toEqual({ providers: [] })
    expect((await server.request("/api/social/google/start")).status).toBe(404)
    expect((await server.request(`${SOCIAL_CALLBACK_ROUTE}?code=a&state=b`)).status).toBe(404)
    const login = await server.request("/api/social-login", { method: "POST", json: { code: "a", state: "b" } })
    expect(login.status).toBe(404)
  })
})
