// No request reaches a 5xx (issue 8, finding 8). Every endpoint of the contract — read from `Api`,
// so a new endpoint is covered without touching this file — plus the routes outside it (checkout
// page, webhook, the built app) gets random paths, methods, headers and bodies from fast-check,
// over a real HTTP connection (the Node server, as in production). A path segment of 256+
// characters, which once made the static file server answer 500, is a 404.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Api } from "../../src/domain/api/api.ts"
import { createVerifiedUser, DATABASES, signIn, startTestServer, type TestServer } from "./support/harness.ts"

interface Route {
  readonly method: string
  readonly path: string
}

const contractRoutes: ReadonlyArray<Route> = Object.values(Api.groups).flatMap((group) =>
  Object.values(group.endpoints).map((endpoint) => ({ method: endpoint.method, path: endpoint.path })),
)
const otherRoutes: ReadonlyArray<Route> = [
  { method: "GET", path: "/checkout/:id" },
  { method: "POST", path: "/checkout/:id/pay" },
  { method: "POST", path: "/checkout/:id/decline" },
  { method: "POST", path: "/api/stripe/webhook" },
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

const fill = (path: string, values: ReadonlyArray<string>) => {
  let i = 0
  return path.replace(/:[A-Za-z]+/g, () => encodeURIComponent(values[i++ % values.length] ?? ""))
}

describe.each(DATABASES)("contract fuzzing on %s", (kind) => {
  let server: TestServer
  let token = ""
  beforeAll(async () => {
    server = await startTestServer(kind, { staticDir: fakeBuild(), rateLimitFactor: 1000 }, { listen: true })
    token = await signIn(server, (await createVerifiedUser(server)).email)
  })
  afterAll(() => server.close())

  const send = (path: string, init: RequestInit & { token?: string }) => {
    const headers = new Headers(init.headers)
    if (init.token) headers.set("authorization", `Bearer ${init.token}`)
    return fetch(`${server.origin}${path}`, { ...init, headers, redirect: "manual" })
  }

  it(`covers all ${contractRoutes.length} endpoints of the contract`, () => {
    expect(contractRoutes.length).toBeGreaterThanOrEqual(25)
    expect(contractRoutes.every((r) => r.path.startsWith("/api/"))).toBe(true)
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
              ...(signedIn ? { token } : {}),
            }
            const response = await send(path, init)
            await response.arrayBuffer()
            if (response.status >= 500) throw new Error(`${method} ${path} answered ${response.status}`)
          },
        ),
        { numRuns: 40 },
      )
    })
  }
})
