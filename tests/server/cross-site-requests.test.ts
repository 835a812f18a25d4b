// A page on another site can make its visitors' browsers send forms (text/plain, urlencoded,
// multipart) or bodies without a type, with their cookies. So every call of the contract that
// changes state — read from `Api`, so a new endpoint is covered without touching this file — and
// every call that carries a body must say `Content-Type: application/json`, which a cross-site form
// cannot; anything else is refused with 415 and a translated message before it is read or acted on,
// even with a live session cookie. The Stripe webhook and the social sign-in callback (which Apple
// posts as a form) stay outside this rule.
import { request } from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { SOCIAL_CALLBACK_ROUTE } from "../../src/domain/account/social-sign-in.ts"
import { Api } from "../../src/domain/api/api.ts"
import {
  createVerifiedUser,
  HTTP_LAYER_DATABASES,
  PASSWORD,
  sessionCookieOf,
  startTestServer,
  type TestServer,
} from "./support/harness.ts"

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"])
const endpoints = Object.values(Api.groups).flatMap((group) =>
  Object.values(group.endpoints).map((endpoint) => ({
    id: `${group.identifier}.${endpoint.identifier}`,
    method: endpoint.method,
    path: endpoint.path.replace(/:\w+/g, "1"),
  })),
)
const stateChanging = endpoints.filter((e) => STATE_CHANGING.has(e.method))

/** What a cross-site page can make a browser send, or what a careless client sends. */
const FORMS: ReadonlyArray<{
  readonly name: string
  readonly headers: Record<string, string>
  readonly body?: BodyInit
}> = [
  { name: "text/plain", headers: { "content-type": "text/plain" }, body: '{"email":"victim@example.com"}' },
  {
    name: "application/x-www-form-urlencoded",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "email=victim%40example.com",
  },
  {
    name: "multipart/form-data",
    headers: { "content-type": "multipart/form-data; boundary=x" },
    body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nvictim@example.com\r\n--x--\r\n',
  },
  // Bytes carry no type of their own: the request has no Content-Type at all.
  {
    name: "no content type, with a body",
    headers: {},
    body: new TextEncoder().encode('{"email":"victim@example.com"}'),
  },
  { name: "no content type, no body", headers: {} },
]

describe.each(HTTP_LAYER_DATABASES)("cross-site requests on %s", (kind) => {
  let server: TestServer
  let session = ""
  beforeAll(async () => {
    server = await startTestServer(kind, { rateLimitFactor: 1000 }, { listen: true })
    const { email } = await createVerifiedUser(server)
    const login = await server.request("/api/login", { method: "POST", json: { email, password: PASSWORD } })
    session = sessionCookieOf(login)!
  })
  afterAll(() => server.close())

  /** Sends exactly these headers and body, with the session cookie a browser would add. */
  const send = (method: string, path: string, form: (typeof FORMS)[number], locale = "en") =>
    server.request(path, {
      method,
      bare: true,
      headers: { ...form.headers, cookie: `token=${session}`, locale },
      ...(form.body === undefined ? {} : { body: form.body }),
    })

  it(`covers every one of the ${stateChanging.length} state-changing endpoints of the contract`, () => {
    expect(stateChanging.length).toBeGreaterThanOrEqual(30)
  })

  for (const form of FORMS) {
    it(`refuses ${form.name} on every state-changing endpoint with 415 and a message`, async () => {
      for (const endpoint of stateChanging) {
        const response = await send(endpoint.method, endpoint.path, form)
        expect([endpoint.id, response.status]).toEqual([endpoint.id, 415])
        expect(await response.json()).toEqual({
          _tag: "UnsupportedMediaType",
          message: "This request must be sent as JSON (Content-Type: application/json).",
        })
      }
    })
  }

  it("says so in the caller's language", async () => {
    const response = await send("POST", "/api/logout", FORMS[0]!, "de")
    expect(response.status).toBe(415)
    expect(await response.json()).toMatchObject({
      message: "Diese Anfrage muss als JSON gesendet werden (Content-Type: application/json).",
    })
  })

  it("acts on nothing it refuses: the session lives on, no account is made, no mail is sent", async () => {
    const mails = server.mails.length
    for (const form of FORMS.slice(0, 3)) {
      expect((await send("POST", "/api/logout", form)).status).toBe(415)
      expect((await send("DELETE", "/api/account/delete", form)).status).toBe(415)
      const register = await server.request("/api/register", {
        method: "POST",
        headers: form.headers,
        body: `email=forged%40example.com&firstName=Eve&lastName=Forger&password=${PASSWORD}&confirmPassword=${PASSWORD}&termsChecked=true`,
      })
      expect(register.status).toBe(415)
    }
    expect((await server.request("/api/dashboard", { headers: { cookie: `token=${session}` } })).status).toBe(200)
    expect(await server.sql("SELECT 1 FROM users WHERE email = 'forged@example.com'")).toEqual([])
    expect(server.mails.length).toBe(mails)
  })

  it("refuses a body that is not JSON on a reading call too, and takes JSON with a charset", async () => {
    const get = (headers: Record<string, string>, body: string) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL("/api/health", server.origin)
        const sent = request(url, { method: "GET", headers }, (answer) => {
          answer.resume()
          resolve(answer.statusCode ?? 0)
        })
        sent.on("error", reject)
        sent.end(body)
      })
    expect(await get({ "content-type": "text/plain", "content-length": "2" }, "hi")).toBe(415)
    expect(await get({ "content-length": "2" }, "{}")).toBe(415)
    expect(await get({ "content-type": "application/json", "content-length": "2" }, "{}")).toBe(200)
    expect(await get({}, "")).toBe(200)
    const json = await server.request("/api/login", {
      method: "POST",
      headers: { "content-type": "Application/JSON; charset=utf-8" },
      body: JSON.stringify({ email: "nobody@example.com", password: "wrong1pass" }),
    })
    expect(json.status).toBe(422)
    expect(await json.json()).toMatchObject({ _tag: "InvalidCredentials" })
    expect((await server.request("/api/health")).status).toBe(200)
  })

  it("leaves the social sign-in callback, which a provider posts as a form, and the Stripe webhook alone", async () => {
    const callback = await server.request(SOCIAL_CALLBACK_ROUTE, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "error=access_denied",
    })
    expect(callback.status).not.toBe(415)
    const webhook = await server.request("/api/stripe/webhook", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "{}",
    })
    expect(webhook.status).not.toBe(415)
  })
})
