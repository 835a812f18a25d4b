// A call whose HTTP client could not load (its script did not arrive): it fails as the catalogue's
// Offline, which the flows and the catalogue recognise by its tag like any other failure.
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { FetchHttpClient } from "effect/http"
import { vi } from "vitest"
import { catalogueAction, failureTag, formErrorKey, isApiFailure } from "../../src/domain/shared/failures.ts"
import { Cookies } from "../../src/infra/cookies.ts"
import { Storage } from "../../src/infra/storage.ts"

vi.mock("../../src/infra/api-http-client.ts", () => {
  throw new TypeError("Failed to fetch dynamically imported module")
})

describe("ApiClient without its HTTP client", () => {
  it.effect("fails as Offline, a failure of the catalogue, without asking anything", () =>
    Effect.gen(function* () {
      const fetch = vi.fn<typeof globalThis.fetch>()
      const { ApiClient } = yield* Effect.promise(() => import("../../src/infra/api-client.ts"))
      const failure = yield* Effect.flip(
        Effect.flatMap(ApiClient, (api) => api.call((client) => client.system.health())).pipe(
          Effect.provide(
            ApiClient.layer("http://api.test").pipe(
              Layer.provide(Layer.mergeAll(Cookies.layerTest({}), Storage.layerTest({}))),
              Layer.provide(Layer.succeed(FetchHttpClient.Fetch, fetch)),
            ),
          ),
        ),
      )
      assert.strictEqual(fetch.mock.calls.length, 0)
      assert.isTrue(isApiFailure(failure))
      assert.strictEqual(failureTag(failure), "Offline")
      assert.strictEqual(formErrorKey(failure), "errors.offline")
      assert.deepStrictEqual(catalogueAction(failure), { _tag: "Toast", type: "warning", key: "errors.offline" })
    }),
  )
})
