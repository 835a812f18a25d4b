// The service worker as the build writes it (scripts/service-worker.ts bundling src/service-worker.ts):
// the shell's list taken from the build's files, the version that changes with any of them, and the
// bundled worker run against a fake network and Cache Storage — what it keeps when it installs, what
// an update drops, and how it answers pages, content, built files and everything else, online and off.
import { beforeAll, describe, expect, it } from "vitest"
import { buildVersion, bundleWorker, isShellFile, shellFiles } from "../../scripts/service-worker.ts"
import { CONTENT_CACHE, SHELL_PAGE, shellCacheName } from "../../src/domain/shared/offline.ts"

const ORIGIN = "https://jingluo.app"

describe("the shell's files", () => {
  const build = [
    "index.html",
    "index.de.html",
    "index.en.content.html",
    "sw.js",
    "assets/index-Ab12Cd.js",
    "assets/index-Ab12Cd.js.map",
    "assets/index-Ab12Cd.js.br",
    "assets/index-Ab12Cd.js.gz",
    "assets/pages-Ef34Gh.js",
    "assets/pages-Ef34Gh.css",
    "assets/hanzi-tc-Ij56.woff2",
    "assets/noto-serif-sc-12-Kl78.woff2",
    "server/entry-server.js",
    "favicon.svg",
    "manifest.webmanifest",
    "icons/icon-192.png",
    "icons/maskable-512.png",
  ]

  it("are the page, every script and stylesheet, our Chinese subsets and the public files, sorted, each once", () => {
    expect(shellFiles([...build, "assets/pages-Ef34Gh.js"])).toEqual([
      "/assets/hanzi-tc-Ij56.woff2",
      "/assets/index-Ab12Cd.js",
      "/assets/pages-Ef34Gh.css",
      "/assets/pages-Ef34Gh.js",
      "/favicon.svg",
      "/icons/icon-192.png",
      "/icons/maskable-512.png",
      SHELL_PAGE,
      "/manifest.webmanifest",
    ])
  })

  it("leave out source maps, compressed copies, the language pages, the worker, the full faces and the render entry", () => {
    for (const file of [
      "assets/index-Ab12Cd.js.map",
      "assets/index-Ab12Cd.js.br",
      "index.de.html",
      "index.en.content.html",
      "sw.js",
      "assets/noto-serif-sc-12-Kl78.woff2",
      "server/entry-server.js",
    ])
      expect(isShellFile(file), file).toBe(false)
  })

  it("have a version that changes with any file's bytes or address, and not with their order", () => {
    const files = new Map<string, string>([
      ["/index.html", "<html>"],
      ["/assets/a-1.js", "a"],
    ])
    const version = buildVersion(files)
    expect(version).toMatch(/^[\w-]{16}$/)
    expect(buildVersion(new Map([...files].reverse()))).toBe(version)
    expect(buildVersion(new Map([...files, ["/index.html", "<html lang>"]]))).not.toBe(version)
    expect(buildVersion(new Map([...files, ["/assets/b-2.js", "a"]]))).not.toBe(version)
  })
})

/** A Cache of Cache Storage, by URL (the worker's own matching by Vary is the browser's). */
class FakeCache {
  readonly entries = new Map<string, Response>()
  private readonly network: (request: Request) => Promise<Response>
  constructor(network: (request: Request) => Promise<Response>) {
    this.network = network
  }
  private key(request: Request | string) {
    return typeof request === "string" ? new URL(request, ORIGIN).href : request.url
  }
  async match(request: Request | string) {
    return this.entries.get(this.key(request))?.clone()
  }
  async put(request: Request | string, response: Response) {
    this.entries.set(this.key(request), response)
  }
  async addAll(paths: ReadonlyArray<string>) {
    for (const path of paths) {
      const response = await this.network(new Request(new URL(path, ORIGIN)))
      if (!response.ok) throw new TypeError(`${path}: ${response.status}`)
      await this.put(path, response)
    }
  }
}

type Listener = (event: Record<string, unknown>) => void

