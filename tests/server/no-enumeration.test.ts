// No answer tells whether an address has an account. The same sequence of requests runs against an
// address nobody has registered and against one whose owner has a verified account (registered on
// an earlier day: the owner's own counters have run out), each from its own client address, and
// the full sequences of answers (status, body and the cookies set, with the address, the returned
// id and cookie values written as placeholders) must be equal: registering, signing in with the
// registrant's password, guessing codes on the returned id until they expire and pause, resending,
// asking for resets and guessing reset codes. The owner's own sign-in keeps working throughout.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { addressHashOf } from "../../server/accounts/codes-service.ts"
import { LIMITS } from "../../server/platform/security/rate-limiter.ts"
import type { RegisterPayload } from "../../src/domain/account/registration.ts"
import type { LoginPayload } from "../../src/domain/account/sign-in.ts"
import { CODE_MAX_ATTEMPTS } from "../../src/domain/account/verification-limits.ts"
import { createVerifiedUser, DATABASES, PASSWORD, signIn, startTestServer, type TestServer } from "./support/harness.ts"

const STRANGER_PASSWORD = "quince4tree"
const SECOND_PASSWORD = "maple5leaf"

interface Answer {
  readonly step: string
  readonly status: number
  body: unknown
  /** The cookies the answer sets, each value written as a placeholder. */
  readonly cookies: ReadonlyArray<string>
}

