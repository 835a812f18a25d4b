// The device's side of working offline: whether the browser says it has a network (and hearing when
// that changes), registering the service worker (src/service-worker.ts) that keeps the shell and the
// pages a learner opened, and clearing those copies of the learner's content when the session ends,
// so the next person on the device finds none of them. For keeping the learner's whole part (the
// download in the background, src/machines/shared/offline-download-machine.ts): asking for a
// content answer as the app's own client does, so the worker keeps it under the key the app's
// calls read (one set of rules: the worker's), reading which ETag the device holds for an answer,
// and how much the site's storage uses.
import { Context, Effect, Layer } from "effect"
import { LOCALE_HEADER } from "../domain/shared/locales.ts"
import { CONTENT_CACHE, isContentCache, SERVICE_WORKER_PATH } from "../domain/shared/offline.ts"

/** A content answer as the download met it: fetched (200), unchanged (304), or refused (any other status). */
export interface FetchedAnswer {
  readonly status: number
  readonly etag: string | null
  /** The answer's JSON for a 200 when asked to read it, else null. */
  readonly body: unknown
}

/** The server could not be reached (no network): the download waits for the connection. */
export class NoConnection {
  readonly _tag = "NoConnection"
}

/** How long the download waits for the worker to take the page over once registered. */
const CONTROL_WAIT_MS = 20_000

export interface OfflineService {
  /** Whether the browser says it is online (true where it cannot say). */
  readonly online: Effect.Effect<boolean>
  /** Calls `listener` whenever the browser goes offline or back online; the returned effect stops that. */
  readonly watch: (listener: (online: boolean) => void) => Effect.Effect<Effect.Effect<void>>
  /** Registers the service worker, where the browser allows one (a secure context: https, localhost). */
  readonly register: Effect.Effect<void>
  /** Deletes the copies of the learner's pages and content answers; the app's shell stays. */
  readonly clearContent: Effect.Effect<void>
  /** Whether the worker looks after this page (waiting a little for one just registered): only then is anything kept. */
  readonly controlled: Effect.Effect<boolean>
  /** The ETag of the copy of the content answer at `url` the device holds in `language`, null without one. */
  readonly keptEtag: (url: string, language: string) => Effect.Effect<string | null>
  /**
   * Asks for the content answer at `url` as the app's client does (its language header, the session
   * cookie), through the worker, which keeps it; with `etag`, the server answers 304 when unchanged.
   * Its JSON is read only when `read` (the indexes); the worker has kept the answer before it hands it on.
   */
  readonly fetchAnswer: (
    url: string,
    language: string,
    options: { readonly etag: string | null; readonly read: boolean },
  ) => Effect.Effect<FetchedAnswer, NoConnection>
  /** The bytes the site's storage uses on this device, where the browser says. */
  readonly storageUsed: Effect.Effect<number | null>
}

/** The request the app's client makes for a content answer (src/infra/api-http-client.ts), and so the worker's key. */
const contentRequest = (url: string, language: string, etag: string | null = null) =>
  new Request(url, {
    credentials: "same-origin",
    headers: { [LOCALE_HEADER]: language, Accept: "*/*", ...(etag ? { "If-None-Match": etag } : {}) },
  })

const whenControlled = () =>
  new Promise<boolean>((resolve) => {
    const workers = globalThis.navigator?.serviceWorker
    if (!workers || !globalThis.isSecureContext) return resolve(false)
    if (workers.controller) return resolve(true)
    const done = (controlled: boolean) => {
      clearTimeout(timer)
      workers.removeEventListener("controllerchange", changed)
      resolve(controlled)
    }
    const changed = () => done(workers.controller !== null)
    const timer = setTimeout(() => done(workers.controller !== null), CONTROL_WAIT_MS)
    workers.addEventListener("controllerchange", changed)
  })

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
  controlled: Effect.promise(whenControlled).pipe(Effect.withSpan("Offline.controlled")),
  keptEtag: (url, language) =>
    Effect.tryPromise(async () => {
      if (!("caches" in globalThis)) return null
      const copy = await (await caches.open(CONTENT_CACHE)).match(contentRequest(url, language))
      return copy?.headers.get("etag") ?? null
    }).pipe(Effect.orElseSucceed(() => null)),
  fetchAnswer: (url, language, { etag, read }) =>
    Effect.tryPromise({
      try: async (signal) => {
        const response = await fetch(contentRequest(url, language, etag), { signal })
        const body = response.status === 200 && read ? await response.json() : null
        if (body === null) await response.body?.cancel()
        return { status: response.status, etag: response.headers.get("etag"), body }
      },
      catch: () => new NoConnection(),
    }),
  storageUsed: Effect.tryPromise(async () => (await globalThis.navigator?.storage?.estimate?.())?.usage ?? null).pipe(
    Effect.orElseSucceed(() => null),
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
    controlled: Effect.succeed(false),
    keptEtag: () => Effect.succeed(null),
    fetchAnswer: () => Effect.fail(new NoConnection()),
    storageUsed: Effect.succeed(null),
  })
}
