// No request reaches a 5xx. Every endpoint of the contract — read from `Api`, so a new endpoint
// fails the first test until it has a valid example request (support/hostile-input.ts) — gets each
// hostile value (NUL, lone surrogates, C0, DEL and C1 controls, integer bounds, oversized text) in
// every payload field, path and query parameter in turn, signed in and not; the routes outside the
// contract (checkout page and its forms, social callback, Stripe webhook, the built app) get them as
// well; and random paths, methods, headers and bodies from fast-check (fixed seed) go to every route.
// Everything runs over a real HTTP connection (the Node server, as in production).
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { fakeStripe, sendSignedEvent, stripeCalls } from "./support/fake-stripe.ts"
import {
  createVerifiedUser,
  DATABASES,
  HTTP_LAYER_DATABASES,
  PASSWORD,
  signIn,
  startTestServer,
  type TestServer,
} from "./support/harness.ts"
import {
  ACCOUNT_ENDING,
  CONTRACT_ENDPOINTS,
  casesOf,
  examples,
  type FuzzCase,
  type FuzzContext,
  HOSTILE,
  SESSION_ENDING,
} from "./support/hostile-input.ts"

interface Route {
  readonly method: string
  readonly path: string
}

const contractRoutes: ReadonlyArray<Route> = CONTRACT_ENDPOINTS
const otherRoutes: ReadonlyArray<Route> = [
  { method: "GET", path: "/checkout/:id" },
  { method: "POST", path: "/checkout/:id/pay" },
  { method: "POST", path: "/checkout/:id/decline" },
  { method: "POST", path: "/api/stripe/webhook" },
  { method: "GET", path: "/api/social/:provider/start" },
  { method: "GET", path: "/api/social/callback" },
  { method: "POST", path: "/api/social/callback" },
  { method: "GET", path: "/" },
  { method: "GET", path: "/assets/:file" },
  { method: "GET", path: "/points/:slug" },
]
const ROUTES = [...contractRoutes, ...otherRoutes]

/** A built app to serve: index.html, a script and its (never served) source map. */
const fakeBuild = () => {
  const dir = mkdtempSync(join(tmpdir(), "jingluo-dist-"))
  mkdirSync(join(dir, "assets"))
  writeFileSync(join(dir, "index.html"), '<!doctype html><html><body><div id="root"></div></body></html>')
  writeFileSync(join(dir, "assets", "app-1a2b3c.js"), "console.log('app')\n")
  writeFileSync(join(dir, "assets", "app-1a2b3c.js.map"), '{"version":3,"sources":["src/main.tsx"]}')
  return dir
}

/** A provider that is configured but never reached: the social routes run up to the exchange. */
const UNREACHABLE_PROVIDER = {
  id: "local",
  name: "Local ID",
  issuer: "http://127.0.0.1:9",
  clientId: "jingluo",
  clientSecret: "secret",
}

const SEED = 20_240_611
/** Requests in flight at once: enough to keep the server busy, few enough to keep the order readable. */
const CONCURRENCY = 4
/** The hostile-value passes send about a thousand requests; a busy machine needs more than the default. */
const LONG = 120_000

const segment = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.string({ minLength: 256, maxLength: 700 }),
  fc.constantFrom("..", "%2e%2e", "%2F", "%00", "%E0%A4%A", "~", "a".repeat(255), "a".repeat(256), "0", "-1", "1e9"),
  fc.uuid(),
  fc.emailAddress(),
)
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"] as const
const headerValue = fc.oneof(
  fc.string({ maxLength: 60 }).filter((v) => /^[\t\x20-\x7e]*$/.test(v)),
  fc.constant(""),
)
const headers = fc.record(
  {
    "content-type": fc.constantFrom(
      "application/json",
      "application/x-www-form-urlencoded",
      "text/plain",
      "multipart/form-data; boundary=x",
      "application/json; charset=utf-16",
      "",
    ),
    authorization: fc.oneof(
      fc.constant("Bearer "),
      headerValue.map((v) => `Bearer ${v}`),
      headerValue,
    ),
    locale: headerValue,
    "accept-language": headerValue,
    accept: fc.constantFrom("text/html", "*/*", "application/json", "image/*", ""),
    cookie: headerValue,
    "x-forwarded-for": fc.oneof(fc.ipV4(), fc.ipV6(), headerValue),
    "stripe-signature": headerValue,
    "if-none-match": headerValue,
  },
  { requiredKeys: [] },
)
const body = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
  fc.uint8Array({ maxLength: 300 }),
  fc
    .record({ email: fc.string(), password: fc.string(), code: fc.string(), token: fc.string() })
    .map((v) => JSON.stringify(v)),
  fc.constant("x".repeat(70_000)),
)

