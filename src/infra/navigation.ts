// Leaving a page, and reading where the app is: in-app navigation through the router's history, a
// full reload to a path (after 401, a language change or sign-out, the app starts clean), a page of
// another site in a new tab, the current address, and a query parameter taken out of the address.
// Every navigation the wiring does goes through here, so tests record it instead.
import { Context, Effect, Layer } from "effect"

export interface NavigationService {
  readonly go: (path: string) => Effect.Effect<void>
  /** In-app navigation that replaces the current history entry (a search writing what it shows). */
  readonly replace: (path: string) => Effect.Effect<void>
  readonly reload: (path: string) => Effect.Effect<void>
  /** Another site's page (an app store's subscription settings) in a new tab. */
  readonly openTab: (url: string) => Effect.Effect<void>
  /** The app's current path with its query, e.g. "/point/lu-9-taiyuan?next=%2F". */
  readonly here: Effect.Effect<string>
  /** A query parameter of the current address, or null. */
  readonly param: (name: string) => Effect.Effect<string | null>
  /** A query parameter of the current address, removed from the address bar (a one-time token). */
  readonly takeParam: (name: string) => Effect.Effect<string | null>
}

export interface NavigationOptions {
  /** The router's navigate (wouter's browser location, or a memory location in tests). */
  readonly navigate: (path: string) => void
  /** The router's navigate without a new history entry; `navigate` when absent. */
  readonly replace?: ((path: string) => void) | undefined
  /** Full reloads; `location.assign` by default. */
  readonly reload?: ((path: string) => void) | undefined
}

export class Navigation extends Context.Service<Navigation, NavigationService>()("jingluo/infra/Navigation") {
  static readonly layer = ({ navigate, replace, reload }: NavigationOptions) =>
    Layer.succeed(Navigation, {
      go: Effect.fn("Navigation.go")((path: string) => Effect.sync(() => navigate(path))),
      replace: Effect.fn("Navigation.replace")((path: string) => Effect.sync(() => (replace ?? navigate)(path))),
      reload: Effect.fn("Navigation.reload")((path: string) =>
        Effect.sync(() => (reload ? reload(path) : globalThis.location.assign(path))),
      ),
      openTab: Effect.fn("Navigation.openTab")((url: string) =>
        Effect.sync(() => void globalThis.open(url, "_blank", "noopener,noreferrer")),
      ),
      here: Effect.sync(() => globalThis.location.pathname + globalThis.location.search),
      param: (name: string) => Effect.sync(() => new URLSearchParams(globalThis.location.search).get(name)),
      takeParam: Effect.fn("Navigation.takeParam")((name: string) =>
        Effect.sync(() => {
          const url = new URL(globalThis.location.href)
          const value = url.searchParams.get(name)
          if (value === null) return null
          url.searchParams.delete(name)
          globalThis.history.replaceState(null, "", url.pathname + url.search + url.hash)
          return value
        }),
      ),
    })

  /** The address `at`, going nowhere: the server's render of a page, where nothing navigates. */
  static readonly layerAt = (at: string) => Navigation.layerTest([], at)

  /** Records every navigation in `visited`; the address is `at`. */
  static readonly layerTest = (visited: Array<string>, at = "/") =>
    Layer.succeed(Navigation, {
      go: (path) => Effect.sync(() => void visited.push(path)),
      replace: (path) => Effect.sync(() => void visited.push(path)),
      reload: (path) => Effect.sync(() => void visited.push(`reload:${path}`)),
      openTab: (url) => Effect.sync(() => void visited.push(`tab:${url}`)),
      here: Effect.succeed(at),
      param: (name) => Effect.succeed(new URL(at, "http://app.invalid").searchParams.get(name)),
      takeParam: (name) => Effect.succeed(new URL(at, "http://app.invalid").searchParams.get(name)),
    })
}
