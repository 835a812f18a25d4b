// The Effect runtime every feature's IO runs on (API client, cookies, storage, navigation, toasts,
// the device's offline copies),
// and how machines meet it: an action runs a program and forgets it, a read runs one at once.
import { type Effect, Layer, ManagedRuntime } from "effect"
import { ApiClient } from "../../infra/api-client.ts"
import { Cookies } from "../../infra/cookies.ts"
import { Navigation, type NavigationOptions } from "../../infra/navigation.ts"
import { Offline } from "../../infra/offline.ts"
import { SessionStorage, Storage } from "../../infra/storage.ts"
import { Toasts } from "../../infra/toasts.ts"
import type { TimerClock } from "../../machines/self-tests/test-session-context.ts"

export interface WireOptions {
  /** Where the API lives; the page's own origin in the browser. */
  readonly baseUrl: string
  /** The router's navigate (the browser's history by default, main.tsx; a memory location in tests). */
  readonly navigate?: NavigationOptions["navigate"]
  /** Full reloads; `location.assign` by default. */
  readonly reload?: NavigationOptions["reload"]
  /** The clock timed flows run on (a self-test's deadline); the browser's by default, simulated in tests. */
  readonly clock?: { readonly now: () => number } & TimerClock
  /** The clock of the session's own timer (the reload at /login after it ends); the browser's by default. */
  readonly sessionClock?: TimerClock
  /**
   * The server's render of a page (src/entry-server.tsx): the address and the cookies scripts may
   * read come from the request; storage is empty, nothing navigates or is announced, and no call is
   * made (the pages start from the answers the server embedded).
   */
  readonly server?: ServerRender
}

export interface ServerRender {
  /** Path and query. */
  readonly url: string
  readonly cookies: Readonly<Record<string, string>>
}

/** The services a feature's programs may use. */
export type AppIO = ApiClient | Cookies | Storage | SessionStorage | Navigation | Toasts | Offline

/** The IO of the server's render: the request's cookies, empty storage, an address that stays. */
const serverIO = ({ url, cookies }: ServerRender) => {
  const storage = Layer.mergeAll(Cookies.layerMemory(cookies), Storage.layerMemory())
  return Layer.mergeAll(
    // Nothing is called while the server draws a page; should a flow try, its call fails at once.
    ApiClient.layer("http://127.0.0.1:9").pipe(Layer.provide(storage)),
    storage,
    SessionStorage.layerMemory,
    Navigation.layerAt(url),
    Toasts.layerSilent,
    Offline.layerSilent,
  )
}

/** How the app's router moves: the composition point (main.tsx) gives the browser's history by default. */
export interface RouterMoves {
  readonly navigate: NavigationOptions["navigate"]
  readonly replace: NavigationOptions["navigate"]
}

export const makeRuntime = (options: WireOptions, router: RouterMoves) => {
  if (options.server) return ManagedRuntime.make(serverIO(options.server))
  const storage = Layer.mergeAll(Cookies.layer, Storage.layer)
  const navigation = Navigation.layer({
    navigate: options.navigate ?? router.navigate,
    replace: options.navigate ?? router.replace,
    reload: options.reload,
  })
  return ManagedRuntime.make(
    Layer.mergeAll(
      ApiClient.layer(options.baseUrl).pipe(Layer.provide(storage)),
      storage,
      SessionStorage.layer,
      navigation,
      Toasts.layer,
      Offline.layer,
    ),
  )
}

export type AppRuntime = ReturnType<typeof makeRuntime>

/** Runs a program that needs no waiting (cookies, storage, the clock) and returns its value. */
export const readWith =
  (runtime: AppRuntime) =>
  <A>(program: Effect.Effect<A, never, AppIO>): A =>
    runtime.runSync(program)

/** Starts a program and forgets it: what a machine's provided action does. */
export const actWith =
  (runtime: AppRuntime) =>
  (program: Effect.Effect<void, never, AppIO>): void =>
    void runtime.runFork(program)
