// Whether an address has an account can be asked only a few dozen times a day, per account and per
// client (POST /api/email-validate, and a profile save with a new address, which also needs the
// password): enough for a person editing their address, far too few to list accounts. Over the
// limit the answer is 429 with Retry-After. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { LIMITS } from "../../server/platform/security/rate-limiter.ts"
import { createVerifiedUser, DATABASES, PASSWORD, startTestServer, type TestServer } from "./support/harness.ts"

const PER_ACCOUNT = LIMITS.emailLookupsPerAccount.max
const PER_CLIENT = LIMITS.emailLookupsPerIp.max

describe.each(DATABASES)("e-mail look-up limits on %s", (kind) => {
  let server: TestServer
  let known: string
  beforeAll(async () => {
    server = await startTestServer(kind, { trustProxy: { _tag: "Hops", hops: 1 } })
    known = (await createVerifiedUser(server)).email
  })
  afterAll(() => server.close())

  const signedIn = async (address: string) => {
    const { email } = await createVerifiedUser(server)
    const response = await server.request("/api/login", {
      method: "POST",
      json: { email, password: PASSWORD, return_token: true },
      headers: { "x-forwarded-for": address },
    })
    return { email, token: ((await response.json()) as { token: string }).token }
  }
  const lookUp = (token: string, email: string, address: string) =>
    server.request("/api/email-validate", {
      method: "POST",
      token,
      json: { email },
      headers: { "x-forwarded-for": address },
    })

  it(`answers at most ${PER_ACCOUNT} look-ups a day for an account, even in parallel`, async () => {
    const { token } = await signedIn("10.30.0.1")
    const answers = await Promise.all(
      Array.from({ length: PER_ACCOUNT * 2 }, (_, i) =>
        lookUp(token, i % 2 === 0 ? known : `free-${i}@example.com`, `10.30.1.${i + 1}`),
      ),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(PER_ACCOUNT)
    const refused = answers.filter((a) => a.status === 429)
    expect(refused).toHaveLength(PER_ACCOUNT)
    const retry = Number(refused[0]?.headers.get("retry-after"))
    expect(retry).toBeGreaterThan(23 * 60 * 60)
    expect(retry).toBeLessThanOrEqual(LIMITS.emailLookupsPerAccount.windowSeconds)
    expect(await refused[0]?.json()).toMatchObject({ _tag: "TooManyRequests" })
  })

  it(`answers at most ${PER_CLIENT} look-ups a day from one client, whatever the accounts`, async () => {
    const address = "10.31.0.1"
    let answered = 0
    let refused = 0
    for (let account = 0; account * PER_ACCOUNT < PER_CLIENT + PER_ACCOUNT; account++) {
      const { token } = await signedIn("10.31.9.9")
      const answers = await Promise.all(
        Array.from({ length: PER_ACCOUNT }, (_, i) => lookUp(token, `c${account}-${i}@example.com`, address)),
      )
      answered += answers.filter((a) => a.status === 200).length
      refused += answers.filter((a) => a.status === 429).length
    }
    expect(answered).toBe(PER_CLIENT)
    expect(refused).toBe(PER_ACCOUNT)
    // Another client is not held back by it.
    const { token } = await signedIn("10.31.9.9")
    expect((await lookUp(token, known, "10.31.0.2")).status).toBe(200)
  })

  it("a save with a new address counts as a look-up too, after the proof", async () => {
    const address = "10.32.0.1"
    const { email, token } = await signedIn(address)
    const options = (await (await server.request("/api/currency-country-lang", { token })).json()) as Record<
      "countries" | "currencies" | "languages",
      Array<{ id: number }>
    >
    const save = (next: string, current_password: string) =>
      server.request("/api/profile-update", {
        method: "PUT",
        token,
        json: {
          email: next,
          first_name: "Lin",
          last_name: "Wei",
          country_id: options.countries[0]!.id,
          currency_id: options.currencies[0]!.id,
          language_id: options.languages[0]!.id,
          promotional_emails: false,
          current_password,
        },
        headers: { "x-forwarded-for": address },
      })
    // A wrong password is not a look-up.
    expect((await save(known, "wrong1pass")).status).toBe(422)
    for (let i = 0; i < PER_ACCOUNT - 1; i++)
      expect((await lookUp(token, `s-${i}@example.com`, address)).status).toBe(200)
    const taken = await save(known, PASSWORD)
    expect(taken.status).toBe(422)
    expect(((await taken.json()) as { errors: Record<string, string> }).errors).toEqual({
      email: "validation.emailTaken",
    })
    const limited = await save(known, PASSWORD)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0)
    expect((await lookUp(token, known, address)).status).toBe(429)
    expect(await server.sql("SELECT id FROM users WHERE email = $1", [email])).toHaveLength(1)
  })
})
