// Free Pro without Stripe is a test mode, and says so. The server logs which payment provider is
// active when it starts; the plan list tells the app that no money is taken; the built-in checkout
// page says it first, in every language (German with "du"). A production server — NODE_ENV
// "production" in any spelling, or an APP_ORIGIN that is https or names any host but this machine —
// refuses to start without Stripe keys unless LOCAL_CHECKOUT=on, and with Stripe test keys unless
// STRIPE_TEST_MODE=on, naming the variable; the developer's and the tests' http://localhost and
// http://127.0.0.1 keep working.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  productionReason,
  readSettings,
  SERVER_SECRET_MIN_LENGTH,
  startupProblems,
} from "../../server/platform/config/server-config.ts"
import { MINUTE_MS } from "../../src/domain/self-tests/test-timing.ts"
import { createVerifiedUser, DATABASES, signIn, startTestServer, type TestServer } from "./support/harness.ts"
import { spawnServer } from "./support/spawn-server.ts"

/** Starts `server/main.ts`; resolves with its exit code, or with its output once `until` appears. */
const startServer = (env: Record<string, string>, until?: RegExp) =>
  new Promise<{ code: number | null; output: string }>((done, fail) => {
    const server = spawnServer({ PORT: "0", ...env })
    const { child } = server
    const finish = (code: number | null) => {
      server.dispose()
      done({ code, output: server.output() })
    }
    // After spawnServer's own listeners, so the output read here includes the chunk.
    const read = () => {
      if (until?.test(server.output())) {
        child.removeAllListeners("exit")
        child.once("exit", () => finish(null))
        child.kill("SIGKILL")
      }
    }
    child.stdout?.on("data", read)
    child.stderr?.on("data", read)
    child.once("error", fail)
    child.once("exit", (code) => finish(code))
  })

/** What the server would refuse to start with, for these variables alone. */
const problemsWith = (env: Record<string, string>) => startupProblems(readSettings(env), env)
/** A production server's key of its keyed hashes, so that only the payment settings are at stake. */
const SECRET = { SERVER_SECRET: "s".repeat(SERVER_SECRET_MIN_LENGTH) }

describe("what counts as production", () => {
  it("is NODE_ENV=production in any spelling, or an https or public APP_ORIGIN", () => {
    for (const env of [
      { NODE_ENV: "production" },
      { NODE_ENV: "Production" },
      { NODE_ENV: " PRODUCTION " },
      { APP_ORIGIN: "https://jingluo.example" },
      { APP_ORIGIN: "https://localhost:3000" },
      { APP_ORIGIN: "http://jingluo.example" },
      { APP_ORIGIN: "http://10.0.0.5:3000" },
      { APP_ORIGIN: "http://0.0.0.0:3000" },
      { APP_ORIGIN: "jingluo.example" },
    ])
      expect([env, productionReason(readSettings(env))]).toEqual([env, expect.any(String)])
  })

  it("is not a developer's or a test's server on this machine, over http", () => {
    for (const env of [
      {},
      { NODE_ENV: "development" },
      { APP_ORIGIN: "http://localhost:3000" },
      { APP_ORIGIN: "http://127.0.0.1:3204" },
      { APP_ORIGIN: "http://[::1]:3000" },
      { APP_ORIGIN: "http://app.localhost:5173", NODE_ENV: "test" },
    ])
      expect([env, productionReason(readSettings(env))]).toEqual([env, null])
  })
})

describe("the self-test minute (SELF_TEST_MINUTE_MS)", () => {
  it("is a minute unless a test server sets a whole number of milliseconds", () => {
    expect(readSettings({}).selfTestMinuteMs).toBe(MINUTE_MS)
    expect(readSettings({ SELF_TEST_MINUTE_MS: "35000" }).selfTestMinuteMs).toBe(35_000)
    for (const value of ["", "0", "-5", "1.5", "abc", "35s"])
      expect([value, readSettings({ SELF_TEST_MINUTE_MS: value }).selfTestMinuteMs]).toEqual([value, MINUTE_MS])
    expect(problemsWith({ SELF_TEST_MINUTE_MS: "35000" })).toEqual([])
  })

  it("is refused by a production server, which keeps every self-test's real length", () => {
    const production = { ...SECRET, LOCAL_CHECKOUT: "on", APP_ORIGIN: "https://jingluo.example" }
    expect(problemsWith(production)).toEqual([])
    expect(problemsWith({ ...production, SELF_TEST_MINUTE_MS: String(MINUTE_MS) })).toEqual([])
    const [problem, ...rest] = problemsWith({ ...production, SELF_TEST_MINUTE_MS: "35000" })
    expect(rest).toEqual([])
    expect(problem).toContain("SELF_TEST_MINUTE_MS")
  })
})

