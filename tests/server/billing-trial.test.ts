// The free trial is given once per person, not once per account. Deleting the account and
// registering the same address again (or the same mailbox written another way: another case, a
// "+tag", Gmail's dots) gives no second trial, with the built-in checkout and with Stripe; with
// Stripe, a card that paid a trial before ends a new account's trial at once. What is kept is a
// keyed hash (HMAC-SHA-256 with the server's secret) that outlives the account — never the address.
import { createHash, createHmac } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { TRIAL_DAYS } from "../../src/domain/billing/plans.ts"
import { trialAddress } from "../../src/domain/billing/trial-address.ts"
import { fakeStripe, sendSignedEvent, stripeCalls } from "./support/fake-stripe.ts"
import {
  createVerifiedUser,
  DATABASES,
  deleteAccount,
  signIn,
  startTestServer,
  type TestServer,
} from "./support/harness.ts"

const SERVER_SECRET = "a-test-secret-of-at-least-32-characters"
const WEBHOOK_SECRET = "whsec_trial"

describe("the address a trial is remembered by", () => {
  it("is the mailbox: case, a +tag and Gmail's dots do not make another one", () => {
    expect(trialAddress(" Lin.Wei+pro@Example.com ")).toBe("lin.wei@example.com")
    expect(trialAddress("lin.wei+2@gmail.com")).toBe("linwei@gmail.com")
    expect(trialAddress("L.i.n.W.e.i@googlemail.com")).toBe("linwei@gmail.com")
    expect(trialAddress("lin.wei@example.com")).not.toBe(trialAddress("linwei@example.com"))
  })
})

const userIdOf = async (server: TestServer, email: string) =>
  (await server.sql<{ id: number }>("SELECT id FROM users WHERE email = $1", [email]))[0]!.id

const deleted = async (server: TestServer, token: string) =>
  expect((await deleteAccount(server, token)).status).toBe(200)

const startCheckout = async (server: TestServer, token: string, priceId: string) => {
  const response = await server.request("/api/stripe-checkout", { method: "POST", token, json: { price_id: priceId } })
  expect(response.status).toBe(200)
  return new URL(((await response.json()) as { data: string }).data).pathname
}

describe.each(DATABASES)("one trial per person with the built-in checkout on %s", (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(kind, { serverSecret: SERVER_SECRET })
  })
  afterAll(() => server.close())

  const pay = (path: string) =>
    server.request(`${path}/pay`, {
      method: "POST",
      body: new URLSearchParams({ card: "4242" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    })
  const subscribe = async (email: string) => {
    const token = await signIn(server, email)
    const path = await startCheckout(server, token, "pro-monthly")
    const page = await (await server.request(path)).text()
    await pay(path)
    const [row] = await server.sql<{ status: string; trial_ends_at: Date | null }>(
      "SELECT status, trial_ends_at FROM subscriptions WHERE user_id = $1",
      [await userIdOf(server, email)],
    )
    return { token, page, status: row?.status }
  }

  it("delete the account, register again, check out: no second trial, the first period is paid", async () => {
    const { email } = await createVerifiedUser(server)
    const first = await subscribe(email)
    expect(first.page).toContain(`${TRIAL_DAYS}-day free trial`)
    expect(first.status).toBe("trialing")
    await deleted(server, first.token)

    await createVerifiedUser(server, email)
    const again = await subscribe(email)
    expect(again.page).toContain("You have had a trial before")
    expect(again.page).not.toContain("free trial")
    expect(again.status).toBe("active")
  })

  it("the same mailbox written another way gets no second trial; another mailbox gets its own", async () => {
    const name = `trial${Date.now()}`
    const first = await subscribe((await createVerifiedUser(server, `${name}@gmail.com`)).email)
    expect(first.status).toBe("trialing")
    await deleted(server, first.token)
    const dotted = await subscribe(
      (await createVerifiedUser(server, `${name.slice(0, 3)}.${name.slice(3)}+x@gmail.com`)).email,
    )
    expect(dotted.status).toBe("active")
    const other = await subscribe((await createVerifiedUser(server, `${name}x@gmail.com`)).email)
    expect(other.status).toBe("trialing")
  })

  it("keeps a keyed hash of the address, never the address, after the account is gone", async () => {
    const { email } = await createVerifiedUser(server)
    const { token } = await subscribe(email)
    await deleted(server, token)
    const claims = await server.sql<{ digest: string; kind: string }>("SELECT digest, kind FROM trial_claims")
    const expected = createHmac("sha256", SERVER_SECRET)
      .update(`trial-email\n${trialAddress(email)}`)
      .digest("hex")
    expect(claims).toContainEqual({ digest: expected, kind: "email" })
    expect(JSON.stringify(claims)).not.toContain(email.split("@")[0])
    // Keyed: the plain hash of the address, which anyone could compute, is not what is stored.
    const unkeyed = createHash("sha256").update(trialAddress(email)).digest("hex")
    expect(claims.map((c) => c.digest)).not.toContain(unkeyed)
  })
})

