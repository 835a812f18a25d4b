// The service worker (/sw.js): keeps the app's shell and the pages and content answers a learner
// opened, so the app opens and shows them without a network. Hand-written rather than generated
// (Workbox): a few dozen lines with no runtime library to load, and its rules — what is kept, what
// never is — live in one pure module the tests read (src/domain/shared/offline.ts). The build
// (scripts/service-worker.ts) bundles it with the list of the shell's files and the build's version;
// a new build is a new worker, which fills a new shell cache and drops the old ones.
import {
  CONTENT_CACHE,
  isKeepable,
  isStaleCache,
  keepsPage,
  type OfflineRoute,
  offlineRoute,
  SHELL_PAGE,
  shellCacheName,
} from "./domain/shared/offline.ts"

/** The shell's files (the build's scripts, styles, icons and index.html), written in by the build. */
declare const __SHELL_FILES__: ReadonlyArray<string>
/** The build's version: a hash of the shell's files. */
declare const __BUILD_VERSION__: string

/** The parts of a service worker's events and scope used here (the DOM's types do not describe a worker). */
interface LifecycleEvent extends Event {
  readonly waitUntil: (work: Promise<unknown>) => void
}
interface FetchEvent extends LifecycleEvent {
  readonly request: Request
  readonly respondWith: (answer: Promise<Response>) => void
}
interface WorkerScope {
  readonly location: { readonly origin: string }
  readonly clients: { readonly claim: () => Promise<void> }
  readonly skipWaiting: () => Promise<void>
  addEventListener(type: "install" | "activate", listener: (event: LifecycleEvent) => void): void
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void
}

const worker = self as unknown as WorkerScope
const SHELL_CACHE = shellCacheName(__BUILD_VERSION__)
const shellFiles = new Set(__SHELL_FILES__)

worker.addEventListener("install", (event) => {
  // A new build takes over at once: its shell is complete before it does.
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll([...shellFiles]))
      .then(() => worker.skipWaiting()),
  )
})

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => isStaleCache(name, __BUILD_VERSION__)).map((name) => caches.delete(name))),
      )
      .then(() => worker.clients.claim()),
  )
})

/** Keeps a copy of a full answer, then hands the answer on (a worker may stop once it has answered). */
const keep = async (cacheName: string, request: Request, response: Response) => {
  if (isKeepable(response)) await caches.open(cacheName).then((cache) => cache.put(request, response.clone()))
  return response
}

const fromCache = (cacheName: string, request: Request | string, ignoreVary = false) =>
  caches.open(cacheName).then((cache) => cache.match(request, { ignoreVary }))

/** The cache first: files whose address names their content never change. */
const cacheFirst = async (request: Request) =>
  (await fromCache(SHELL_CACHE, request, true)) ?? keep(SHELL_CACHE, request, await fetch(request))

/**
 * A 304 to a request that named the copy's ETag: the copy stands, with the headers the server sends
 * now (its ETag names the current content version), as an HTTP cache refreshes a stored answer.
 */
const refresh = async (cacheName: string, request: Request, response: Response) => {
  const cache = await caches.open(cacheName)
  const copy = await cache.match(request)
  const etag = response.headers.get("etag")
  if (!copy || !etag || copy.headers.get("etag") === etag) return response
  const headers = new Headers(copy.headers)
  headers.set("etag", etag)
  await cache.put(
    request,
    new Response(await copy.blob(), { status: copy.status, statusText: copy.statusText, headers }),
  )
  return response
}

/** The network first, its answer kept; offline, the copy kept last time (in the language asked for). */
const networkFirst = async (request: Request) => {
  try {
    const response = await fetch(request)
    return response.status === 304 && request.headers.has("if-none-match")
      ? refresh(CONTENT_CACHE, request, response)
      : keep(CONTENT_CACHE, request, response)
  } catch (offline) {
    const copy = await fromCache(CONTENT_CACHE, request)
    if (copy) return copy
    throw offline
  }
}

/**
 * A page: the network first, kept when it is one of the pages the learner reads. Offline, the copy
 * of that address, else the app's shell, which then shows what the device holds.
 */
const page = async (request: Request) => {
  const path = new URL(request.url).pathname
  try {
    const response = await fetch(request)
    return keepsPage(path) ? keep(CONTENT_CACHE, request, response) : response
  } catch (offline) {
    // A drawn page differs by cookies the worker cannot see: its copy is this browser's, whatever they say.
    const copy =
      (keepsPage(path) ? await fromCache(CONTENT_CACHE, request, true) : undefined) ??
      (await fromCache(SHELL_CACHE, SHELL_PAGE, true))
    if (copy) return copy
    throw offline
  }
}

const ANSWERS: Record<Exclude<OfflineRoute, "network">, (request: Request) => Promise<Response>> = {
  shell: cacheFirst,
  asset: cacheFirst,
  content: networkFirst,
  page,
}

worker.addEventListener("fetch", (event) => {
  const route = offlineRoute(event.request, worker.location.origin, shellFiles)
  if (route !== "network") event.respondWith(ANSWERS[route](event.request))
})
