// Money paths under failure and abuse (issue 8, findings 5 and 7). A Stripe event that fails to
// apply is not recorded as processed, so Stripe's retry applies it. A user has one open checkout
// (a new one closes the old), one live subscription (a database constraint, also under parallel
// requests), and the trial only if they never had a subscription.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { CheckoutPayload } from "../../src/domain/api/billing-api.ts"
import { PLAN_ID_PRO, TRIAL_DAYS } from "../../src/domain/billing/plans.ts"
import { fakeStripe, sendSignedEvent, stripeCalls } from "./support/fake-stripe.ts"
import { createVerifiedUser, DATABASES, signIn, startTestServer, type TestServer } from "./support/harness.ts"

const SECRET = "whsec_hardening"

const userIdOf = async (server: TestServer, email: string) =>
  (await server.sql<{ id: number }>("SELECT id FROM users WHERE email = $1", [email]))[0]!.id

const planOf = async (server: TestServer, userId: number) =>
  (await server.sql<{ plan_id: number }>("SELECT plan_id FROM users WHERE id = $1", [userId]))[0]!.plan_id

describe.each(DATABASES)("Stripe events on %s", (kind) => {
  const calls = stripeCalls()
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(
      kind,
      { stripeSecretKey: "sk_test_dummy", stripeWebhookSecret: SECRET, stripePriceYearly: "price_Y" },
      { payments: fakeStripe(SECRET, calls) },
    )
  })
  afterAll(() => server.close())

  const send = (event: object) => sendSignedEvent(server, SECRET, event)
  const created = (eventId: string, subscriptionId: string, userId: number) => ({
    id: eventId,
    object: "event",
    type: "customer.subscription.created",
    data: {
      object: {
        id: subscriptionId,
        object: "subscription",
        status: "trialing",
        cancel_at_period_end: false,
        trial_end: Math.floor(Date.now() / 1000) + TRIAL_DAYS * 86_400,
        metadata: { user_id: String(userId) },
        items: { data: [{ price: { id: "price_Y" }, current_period_end: Math.floor(Date.now() / 1000) + 86_400 }] },
      },
    },
  })

  it("an event that fails to apply is not recorded, and Stripe's retry applies it", async () => {
    const { email } = await createVerifiedUser(server)
    const userId = await userIdOf(server, email)
    await server.sql(
      `CREATE FUNCTION hiccup() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'database hiccup'; END $$ LANGUAGE plpgsql`,
    )
    await server.sql("CREATE TRIGGER hiccup BEFORE INSERT ON subscriptions FOR EACH ROW EXECUTE FUNCTION hiccup()")
    const event = created("evt_retry_1", "sub_retry_1", userId)

    const first = await send(event)
    expect(first.status).toBe(500)
    expect(await server.sql("SELECT id FROM provider_events WHERE id = 'evt_retry_1'")).toHaveLength(0)
    expect(await planOf(server, userId)).not.toBe(PLAN_ID_PRO)

    await server.sql("DROP TRIGGER hiccup ON subscriptions")
    const retry = await send(event)
    expect(retry.status).toBe(200)
    expect(await retry.json()).toMatchObject({ result: "applied" })
    expect(await planOf(server, userId)).toBe(PLAN_ID_PRO)
    expect(await (await send(event)).json()).toMatchObject({ result: "duplicate" })
  })

  it("a second live subscription from Stripe is recorded as canceled and ended at Stripe", async () => {
    const { email } = await createVerifiedUser(server)
    const userId = await userIdOf(server, email)
    expect(await (await send(created("evt_first", "sub_first", userId))).json()).toMatchObject({ result: "applied" })
    expect(await (await send(created("evt_second", "sub_second", userId))).json()).toMatchObject({
      result: "applied",
    })
    const rows = await server.sql<{ provider_subscription_id: string; status: string }>(
      "SELECT provider_subscription_id, status FROM subscriptions WHERE user_id = $1 ORDER BY provider_subscription_id",
      [userId],
    )
    expect(rows).toEqual([
      { provider_subscription_id: "sub_first", status: "trialing" },
      { provider_subscription_id: "sub_second", status: "canceled" },
    ])
    expect(calls.cancelled).toEqual(["sub_second"])
  })

  it("a new Stripe checkout expires the open one there; the trial is offered only before any subscription", async () => {
    const { email } = await createVerifiedUser(server)
    const token = await signIn(server, email)
    const userId = await userIdOf(server, email)
    const start = () =>
      server.request("/api/stripe-checkout", {
        method: "POST",
        token,
        json: { price_id: "price_Y" } satisfies typeof CheckoutPayload.Encoded,
      })
    const before = calls.checkouts.length
    expect((await start()).status).toBe(200)
    expect((await start()).status).toBe(200)
    expect(calls.checkouts.slice(before).map((c) => c.trial)).toEqual([true, true])
    expect(calls.expired.at(-1)).toBe(`cs_test_${before + 1}`)

    await send({ ...created("evt_lapsed", "sub_lapsed", userId), type: "customer.subscription.deleted" })
    expect((await start()).status).toBe(200)
    expect(calls.checkouts.at(-1)?.trial).toBe(false)
  })
})

