// Verifying an address proves only that its mailbox's owner opened the link or typed the code. A
// stranger who registers someone else's address with their own password must not get that password
// confirmed by the owner's click: only the browser that registered (its HttpOnly sign-up cookie)
// verifies straight through and keeps it. Anywhere else a right link or code asks for the password
// step and stays unused until then; the step sets the password the person chose there, discards the
// registrant's, ends every session of the account and signs in. The link and the code of a mail are
// used up once across both steps, and bad input is a 422, never a 500.
import { randomBytes } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sha256 } from "../../server/platform/security/secrets.ts"
import {
  type ChoosePasswordWithLinkPayload,
  SIGN_UP_BROWSER_HOURS,
} from "../../src/domain/account/email-verification.ts"
import type { RegisterPayload } from "../../src/domain/account/registration.ts"
import type { LoginPayload } from "../../src/domain/account/sign-in.ts"
import { CODE_MAX_ATTEMPTS } from "../../src/domain/account/verification-limits.ts"
import { DATABASES, sessionCookieOf, signUpCookieOf, startTestServer, type TestServer } from "./support/harness.ts"

const STRANGER_PASSWORD = "quince4tree"
const OWNER_PASSWORD = "walnut6shell"

describe.each(DATABASES)("the password step of a verification on %s", (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(kind)
  })
  afterAll(() => server.close())

  let counter = 0
  const address = (label: string) => `${label}-${kind}-${counter++}@example.com`

  /** A registration as a browser makes it: the answer, the id, the cookie and the mail's link and code. */
  const register = async (email: string, password = STRANGER_PASSWORD, cookie?: string) => {
    const response = await server.request("/api/register", {
      method: "POST",
      headers: cookie ? { cookie } : {},
      json: {
        email,
        firstName: "Some",
        lastName: "One",
        password,
        confirmPassword: password,
        termsChecked: true,
        promotional: false,
      } satisfies typeof RegisterPayload.Encoded,
    })
    expect(response.status).toBe(200)
    const { uuid } = (await response.json()) as { uuid: string }
    const mail = server.mails.filter((m) => m.to === email && m.purpose === "verify-email").at(-1)
    return {
      response,
      uuid,
      cookie: signUpCookieOf(response),
      token: mail ? (/token=([A-Za-z0-9_-]{22})/.exec(mail.text)?.[1] ?? "") : "",
      code: mail?.code ?? "",
    }
  }

  const verifyLink = (token: string, cookie?: string) =>
    server.request("/api/verify-email-link", { method: "POST", json: { token }, headers: cookie ? { cookie } : {} })
  const verifyCode = (uuid: string, code: string, cookie?: string) =>
    server.request(`/api/verify-email/${uuid}/${code}`, { headers: cookie ? { cookie } : {} })
  const chooseWithLink = (token: string, password = OWNER_PASSWORD, confirmPassword = password) =>
    server.request("/api/verify-email-link/choose-password", {
      method: "POST",
      json: { token, password, confirmPassword } satisfies typeof ChoosePasswordWithLinkPayload.Encoded,
    })
  const chooseWithCode = (uuid: string, code: string, password = OWNER_PASSWORD) =>
    server.request("/api/verify-email/choose-password", {
      method: "POST",
      json: { uuid, code, password, confirmPassword: password },
    })
  const login = async (email: string, password: string) => {
    const response = await server.request("/api/login", {
      method: "POST",
      json: { email, password } satisfies typeof LoginPayload.Encoded,
    })
    return { status: response.status, tag: ((await response.json()) as { _tag?: string })._tag }
  }
  const verifiedAt = async (email: string) =>
    (await server.sql<{ at: Date | null }>("SELECT email_verified_at AS at FROM users WHERE email = $1", [email]))[0]
      ?.at ?? null

  it("every registration sets the sign-up cookie: HttpOnly, SameSite=Lax, for /api, short-lived", async () => {
    const { response } = await register(address("cookie"))
    const [cookie] = response.headers.getSetCookie().filter((c) => c.startsWith("jingluo_sign_up="))
    expect(cookie).toMatch(
      new RegExp(
        `^jingluo_sign_up=[A-Za-z0-9_-]{43}; Max-Age=${SIGN_UP_BROWSER_HOURS * 3600}; Path=/api; HttpOnly; SameSite=Lax$`,
      ),
    )
  })

  it("a link opened in another browser confirms nothing and opens no session: it asks for the password step", async () => {
    const email = address("elsewhere")
    const { token } = await register(email)
    const answer = await verifyLink(token)
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ passwordNeeded: true })
    expect(sessionCookieOf(answer)).toBeUndefined()
    expect(await verifiedAt(email)).toBeNull()
    // The registrant's password still opens nothing, and the link is still unused.
    expect(await login(email, STRANGER_PASSWORD)).toEqual({ status: 403, tag: "EmailNotVerified" })
    expect(await (await verifyLink(token)).json()).toMatchObject({ passwordNeeded: true })
  })

  it("the browser that registered verifies straight through and keeps the password typed there", async () => {
    const email = address("same")
    const { token, cookie } = await register(email, OWNER_PASSWORD)
    const answer = await verifyLink(token, cookie)
    expect(await answer.json()).toMatchObject({ passwordNeeded: false })
    // Its work done, the cookie is cleared.
    expect(answer.headers.getSetCookie().find((c) => c.startsWith("jingluo_sign_up="))).toMatch(
      /^jingluo_sign_up=; Max-Age=0;/,
    )
    expect(await verifiedAt(email)).not.toBeNull()
    expect((await login(email, OWNER_PASSWORD)).status).toBe(200)
  })

  it("typing the registrant's password on the verification page keeps it: verified and signed in", async () => {
    const email = address("typed")
    const { token } = await register(email, OWNER_PASSWORD)
    expect(await (await verifyLink(token)).json()).toMatchObject({ passwordNeeded: true })
    const chosen = await chooseWithLink(token, OWNER_PASSWORD)
    expect(chosen.status).toBe(200)
    expect(await chosen.json()).toMatchObject({ email, verification_confirmed: true })
    const session = sessionCookieOf(chosen)
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect((await server.request("/api/dashboard", { headers: { cookie: `token=${session}` } })).status).toBe(200)
    expect((await login(email, OWNER_PASSWORD)).status).toBe(200)
  })

  it("choosing a password discards the registrant's, ends every session, and uses the link and code up", async () => {
    const email = address("chosen")
    const { token, uuid, code } = await register(email)
    // A session the account somehow holds already: it must not outlive the step.
    const old = randomBytes(32).toString("base64url")
    await server.sql(
      `INSERT INTO sessions (id, user_id, token_hash, device_name, created_at, last_used_at, expires_at)
       SELECT gen_random_uuid(), id, $2, 'old', now(), now(), now() + interval '1 day' FROM users WHERE email = $1`,
      [email, sha256(old)],
    )
    expect((await server.request("/api/dashboard", { headers: { cookie: `token=${old}` } })).status).toBe(200)

    const chosen = await chooseWithLink(token)
    expect(chosen.status).toBe(200)
    expect(sessionCookieOf(chosen)).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await verifiedAt(email)).not.toBeNull()
    expect((await server.request("/api/dashboard", { headers: { cookie: `token=${old}` } })).status).toBe(401)
    expect(await login(email, STRANGER_PASSWORD)).toEqual({ status: 422, tag: "InvalidCredentials" })
    expect((await login(email, OWNER_PASSWORD)).status).toBe(200)
    // Single use across both steps and across the mail's link and code.
    const again = await chooseWithLink(token, "another7pass")
    expect(again.status).toBe(422)
    expect(await again.json()).toMatchObject({ errors: { token: "validation.linkExpired" } })
    const byCode = await chooseWithCode(uuid, code, "another7pass")
    expect(byCode.status).toBe(422)
    expect(await byCode.json()).toMatchObject({ errors: { code: "validation.codeExpired" } })
    expect((await verifyLink(token)).status).toBe(422)
    expect((await login(email, "another7pass")).status).toBe(422)
  })

  it("a right code from another browser asks for the password step, stays unused, and works once there", async () => {
    const email = address("code")
    const { uuid, code, token } = await register(email)
    const wrong = code === "0000" ? "1111" : "0000"
    expect(await (await verifyCode(uuid, wrong)).json()).toMatchObject({ errors: { code: "validation.codeInvalid" } })
    const right = await verifyCode(uuid, code)
    expect(await right.json()).toMatchObject({ passwordNeeded: true })
    expect(await verifiedAt(email)).toBeNull()
    expect((await chooseWithCode(uuid, wrong)).status).toBe(422)
    const chosen = await chooseWithCode(uuid, code)
    expect(chosen.status).toBe(200)
    expect(sessionCookieOf(chosen)).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await login(email, STRANGER_PASSWORD)).toEqual({ status: 422, tag: "InvalidCredentials" })
    expect((await chooseWithCode(uuid, code, "another7pass")).status).toBe(422)
    expect(await (await chooseWithLink(token, "another7pass")).json()).toMatchObject({
      errors: { token: "validation.linkExpired" },
    })
  })

  it("a right code checked from another browser gives its try back, so the password step still takes it", async () => {
    const { uuid, code } = await register(address("tries"))
    const wrong = code === "0000" ? "1111" : "0000"
    for (let i = 1; i < CODE_MAX_ATTEMPTS; i++) await verifyCode(uuid, wrong)
    expect(await (await verifyCode(uuid, code)).json()).toMatchObject({ passwordNeeded: true })
    expect((await chooseWithCode(uuid, code)).status).toBe(200)
  })

  it("parallel password steps with one link: one wins, the others are refused", async () => {
    const email = address("parallel")
    const { token } = await register(email)
    const answers = await Promise.all(
      ["first1pass", "second2pass", "third3pass"].map((password) => chooseWithLink(token, password)),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422])
  })

  it("another browser registering the same address again never gets the first browser's cookie", async () => {
    const email = address("again")
    const first = await register(email)
    const second = await register(email, "other8pass")
    expect(second.uuid).toBe(first.uuid)
    expect(second.cookie).not.toBe(first.cookie)
    expect(await (await verifyLink(first.token, second.cookie)).json()).toMatchObject({ passwordNeeded: true })
    // The first browser registering again keeps its cookie, and verifies straight through.
    const repeat = await register(email, STRANGER_PASSWORD, first.cookie)
    expect(repeat.cookie).toBe(first.cookie)
    expect(await (await verifyLink(first.token, repeat.cookie)).json()).toMatchObject({ passwordNeeded: false })
  })

  it("checks the password with the registration rules and answers bad input with 422, never 500", async () => {
    const { token, uuid } = await register(address("rules"))
    const short = await chooseWithLink(token, "a1")
    expect(short.status).toBe(422)
    expect(await short.json()).toMatchObject({ errors: { password: "validation.passwordMin" } })
    const mismatch = await chooseWithLink(token, OWNER_PASSWORD, "walnut6shel")
    expect(await mismatch.json()).toMatchObject({ errors: { confirmPassword: "validation.passwordMismatch" } })
    for (const [path, json] of [
      ["/api/verify-email-link/choose-password", {}],
      ["/api/verify-email-link/choose-password", { token: "short", password: OWNER_PASSWORD, confirmPassword: "x" }],
      ["/api/verify-email-link/choose-password", { token: 42, password: null }],
      ["/api/verify-email/choose-password", { uuid: "not-a-uuid", code: "1234", password: OWNER_PASSWORD }],
      [
        "/api/verify-email/choose-password",
        { uuid: "not-a-uuid", code: "1234", password: OWNER_PASSWORD, confirmPassword: OWNER_PASSWORD },
      ],
      [
        "/api/verify-email/choose-password",
        { uuid: "x".repeat(5000), code: "12a4", password: OWNER_PASSWORD, confirmPassword: OWNER_PASSWORD },
      ],
      ["/api/verify-email/choose-password", { uuid, code: "\u0000123", password: "\u0000", confirmPassword: "" }],
    ] as const) {
      const response = await server.request(path, { method: "POST", json })
      expect(response.status, `${path} ${JSON.stringify(json).slice(0, 80)}`).toBe(422)
    }
    // None of the refused steps used the link up.
    expect((await chooseWithLink(token)).status).toBe(200)
  })
})
