// The device's side of working offline: whether the browser says it has a network (and hearing when
// that changes), registering the service worker (src/service-worker.ts) that keeps the shell and the
// pages a learner opened, and clearing those copies of the learner's content when the session ends,
// so the next person on the device finds none of them.
import { Context, Effect, Layer } from "effect"
import { isContentCache, SERVICE_WORKER_PATH } from "../domain/shared/offline.ts"

export interface OfflineService {
  /** Whether the browser says it is online (true where it cannot say). */
  readonly online: Effect.Effect<boolean>
  /** Calls `listener` whenever the browser goes offline or back online; the returned effect stops that. */
  readonly watch: (listener: (online: boolean) => void) => Effect.Effect<Effect.Effect<void>>
  /** Registers the service worker, where the browser allows one (a secure context: https, localhost). */
  readonly register: Effect.Effect<void>
  /** Deletes the copies of the learner's pages and content answers; the app's shell stays. */
  readonly clearContent: Effect.Effect<void>
}

const browser: OfflineService = {
  online: Effect.sync(() => globalThis.navigator?.onLine ?? true),
  watch: (listener) =>
    Effect.sync(() => {
      const offline = () => listener(false)
      const online = () => listener(true)
      globalThis.addEventListener?.("offline", offline)
      globalThis.addEventListener?.("online", online)
      return Effect.sync(() => {
        globalThis.removeEventListener?.("offline", offline)
        globalThis.removeEventListener?.("online", online)
      })
    }),
  register: Effect.tryPromise(async () => {
    if (!globalThis.isSecureContext || !("serviceWorker" in globalThis.navigator)) return
    await globalThis.navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: "/" })
  }).pipe(
    // Without a worker the app works as before, online only.
    Effect.orElseSucceed(() => undefined),
    Effect.withSpan("Offline.register"),
  ),
  clearContent: Effect.tryPromise(async () => {
    if (!("caches" in globalThis)) return
    const names = await caches.keys()
    await Promise.all(names.filter(isContentCache).map((name) => caches.delete(name)))
  }).pipe(
    Effect.orElseSucceed(() => undefined),
    Effect.withSpan("Offline.clearContent"),
  ),
}

export class Offline extends Context.Service<Offline, OfflineService>()("jingluo/infra/Offline") {
  static readonly layer = Layer.succeed(Offline, browser)

  /** Always online, nothing kept: the server's render of a page. */
  static readonly layerSilent = Layer.succeed(Offline, {
    online: Effect.succeed(true),
    watch: () => Effect.succeed(Effect.void),
    register: Effect.void,
    clearContent: Effect.void,
  })
}