describe.each(DATABASES)("no account enumeration on %s", (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(kind, { trustProxy: { _tag: "Hops", hops: 1 } })
  })
  afterAll(() => server.close())

  /** The owner registered on an earlier day: no counter of theirs is still running. */
  const aDayLater = () => server.sql("DELETE FROM rate_limits")

  /** A known address: a verified account, with its owner's counters expired. */
  const knownAddress = async (name: string) => {
    const { email } = await createVerifiedUser(server, `${name}-${kind}@example.com`)
    await aDayLater()
    return email
  }

  /** Runs requests as one client and records every answer with the address and id as placeholders. */
  const recorder = (email: string, client: string) => {
    const answers: Array<Answer> = []
    let uuid = "<none>"
    const call = async (step: string, path: string, init: { method?: string; json?: unknown } = {}) => {
      const response = await server.request(path, { ...init, headers: { "x-forwarded-for": client } })
      const text = (await response.text()).replaceAll(email, "<email>").replaceAll(uuid, "<uuid>")
      const body = JSON.parse(text) as Record<string, unknown>
      // The wait is counted from each client's own first try, seconds apart: compare it in hours.
      if (typeof body.retryAfterSeconds === "number") body.retryAfterSeconds = Math.ceil(body.retryAfterSeconds / 3600)
      const cookies = response.headers.getSetCookie().map((cookie) => cookie.replace(/^([^=]*)=[^;]*/, "$1=<value>"))
      answers.push({ step, status: response.status, body, cookies })
      return body
    }
    const register = async (password: string) => {
      const body = await call("register", "/api/register", {
        method: "POST",
        json: {
          email,
          firstName: "Someone",
          lastName: "Else",
          password,
          confirmPassword: password,
          termsChecked: true,
          promotional: false,
        } satisfies typeof RegisterPayload.Encoded,
      })
      if (uuid === "<none>" && typeof body.uuid === "string") {
        uuid = body.uuid
        answers.at(-1)!.body = { ...body, uuid: "<uuid>" }
      }
    }
    return {
      answers,
      register,
      login: (password: string) =>
        call(`login ${password}`, "/api/login", {
          method: "POST",
          json: { email, password } satisfies typeof LoginPayload.Encoded,
        }),
      guess: (code: string) => call(`verify ${code}`, `/api/verify-email/${uuid}/${code}`),
      resend: () => call("resend", `/api/resend-verification-email/${encodeURIComponent(email)}`),
      forgot: () => call("forgot", "/api/forgot-password/email", { method: "POST", json: { email } }),
      reset: (code: string) =>
        call(`reset ${code}`, "/api/password/reset", {
          method: "POST",
          json: { email, code, password: "walnut6shell", confirmPassword: "walnut6shell" },
        }),
    }
  }

  /** Everything a stranger can try against one address, in one order. */
  const probe = async (email: string, client: string) => {
    const stranger = recorder(email, client)
    await stranger.register(STRANGER_PASSWORD)
    await stranger.login(STRANGER_PASSWORD)
    await stranger.login("wrong7pass")
    // A second registration keeps the first sign-up: same id, its password still the one that counts.
    await stranger.register(SECOND_PASSWORD)
    await stranger.login(SECOND_PASSWORD)
    await stranger.login(STRANGER_PASSWORD)
    for (let i = 0; i <= CODE_MAX_ATTEMPTS; i++) await stranger.guess("0000")
    await stranger.resend()
    await stranger.guess("0000")
    await stranger.forgot()
    await stranger.reset("0000")
    await stranger.resend()
    await stranger.resend()
    await stranger.forgot()
    // Guesses on the id and on resets share one budget; it runs out at the same try.
    for (let i = 0; i < LIMITS.codeGuessesPerAccount.max; i++) await stranger.guess("0000")
    await stranger.reset("0000")
    await stranger.login(STRANGER_PASSWORD)
    return stranger.answers
  }

  it("registering, signing in and guessing codes answer alike for a new and a known address", async () => {
    const known = await knownAddress("owner")
    const fresh = `nobody-${kind}@example.com`
    const forKnown = await probe(known, "198.51.100.1")
    const forNew = await probe(fresh, "198.51.100.2")
    expect(forKnown).toEqual(forNew)
    // What the sequence shows: the registrant's password reads "not verified", a wrong one "invalid
    // credentials", and the id's code expires on its CODE_MAX_ATTEMPTS-th wrong try.
    const statuses = forNew.map((answer) => `${answer.step}: ${answer.status}`)
    expect(statuses.slice(0, 6)).toEqual([
      "register: 200",
      `login ${STRANGER_PASSWORD}: 403`,
      "login wrong7pass: 422",
      "register: 200",
      `login ${SECOND_PASSWORD}: 422`,
      `login ${STRANGER_PASSWORD}: 403`,
    ])
    expect(forNew[1]!.body).toMatchObject({ _tag: "EmailNotVerified", email: "<email>" })
    // Every registration sets the sign-up cookie, whatever the address.
    expect(forNew[0]!.cookies).toEqual([expect.stringMatching(/^jingluo_sign_up=<value>; Max-Age=\d+; Path=\/api;/)])
    expect(forNew[3]!.body).toMatchObject({ uuid: "<uuid>" })
    const guesses = forNew.slice(6, 7 + CODE_MAX_ATTEMPTS).map((answer) => answer.body)
    expect(guesses.map((body) => (body as { errors: { code: string } }).errors.code)).toEqual([
      ...Array.from({ length: CODE_MAX_ATTEMPTS - 1 }, () => "validation.codeInvalid"),
      "validation.codeExpired",
      "validation.codeExpired",
    ])
    // After a resend the id has a fresh code again.
    expect(forNew[8 + CODE_MAX_ATTEMPTS]!.body).toMatchObject({ errors: { code: "validation.codeInvalid" } })
    expect(forNew.some((answer) => answer.status === 429)).toBe(true)
    // The owner's own password still signs the owner in.
    await aDayLater()
    await signIn(server, known)
  })

  it("the fifth wrong code on the returned id answers expired for a new and a known address", async () => {
    const run = async (email: string, client: string) => {
      const stranger = recorder(email, client)
      await stranger.register(STRANGER_PASSWORD)
      for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) await stranger.guess(String(1000 + i))
      return stranger.answers
    }
    const forKnown = await run(await knownAddress("fifth"), "198.51.100.3")
    const forNew = await run(`fifth-new-${kind}@example.com`, "198.51.100.4")
    expect(forKnown).toEqual(forNew)
    expect(forKnown.at(-1)!.body).toMatchObject({ errors: { code: "validation.codeExpired" } })
  })

  it("reset codes answer alike for a new and a known address, asked for or not", async () => {
    const run = async (email: string, client: string) => {
      const stranger = recorder(email, client)
      await stranger.reset("1234")
      await stranger.forgot()
      for (let i = 0; i <= CODE_MAX_ATTEMPTS; i++) await stranger.reset("1234")
      await stranger.forgot()
      await stranger.reset("1234")
      return stranger.answers
    }
    const forKnown = await run(await knownAddress("reset"), "198.51.100.5")
    const forNew = await run(`reset-new-${kind}@example.com`, "198.51.100.6")
    expect(forKnown).toEqual(forNew)
    const codes = forNew
      .filter((a) => a.step.startsWith("reset"))
      .map((a) => (a.body as { errors: { code: string } }).errors.code)
    expect(codes).toEqual([
      "validation.codeExpired",
      ...Array.from({ length: CODE_MAX_ATTEMPTS - 1 }, () => "validation.codeInvalid"),
      "validation.codeExpired",
      "validation.codeExpired",
      "validation.codeInvalid",
    ])
  })

  it("parallel registrations of one address agree on one sign-up and one account", async () => {
    const email = `parallel-${kind}@example.com`
    const answers = await Promise.all(
      Array.from({ length: LIMITS.mailPerAddress.max }, (_, i) =>
        server.request("/api/register", {
          method: "POST",
          headers: { "x-forwarded-for": `198.51.100.${20 + i}` },
          json: {
            email,
            firstName: "Someone",
            lastName: "Else",
            password: STRANGER_PASSWORD,
            confirmPassword: STRANGER_PASSWORD,
            termsChecked: true,
            promotional: false,
          } satisfies typeof RegisterPayload.Encoded,
        }),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200))
    const ids = new Set(await Promise.all(answers.map(async (a) => ((await a.json()) as { uuid: string }).uuid)))
    expect(ids.size).toBe(1)
    const rows = await server.sql<{ uuid: string }>("SELECT uuid::text AS uuid FROM users WHERE email = $1", [email])
    expect(rows).toEqual([{ uuid: [...ids][0] }])
  })

  it("a known address's sign-up never signs anyone in and leaves the owner's sign-in alone", async () => {
    const known = await knownAddress("untouched")
    const stranger = recorder(known, "198.51.100.7")
    await stranger.register(PASSWORD.toUpperCase())
    const rows = await server.sql<{ user_id: number | null }>("SELECT user_id FROM sign_ups WHERE email_hash = $1", [
      addressHashOf(known),
    ])
    expect(rows).toEqual([{ user_id: null }])
    expect((await stranger.login(PASSWORD.toUpperCase())) as { _tag: string }).toMatchObject({
      _tag: "EmailNotVerified",
    })
    const session = await signIn(server, known)
    expect(session.length).toBeGreaterThan(0)
  })
})