/** The bundled worker in a fake scope, with a network that can go away. */
const startWorker = async (shell: ReadonlyArray<string>, version: string) => {
  const code = await bundleWorker(shell, version)
  const listeners = new Map<string, Listener>()
  const state = {
    online: true,
    skipped: false,
    claimed: false,
    asked: [] as Array<string>,
    etag: '"v1v1v1v1-en-standard-abc"',
  }
  /** What the server answers: a 404 for /api/point/missing, a 500 for /api/point/broken, else 200 with the path. */
  const network = async (request: Request) => {
    state.asked.push(`${request.method} ${new URL(request.url).pathname}`)
    if (!state.online) throw new TypeError("Failed to fetch")
    const path = new URL(request.url).pathname
    // A copy named by its ETag is unchanged: 304, with the ETag of the current content version.
    if (request.headers.has("if-none-match")) {
      const unchanged = new Response(null, { status: 304, headers: { etag: state.etag } })
      Object.defineProperty(unchanged, "type", { value: "basic" })
      return unchanged
    }
    const status = path.endsWith("/missing") ? 404 : path.endsWith("/broken") ? 500 : 200
    const response = new Response(`${request.method} ${path} #${state.asked.length}`, {
      status,
      headers: { etag: state.etag },
    })
    Object.defineProperty(response, "type", { value: "basic" })
    return response
  }
  const stores = new Map<string, FakeCache>()
  const caches = {
    open: async (name: string) => stores.get(name) ?? stores.set(name, new FakeCache(network)).get(name)!,
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  }
  const scope = {
    location: { origin: ORIGIN },
    clients: {
      claim: async () => {
        state.claimed = true
      },
    },
    skipWaiting: async () => {
      state.skipped = true
    },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  }
  new Function("self", "caches", "fetch", code)(scope, caches, network)

  /** Runs a lifecycle event to its end. */
  const lifecycle = async (type: "install" | "activate") => {
    const work: Array<Promise<unknown>> = []
    listeners.get(type)!({ waitUntil: (promise: Promise<unknown>) => work.push(promise) })
    await Promise.all(work)
  }
  /** The worker's answer to a request, or "network" when it leaves the request to the browser. */
  const request = async (path: string, init: RequestInit & { navigate?: boolean } = {}) => {
    const request = new Request(new URL(path, ORIGIN), init)
    if (init.navigate) Object.defineProperty(request, "mode", { value: "navigate" })
    let answer: Promise<Response> | undefined
    listeners.get("fetch")!({ request, respondWith: (promise: Promise<Response>) => (answer = promise) })
    if (answer === undefined) return "network" as const
    return answer.then(
      async (response) => ({ status: response.status, body: await response.text() }),
      () => "failed" as const,
    )
  }
  return { state, stores, lifecycle, request }
}

