// Subscriptions over HTTP: the plan list, a checkout whose price the server decides, the built-in
// checkout page (pay, decline, closed), cancellation, and the Stripe webhook's signature, age and
// replay checks.
import Stripe from "stripe"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PRO_MONTHLY_AMOUNT, PRO_YEARLY_AMOUNT } from "../../server/billing/catalogue.ts"
import type { CheckoutPayload } from "../../src/domain/api/billing-api.ts"
import { PLAN_ID_PRO, PLAN_ID_STANDARD, TRIAL_DAYS } from "../../src/domain/billing/plans.ts"
import {
  createVerifiedUser,
  DATABASES,
  opensItem,
  signIn,
  startTestServer,
  type TestServer,
} from "./support/harness.ts"

const planOf = async (server: TestServer, token: string) =>
  ((await (await server.request("/api/dashboard", { token })).json()) as { user_subscription: { plan_id: number } })
    .user_subscription.plan_id

const checkout = async (server: TestServer, token: string, price_id = "pro-yearly") =>
  server.request("/api/stripe-checkout", {
    method: "POST",
    token,
    json: { price_id } satisfies typeof CheckoutPayload.Encoded,
  })

const checkoutId = (url: string) => new URL(url).pathname.split("/").at(-1)!

const form = (body: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(body).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
})

