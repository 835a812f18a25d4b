// The app's API client as a service: every call of the contract (src/domain/api) goes through it.
// The HTTP client itself (api-http-client.ts: the contract's schemas, Effect's HTTP modules, the
// catalogue's mapping of failures) loads on the first call, not with the app: a page the server drew
// starts from the answers it embedded and asks nothing before the user does. Should that load fail
// (the network went away before the first call), the call fails as Offline and the next one tries
// again.
import { Context, Data, Effect, Layer } from "effect"
import type { Offline } from "../domain/shared/errors.ts"
import type { ApiFailure } from "../domain/shared/failures.ts"
import type { CallApi, Client } from "./api-http-client.ts"
import { Cookies } from "./cookies.ts"
import { Storage } from "./storage.ts"

export type { Client }

/**
 * The catalogue's Offline for a call whose HTTP client could not load: the catalogue's own classes
 * come with that client's script. A flow knows it by its tag, like every failure (failures.ts).
 */
class ClientNotLoaded extends Data.TaggedError("Offline") {}

export class ApiClient extends Context.Service<
  ApiClient,
  {
    /** Runs one call of the contract; failures arrive as catalogue errors. */
    readonly call: <A>(f: (client: Client) => Effect.Effect<A, unknown>) => Effect.Effect<A, ApiFailure>
  }
>()("jingluo/infra/ApiClient") {
  static readonly layer = (baseUrl: string) =>
    Layer.effect(
      ApiClient,
      Effect.gen(function* () {
        const cookies = yield* Cookies
        const storage = yield* Storage
        // What the layer was given (a test's own fetch) reaches the client made later.
        const run = Effect.runPromiseWith(yield* Effect.context<never>())
        let made: Promise<CallApi> | undefined
        const load = () => {
          const loading = import("./api-http-client.ts").then(({ makeCallApi }) =>
            run(makeCallApi(baseUrl, cookies, storage)),
          )
          loading.catch(() => {
            made = undefined
          })
          return loading
        }
        const client = Effect.tryPromise({
          try: () => {
            made ??= load()
            return made
          },
          catch: (): Offline => new ClientNotLoaded(),
        })
        return ApiClient.of({ call: (f) => Effect.flatMap(client, (call) => call(f)) })
      }),
    )
}
