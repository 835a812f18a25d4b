// The "users" group over HTTP against a real database: registration, verification, sign-in,
// sessions, sign-out, password reset, rate limits and the answers of the error catalogue.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { LIMITS } from "../../server/platform/security/rate-limiter.ts"
import type { ForgotPasswordPayload } from "../../src/domain/account/password-reset.ts"
import type { LoginPayload } from "../../src/domain/account/sign-in.ts"
import { CODE_MAX_ATTEMPTS } from "../../src/domain/account/verification-limits.ts"
import {
  createVerifiedUser,
  DATABASES,
  PASSWORD,
  signIn,
  signUpCookieOf,
  startTestServer,
  type TestServer,
} from "./support/harness.ts"

describe.each(DATABASES)("users API on %s", (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(kind)
  })
  afterAll(() => server.close())

  const register = (email: string, overrides: Record<string, unknown> = {}, locale?: string) =>
    server.request("/api/register", {
      method: "POST",
      locale,
      json: {
        email,
        firstName: " Mei ",
        lastName: "Chen",
        password: PASSWORD,
        confirmPassword: PASSWORD,
        termsChecked: true,
        promotional: true,
        ...overrides,
      },
    })

  describe("registration", () => {
    it("creates an unverified account, trims names, normalises the e-mail and mails a code in the caller's language", async () => {
      const response = await register("Mei.Chen@Example.COM", {}, "de")
      expect(response.status).toBe(200)
      const body = (await response.json()) as { uuid: string; email: string; message: string }
      expect(body.email).toBe("mei.chen@example.com")
      expect(body.message).toContain("Konto")
      const [row] = await server.sql<{ first_name: string; email_verified_at: Date | null; password_hash: string }>(
        "SELECT first_name, email_verified_at, password_hash FROM users WHERE email = $1",
        ["mei.chen@example.com"],
      )
      expect(row?.first_name).toBe("Mei")
      expect(row?.email_verified_at).toBeNull()
      expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
      const mail = server.mails.at(-1)!
      expect(mail.to).toBe("mei.chen@example.com")
      expect(mail.subject).toContain("Bestätige")
      expect(mail.code).toMatch(/^\d{4}$/)
      expect(mail.text).toContain(`\n${mail.code}\n`)
      // The link carries a 128-bit token, not the guessable code.
      expect(mail.text).toMatch(new RegExp(`/verify-email\\?user=${body.uuid}&token=[A-Za-z0-9_-]{22}\\n`))
      expect(mail.text).not.toContain(`code=${mail.code}`)
    })

    it("reports every invalid field with its message key", async () => {
      const response = await register("not-an-email", {
        firstName: "ab",
        lastName: "",
        password: "short",
        confirmPassword: "other",
        termsChecked: false,
      })
      expect(response.status).toBe(422)
      const body = (await response.json()) as { errors: Record<string, string> }
      expect(body.errors).toMatchObject({
        email: "validation.email",
        firstName: "validation.firstNameMin",
        lastName: "validation.required",
        password: "validation.passwordMin",
        termsChecked: "validation.termsRequired",
      })
    })

    it("refuses a confirmation that does not match", async () => {
      const response = await register("mismatch@example.com", { confirmPassword: "lotus7roots" })
      expect(response.status).toBe(422)
      expect(await response.json()).toMatchObject({ errors: { confirmPassword: "validation.passwordMismatch" } })
    })
  })

  describe("names in mails and at the schema", () => {
    const mailsTo = (email: string, purpose: string) =>
      server.mails.filter((m) => m.to === email && m.purpose === purpose)

    it("a verification mail greets nobody by name: whoever registers types the name", async () => {
      await register("greeting@example.com", { firstName: "Mallory" })
      const mail = mailsTo("greeting@example.com", "verify-email").at(-1)!
      expect(mail.text.startsWith("Hello,\n")).toBe(true)
      expect(mail.text).not.toContain("Mallory")
      expect(mail.html).not.toContain("Mallory")
    })

    it("the already-registered notice greets a verified owner by their own name, never by the registrant's", async () => {
      const { email } = await createVerifiedUser(server)
      await register(email, { firstName: "Mallory" })
      const notice = mailsTo(email, "already-registered").at(-1)!
      expect(notice.text.startsWith("Hello Lin,\n")).toBe(true)
      expect(notice.text).not.toContain("Mallory")
    })

    it("an address whose sign-up is unverified is greeted neutrally in the notice and the reset mail", async () => {
      await register("pending-name@example.com", { firstName: "Stranger" })
      await register("pending-name@example.com", { firstName: "Another" })
      const notice = mailsTo("pending-name@example.com", "already-registered").at(-1)!
      expect(notice.text.startsWith("Hello,\n")).toBe(true)
      await server.request("/api/forgot-password/email", {
        method: "POST",
        json: { email: "pending-name@example.com" },
      })
      const reset = mailsTo("pending-name@example.com", "reset-password").at(-1)!
      expect(reset.text.startsWith("Hello,\n")).toBe(true)
      for (const mail of server.mails.filter((m) => m.to === "pending-name@example.com"))
        expect(mail.text).not.toMatch(/Stranger|Another/)
    })

    it.each([
      ["a scheme", "Mei http://evil.example"],
      ["www.", "www.evil.example"],
      ["a domain with a path", "evil.example/win"],
      ["a control character", "Mei\u0007Chen"],
      ["a line break", "Mei\nChen"],
    ])("refuses a first name with %s", async (_, firstName) => {
      const response = await register("refused-name@example.com", { firstName })
      expect(response.status).toBe(422)
      expect(await response.json()).toMatchObject({ errors: { firstName: "validation.nameCharacters" } })
    })

    it("strips bidi controls from names", async () => {
      const response = await register("bidi@example.com", {
        firstName: "\u202EMei\u202C",
        lastName: "\u2067Chen\u2069",
      })
      expect(response.status).toBe(200)
      const [row] = await server.sql<{ first_name: string; last_name: string }>(
        "SELECT first_name, last_name FROM users WHERE email = $1",
        ["bidi@example.com"],
      )
      expect(row).toEqual({ first_name: "Mei", last_name: "Chen" })
    })

    it.each(["<zed@example.com>", "yan@example.com,zed", "ÄNNE@bücher.de"])(
      "refuses to register %s as an address",
      async (email) => {
        const response = await register(email)
        expect(response.status).toBe(422)
        expect(await response.json()).toMatchObject({ errors: { email: "validation.email" } })
      },
    )
  })

  describe("e-mail verification", () => {
    it("verifies with the mailed code once; the code is single use", async () => {
      const response = await register("verify@example.com")
      const { uuid } = (await response.json()) as { uuid: string }
      const code = server.mails.at(-1)!.code!
      const sameBrowser = { headers: { cookie: signUpCookieOf(response) } }
      const verified = await server.request(`/api/verify-email/${uuid}/${code}`, sameBrowser)
      expect(verified.status).toBe(200)
      expect(await verified.json()).toMatchObject({ passwordNeeded: false })
      const [row] = await server.sql<{ email_verified_at: Date | null }>(
        "SELECT email_verified_at FROM users WHERE uuid = $1::uuid",
        [uuid],
      )
      expect(row?.email_verified_at).not.toBeNull()
      // Already verified: the answer stays a success, nothing else changes.
      expect((await server.request(`/api/verify-email/${uuid}/${code}`)).status).toBe(200)
    })

    it("rejects a wrong code and expires the code after the allowed tries", async () => {
      const response = await register("tries@example.com")
      const { uuid } = (await response.json()) as { uuid: string }
      const code = server.mails.at(-1)!.code!
      const wrong = code === "0000" ? "1111" : "0000"
      for (let attempt = 1; attempt < CODE_MAX_ATTEMPTS; attempt++) {
        const answer = await server.request(`/api/verify-email/${uuid}/${wrong}`)
        expect(answer.status).toBe(422)
        expect(await answer.json()).toMatchObject({ errors: { code: "validation.codeInvalid" } })
      }
      const last = await server.request(`/api/verify-email/${uuid}/${wrong}`)
      expect(await last.json()).toMatchObject({ errors: { code: "validation.codeExpired" } })
      // Even the right code no longer works: a new one must be requested.
      const right = await server.request(`/api/verify-email/${uuid}/${code}`)
      expect(await right.json()).toMatchObject({ errors: { code: "validation.codeExpired" } })
      expect((await server.request("/api/resend-verification-email/tries@example.com")).status).toBe(200)
      const fresh = server.mails.at(-1)!.code!
      const verified = await server.request(`/api/verify-email/${uuid}/${fresh}`, {
        headers: { cookie: signUpCookieOf(response) },
      })
      expect(await verified.json()).toMatchObject({ passwordNeeded: false })
    })

    it("answers an unknown account like a wrong code, never as expired", async () => {
      for (const uuid of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
        const answer = await server.request(`/api/verify-email/${uuid}/1234`)
        expect(answer.status).toBe(422)
        expect(await answer.json()).toMatchObject({ errors: { code: "validation.codeInvalid" } })
      }
    })

    it("resends only to an unverified account, with the same answer for any address", async () => {
      const before = server.mails.length
      const unknown = await server.request("/api/resend-verification-email/nobody-here@example.com")
      expect(unknown.status).toBe(200)
      expect(server.mails.length).toBe(before)
    })
  })

  describe("sign-in and sessions", () => {
    it("answers a wrong password and an unknown e-mail with the same status and body", async () => {
      const { email } = await createVerifiedUser(server)
      const wrong = await server.request("/api/login", {
        method: "POST",
        json: { email, password: "wrong1pass" } satisfies typeof LoginPayload.Encoded,
      })
      const unknown = await server.request("/api/login", {
        method: "POST",
        json: { email: "ghost@example.com", password: "wrong1pass" },
      })
      expect(wrong.status).toBe(422)
      expect(unknown.status).toBe(422)
      expect(await wrong.json()).toEqual(await unknown.json())
    })

    it("refuses an unverified account after a correct password", async () => {
      await register("unverified@example.com")
      const response = await server.request("/api/login", {
        method: "POST",
        json: { email: "unverified@example.com", password: PASSWORD },
      })
      expect(response.status).toBe(403)
      expect(await response.json()).toMatchObject({ _tag: "EmailNotVerified", email: "unverified@example.com" })
    })

    it("issues an opaque token stored only as a hash with the device name", async () => {
      const { email } = await createVerifiedUser(server)
      const response = await server.request("/api/login", {
        method: "POST",
        json: { email, password: PASSWORD, return_token: true },
        headers: {
          "user-agent":
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15",
        },
      })
      expect(response.status).toBe(200)
      const user = (await response.json()) as {
        token: string
        email: string
        plan_name: string
        verification_confirmed: boolean
      }
      expect(Buffer.from(user.token, "base64url")).toHaveLength(32)
      expect(user).toMatchObject({ email, plan_name: "Standard", verification_confirmed: true })
      const rows = await server.sql<{ token_hash: string; device_name: string }>(
        "SELECT s.token_hash, s.device_name FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1",
        [email],
      )
      expect(rows).toHaveLength(1)
      expect(rows[0]?.token_hash).not.toContain(user.token)
      expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/)
      expect(rows[0]?.device_name).toBe("Safari 17 on macOS Sonoma")
    })

    it("serves the dashboard to a session and 401 to anyone else", async () => {
      const { email, uuid } = await createVerifiedUser(server)
      const token = await signIn(server, email)
      const dashboard = await server.request("/api/dashboard", { token })
      expect(dashboard.status).toBe(200)
      expect(await dashboard.json()).toMatchObject({
        user_profile: { email, uuid, first_name: "Lin", password_available: true, purchased_subscription: false },
        user_subscription: { plan_id: 2, plan_name: "Standard" },
        user_subscription_cancelled: 0,
        migrated_user: 0,
      })
      expect((await server.request("/api/dashboard")).status).toBe(401)
      expect((await server.request("/api/dashboard", { token: "forged" })).status).toBe(401)
    })

    it("logout ends only this session; logout-all-devices ends them all and only for oneself", async () => {
      const { email, uuid } = await createVerifiedUser(server)
      const first = await signIn(server, email)
      const second = await signIn(server, email)
      const third = await signIn(server, email)
      expect((await server.request("/api/logout", { method: "POST", token: first })).status).toBe(200)
      expect((await server.request("/api/dashboard", { token: first })).status).toBe(401)
      expect((await server.request("/api/dashboard", { token: second })).status).toBe(200)

      const other = await createVerifiedUser(server)
      const forbidden = await server.request("/api/logout-all-devices", {
        method: "POST",
        token: second,
        json: { user_uuid: other.uuid },
      })
      expect(forbidden.status).toBe(403)
      const all = await server.request("/api/logout-all-devices", {
        method: "POST",
        token: second,
        json: { user_uuid: uuid },
      })
      expect(all.status).toBe(200)
      expect((await server.request("/api/dashboard", { token: second })).status).toBe(401)
      expect((await server.request("/api/dashboard", { token: third })).status).toBe(401)
    })

    it("answers 429 with Retry-After after repeated failures on one account", async () => {
      const { email } = await createVerifiedUser(server)
      for (let i = 0; i < LIMITS.loginFailuresPerAccount.max; i++) {
        const answer = await server.request("/api/login", {
          method: "POST",
          json: { email, password: "wrong1pass" } satisfies typeof LoginPayload.Encoded,
        })
        expect(answer.status).toBe(422)
      }
      const blocked = await server.request("/api/login", {
        method: "POST",
        json: { email, password: PASSWORD } satisfies typeof LoginPayload.Encoded,
      })
      expect(blocked.status).toBe(429)
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0)
      expect(await blocked.json()).toMatchObject({ _tag: "TooManyRequests" })
    })
  })

  describe("password reset", () => {
    it("resets with the mailed code, ends old sessions and lets the new password in", async () => {
      const { email } = await createVerifiedUser(server)
      const oldToken = await signIn(server, email)
      const requested = await server.request("/api/forgot-password/email", {
        method: "POST",
        json: { email } satisfies typeof ForgotPasswordPayload.Encoded,
      })
      expect(requested.status).toBe(200)
      const mail = server.mails.at(-1)!
      expect(mail.purpose).toBe("reset-password")
      const reset = await server.request("/api/password/reset", {
        method: "POST",
        json: { email, code: mail.code, password: "bamboo9grove", confirmPassword: "bamboo9grove" },
      })
      expect(reset.status).toBe(200)
      expect((await server.request("/api/dashboard", { token: oldToken })).status).toBe(401)
      await signIn(server, email, "bamboo9grove")
      const again = await server.request("/api/password/reset", {
        method: "POST",
        json: { email, code: mail.code, password: "cedar8wood", confirmPassword: "cedar8wood" },
      })
      expect(again.status).toBe(422)
    })

    it("answers the same for an unknown address and sends nothing", async () => {
      const before = server.mails.length
      const answer = await server.request("/api/forgot-password/email", {
        method: "POST",
        json: { email: "nobody@example.com" },
      })
      expect(answer.status).toBe(200)
      expect(server.mails.length).toBe(before)
    })
  })

  describe("responses", () => {
    it("carries the security headers on API answers", async () => {
      const response = await server.request("/api/health")
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ status: "ok", database: "ok" })
      const csp = response.headers.get("content-security-policy") ?? ""
      expect(csp).toContain("script-src 'self'")
      expect(csp).not.toContain("unsafe-inline' 'unsafe-eval")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(response.headers.get("x-content-type-options")).toBe("nosniff")
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin")
    })

    it("answers an unknown API path with a JSON 404", async () => {
      const response = await server.request("/api/no-such-thing")
      expect(response.status).toBe(404)
      expect(await response.json()).toHaveProperty("message")
    })

    it("serves the quote of the day in the caller's language and moves on with the offset", async () => {
      const today = (await (await server.request("/api/quote-of-the-day", { locale: "es" })).json()) as {
        id: string
        point: { code: string }
        total: number
      }
      const next = (await (await server.request("/api/quote-of-the-day?offset=1", { locale: "es" })).json()) as {
        id: string
      }
      expect(today.point.code).toMatch(/^HT-\d$/)
      expect(today.total).toBeGreaterThanOrEqual(30)
      expect(next.id).not.toBe(today.id)
    })
  })
})
