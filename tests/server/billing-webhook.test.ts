// The Stripe webhook takes what Stripe sends. An event about a user whose account was deleted is
// acknowledged (2xx, and a log line), so Stripe does not retry it for three days; a signed event
// larger than the 64 KiB every other request is capped at is applied (the webhook's cap is 1 MiB),
// and only a body over that answers 413. Signed with Stripe's own SDK, over a real HTTP connection.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { WEBHOOK_MAX_BODY_BYTES } from "../../server/platform/http/body-limits.ts"
import { MAX_BODY_BYTES } from "../../server/platform/http/request-guard.ts"
import { PLAN_ID_PRO, TRIAL_DAYS } from "../../src/domain/billing/plans.ts"
import { fakeStripe, sendSignedEvent, signedHeaders, stripeCalls } from "./support/fake-stripe.ts"
import {
  createVerifiedUser,
  DATABASES,
  deleteAccount,
  signIn,
  startTestServer,
  type TestServer,
} from "./support/harness.ts"

const SECRET = "whsec_webhook"

const subscriptionEvent = (id: string, type: string, subscriptionId: string, userId: number, padding = "") => ({
  id,
  object: "event",
  type,
  data: {
    object: {
      id: subscriptionId,
      object: "subscription",
      status: type === "customer.subscription.deleted" ? "canceled" : "trialing",
      cancel_at_period_end: false,
      trial_end: Math.floor(Date.now() / 1000) + TRIAL_DAYS * 86_400,
      metadata: { user_id: String(userId), ...(padding ? { note: padding } : {}) },
      items: { data: [{ price: { id: "price_Y" }, current_period_end: Math.floor(Date.now() / 1000) + 86_400 }] },
    },
  },
})

describe.each(DATABASES)("the Stripe webhook on %s", (kind) => {
  const calls = stripeCalls()
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(
      kind,
      { stripeSecretKey: "sk_test_dummy", stripeWebhookSecret: SECRET, stripePriceYearly: "price_Y" },
      { payments: fakeStripe(SECRET, calls), logs: true, listen: true },
    )
  })
  afterAll(() => server.close())

  const userIdOf = async (email: string) =>
    (await server.sql<{ id: number }>("SELECT id FROM users WHERE email = $1", [email]))[0]!.id

  it("acknowledges an event about a deleted account with 200 and a log line, and Stripe's retry as a duplicate", async () => {
    const { email } = await createVerifiedUser(server)
    const userId = await userIdOf(email)
    const created = await sendSignedEvent(
      server,
      SECRET,
      subscriptionEvent("evt_live", "customer.subscription.created", "sub_gone", userId),
    )
    expect(await created.json()).toMatchObject({ result: "applied" })
    const token = await signIn(server, email)
    expect((await deleteAccount(server, token)).status).toBe(200)
    expect(calls.cancelled).toContain("sub_gone")

    // Stripe reports the end of the subscription the deletion ended.
    const ended = subscriptionEvent("evt_after_delete", "customer.subscription.deleted", "sub_gone", userId)
    const first = await sendSignedEvent(server, SECRET, ended)
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({ received: true, result: "ignored" })
    expect(server.logs.some((line) => line.includes("evt_after_delete") && line.includes("no longer exists"))).toBe(
      true,
    )
    expect(server.logs.filter((line) => line.includes("Request failed") || line.includes("Unhandled"))).toEqual([])
    const retry = await sendSignedEvent(server, SECRET, ended)
    expect(retry.status).toBe(200)
    expect(await retry.json()).toMatchObject({ result: "duplicate" })
    expect(await server.sql("SELECT id FROM subscriptions WHERE user_id = $1", [userId])).toEqual([])
  })

  it(`applies a signed event over ${MAX_BODY_BYTES / 1024} KiB, up to ${WEBHOOK_MAX_BODY_BYTES / 1024 / 1024} MiB`, async () => {
    const { email } = await createVerifiedUser(server)
    const userId = await userIdOf(email)
    const event = subscriptionEvent(
      "evt_large",
      "customer.subscription.created",
      "sub_large",
      userId,
      "x".repeat(200_000),
    )
    const body = JSON.stringify(event)
    expect(body.length).toBeGreaterThan(MAX_BODY_BYTES * 3)
    const response = await fetch(`${server.origin}/api/stripe/webhook`, {
      method: "POST",
      body,
      headers: signedHeaders(SECRET, body),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ result: "applied" })
    const [user] = await server.sql<{ plan_id: number }>("SELECT plan_id FROM users WHERE id = $1", [userId])
    expect(user?.plan_id).toBe(PLAN_ID_PRO)
  })

  it("refuses a webhook body over its cap with 413, and keeps the 64 KiB cap everywhere else", async () => {
    const huge = JSON.stringify({ id: "evt_huge", padding: "x".repeat(WEBHOOK_MAX_BODY_BYTES) })
    const refused = await fetch(`${server.origin}/api/stripe/webhook`, {
      method: "POST",
      body: huge,
      headers: signedHeaders(SECRET, huge),
    })
    expect(refused.status).toBe(413)
    const elsewhere = await fetch(`${server.origin}/api/login`, {
      method: "POST",
      body: JSON.stringify({ email: "a@example.com", password: "x".repeat(MAX_BODY_BYTES) }),
      headers: { "content-type": "application/json" },
    })
    expect(elsewhere.status).toBe(413)
  })
})