describe.each(DATABASES)("one open checkout, one live subscription, one trial on %s", (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(kind)
  })
  afterAll(() => server.close())

  const form = (card = "4242") => ({
    method: "POST",
    body: new URLSearchParams({ card }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  })
  const startCheckout = async (token: string) => {
    const response = await server.request("/api/stripe-checkout", {
      method: "POST",
      token,
      json: { price_id: "pro-yearly" },
    })
    return {
      status: response.status,
      path: response.status === 200 ? new URL(((await response.json()) as { data: string }).data).pathname : "",
    }
  }
  const pay = async (path: string) => (await server.request(`${path}/pay`, form())).headers.get("location") ?? ""

  it("three checkouts opened, three paid: only the newest pays, one subscription", async () => {
    const { email } = await createVerifiedUser(server)
    const token = await signIn(server, email)
    const userId = await userIdOf(server, email)
    const paths = [
      (await startCheckout(token)).path,
      (await startCheckout(token)).path,
      (await startCheckout(token)).path,
    ]
    expect(await (await server.request(paths[0]!)).text()).toContain("replaced by a newer checkout")
    const outcomes = [await pay(paths[0]!), await pay(paths[1]!), await pay(paths[2]!)]
    expect(outcomes.map((o) => o.includes("/payment-success"))).toEqual([false, false, true])
    const subscriptions = await server.sql("SELECT id FROM subscriptions WHERE user_id = $1", [userId])
    expect(subscriptions).toHaveLength(1)
  })

  it("in parallel: ten checkouts leave one open, ten payments make one subscription", async () => {
    const { email } = await createVerifiedUser(server)
    const token = await signIn(server, email)
    const userId = await userIdOf(server, email)
    const started = await Promise.all(Array.from({ length: 10 }, () => startCheckout(token)))
    expect(started.every((s) => s.status === 200)).toBe(true)
    const open = await server.sql("SELECT id FROM checkout_sessions WHERE user_id = $1 AND status = 'open'", [userId])
    expect(open).toHaveLength(1)
    const outcomes = await Promise.all(started.map((s) => pay(s.path)))
    expect(outcomes.filter((o) => o.includes("/payment-success"))).toHaveLength(1)
    const live = await server.sql(
      "SELECT id FROM subscriptions WHERE user_id = $1 AND status IN ('trialing', 'active', 'past_due')",
      [userId],
    )
    expect(live).toHaveLength(1)
  })

  it("the database refuses a second live subscription even when the code would not", async () => {
    const { email } = await createVerifiedUser(server)
    const userId = await userIdOf(server, email)
    const insert = (id: string, status: string) =>
      server.sql(
        `INSERT INTO subscriptions (id, user_id, provider, provider_subscription_id, price_id, status, created_at, updated_at)
         VALUES (gen_random_uuid(), $1, 'local', $2, 'pro-yearly', $3, now(), now())`,
        [userId, id, status],
      )
    await insert("direct_1", "active")
    await insert("direct_2", "canceled")
    await expect(insert("direct_3", "trialing")).rejects.toThrow()
    await expect(Promise.all([insert("direct_4", "past_due"), insert("direct_5", "active")])).rejects.toThrow()
    const live = await server.sql(
      "SELECT id FROM subscriptions WHERE user_id = $1 AND status IN ('trialing', 'active', 'past_due')",
      [userId],
    )
    expect(live).toHaveLength(1)
  })

  it("the trial is given once: while live a new checkout is refused, after the end it is paid at once", async () => {
    const { email } = await createVerifiedUser(server)
    const token = await signIn(server, email)
    const userId = await userIdOf(server, email)
    const first = await startCheckout(token)
    expect(await (await server.request(first.path)).text()).toContain(`${TRIAL_DAYS}-day free trial`)
    await pay(first.path)
    expect((await server.request("/api/cancel/subscription", { method: "POST", token })).status).toBe(200)
    // Cancelled but still running: no second checkout, so no second trial.
    expect((await startCheckout(token)).status).toBe(403)

    // The trial has run out (what the billing clock does when its end passes).
    await server.sql("UPDATE subscriptions SET status = 'canceled' WHERE user_id = $1", [userId])
    const second = await startCheckout(token)
    expect(second.status).toBe(200)
    const page = await (await server.request(second.path)).text()
    expect(page).toContain("You have had a trial before")
    expect(page).toContain("Pay now")
    expect(page).not.toContain("free trial")
    expect(await pay(second.path)).toContain("/payment-success")
    const [row] = await server.sql<{ status: string; trial_ends_at: Date | null; current_period_end: Date }>(
      "SELECT status, trial_ends_at, current_period_end FROM subscriptions WHERE user_id = $1 AND status <> 'canceled'",
      [userId],
    )
    expect(row?.status).toBe("active")
    expect(row?.trial_ends_at).toBeNull()
    const days = (new Date(row!.current_period_end).getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(364)
  })
})