describe("the payment guard", () => {
  it("refuses the built-in checkout in production unless LOCAL_CHECKOUT=on, naming why", () => {
    const [problem, ...rest] = problemsWith({ ...SECRET, APP_ORIGIN: "https://jingluo.example" })
    expect(rest).toEqual([])
    expect(problem).toContain("STRIPE_SECRET_KEY")
    expect(problem).toContain("LOCAL_CHECKOUT=on")
    expect(problem).toContain("APP_ORIGIN=https://jingluo.example")
    expect(problemsWith({ ...SECRET, NODE_ENV: "Production" })[0]).toContain("NODE_ENV=Production")
    expect(problemsWith({ ...SECRET, APP_ORIGIN: "https://jingluo.example", LOCAL_CHECKOUT: "on" })).toEqual([])
    expect(problemsWith({ APP_ORIGIN: "http://127.0.0.1:3204" })).toEqual([])
  })

  it("refuses Stripe test keys in production unless STRIPE_TEST_MODE=on", () => {
    const stripe = { ...SECRET, STRIPE_WEBHOOK_SECRET: "whsec_x", APP_ORIGIN: "https://jingluo.example" }
    for (const key of ["sk_test_abc", "rk_test_abc"]) {
      const [problem, ...rest] = problemsWith({ ...stripe, STRIPE_SECRET_KEY: key })
      expect(rest).toEqual([])
      expect(problem).toContain("STRIPE_SECRET_KEY is a Stripe test key")
      expect(problem).toContain("STRIPE_TEST_MODE=on")
      expect(problemsWith({ ...stripe, STRIPE_SECRET_KEY: key, STRIPE_TEST_MODE: "on" })).toEqual([])
    }
    expect(problemsWith({ ...stripe, STRIPE_SECRET_KEY: "sk_live_abc" })).toEqual([])
    expect(problemsWith({ STRIPE_SECRET_KEY: "sk_test_abc", APP_ORIGIN: "http://localhost:3000" })).toEqual([])
  })
})

describe("the server's secret", () => {
  it(`is required in production, at least ${SERVER_SECRET_MIN_LENGTH} characters, and not elsewhere`, () => {
    const production = { NODE_ENV: "production", LOCAL_CHECKOUT: "on" }
    expect(problemsWith(production)).toEqual([expect.stringContaining("SERVER_SECRET is not set")])
    expect(problemsWith({ ...production, SERVER_SECRET: "short" })).toEqual([
      expect.stringContaining(`shorter than ${SERVER_SECRET_MIN_LENGTH} characters`),
    ])
    expect(problemsWith({ ...production, ...SECRET })).toEqual([])
    expect(problemsWith({ APP_ORIGIN: "http://127.0.0.1:3204" })).toEqual([])
  })
})

describe("starting the server", () => {
  it("refuses NODE_ENV=production without Stripe keys, and says why", async () => {
    const { code, output } = await startServer({ NODE_ENV: "production" })
    expect(code).toBe(1)
    expect(output).toContain("STRIPE_SECRET_KEY")
    expect(output).toContain("LOCAL_CHECKOUT=on")
  })

  it("starts in production with LOCAL_CHECKOUT=on and logs the test mode first", async () => {
    const { code, output } = await startServer(
      { NODE_ENV: "production", LOCAL_CHECKOUT: "on", ...SECRET },
      /Payments: .*\n/,
    )
    expect(code).toBeNull()
    expect(output).toMatch(/Payments: built-in local checkout — TEST MODE, no money is taken/)
  })

  it("refuses Stripe test keys with NODE_ENV=Production, naming STRIPE_TEST_MODE", async () => {
    const { code, output } = await startServer({
      NODE_ENV: "Production",
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      ...SECRET,
    })
    expect(code).toBe(1)
    expect(output).toContain("STRIPE_SECRET_KEY is a Stripe test key")
    expect(output).toContain("STRIPE_TEST_MODE=on")
  })

  it("refuses Stripe without a webhook secret in production", async () => {
    const { code, output } = await startServer({ NODE_ENV: "production", STRIPE_SECRET_KEY: "sk_live_x" })
    expect(code).toBe(1)
    expect(output).toContain("STRIPE_WEBHOOK_SECRET")
  })
})

describe.each(DATABASES)("test mode in the plan list and on the checkout page on %s", (kind) => {
  let server: TestServer
  let live: TestServer
  beforeAll(async () => {
    server = await startTestServer(kind)
    live = await startTestServer(kind, { stripeSecretKey: "sk_live_dummy", stripeWebhookSecret: "whsec_x" })
  })
  afterAll(async () => {
    await server.close()
    await live.close()
  })

  const testMode = async (s: TestServer) =>
    ((await (await s.request("/api/plan-list")).json()) as Array<{ test_mode?: boolean }>)[0]?.test_mode

  it("tells the app whether money is taken", async () => {
    expect(await testMode(server)).toBe(true)
    expect(await testMode(live)).toBe(false)
  })

  it("says first that it is a test mode, in English, German (with du) and Spanish", async () => {
    const token = await signIn(server, (await createVerifiedUser(server)).email)
    const started = await server.request("/api/stripe-checkout", {
      method: "POST",
      token,
      json: { price_id: "pro-monthly" },
    })
    const path = new URL(((await started.json()) as { data: string }).data).pathname
    const page = async (language: string) =>
      (await server.request(path, { headers: { cookie: `language=${language}` } })).text()
    const en = await page("en")
    expect(en).toMatch(/<section class="notice" role="note"[^>]*><h2[^>]*>Test mode — no money is taken<\/h2>/)
    expect(en.indexOf("Test mode")).toBeLessThan(en.indexOf("<form"))
    const de = await page("de")
    expect(de).toContain("Testmodus – es wird kein Geld abgebucht")
    expect(de).toContain("Wenn du hier bezahlst")
    expect(de).not.toMatch(/\b(Sie|Ihnen|Ihre?[mnrs]?)\b/)
    expect(await page("es")).toContain("Modo de prueba: no se cobra dinero")
  })
})
