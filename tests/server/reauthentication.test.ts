// Re-authentication before the account's keys change, over HTTP on PGlite and PostgreSQL: a new
// e-mail address, a new password and deleting the account are refused without the current password
// (or, for an account without one, the code mailed to its address); every proof is counted with the
// sign-in attempts, per account and per client, so wrong guesses here and at /api/login share one
// budget and over it the answer is 429 with Retry-After.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { LIMITS } from "../../server/platform/security/rate-limiter.ts"
import { createVerifiedUser, DATABASES, PASSWORD, startTestServer, type TestServer } from "./support/harness.ts"

const WRONG = "wrong1pass"

describe.each(DATABASES)("re-authentication on %s", (kind) => {
  let server: TestServer
  let ids: { country: number; currency: number; language: number }
  beforeAll(async () => {
    // One proxy in front: each request's client address is the last X-Forwarded-For entry.
    server = await startTestServer(kind, { trustProxy: { _tag: "Hops", hops: 1 } })
    const { email } = await createVerifiedUser(server)
    const options = (await (
      await server.request("/api/currency-country-lang", { token: await signInAs(email, "10.9.9.9") })
    ).json()) as Record<"countries" | "currencies" | "languages", Array<{ id: number }>>
    ids = { country: options.countries[0]!.id, currency: options.currencies[0]!.id, language: options.languages[0]!.id }
  })
  afterAll(() => server.close())

  let next = 0
  /** A client address of its own for each test, so the per-client counts do not leak between tests. */
  const freshAddress = () => `10.20.${Math.floor(next / 250)}.${(next++ % 250) + 1}`

  const login = (email: string, password: string, address: string) =>
    server.request("/api/login", {
      method: "POST",
      json: { email, password, return_token: true },
      headers: { "x-forwarded-for": address },
    })
  const signInAs = async (email: string, address: string) => {
    const response = await login(email, PASSWORD, address)
    expect(response.status).toBe(200)
    return ((await response.json()) as { token: string }).token
  }
  const call = (path: string, method: string, token: string, json: unknown, address: string) =>
    server.request(path, { method, token, json, headers: { "x-forwarded-for": address } })
  const profile = (email: string, proof: Record<string, string> = {}) => ({
    email,
    first_name: "Lin",
    last_name: "Wei",
    country_id: ids.country,
    currency_id: ids.currency,
    language_id: ids.language,
    promotional_emails: false,
    ...proof,
  })
  const errorsOf = async (response: Response) => {
    expect(response.status).toBe(422)
    return ((await response.json()) as { errors: Record<string, string> }).errors
  }
  const emailOf = async (email: string) =>
    (await server.sql<{ email: string }>("SELECT email FROM users WHERE email = $1", [email])).length

  /** The three calls that need a proof, each with the proof given. */
  const guarded = (email: string) =>
    [
      ["an e-mail change", "/api/profile-update", "PUT", (proof: object) => profile(`new-${email}`, proof as never)],
      [
        "a password change",
        "/api/change-password",
        "POST",
        (proof: { current_password?: string }) => ({
          ...(proof.current_password === undefined ? {} : { old_password: proof.current_password }),
          password: "lotus8root",
          password_confirmation: "lotus8root",
        }),
      ],
      ["deleting the account", "/api/account/delete", "DELETE", (proof: object) => proof],
    ] as const

  it("refuses an e-mail change, a password change and a deletion without the current password", async () => {
    const { email } = await createVerifiedUser(server)
    const address = freshAddress()
    const token = await signInAs(email, address)
    for (const [what, path, method, body] of guarded(email)) {
      const field = path === "/api/change-password" ? "old_password" : "current_password"
      expect(await errorsOf(await call(path, method, token, body({}), address)), what).toMatchObject({
        [field]: "validation.required",
      })
      expect(await errorsOf(await call(path, method, token, body({ current_password: WRONG }), address)), what).toEqual(
        {
          [field]: "account:validation.oldPasswordWrong",
        },
      )
    }
    // Nothing changed: the address, the password and the account are as they were.
    expect(await emailOf(email)).toBe(1)
    expect(server.mails.filter((m) => m.to === `new-${email}`)).toEqual([])
    expect((await login(email, PASSWORD, address)).status).toBe(200)
  })

  it("says whether a new address is taken only after the proof", async () => {
    const { email } = await createVerifiedUser(server)
    const other = await createVerifiedUser(server)
    const address = freshAddress()
    const token = await signInAs(email, address)
    const save = (proof: Record<string, string>) =>
      call("/api/profile-update", "PUT", token, profile(other.email, proof), address)
    expect(await errorsOf(await save({}))).toEqual({ current_password: "validation.required" })
    expect(await errorsOf(await save({ current_password: WRONG }))).toEqual({
      current_password: "account:validation.oldPasswordWrong",
    })
    expect(await errorsOf(await save({ current_password: PASSWORD }))).toEqual({ email: "validation.emailTaken" })
    // Changing only the names needs no proof.
    const names = await call("/api/profile-update", "PUT", token, { ...profile(email), first_name: "Mei" }, address)
    expect(names.status).toBe(200)
  })

  it("goes ahead with the right password: the e-mail change, the password change, the deletion", async () => {
    const { email } = await createVerifiedUser(server)
    const address = freshAddress()
    const token = await signInAs(email, address)
    const [[, changePath, changeMethod, changeBody], [, passwordPath, passwordMethod, passwordBody]] = guarded(email)
    const changed = await call(changePath, changeMethod, token, changeBody({ current_password: PASSWORD }), address)
    expect(changed.status).toBe(200)
    expect(((await changed.json()) as { pending_email: string }).pending_email).toBe(`new-${email}`)
    expect(server.mails.some((m) => m.to === `new-${email}` && m.purpose === "change-email")).toBe(true)
    const password = await call(
      passwordPath,
      passwordMethod,
      token,
      passwordBody({ current_password: PASSWORD }),
      address,
    )
    expect(password.status).toBe(200)
    const deleted = await call("/api/account/delete", "DELETE", token, { current_password: "lotus8root" }, address)
    expect(deleted.status).toBe(200)
    expect(await emailOf(email)).toBe(0)
  })

  it(`old-password guesses at /api/change-password stop after ${LIMITS.loginFailuresPerAccount.max}: 429 with Retry-After`, async () => {
    const { email } = await createVerifiedUser(server)
    const address = freshAddress()
    const token = await signInAs(email, address)
    const statuses: Array<number> = []
    let last: Response | undefined
    for (let i = 0; i < 12; i++) {
      last = await call(
        "/api/change-password",
        "POST",
        token,
        { old_password: `${WRONG}${i}`, password: "lotus8root", password_confirmation: "lotus8root" },
        freshAddress(),
      )
      statuses.push(last.status)
    }
    expect(statuses.filter((s) => s === 422)).toHaveLength(LIMITS.loginFailuresPerAccount.max)
    expect(statuses.slice(LIMITS.loginFailuresPerAccount.max).every((s) => s === 429)).toBe(true)
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0)
    expect(await last?.json()).toMatchObject({ _tag: "TooManyRequests" })
    // The right password is refused too until the window is over, here and at sign-in.
    const right = { old_password: PASSWORD, password: "lotus8root", password_confirmation: "lotus8root" }
    expect((await call("/api/change-password", "POST", token, right, address)).status).toBe(429)
    expect((await login(email, PASSWORD, freshAddress())).status).toBe(429)
  })

  it("shares one budget with /api/login per account: wrong sign-ins stop the proofs, wrong proofs stop the sign-ins", async () => {
    const half = Math.floor(LIMITS.loginFailuresPerAccount.max / 2)
    for (const index of [0, 1, 2]) {
      const { email } = await createVerifiedUser(server)
      const [what, path, method, body] = guarded(email)[index]!
      const token = await signInAs(email, freshAddress())
      for (let i = 0; i < half; i++) expect((await login(email, WRONG, freshAddress())).status).toBe(422)
      const rest = LIMITS.loginFailuresPerAccount.max - half
      for (let i = 0; i < rest; i++)
        expect((await call(path, method, token, body({ current_password: WRONG }), freshAddress())).status, what).toBe(
          422,
        )
      const refused = await call(path, method, token, body({ current_password: PASSWORD }), freshAddress())
      expect(refused.status, what).toBe(429)
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0)
      expect((await login(email, PASSWORD, freshAddress())).status, what).toBe(429)
    }
  })

  it("shares one budget with /api/login per client address", async () => {
    const address = freshAddress()
    const { email } = await createVerifiedUser(server)
    const token = await signInAs(email, freshAddress())
    // Wrong sign-ins on accounts that do not exist, all from one address, use up the client's budget.
    for (let i = 0; i < LIMITS.loginFailuresPerIp.max; i++)
      expect((await login(`nobody-${i}-${address}@example.com`, WRONG, address)).status).toBe(422)
    const refused = await call("/api/account/delete", "DELETE", token, { current_password: PASSWORD }, address)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0)
    // The same proof from another address goes through.
    const elsewhere = await call("/api/account/delete", "DELETE", token, { current_password: PASSWORD }, freshAddress())
    expect(elsewhere.status).toBe(200)
  })

  it("a right proof within the limit starts the account's count again", async () => {
    const { email } = await createVerifiedUser(server)
    const token = await signInAs(email, freshAddress())
    const body = (old: string) => ({ old_password: old, password: "lotus8root", password_confirmation: "lotus8root" })
    const change = (old: string) => call("/api/change-password", "POST", token, body(old), freshAddress())
    for (let i = 0; i < LIMITS.loginFailuresPerAccount.max - 1; i++) expect((await change(WRONG)).status).toBe(422)
    expect((await change(PASSWORD)).status).toBe(200)
    for (let i = 0; i < LIMITS.loginFailuresPerAccount.max - 1; i++)
      expect((await login(email, WRONG, freshAddress())).status).toBe(422)
    expect((await login(email, "lotus8root", freshAddress())).status).toBe(200)
  })

  describe("an account without a password (social sign-in)", () => {
    const passwordless = async () => {
      const { email } = await createVerifiedUser(server)
      const address = freshAddress()
      const token = await signInAs(email, address)
      await server.sql("UPDATE users SET password_hash = NULL WHERE email = $1", [email])
      const requestCode = async () => {
        const sent = await call("/api/reauthenticate/code", "POST", token, undefined, address)
        expect(sent.status).toBe(200)
        return server.mails.filter((m) => m.to === email && m.purpose === "reauthenticate").at(-1)!.code!
      }
      return { email, token, address, requestCode }
    }

    it("proves itself with a code mailed to its address, single use, for each of the three calls", async () => {
      const { email, token, address, requestCode } = await passwordless()
      for (const [what, path, method, body] of guarded(email)) {
        // The password change just gave the account a password: take it away again.
        await server.sql("UPDATE users SET password_hash = NULL WHERE email = $1", [email])
        const withCode = (code?: string) =>
          call(path, method, token, { ...body({}), ...(code === undefined ? {} : { code }) }, address)
        expect(await errorsOf(await withCode()), what).toMatchObject({ code: "validation.required" })
        // A password is no proof for an account that has none.
        const withPassword = await call(path, method, token, body({ current_password: PASSWORD }), address)
        expect(await errorsOf(withPassword), what).toMatchObject({ code: "validation.required" })
        const code = await requestCode()
        const wrong = code === "0000" ? "1111" : "0000"
        expect(await errorsOf(await withCode(wrong)), what).toEqual({ code: "validation.codeInvalid" })
        expect((await withCode(code)).status, what).toBe(200)
        // Used up (the e-mail change is the one call of the three that can be repeated as it was).
        if (path === "/api/profile-update")
          expect(await errorsOf(await withCode(code)), what).toEqual({ code: "validation.codeExpired" })
      }
      expect(await emailOf(email)).toBe(0)
    })

    it("wrong codes are counted with the sign-in attempts", async () => {
      const { email, token, address, requestCode } = await passwordless()
      const code = await requestCode()
      const wrong = code === "0000" ? "1111" : "0000"
      for (let i = 0; i < LIMITS.loginFailuresPerAccount.max; i++)
        expect((await call("/api/account/delete", "DELETE", token, { code: wrong }, address)).status).toBe(422)
      expect((await call("/api/account/delete", "DELETE", token, { code }, address)).status).toBe(429)
      expect((await login(email, PASSWORD, freshAddress())).status).toBe(429)
    })

    it("an account with a password is told to use it; no code is sent", async () => {
      const { email } = await createVerifiedUser(server)
      const address = freshAddress()
      const token = await signInAs(email, address)
      const refused = await call("/api/reauthenticate/code", "POST", token, undefined, address)
      expect(await errorsOf(refused)).toEqual({ current_password: "validation.required" })
      expect(server.mails.some((m) => m.to === email && m.purpose === "reauthenticate")).toBe(false)
      expect((await server.request("/api/reauthenticate/code", { method: "POST" })).status).toBe(401)
    })
  })
})
