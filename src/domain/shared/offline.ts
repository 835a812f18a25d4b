// What the app keeps on the device so it opens without a network (src/service-worker.ts applies
// these rules; the app clears the learner's copies on sign-out): the build's shell, cached per build,
// and the learner's content — the pages and content answers the server sent this browser, and so
// only what the learner's plan lets them read. Nothing about the account, payments, sessions, notes,
// groups or searches is ever kept, nor any answer but a 200.
import { isDrawnByServer } from "./first-page.ts"

/** The worker's address; its scope is the whole app. */
export const SERVICE_WORKER_PATH = "/sw.js"

/** The web app manifest's address (public/manifest.webmanifest). */
export const MANIFEST_PATH = "/manifest.webmanifest"

/** The page a navigation gets offline when the device holds no copy of its address: the app's shell. */
export const SHELL_PAGE = "/index.html"

/** The shell's caches are named by the build's version, so an update fills a new one and drops the old. */
export const SHELL_CACHE_PREFIX = "jingluo-shell-"

/**
 * The learner's pages and content answers. Its number changes when the answers' shape does, so an
 * update never hands the app answers it can no longer read.
 */
export const CONTENT_CACHE_PREFIX = "jingluo-content-"
export const CONTENT_CACHE = `${CONTENT_CACHE_PREFIX}1`

export const shellCacheName = (version: string) => `${SHELL_CACHE_PREFIX}${version}`

/** A cache of ours that the worker of `version` no longer reads: an older build's shell, an older content shape. */
export const isStaleCache = (name: string, version: string) =>
  (name.startsWith(SHELL_CACHE_PREFIX) && name !== shellCacheName(version)) ||
  (name.startsWith(CONTENT_CACHE_PREFIX) && name !== CONTENT_CACHE)

/** The caches holding what the learner read (cleared on sign-out): every content cache of ours. */
export const isContentCache = (name: string) => name.startsWith(CONTENT_CACHE_PREFIX)

/**
 * The content answers a learner may read offline once opened (the content and charts groups of the
 * contract, src/domain/api/content-api.ts and charts-api.ts): menus, channels, points, body areas,
 * categories, vessels, extra points, the book's pages, the field lists, the all-points search's
 * index (public facts only: codes and names) and the charts. A test holds
 * this list to the contract, so no other group's answer can slip in.
 */
const CONTENT_ANSWERS: ReadonlyArray<RegExp> = [
  /^\/api\/channel-menus$/,
  /^\/api\/channels(\/[^/]+)?$/,
  /^\/api\/point\/[^/]+$/,
  /^\/api\/body-area\/[^/]+$/,
  /^\/api\/categories(\/[^/]+)?$/,
  /^\/api\/vessels\/[^/]+$/,
  /^\/api\/extra-points$/,
  /^\/api\/static-menus$/,
  /^\/api\/pages\/[^/]+$/,
  /^\/api\/channel-fields$/,
  /^\/api\/point-fields$/,
  /^\/api\/point-name-fields\/[^/]+$/,
  /^\/api\/point-index$/,
  /^\/api\/charts(\/[^/]+)?$/,
]

/** Whether `path` (without query) is a content answer the device may keep. */
export const isContentAnswer = (path: string) => CONTENT_ANSWERS.some((pattern) => pattern.test(path))

/** Whether the page at `path` is kept once opened: the pages the server draws (content, home, about, pricing). */
export const keepsPage = (path: string) => !path.startsWith("/api/") && isDrawnByServer(path)

/**
 * How the worker answers a request:
 * - `shell`: a file of the build's shell, from its cache (filled when the worker installs);
 * - `asset`: another hashed file of the build (a font): the cache first, else the network, then kept;
 * - `page`: a navigation: the network first, kept when `keepsPage`; offline its copy, else the shell;
 * - `content`: a content answer: the network first and kept; offline the copy;
 * - `network`: everything else, untouched — every call that changes something, the account,
 *   payments, sessions, notes, groups, searches, self-tests, videos, other origins.
 */
export type OfflineRoute = "shell" | "asset" | "page" | "content" | "network"

export interface RoutedRequest {
  readonly method: string
  readonly url: string
  /** The Fetch API's request mode; "navigate" for a page. */
  readonly mode: string
}

export const offlineRoute = (request: RoutedRequest, origin: string, shell: ReadonlySet<string>): OfflineRoute => {
  if (request.method !== "GET") return "network"
  const url = new URL(request.url)
  if (url.origin !== origin) return "network"
  const path = url.pathname
  if (request.mode === "navigate") return path.startsWith("/api/") ? "network" : "page"
  if (shell.has(path)) return "shell"
  if (path.startsWith("/assets/")) return "asset"
  if (isContentAnswer(path)) return "content"
  return "network"
}

/** Whether an answer may be kept: a full 200 of our own origin (no error, redirect, partial or foreign answer). */
export const isKeepable = (response: { readonly status: number; readonly type: string }) =>
  response.status === 200 && response.type === "basic"
