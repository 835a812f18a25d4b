// The "account" group (account settings) over HTTP against a real database: profile options and
// update, the e-mail change confirmed by a code to the new address (with the password: see
// reauthentication.test.ts), password change, registered devices and deleting an account — and bad
// input answering 4xx with a field message, never 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CODE_MAX_ATTEMPTS } from "../../src/domain/account/verification-limits.ts"
import { createVerifiedUser, DATABASES, PASSWORD, signIn, startTestServer, type TestServer } from "./support/harness.ts"

const CHROME_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36"
const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"

interface Options {
  countries: Array<{ id: number; name: string; code: string }>
  currencies: Array<{ id: number; title: string; code: string }>
  languages: Array<{ id: number; name: string; lang_code: string }>
}

describe.each(DATABASES)("account settings API on %s", (kind) => {
  let server: TestServer
  let options: Options
  beforeAll(async () => {
    server = await startTestServer(kind)
    const { email } = await createVerifiedUser(server)
    const token = await signIn(server, email)
    options = (await (await server.request("/api/currency-country-lang", { token })).json()) as Options
  })
  afterAll(() => server.close())

  const idOf = {
    country: (code: string) => options.countries.find((c) => c.code === code)!.id,
    currency: (code: string) => options.currencies.find((c) => c.code === code)!.id,
    language: (code: string) => options.languages.find((l) => l.lang_code === code)!.id,
  }

  const signInAs = async (email: string, password = PASSWORD, userAgent = CHROME_UA) => {
    const response = await server.request("/api/login", {
      method: "POST",
      json: { email, password, return_token: true },
      headers: { "user-agent": userAgent },
    })
    expect(response.status).toBe(200)
    return ((await response.json()) as { token: string }).token
  }

  const profile = (email: string, overrides: Record<string, unknown> = {}) => ({
    email,
    first_name: "Lin",
    last_name: "Wei",
    country_id: idOf.country("GB"),
    currency_id: idOf.currency("GBP"),
    language_id: idOf.language("en"),
    promotional_emails: false,
    ...overrides,
  })

  const update = (token: string, body: unknown, locale?: string) =>
    server.request("/api/profile-update", { method: "PUT", token, json: body, locale })

  it("lists every country with its ISO code, the currencies and the app's languages", () => {
    expect(options.countries.length).toBeGreaterThanOrEqual(240)
    expect(options.countries.find((c) => c.code === "DE")?.name).toBe("Germany")
    expect(new Set(options.countries.map((c) => c.code)).size).toBe(options.countries.length)
    expect(options.currencies.map((c) => c.code)).toEqual(expect.arrayContaining(["GBP", "EUR", "USD"]))
    expect(options.languages.map((l) => l.lang_code)).toEqual(["en", "de", "es"])
  })

  it("asks for a session", async () => {
    expect((await server.request("/api/currency-country-lang")).status).toBe(401)
    expect((await server.request("/api/account/delete", { method: "DELETE" })).status).toBe(401)
  })

  describe("profile", () => {
    it("saves trimmed names, country, currency, language and promotional e-mails; the dashboard shows them", async () => {
      const { email } = await createVerifiedUser(server)
      const token = await signInAs(email)
      const response = await update(
        token,
        profile(email, {
          first_name: "  Mei  ",
          last_name: " Chen ",
          country_id: idOf.country("ES"),
          currency_id: idOf.currency("EUR"),
          language_id: idOf.language("es"),
          promotional_emails: true,
        }),
        "de",
      )
      expect(response.status).toBe(200)
      const body = (await response.json()) as { message: string; pending_email: string | null }
      expect(body.message).toBe("Dein Profil wurde aktualisiert.")
      expect(body.pending_email).toBeNull()
      const dashboard = (await (await server.request("/api/dashboard", { token })).json()) as {
        user_profile: { first_name: string; last_name: string; promotional_emails: boolean }
        country: { name: string }
        currency: { title: string }
        language: { lang_code: string }
      }
      expect(dashboard.user_profile).toMatchObject({ first_name: "Mei", last_name: "Chen", promotional_emails: true })
      expect(dashboard.country.name).toBe("Spain")
      expect(dashboard.currency.title).toBe("Euro")
      expect(dashboard.language.lang_code).toBe("es")
    })

    it("lets country and currency stay unchosen (null or absent) and stores none; the language is asked for", async () => {
      const { email } = await createVerifiedUser(server)
      const token = await signInAs(email)
      expect((await update(token, profile(email))).status).toBe(200)
      const cleared = await update(token, profile(email, { country_id: null, currency_id: null }))
      expect(cleared.status).toBe(200)
      const stored = () =>
        server.sql<{ country_id: number | null; currency_id: number | null }>(
          "SELECT country_id, currency_id FROM users WHERE email = $1",
          [email],
        )
      expect(await stored()).toEqual([{ country_id: null, currency_id: null }])
      const { country_id: _c, currency_id: _u, ...absent } = profile(email, { first_name: "Absent" })
      expect((await update(token, absent)).status).toBe(200)
      expect(await stored()).toEqual([{ country_id: null, currency_id: null }])
      const dashboard = (await (await server.request("/api/dashboard", { token })).json()) as {
        country: unknown
        currency: unknown
      }
      expect(dashboard).toMatchObject({ country: null, currency: null })
      const { language_id: _l, ...noLanguage } = profile(email)
      const refused = await update(token, noLanguage)
      expect(refused.status).toBe(422)
      expect(((await refused.json()) as { errors: Record<string, string> }).errors).toEqual({
        language_id: "validation.languageRequired",
      })
    })

    it("answers bad input with 4xx and a message per field, never 500", async () => {
      const { email } = await createVerifiedUser(server)
      const token = await signInAs(email)
      const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
        [
          { first_name: "Li", last_name: "W" },
          { first_name: "validation.firstNameMin", last_name: "validation.lastNameMin" },
        ],
        [{ first_name: "   " }, { first_name: "validation.required" }],
        [{ first_name: "x".repeat(10_000) }, { first_name: "validation.tooLong" }],
        [{ email: "not-an-address" }, { email: "validation.email" }],
        [{ country_id: 999_999 }, { country_id: "validation.invalid" }],
        [{ currency_id: 1e12 }, { currency_id: "validation.invalid" }],
        [{ language_id: 0 }, { language_id: "validation.required" }],
        [{ country_id: "GB" }, { country_id: "validation.invalid" }],
      ]
      for (const [overrides, errors] of cases) {
        const response = await update(token, profile(email, overrides))
        expect(response.status, JSON.stringify(overrides).slice(0, 80)).toBe(422)
        expect(((await response.json()) as { errors: Record<string, string> }).errors).toMatchObject(errors)
      }
      // A megabyte of name is refused before it is read.
      const huge = await update(token, profile(email, { first_name: "x".repeat(1024 * 1024) }))
      expect(huge.status).toBe(413)
      const [row] = await server.sql<{ first_name: string }>("SELECT first_name FROM users WHERE email = $1", [email])
      expect(row?.first_name).toBe("Lin")
    })

    it("checks whether an address is free (the caller's own is)", async () => {
      const { email, uuid } = await createVerifiedUser(server)
      const other = await createVerifiedUser(server)
      const token = await signInAs(email)
      const check = (json: unknown) => server.request("/api/email-validate", { method: "POST", token, json })
      expect(await (await check({ email: email.toUpperCase(), uuid })).json()).toEqual({ available: true })
      expect(await (await check({ email: other.email })).json()).toEqual({ available: false })
      expect(await (await check({ email: "fresh-address@example.com" })).json()).toEqual({ available: true })
      expect((await check({ email: "nope" })).status).toBe(422)
      expect((await check({ email: "fresh@example.com", uuid: other.uuid })).status).toBe(403)
    })
  })

  describe("e-mail change", () => {
    it("mails a code to the new address and a notice to the old; the address changes only with the code", async () => {
      const { email } = await createVerifiedUser(server)
      const token = await signInAs(email)
      const next = `new-${email}`
      const response = await update(token, profile(email, { email: next.toUpperCase(), current_password: PASSWORD }))
      expect(response.status).toBe(200)
      expect(((await response.json()) as { pending_email: string }).pending_email).toBe(next)
      const codeMail = server.mails.filter((m) => m.to === next && m.purpose === "change-email").at(-1)!
      expect(codeMail.code).toMatch(/^\d{4}$/)
      expect(server.mails.some((m) => m.to === email && m.purpose === "change-email-notice")).toBe(true)
      const [before] = await server.sql<{ email: string }>("SELECT email FROM users WHERE email = $1", [email])
      expect(before?.email).toBe(email)

      const confirm = (otp: string, address = next) =>
        server.request("/api/profile-email-update", { method: "PUT", token, json: { email: address, otp } })
      const wrong = codeMail.code === "0000" ? "1111" : "0000"
      const refused = await confirm(wrong)
      expect(refused.status).toBe(422)
      expect(((await refused.json()) as { errors: Record<string, string> }).errors).toEqual({
        otp: "validation.codeInvalid",
      })
      expect((await confirm("12a4")).status).toBe(422)
      expect((await confirm(codeMail.code!, `other-${email}`)).status).toBe(422)

      // The mismatching address above used the code up: a new one is needed.
      await update(token, profile(email, { email: next, current_password: PASSWORD }))
      const second = server.mails.filter((m) => m.to === next && m.purpose === "change-email").at(-1)!
      const confirmed = await confirm(second.code!)
      expect(confirmed.status).toBe(200)
      expect(((await confirmed.json()) as { user: { user_profile: { email: string } } }).user.user_profile.email).toBe(
        next,
      )
      await signInAs(next)
      const old = await server.request("/api/login", { method: "POST", json: { email, password: PASSWORD } })
      expect(old.status).toBe(422)
    })

    it("tells the account which new address waits for its code, and gives the change up on request", async () => {
      const { email } = await createVerifiedUser(server)
      const other = await signInAs((await createVerifiedUser(server)).email)
      const token = await signInAs(email)
      const pending = async (as = token) =>
        ((await (await server.request("/api/email-change", { token: as })).json()) as { pending_email: string | null })
          .pending_email
      expect(await pending()).toBeNull()
      const next = `waiting-${email}`
      await update(token, profile(email, { email: next, current_password: PASSWORD }))
      expect(await pending()).toBe(next)
      expect(await pending(other)).toBeNull()
      const code = server.mails.filter((m) => m.to === next && m.purpose === "change-email").at(-1)!.code!

      const cancelled = await server.request("/api/email-change/cancel", {
        method: "POST",
        token,
        json: {},
        locale: "es",
      })
      expect(cancelled.status).toBe(200)
      expect(((await cancelled.json()) as { message: string }).message).toBe(
        "Se ha cancelado el cambio de tu dirección de correo. Tu dirección sigue siendo la misma.",
      )
      expect(await pending()).toBeNull()
      const late = await server.request("/api/profile-email-update", {
        method: "PUT",
        token,
        json: { email: next, otp: code },
      })
      expect(late.status).toBe(422)
      const [row] = await server.sql<{ email: string }>("SELECT email FROM users WHERE email = $1", [email])
      expect(row?.email).toBe(email)
      expect((await server.request("/api/email-change")).status).toBe(401)
    })

    it("refuses an address another account uses, and a code after too many tries", async () => {
      const { email } = await createVerifiedUser(server)
      const other = await createVerifiedUser(server)
      const token = await signInAs(email)
      const taken = await update(token, profile(email, { email: other.email, current_password: PASSWORD }))
      expect(taken.status).toBe(422)
      expect(((await taken.json()) as { errors: Record<string, string> }).errors).toEqual({
        email: "validation.emailTaken",
      })
      const next = `tries-${email}`
      await update(token, profile(email, { email: next, current_password: PASSWORD }))
      const code = server.mails.filter((m) => m.to === next && m.purpose === "change-email").at(-1)!.code!
      const wrong = code === "0000" ? "1111" : "0000"
      for (let i = 0; i < CODE_MAX_ATTEMPTS; i++)
        await server.request("/api/profile-email-update", { method: "PUT", token, json: { email: next, otp: wrong } })
      const late = await server.request("/api/profile-email-update", {
        method: "PUT",
        token,
        json: { email: next, otp: code },
      })
      expect(late.status).toBe(422)
      expect(((await late.json()) as { errors: Record<string, string> }).errors).toEqual({
        otp: "validation.codeExpired",
      })
    })
  })

  describe("password change", () => {
    it("checks the old password and the rules, then signs out the other sessions only", async () => {
      const { email } = await createVerifiedUser(server)
      const token = await signInAs(email)
      const elsewhere = await signInAs(email, PASSWORD, IPHONE_UA)
      const change = (json: unknown) => server.request("/api/change-password", { method: "POST", token, json })
      const errorsOf = async (json: unknown) => {
        const response = await change(json)
        expect(response.status).toBe(422)
        return ((await response.json()) as { errors: Record<string, string> }).errors
      }
      expect(await errorsOf({ password: "lotus8root", password_confirmation: "lotus8root" })).toEqual({
        old_password: "validation.required",
      })
      expect(
        await errorsOf({ old_password: "wrong1pass", password: "lotus8root", password_confirmation: "lotus8root" }),
      ).toEqual({ old_password: "account:validation.oldPasswordWrong" })
      expect(
        await errorsOf({ old_password: PASSWORD, password: PASSWORD, password_confirmation: PASSWORD }),
      ).toMatchObject({ password: "validation.passwordSameAsOld" })
      expect(
        await errorsOf({ old_password: PASSWORD, password: "short", password_confirmation: "short" }),
      ).toMatchObject({
        password: "validation.passwordMin",
      })
      expect(
        await errorsOf({ old_password: PASSWORD, password: "lotus8root", password_confirmation: "lotus9root" }),
      ).toMatchObject({ password_confirmation: "validation.passwordMismatch" })

      const done = await change({ old_password: PASSWORD, password: "lotus8root", password_confirmation: "lotus8root" })
      expect(done.status).toBe(200)
      expect((await server.request("/api/dashboard", { token })).status).toBe(200)
      expect((await server.request("/api/dashboard", { token: elsewhere })).status).toBe(401)
      await signInAs(email, "lotus8root")
    })

    it("lets an account without a password set its first one with the code mailed to it", async () => {
      const { email } = await createVerifiedUser(server)
      const token = await signInAs(email)
      await server.sql("UPDATE users SET password_hash = NULL WHERE email = $1", [email])
      expect((await server.request("/api/reauthenticate/code", { method: "POST", token })).status).toBe(200)
      const code = server.mails.filter((m) => m.to === email && m.purpose === "reauthenticate").at(-1)!.code
      const response = await server.request("/api/change-password", {
        method: "POST",
        token,
        json: { password: "first1pass", password_confirmation: "first1pass", code },
      })
      expect(response.status).toBe(200)
      await signInAs(email, "first1pass")
    })
  })

  describe("registered devices", () => {
    it("lists this account's sign-ins with a readable name, marks the current one, and removes one", async () => {
      const { email } = await createVerifiedUser(server)
      const token = await signInAs(email, PASSWORD, CHROME_UA)
      const phone = await signInAs(email, PASSWORD, IPHONE_UA)
      const stranger = await createVerifiedUser(server)
      const strangerToken = await signInAs(stranger.email)
      const list = async (as: string) =>
        (await (await server.request("/api/registered-devices", { token: as })).json()) as Array<{
          id: string
          device_name: string
          status: string
          last_used_at: string
        }>
      const devices = await list(token)
      expect(devices.map((d) => d.device_name).sort()).toEqual(["Chrome 140 on Linux", "Safari 17 on iOS"])
      expect(devices.find((d) => d.status === "current")?.device_name).toBe("Chrome 140 on Linux")
      const phoneDevice = devices.find((d) => d.status === "active")!
      expect(Number.isNaN(Date.parse(phoneDevice.last_used_at))).toBe(false)

      const remove = (as: string, device_id: string) =>
        server.request("/api/remove-individual-device", { method: "POST", token: as, json: { device_id } })
      // Another user's device, a made-up id and no id at all: not found or invalid, never 500.
      expect((await remove(strangerToken, phoneDevice.id)).status).toBe(404)
      expect((await remove(token, "not-a-uuid")).status).toBe(404)
      expect((await remove(token, "00000000-0000-0000-0000-000000000000")).status).toBe(404)
      expect((await remove(token, "x".repeat(100))).status).toBe(422)
      expect((await server.request("/api/dashboard", { token: phone })).status).toBe(200)

      expect((await remove(token, phoneDevice.id)).status).toBe(200)
      expect((await server.request("/api/dashboard", { token: phone })).status).toBe(401)
      expect((await list(token)).length).toBe(1)
      expect((await server.request("/api/dashboard", { token: strangerToken })).status).toBe(200)
    })
  })

  describe("delete account", () => {
    it("ends the subscription, deletes every row that names the user and frees the address", async () => {
      const { email, uuid } = await createVerifiedUser(server)
      const token = await signInAs(email)
      await signInAs(email, PASSWORD, IPHONE_UA)
      await server.request("/api/user-settings", { method: "POST", token, json: { showNotes: true } })
      await update(token, profile(email, { email: `pending-${email}`, current_password: PASSWORD }))
      await server.request("/api/login", { method: "POST", json: { email, password: "wrong1pass" } })
      const [{ id } = { id: 0 }] = await server.sql<{ id: number }>("SELECT id FROM users WHERE email = $1", [email])
      await server.sql(
        `INSERT INTO subscriptions (id, user_id, provider, provider_subscription_id, price_id, status, created_at, updated_at)
         VALUES (gen_random_uuid(), $1, 'local', 'local_sub_del', 'price_pro_year', 'active', now(), now())`,
        [id],
      )

      const response = await server.request("/api/account/delete", {
        method: "DELETE",
        token,
        json: { current_password: PASSWORD },
      })
      expect(response.status).toBe(200)
      expect((await server.request("/api/dashboard", { token })).status).toBe(401)

      const tables = await server.sql<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
      )
      const userColumns = await server.sql<{ table_name: string; column_name: string }>(
        "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'user_id'",
      )
      const remaining: Array<string> = []
      for (const { table_name } of tables) {
        const [found] = await server.sql<{ n: number }>(
          `SELECT count(*)::int AS n FROM "${table_name}" t
           WHERE position($1 in lower(row_to_json(t)::text)) > 0 OR position($2 in row_to_json(t)::text) > 0`,
          [email, uuid],
        )
        if ((found?.n ?? 0) > 0) remaining.push(`${table_name} mentions the user`)
      }
      for (const { table_name, column_name } of userColumns) {
        const [found] = await server.sql<{ n: number }>(
          `SELECT count(*)::int AS n FROM "${table_name}" WHERE "${column_name}" = $1`,
          [id],
        )
        if ((found?.n ?? 0) > 0) remaining.push(`${table_name}.${column_name}`)
      }
      const keyed = await server.sql("SELECT key FROM rate_limits WHERE key LIKE $1", [`%:user:${id}`])
      expect([...remaining, ...keyed.map((k) => JSON.stringify(k))]).toEqual([])

      const signIn = await server.request("/api/login", { method: "POST", json: { email, password: PASSWORD } })
      expect(signIn.status).toBe(422)
      // The address is free again.
      await createVerifiedUser(server, email)
    })
  })
})
