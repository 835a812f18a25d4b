// Local storage as a service: cleared on sign-out and on 401 (a 401 keeps unsaved work), and home of
// the one-time login token. Session storage, the tab's memory that ends with it, is a service of
// its own (what the app offered once this session).
import { Context, Effect, Layer } from "effect"

export interface StorageService {
  readonly get: (key: string) => Effect.Effect<string | undefined>
  readonly set: (key: string, value: string) => Effect.Effect<void>
  readonly remove: (key: string) => Effect.Effect<void>
  /** Every key held now. */
  readonly keys: Effect.Effect<ReadonlyArray<string>>
  readonly clear: Effect.Effect<void>
}

const fromWebStorage = (storage: globalThis.Storage): StorageService => ({
  get: Effect.fn("Storage.get")((key: string) => Effect.sync(() => storage.getItem(key) ?? undefined)),
  set: Effect.fn("Storage.set")((key: string, value: string) => Effect.sync(() => storage.setItem(key, value))),
  remove: Effect.fn("Storage.remove")((key: string) => Effect.sync(() => storage.removeItem(key))),
  keys: Effect.sync(() =>
    Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((key) => key !== null),
  ).pipe(Effect.withSpan("Storage.keys")),
  clear: Effect.sync(() => storage.clear()).pipe(Effect.withSpan("Storage.clear")),
})

const inMemory = (initial: Record<string, string>): StorageService => {
  const items = new Map(Object.entries(initial))
  return {
    get: (key) => Effect.sync(() => items.get(key)),
    set: (key, value) => Effect.sync(() => void items.set(key, value)),
    remove: (key) => Effect.sync(() => void items.delete(key)),
    keys: Effect.sync(() => [...items.keys()]),
    clear: Effect.sync(() => items.clear()),
  }
}

export class Storage extends Context.Service<Storage, StorageService>()("jingluo/infra/Storage") {
  static readonly layer = Layer.sync(Storage, () => Storage.of(fromWebStorage(globalThis.localStorage)))

  /** Storage in memory: the server's render of a page (no browser storage there), and tests. */
  static readonly layerMemory = (initial: Record<string, string> = {}) =>
    Layer.sync(Storage, () => Storage.of(inMemory(initial)))

  static readonly layerTest = Storage.layerMemory
}

/** The tab's session storage: what is remembered until the tab closes. */
export class SessionStorage extends Context.Service<SessionStorage, StorageService>()("jingluo/infra/SessionStorage") {
  static readonly layer = Layer.sync(SessionStorage, () => SessionStorage.of(fromWebStorage(globalThis.sessionStorage)))
  static readonly layerMemory = Layer.sync(SessionStorage, () => SessionStorage.of(inMemory({})))
}