describe.each(DATABASES)("one trial per person and per card with Stripe on %s", (kind) => {
  const calls = stripeCalls()
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(
      kind,
      {
        serverSecret: SERVER_SECRET,
        stripeSecretKey: "sk_test_dummy",
        stripeWebhookSecret: WEBHOOK_SECRET,
        stripePriceYearly: "price_Y",
      },
      { payments: fakeStripe(WEBHOOK_SECRET, calls) },
    )
  })
  afterAll(() => server.close())

  /** Stripe's report of a new subscription in its trial, paid by `card`. */
  const trialStarted = async (email: string, subscriptionId: string, card: string) => {
    calls.cards.set(subscriptionId, card)
    const response = await sendSignedEvent(server, WEBHOOK_SECRET, {
      id: `evt_${subscriptionId}`,
      object: "event",
      type: "customer.subscription.created",
      data: {
        object: {
          id: subscriptionId,
          object: "subscription",
          status: "trialing",
          cancel_at_period_end: false,
          trial_end: Math.floor(Date.now() / 1000) + TRIAL_DAYS * 86_400,
          metadata: { user_id: String(await userIdOf(server, email)) },
          items: { data: [{ price: { id: "price_Y" }, current_period_end: Math.floor(Date.now() / 1000) + 86_400 }] },
        },
      },
    })
    expect(response.status).toBe(200)
  }

  it("delete the account, register again, check out: Stripe is asked for no trial", async () => {
    const { email } = await createVerifiedUser(server)
    const token = await signIn(server, email)
    await startCheckout(server, token, "price_Y")
    expect(calls.checkouts.at(-1)?.trial).toBe(true)
    await trialStarted(email, "sub_first", "fp_card_1")
    await deleted(server, token)

    await createVerifiedUser(server, email)
    await startCheckout(server, await signIn(server, email), "price_Y")
    expect(calls.checkouts.at(-1)?.trial).toBe(false)
  })

  it("a card that paid a trial before ends another account's trial at once; another card keeps it", async () => {
    const first = await createVerifiedUser(server)
    await trialStarted(first.email, "sub_card_a", "fp_shared")
    expect(calls.trialsEnded).not.toContain("sub_card_a")

    const second = await createVerifiedUser(server)
    await startCheckout(server, await signIn(server, second.email), "price_Y")
    expect(calls.checkouts.at(-1)?.trial).toBe(true)
    await trialStarted(second.email, "sub_card_b", "fp_shared")
    expect(calls.trialsEnded).toContain("sub_card_b")

    const third = await createVerifiedUser(server)
    await trialStarted(third.email, "sub_card_c", "fp_other")
    expect(calls.trialsEnded).not.toContain("sub_card_c")
    // A later report of the same subscription is not a second trial of its card.
    await sendSignedEvent(server, WEBHOOK_SECRET, {
      id: "evt_sub_card_c_again",
      object: "event",
      type: "customer.subscription.updated",
      data: {
        object: {
          id: "sub_card_c",
          object: "subscription",
          status: "trialing",
          cancel_at_period_end: true,
          trial_end: Math.floor(Date.now() / 1000) + TRIAL_DAYS * 86_400,
          metadata: {},
          items: { data: [{ price: { id: "price_Y" } }] },
        },
      },
    })
    expect(calls.trialsEnded).not.toContain("sub_card_c")
  })
})