/** A 422 that names the field. */
const refusedAt = (status: number, answer: string, field: string) => {
  if (status !== 422) return false
  const errors = (JSON.parse(answer) as { errors?: Record<string, string> }).errors ?? {}
  return errors[field] !== undefined
}

const fill = (path: string, values: ReadonlyArray<string>) => {
  let i = 0
  return path.replace(/:[A-Za-z]+/g, () => encodeURIComponent(values[i++ % values.length] ?? ""))
}

const TEXT = HOSTILE.filter((h) => h.kind === "text")

describe.each(HTTP_LAYER_DATABASES)("contract fuzzing on %s", (kind) => {
  let server: TestServer
  let context: FuzzContext
  beforeAll(async () => {
    server = await startTestServer(
      kind,
      { staticDir: fakeBuild(), rateLimitFactor: 1000, socialProviders: [UNREACHABLE_PROVIDER] },
      { listen: true },
    )
    const { email, uuid } = await createVerifiedUser(server)
    const token = await signIn(server, email)
    const call = async <A>(path: string, method: string, json?: unknown): Promise<A> =>
      (await server.request(path, { method, token, ...(json === undefined ? {} : { json }) })).json() as Promise<A>
    const group = await call<{ id: number }>("/api/point-group/store", "POST", { name: "Mine" })
    const added = await call<{ group: { points: Array<{ mapping_id: number }> } }>(
      "/api/point-to-point-group/store",
      "POST",
      { mode: "point", id: "LU-9", groupId: group.id },
    )
    const test = await call<{ id: string }>("/api/test/new-create", "POST", { type: "location-test" })
    const devices = await call<Array<{ id: string }>>("/api/registered-devices", "GET")
    context = {
      email,
      uuid,
      password: PASSWORD,
      groupId: group.id,
      mappingId: added.group.points[0]!.mapping_id,
      testId: test.id,
      deviceId: devices[0]!.id,
    }
    sessionToken = token
  })
  afterAll(() => server.close())
  let sessionToken = ""

  const send = (path: string, init: RequestInit & { token?: string }) => {
    const headers = new Headers(init.headers)
    if (init.token) headers.set("authorization", `Bearer ${init.token}`)
    return fetch(`${server.origin}${path}`, { ...init, headers, redirect: "manual" })
  }

  /**
   * Sends the cases, a few at a time; answers those that came back 5xx and, signed in, those whose
   * field took characters no field takes instead of answering 422 at it, for one report.
   */
  const run = async (cases: ReadonlyArray<FuzzCase>, token: (c: FuzzCase) => Promise<string | undefined>) => {
    const failures: Array<string> = []
    const queue = [...cases]
    const worker = async () => {
      for (let c = queue.shift(); c !== undefined; c = queue.shift()) {
        const t = await token(c)
        const sent = await send(c.url, {
          method: c.method,
          // As the app's client does: every state-changing call says JSON, with or without a body.
          ...(c.body === undefined ? {} : { body: c.body }),
          ...(c.body !== undefined || c.method !== "GET" ? { headers: { "content-type": "application/json" } } : {}),
          ...(t ? { token: t } : {}),
        })
        const answer = await sent.text()
        if (sent.status >= 500) failures.push(`${c.name} → ${sent.status}`)
        else if (t && c.refusedAt !== undefined && !refusedAt(sent.status, answer, c.refusedAt))
          failures.push(`${c.name} → ${sent.status}, not refused at ${c.refusedAt}`)
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))
    return failures.sort()
  }

  it(`has a valid example request for each of the ${CONTRACT_ENDPOINTS.length} endpoints of the contract`, () => {
    expect(CONTRACT_ENDPOINTS.length).toBeGreaterThanOrEqual(60)
    expect(Object.keys(examples(context)).sort()).toEqual(CONTRACT_ENDPOINTS.map((e) => e.key).sort())
  })

  for (const signedIn of [true, false]) {
    it(
      `hostile values in every payload field, path and query parameter never answer 5xx (${signedIn ? "signed in" : "visitor"})`,
      async () => {
        const requests = examples(context)
        // Endpoints that read no session answer a visitor as they answer a member: once is enough.
        const endpoints = CONTRACT_ENDPOINTS.filter((endpoint) => signedIn || endpoint.readsSession)
        const cases = endpoints.flatMap((endpoint) => casesOf(endpoint, requests[endpoint.key] ?? {}))
        expect(cases.length).toBeGreaterThan(endpoints.length * HOSTILE.length)
        // Each deletion takes an account of its own, made beforehand.
        const spareTokens: Array<string> = []
        if (signedIn)
          for (const _ of cases.filter((c) => ACCOUNT_ENDING.has(c.key)))
            spareTokens.push(await signIn(server, (await createVerifiedUser(server)).email))
        const tokenFor = async (c: FuzzCase) => {
          if (!signedIn) return undefined
          if (ACCOUNT_ENDING.has(c.key)) return spareTokens.pop()
          if (SESSION_ENDING.has(c.key)) return signIn(server, context.email)
          return sessionToken
        }
        expect(await run(cases, tokenFor)).toEqual([])
      },
      LONG,
    )
  }

  it("hostile values at the checkout page, its forms, the social routes and the built app never answer 5xx", async () => {
    const started = await server.request("/api/stripe-checkout", {
      method: "POST",
      token: sessionToken,
      json: { price_id: "pro-monthly" },
    })
    const checkout = new URL(((await started.json()) as { data: string }).data).pathname
    const form = (fields: Record<string, string>) =>
      Object.entries(fields)
        .map(([k, v]) => `${k}=${v}`)
        .join("&")
    const failures: Array<string> = []
    for (const hostile of HOSTILE) {
      const named = (what: string) => `${what} = ${hostile.label}`
      const posted = (user: string) => form({ state: "state", code: "code", user })
      const nameJson = (value: unknown) => encodeURIComponent(JSON.stringify({ name: { firstName: value } }))
      const requests: Array<[string, string, RequestInit]> = [
        [named("GET /checkout/:id"), `/checkout/${hostile.url}`, {}],
        [named("POST /checkout/:id/pay"), `/checkout/${hostile.url}/pay`, { method: "POST" }],
        [named("POST /checkout/:id/decline"), `/checkout/${hostile.url}/decline`, { method: "POST" }],
        [
          named("POST /checkout/:id/decline card"),
          `${checkout}/decline`,
          { method: "POST", body: form({ card: hostile.url }) },
        ],
        [named("GET /api/social/:provider/start"), `/api/social/${hostile.url}/start`, {}],
        [named("GET /api/social/local/start ?next"), `/api/social/local/start?next=%2F${hostile.url}`, {}],
        [named("GET /api/social/callback"), `/api/social/callback?state=${hostile.url}&code=${hostile.url}`, {}],
        [
          named("POST /api/social/callback state"),
          "/api/social/callback",
          { method: "POST", body: form({ state: hostile.url }) },
        ],
        [
          named("POST /api/social/callback user"),
          "/api/social/callback",
          { method: "POST", body: posted("value" in hostile.json ? nameJson(hostile.json.value) : hostile.url) },
        ],
        [named("GET /:page"), `/${hostile.url}`, { headers: { accept: "text/html" } }],
        [named("GET /points/:slug"), `/points/${hostile.url}`, { headers: { accept: "text/html" } }],
        [named("GET /assets/:file"), `/assets/${hostile.url}`, {}],
      ]
      for (const [name, path, init] of requests) {
        const headers = new Headers(init.headers)
        if (init.body !== undefined) headers.set("content-type", "application/x-www-form-urlencoded")
        const response = await send(path, { ...init, headers })
        await response.arrayBuffer()
        if (response.status >= 500) failures.push(`${name} → ${response.status}`)
      }
    }
    // Paying last: the checkout page must still be open for the other cases.
    const paid = await send(`${checkout}/pay`, {
      method: "POST",
      body: form({ card: TEXT[0]!.url }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    })
    if (paid.status >= 500) failures.push(`POST /checkout/:id/pay card = NUL → ${paid.status}`)
    expect(failures).toEqual([])
  })

  it("answers a path segment of 256 characters or more with 404 on every route", async () => {
    for (const route of ROUTES) {
      for (const length of [256, 300, 1000]) {
        const long = "a".repeat(length)
        const path = route.path.includes(":") ? fill(route.path, [long]) : `${route.path.replace(/\/$/, "")}/${long}`
        const response = await send(path, { method: "GET", headers: { accept: "text/html" } })
        expect([path.slice(0, 40), response.status]).toEqual([path.slice(0, 40), 404])
      }
    }
  })

  for (const route of ROUTES) {
    it(`${route.method} ${route.path}: random paths, methods, headers and bodies never answer 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(segment, { minLength: 1, maxLength: 3 }),
          fc.oneof(fc.constant(route.method), fc.constantFrom(...METHODS)),
          headers,
          body,
          fc.boolean(),
          fc.string({ maxLength: 30 }),
          async (values, method, randomHeaders, payload, signedIn, query) => {
            const path = `${fill(route.path, values)}${query ? `?${encodeURIComponent(query)}=${query.length}` : ""}`
            const init: RequestInit & { token?: string } = {
              method,
              headers: Object.fromEntries(Object.entries(randomHeaders).filter(([, v]) => v !== "")),
              ...(method === "GET" || method === "HEAD" ? {} : { body: payload as BodyInit }),
              ...(signedIn ? { token: sessionToken } : {}),
            }
            const response = await send(path, init)
            await response.arrayBuffer()
            if (response.status >= 500) throw new Error(`${method} ${path} answered ${response.status}`)
          },
        ),
        { numRuns: 10, seed: SEED },
      )
    })
  }
})

describe.each(DATABASES)("Stripe webhook with hostile values on %s", (kind) => {
  const secret = "whsec_fuzz"
  let server: TestServer
  let userId = 0
  beforeAll(async () => {
    server = await startTestServer(
      kind,
      { stripeSecretKey: "sk_test_dummy", stripeWebhookSecret: secret },
      { payments: fakeStripe(secret, stripeCalls()) },
    )
    const { email } = await createVerifiedUser(server)
    userId = (await server.sql<{ id: number }>("SELECT id FROM users WHERE email = $1", [email]))[0]!.id
  })
  afterAll(() => server.close())

  const MARK = "\u2063"
  /** A signed event whose JSON text has the hostile value in place of the marker. */
  const send = (event: object, hostileJson: string) =>
    sendSignedEvent(server, secret, JSON.stringify(event).replace(JSON.stringify(MARK), hostileJson))
  const subscription = (overrides: Record<string, unknown>, metadata: Record<string, unknown> = {}) => ({
    id: "sub_fuzz",
    object: "subscription",
    status: "trialing",
    cancel_at_period_end: false,
    trial_end: Math.floor(Date.now() / 1000) + 86_400,
    metadata: { user_id: String(userId), ...metadata },
    items: { data: [{ price: { id: "price_Y" }, current_period_end: Math.floor(Date.now() / 1000) + 86_400 }] },
    ...overrides,
  })

  it(
    "signed events with hostile ids, types and metadata are answered, never with 5xx",
    async () => {
      const failures: Array<string> = []
      let n = 0
      for (const hostile of HOSTILE) {
        const json = "value" in hostile.json ? JSON.stringify(hostile.json.value) : hostile.json.raw
        const asText = "value" in hostile.json ? json : JSON.stringify(hostile.json.raw)
        const event = (type: string, object: object, id: unknown = `evt_fuzz_${++n}`) => ({
          id,
          object: "event",
          type,
          data: { object },
        })
        const events: Array<[string, object, string]> = [
          ["event id", event("customer.subscription.updated", subscription({}), MARK), asText],
          ["event type", event(MARK, subscription({}), `evt_fuzz_${++n}`), asText],
          ["subscription id", event("customer.subscription.updated", subscription({ id: MARK })), asText],
          ["status", event("customer.subscription.updated", subscription({ status: MARK })), asText],
          ["user id", event("customer.subscription.created", subscription({}, { user_id: MARK })), asText],
          ["trial end", event("customer.subscription.updated", subscription({ trial_end: MARK })), json],
          [
            "checkout id",
            event("checkout.session.completed", {
              id: "cs_1",
              object: "checkout.session",
              client_reference_id: MARK,
              subscription: "sub_x",
            }),
            asText,
          ],
          [
            "invoice subscription",
            event("invoice.payment_failed", { id: "in_1", object: "invoice", subscription: MARK }),
            asText,
          ],
        ]
        for (const [where, body, value] of events) {
          const response = await send(body, value)
          if (response.status >= 500) failures.push(`${where} = ${hostile.label} → ${response.status}`)
        }
      }
      expect(failures).toEqual([])
    },
    LONG,
  )
})
