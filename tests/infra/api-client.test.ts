// The app's API client: headers on every call (locale; JSON on every call that changes state; never
// a bearer from a cookie — the session is the HttpOnly cookie the browser sends by itself), the
// one-time login token used once, the timeout of §7, and failures mapped to the catalogue.
import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber, Layer } from "effect"
import { FetchHttpClient } from "effect/http"
import { TestClock } from "effect/testing"
import { API_TIMEOUT_MS } from "../../src/domain/shared/failures.ts"
import { ApiClient } from "../../src/infra/api-client.ts"
import { Cookies } from "../../src/infra/cookies.ts"
import { Storage } from "../../src/infra/storage.ts"

const health = { status: "ok", database: "ok" }

const clientWith = (
  fetch: typeof globalThis.fetch,
  cookies: Record<string, string> = {},
  storage: Record<string, string> = {},
) =>
  ApiClient.layer("http://api.test").pipe(
    Layer.provideMerge(Layer.mergeAll(Cookies.layerTest(cookies), Storage.layerTest(storage))),
    Layer.provide(Layer.succeed(FetchHttpClient.Fetch, fetch)),
  )

const recording = (status = 200, body: unknown = health) => {
  const requests: Array<Request> = []
  const inits: Array<RequestInit | undefined> = []
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init))
    inits.push(init)
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    })
  }) as typeof globalThis.fetch
  return { requests, inits, fetch }
}

describe("ApiClient", () => {
  it.effect("sends the locale header, and no Authorization header even where a token cookie is readable", () => {
    const { requests, inits, fetch } = recording()
    return Effect.gen(function* () {
      const api = yield* ApiClient
      const answer = yield* api.call((client) => client.system.health())
      assert.deepStrictEqual(answer, health)
      assert.isNull(requests[0]?.headers.get("authorization") ?? null)
      assert.strictEqual(requests[0]?.headers.get("locale"), "de")
      assert.strictEqual(requests[0]?.url, "http://api.test/api/health")
      // The session cookie goes with calls to the app's own origin only.
      assert.strictEqual(inits[0]?.credentials, "same-origin")
    }).pipe(Effect.provide(clientWith(fetch, { token: "t0ken", language: "de" })))
  })

  it.effect("uses the one-time login token once as a bearer, then no Authorization header", () => {
    const { requests, fetch } = recording()
    return Effect.gen(function* () {
      const api = yield* ApiClient
      yield* api.call((client) => client.system.health())
      yield* api.call((client) => client.system.health())
      assert.strictEqual(requests[0]?.headers.get("authorization"), "Bearer once")
      assert.isNull(requests[1]?.headers.get("authorization") ?? null)
      const storage = yield* Storage
      assert.isUndefined(yield* storage.get("oneTimeLoginToken"))
    }).pipe(Effect.provide(clientWith(fetch, { token: "t0ken" }, { oneTimeLoginToken: "once" })))
  })

  it.effect("says Content-Type: application/json on every call that changes state, with or without a body", () => {
    const { requests, fetch } = recording(200, { message: "ok" })
    return Effect.gen(function* () {
      const api = yield* ApiClient
      yield* api.call((client) => client.users.logout())
      // A bodiless DELETE (its answer is not a group list here, so the call itself fails).
      yield* Effect.ignore(api.call((client) => client.groups.remove({ params: { id: "1" } })))
      yield* api.call((client) => client.users.forgotPassword({ payload: { email: "a@example.com" } }))
      yield* Effect.ignore(api.call((client) => client.system.health()))
      assert.deepStrictEqual(
        requests.map((r) => [r.method, r.headers.get("content-type")]),
        [
          ["POST", "application/json"],
          ["DELETE", "application/json"],
          ["POST", "application/json"],
          ["GET", null],
        ],
      )
    }).pipe(Effect.provide(clientWith(fetch)))
  })

  it.effect("sends no Authorization header to a visitor and English by default", () => {
    const { requests, fetch } = recording()
    return Effect.gen(function* () {
      const api = yield* ApiClient
      yield* api.call((client) => client.system.health())
      assert.isNull(requests[0]?.headers.get("authorization") ?? null)
      assert.strictEqual(requests[0]?.headers.get("locale"), "en")
    }).pipe(Effect.provide(clientWith(fetch)))
  })

  it.effect(`gives up after API_TIMEOUT_MS (${API_TIMEOUT_MS} ms) with RequestTimeout`, () => {
    const never = (() => new Promise<Response>(() => {})) as typeof globalThis.fetch
    return Effect.gen(function* () {
      const api = yield* ApiClient
      const fiber = yield* Effect.forkChild(Effect.flip(api.call((client) => client.system.health())))
      yield* TestClock.adjust(API_TIMEOUT_MS - 1)
      assert.isUndefined(fiber.pollUnsafe())
      yield* TestClock.adjust(1)
      const failure = yield* Fiber.join(fiber)
      assert.strictEqual(failure._tag, "RequestTimeout")
    }).pipe(Effect.provide(clientWith(never)))
  })

  it.effect("maps a network failure to Offline", () => {
    const broken = (async () => {
      throw new TypeError("Failed to fetch")
    }) as typeof globalThis.fetch
    return Effect.gen(function* () {
      const api = yield* ApiClient
      const failure = yield* Effect.flip(api.call((client) => client.system.health()))
      assert.strictEqual(failure._tag, "Offline")
    }).pipe(Effect.provide(clientWith(broken)))
  })

  it.effect(
    "maps statuses: 401 Unauthorized, 404 NotFound, 415 UnsupportedMediaType, 403 and 5xx keep their data",
    () =>
      Effect.gen(function* () {
        const cases: Array<[number, unknown, string]> = [
          [401, { message: "no" }, "Unauthorized"],
          [404, { message: "gone" }, "NotFound"],
          [403, { reason: "locked" }, "UnexpectedResponse"],
          [502, { detail: "gateway" }, "UnexpectedResponse"],
          [500, { _tag: "ServerError", message: "boom", correlationId: "c1" }, "ServerError"],
          [415, { _tag: "UnsupportedMediaType", message: "JSON only" }, "UnsupportedMediaType"],
        ]
        for (const [status, body, tag] of cases) {
          const { fetch } = recording(status, body)
          const failure = yield* Effect.flip(
            Effect.flatMap(ApiClient, (api) => api.call((client) => client.system.health())).pipe(
              Effect.provide(clientWith(fetch)),
            ),
          )
          assert.strictEqual(failure._tag, tag, `status ${status}`)
          if (failure._tag === "UnexpectedResponse") assert.deepStrictEqual(failure.data, body)
        }
      }),
  )
})
