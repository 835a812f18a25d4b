// Free Pro without Stripe is a test mode, and says so (issue 8, finding 3). The server logs which
// payment provider is active when it starts; the plan list tells the app that no money is taken;
// the built-in checkout page says it first, in every language (German with "du"); and with
// NODE_ENV=production the server refuses to start without Stripe keys unless LOCAL_CHECKOUT=on.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
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

describe("starting the server", () => {
  it("refuses NODE_ENV=production without Stripe keys, and says why", async () => {
    const { code, output } = await startServer({ NODE_ENV: "production" })
    expect(code).toBe(1)
    expect(output).toContain("STRIPE_SECRET_KEY")
    expect(output).toContain("LOCAL_CHECKOUT=on")
  })

  it("starts in production with LOCAL_CHECKOUT=on and logs the test mode first", async () => {
    const { code, output } = await startServer({ NODE_ENV: "production", LOCAL_CHECKOUT: "on" }, /Payments: .*\n/)
    expect(code).toBeNull()
    expect(output).toMatch(/Payments: built-in local checkout — TEST MODE, no money is taken/)
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
