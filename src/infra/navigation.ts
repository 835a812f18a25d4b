// Leaving a page: in-app navigation through the router's history, or a full reload to a path
// (after 401, a language change or sign-out, the app starts clean).
import { Context, Effect, Layer } from "effect"

export interface NavigationService {
  readonly go: (path: string) => Effect.Effect<void>
  readonly reload: (path: string) => Effect.Effect<void>
}

export class Navigation extends Context.Service<Navigation, NavigationService>()("jingluo/infra/Navigation") {
  /** `go` is the router's navigate, handed over by main.tsx. */
  static readonly layer = (navigate: (path: string) => void) =>
    Layer.succeed(Navigation, {
      go: Effect.fn("Navigation.go")((path: string) => Effect.sync(() => navigate(path))),
      reload: Effect.fn("Navigation.reload")((path: string) => Effect.sync(() => globalThis.location.assign(path))),
    })

  static readonly layerTest = (visited: Array<string>) =>
    Layer.succeed(Navigation, {
      go: (path) => Effect.sync(() => void visited.push(path)),
      reload: (path) => Effect.sync(() => void visited.push(`reload:${path}`)),
    })
}