describe.each(DATABASES)("billing on %s (local checkout)", (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(kind)
  })
  afterAll(() => server.close())

  it("lists the Pro plan with yearly and monthly prices in minor units", async () => {
    const plans = (await (await server.request("/api/plan-list")).json()) as Array<{
      id: number
      name: string
      prices: Array<{ price_id: string; interval: string; unit_amt: number; currency: string }>
    }>
    expect(plans).toEqual([
      {
        id: PLAN_ID_PRO,
        name: "Pro",
        // The built-in checkout takes no money; the app says so.
        test_mode: true,
        prices: [
          { price_id: "pro-yearly", interval: "year", unit_amt: PRO_YEARLY_AMOUNT, currency: "gbp" },
          { price_id: "pro-monthly", interval: "month", unit_amt: PRO_MONTHLY_AMOUNT, currency: "gbp" },
        ],
      },
    ])
  })

  it("needs a session to start a checkout", async () => {
    expect(
      (
        await server.request("/api/stripe-checkout", {
          method: "POST",
          json: { price_id: "pro-yearly" } satisfies typeof CheckoutPayload.Encoded,
        })
      ).status,
    ).toBe(401)
  })

  it("refuses a price the server does not sell; the client cannot choose an amount", async () => {
    const token = await signIn(server, (await createVerifiedUser(server)).email)
    const unknown = await checkout(server, token, "price_cheap")
    expect(unknown.status).toBe(422)
    expect(await unknown.json()).toMatchObject({ errors: { price_id: "validation.invalid" } })
    const withAmount = await server.request("/api/stripe-checkout", {
      method: "POST",
      token,
      json: { price_id: "pro-monthly", unit_amt: 1 },
    })
    const { data } = (await withAmount.json()) as { data: string }
    const page = await (await server.request(new URL(data).pathname)).text()
    expect(page).toContain("£5.99")
    expect(page).not.toContain("£0.01")
  })

  it("pays on the local checkout page: trial for TRIAL_DAYS, Pro at once, page closed afterwards", async () => {
    const { email } = await createVerifiedUser(server)
    const token = await signIn(server, email)
    expect(await planOf(server, token)).toBe(PLAN_ID_STANDARD)
    const response = await checkout(server, token)
    expect(response.status).toBe(200)
    const { data } = (await response.json()) as { data: string }
    expect(data).toMatch(/^http:\/\/app\.test\/checkout\/[0-9a-f-]{36}$/)

    const page = await server.request(new URL(data).pathname, { headers: { cookie: "language=de" } })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('lang="de"')
    // German writes the amount with a decimal comma and the symbol after it.
    expect(html).toContain("49,99\u00a0£")
    expect(html).not.toContain("£49.99")
    expect(html).toContain(`${TRIAL_DAYS} Tage`)
    expect(html).not.toContain("<script")
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'")

    // Landing on the success page grants nothing: the plan changes only when the provider says so.
    expect(await planOf(server, token)).toBe(PLAN_ID_STANDARD)
    expect(await opensItem(await server.request("/api/point/st-36-zusanli", { token }))).toBe(false)
    const paid = await server.request(`${new URL(data).pathname}/pay`, form({ card: "4242" }))
    expect(paid.status).toBe(303)
    expect(paid.headers.get("location")).toBe(`http://app.test/payment-success?checkout=${checkoutId(data)}`)
    expect(await planOf(server, token)).toBe(PLAN_ID_PRO)
    expect(await opensItem(await server.request("/api/point/st-36-zusanli", { token }))).toBe(true)

    const view = (await (await server.request("/api/subscription", { token })).json()) as {
      subscription: { status: string; trial_ends_at: string; price: { interval: string } }
    }
    expect(view.subscription.status).toBe("trialing")
    expect(view.subscription.price.interval).toBe("year")
    const trialDays = (Date.parse(view.subscription.trial_ends_at) - Date.now()) / 86_400_000
    expect(trialDays).toBeGreaterThan(TRIAL_DAYS - 0.01)
    expect(trialDays).toBeLessThanOrEqual(TRIAL_DAYS)

    const again = await server.request(`${new URL(data).pathname}/pay`, form({ card: "4242" }))
    expect(again.headers.get("location")).toContain("/payment-failure")
    expect(await (await server.request(new URL(data).pathname)).text()).toContain("closed")
    expect((await checkout(server, token)).status).toBe(403)
  })

  it("declines on the local checkout page: /payment-failure and still Standard", async () => {
    const token = await signIn(server, (await createVerifiedUser(server)).email)
    const { data } = (await (await checkout(server, token, "pro-monthly")).json()) as { data: string }
    const declined = await server.request(`${new URL(data).pathname}/decline`, form({}))
    expect(declined.status).toBe(303)
    expect(declined.headers.get("location")).toContain("/payment-failure")
    expect(await planOf(server, token)).toBe(PLAN_ID_STANDARD)
  })

  it("cancels a card subscription at the period end: Pro stays, the flag is set, a second cancel is refused", async () => {
    const token = await signIn(server, (await createVerifiedUser(server)).email)
    expect((await server.request("/api/cancel/subscription", { method: "POST", token })).status).toBe(403)
    const { data } = (await (await checkout(server, token)).json()) as { data: string }
    await server.request(`${new URL(data).pathname}/pay`, form({ card: "4242" }))
    const cancelled = await server.request("/api/cancel/subscription", { method: "POST", token })
    expect(cancelled.status).toBe(200)
    expect(await cancelled.json()).toMatchObject({ subscription: { cancel_at_period_end: true, plan_id: PLAN_ID_PRO } })
    const dashboard = (await (await server.request("/api/dashboard", { token })).json()) as Record<string, unknown>
    expect(dashboard).toMatchObject({
      user_subscription_cancelled: 1,
      payment_platform: "card",
      user_subscription: { plan_id: PLAN_ID_PRO },
    })
    expect((await server.request("/api/cancel/subscription", { method: "POST", token })).status).toBe(403)
  })

  it("has no webhook without Stripe keys", async () => {
    expect((await server.request("/api/stripe/webhook", { method: "POST", body: "{}" })).status).toBe(404)
  })
})