describe("the worker", () => {
  const VERSION = "v2"
  const SHELL = ["/assets/index-Ab12Cd.js", "/favicon.svg", SHELL_PAGE]
  let worker: Awaited<ReturnType<typeof startWorker>>

  beforeAll(async () => {
    worker = await startWorker(SHELL, VERSION)
    // What an older build and an older content shape left behind, and another app's cache.
    for (const name of [shellCacheName("v1"), "jingluo-content-0", "another-app"])
      worker.stores.set(name, new FakeCache(async () => new Response()))
  })

  it("keeps the shell's files when it installs, then takes over at once", async () => {
    await worker.lifecycle("install")
    expect([...worker.stores.get(shellCacheName(VERSION))!.entries.keys()].sort()).toEqual(
      SHELL.map((path) => `${ORIGIN}${path}`).sort(),
    )
    expect(worker.state.skipped).toBe(true)
  })

  it("drops an older build's shell and an older content shape when it activates, and controls open pages", async () => {
    await worker.lifecycle("activate")
    expect([...worker.stores.keys()].sort()).toEqual(["another-app", shellCacheName(VERSION)].sort())
    expect(worker.state.claimed).toBe(true)
  })

  it("answers the shell's files and other built files from its cache, asking the network once", async () => {
    worker.state.asked.length = 0
    expect(await worker.request("/assets/index-Ab12Cd.js")).toMatchObject({ status: 200 })
    expect(await worker.request("/assets/noto-1-Zz.woff2")).toMatchObject({ status: 200 })
    expect(await worker.request("/assets/noto-1-Zz.woff2")).toMatchObject({ status: 200 })
    expect(worker.state.asked).toEqual(["GET /assets/noto-1-Zz.woff2"])
  })

  it("answers content from the network while online, and from the copy it kept once offline", async () => {
    worker.state.online = true
    const online = await worker.request("/api/point/lu-9-taiyuan")
    expect(online).toMatchObject({ status: 200, body: expect.stringContaining("GET /api/point/lu-9-taiyuan") })
    worker.state.online = false
    expect(await worker.request("/api/point/lu-9-taiyuan")).toEqual(online)
    // Never opened: nothing to show, the call fails as offline.
    expect(await worker.request("/api/point/lu-10-yuji")).toBe("failed")
  })

  it("answers a request naming its copy's ETag with the 304, and the copy takes the current ETag", async () => {
    worker.state.online = true
    worker.state.etag = '"v1v1v1v1-en-standard-abc"'
    const first = await worker.request("/api/point/lu-11-shaoshang")
    expect(first).toMatchObject({ status: 200 })
    worker.state.etag = '"v2v2v2v2-en-standard-abc"'
    const again = await worker.request("/api/point/lu-11-shaoshang", {
      headers: { "If-None-Match": '"v1v1v1v1-en-standard-abc"' },
    })
    expect(again).toMatchObject({ status: 304 })
    const copy = await worker.stores.get(CONTENT_CACHE)!.match(`${ORIGIN}/api/point/lu-11-shaoshang`)
    expect(copy?.headers.get("etag")).toBe('"v2v2v2v2-en-standard-abc"')
    expect(await copy?.text()).toBe((first as { body: string }).body)
    worker.state.online = false
    expect(await worker.request("/api/point/lu-11-shaoshang")).toEqual(first)
  })

  it("never keeps an answer that is not a 200", async () => {
    worker.state.online = true
    expect(await worker.request("/api/point/missing")).toMatchObject({ status: 404 })
    expect(await worker.request("/api/point/broken")).toMatchObject({ status: 500 })
    worker.state.online = false
    expect(await worker.request("/api/point/missing")).toBe("failed")
    expect(await worker.request("/api/point/broken")).toBe("failed")
    const kept = [...worker.stores.get(CONTENT_CACHE)!.entries.keys()]
    expect(kept.some((url) => url.endsWith("/missing") || url.endsWith("/broken"))).toBe(false)
  })

  it("leaves calls that change something, the account, notes, groups and searches to the network, keeping none", async () => {
    worker.state.online = true
    for (const [path, method] of [
      ["/api/point/lu-9-taiyuan", "POST"],
      ["/api/save-point-notes", "POST"],
      ["/api/point-search", "POST"],
      ["/api/dashboard", "GET"],
      ["/api/get-all-notes", "GET"],
      ["/api/point-group/list", "GET"],
      ["/api/subscription", "GET"],
      ["/api/registered-devices", "GET"],
      ["/sw.js", "GET"],
    ] as const)
      expect(await worker.request(path, { method }), `${method} ${path}`).toBe("network")
    const kept = [...worker.stores.values()].flatMap((cache) => [...cache.entries.keys()])
    expect(kept.filter((url) => /dashboard|notes|point-group|subscription|devices|search/.test(url))).toEqual([])
  })

  it("answers pages from the network, keeps the learner's pages, and offline shows their copy or else the shell", async () => {
    worker.state.online = true
    const point = await worker.request("/point/lu-9-taiyuan", { navigate: true })
    expect(point).toMatchObject({ status: 200, body: expect.stringContaining("GET /point/lu-9-taiyuan") })
    const settings = await worker.request("/account-settings/my-profile", { navigate: true })
    expect(settings).toMatchObject({ status: 200 })
    const kept = [...worker.stores.get(CONTENT_CACHE)!.entries.keys()]
    expect(kept).toContain(`${ORIGIN}/point/lu-9-taiyuan`)
    expect(kept).not.toContain(`${ORIGIN}/account-settings/my-profile`)

    worker.state.online = false
    expect(await worker.request("/point/lu-9-taiyuan", { navigate: true })).toEqual(point)
    const shell = await worker.request("/account-settings/my-profile", { navigate: true })
    expect(shell).toMatchObject({ status: 200, body: expect.stringContaining(`GET ${SHELL_PAGE}`) })
    expect(await worker.request("/point/lu-10-yuji", { navigate: true })).toEqual(shell)
  })
})