describe("billing with Stripe keys (webhook)", () => {
  const secret = "whsec_test_secret"
  const stripe = new Stripe("sk_test_dummy")
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer("pglite", {
      stripeSecretKey: "sk_test_dummy",
      stripeWebhookSecret: secret,
      stripePriceYearly: "price_Y",
      stripePriceMonthly: "price_M",
    })
  })
  afterAll(() => server.close())

  const send = (event: unknown, options: { secret?: string; timestamp?: number; tamper?: boolean } = {}) => {
    const payload = JSON.stringify(event)
    const header = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? secret,
      timestamp: options.timestamp,
    })
    return server.request("/api/stripe/webhook", {
      method: "POST",
      body: options.tamper ? payload.replace("trialing", "active") : payload,
      headers: { "stripe-signature": header, "content-type": "application/json" },
    })
  }

  const subscriptionEvent = (
    id: string,
    type: string,
    userId: number,
    status: string,
    extra: Record<string, unknown> = {},
  ) => ({
    id,
    object: "event",
    type,
    data: {
      object: {
        id: "sub_123",
        object: "subscription",
        status,
        cancel_at_period_end: false,
        trial_end: Math.floor(Date.now() / 1000) + TRIAL_DAYS * 86_400,
        metadata: { user_id: String(userId) },
        items: {
          data: [{ price: { id: "price_Y" }, current_period_end: Math.floor(Date.now() / 1000) + 30 * 86_400 }],
        },
        ...extra,
      },
    },
  })

  it("offers the Stripe price ids in the plan list", async () => {
    const plans = (await (await server.request("/api/plan-list")).json()) as Array<{
      prices: Array<{ price_id: string }>
    }>
    expect(plans[0]?.prices.map((p) => p.price_id)).toEqual(["price_Y", "price_M"])
  })

  it("applies a signed subscription event once, and refuses tampered, stale and foreign signatures", async () => {
    const { email } = await createVerifiedUser(server)
    const token = await signIn(server, email)
    const [user] = await server.sql<{ id: number }>("SELECT id FROM users WHERE email = $1", [email])
    const event = subscriptionEvent("evt_1", "customer.subscription.created", user!.id, "trialing")

    expect((await send(event, { tamper: true })).status).toBe(400)
    expect((await send(event, { timestamp: Math.floor(Date.now() / 1000) - 600 })).status).toBe(400)
    expect((await send(event, { secret: "whsec_other" })).status).toBe(400)
    expect(await planOf(server, token)).toBe(PLAN_ID_STANDARD)

    const first = await send(event)
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({ result: "applied" })
    expect(await planOf(server, token)).toBe(PLAN_ID_PRO)

    const replay = await send(event)
    expect(await replay.json()).toMatchObject({ result: "duplicate" })
    const rows = await server.sql<{ n: number }>("SELECT count(*)::int AS n FROM subscriptions WHERE user_id = $1", [
      user!.id,
    ])
    expect(rows[0]?.n).toBe(1)
  })

  it("follows payment failure and deletion back to Standard", async () => {
    const { email } = await createVerifiedUser(server)
    const token = await signIn(server, email)
    const [user] = await server.sql<{ id: number }>("SELECT id FROM users WHERE email = $1", [email])
    const subscription = { id: "sub_fail" }
    await send({
      ...subscriptionEvent("evt_a", "customer.subscription.created", user!.id, "trialing"),
      data: { object: { ...subscriptionEvent("x", "", user!.id, "trialing").data.object, ...subscription } },
    })
    expect(await planOf(server, token)).toBe(PLAN_ID_PRO)
    await send({
      id: "evt_b",
      object: "event",
      type: "invoice.payment_failed",
      data: { object: { id: "in_1", object: "invoice", subscription: "sub_fail" } },
    })
    const view = (await (await server.request("/api/subscription", { token })).json()) as {
      subscription: { status: string }
    }
    expect(view.subscription.status).toBe("past_due")
    await send({
      ...subscriptionEvent("evt_c", "customer.subscription.deleted", user!.id, "canceled"),
      data: { object: { ...subscriptionEvent("y", "", user!.id, "canceled").data.object, ...subscription } },
    })
    expect(await planOf(server, token)).toBe(PLAN_ID_STANDARD)
  })

  it("links a completed Checkout Session to the user through our checkout id", async () => {
    const { email } = await createVerifiedUser(server)
    const token = await signIn(server, email)
    const [user] = await server.sql<{ id: number }>("SELECT id FROM users WHERE email = $1", [email])
    const checkoutId = "7d3c9a8e-2b1f-4c5d-9e6f-0a1b2c3d4e5f"
    await server.sql(
      "INSERT INTO checkout_sessions (id, user_id, provider, provider_session_id, price_id, status, created_at) VALUES ($1::uuid, $2, 'stripe', 'cs_1', 'price_M', 'open', now())",
      [checkoutId, user!.id],
    )
    const answer = await send({
      id: "evt_checkout",
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: { id: "cs_1", object: "checkout.session", client_reference_id: checkoutId, subscription: "sub_new" },
      },
    })
    expect(await answer.json()).toMatchObject({ result: "applied" })
    expect(await planOf(server, token)).toBe(PLAN_ID_PRO)
    const [checkoutRow] = await server.sql<{ status: string }>(
      "SELECT status FROM checkout_sessions WHERE id = $1::uuid",
      [checkoutId],
    )
    expect(checkoutRow?.status).toBe("completed")
  })
})
