// Simulated learners for the memory row: each is one concurrent client walking the app back to
// back, as the app's pages call the API. A visit opens the app (index.html, the quote of the day,
// and on the first visit the scripts and stylesheet), then page after page: points (most often),
// channels, the channel menu, body areas, book pages; a signed-in learner signs in first (argon2)
// and looks at the dashboard now and then. Three in four are visitors, the rest members, of them
// two in five Pro.
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { type Account, signIn } from "./accounts.ts"
import { percentile } from "./util.ts"

export interface Catalogue {
  readonly points: ReadonlyArray<string>
  readonly channels: ReadonlyArray<string>
  readonly bodyAreas: ReadonlyArray<string>
  readonly bookPages: ReadonlyArray<string>
  readonly assets: ReadonlyArray<string>
}

const getJson = async <A>(url: string, token?: string): Promise<A> => {
  const response = await fetch(url, token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } })
  if (!response.ok) throw new Error(`${new URL(url).pathname} answered ${response.status}`)
  return (await response.json()) as A
}

/**
 * The slugs a learner can walk to, read from the API as the app's menus read them — as a Pro
 * member sees them, so every point is there; a visitor who opens a Pro page gets its 403.
 */
export const readCatalogue = async (base: string, distDir: string, token?: string): Promise<Catalogue> => {
  type MenuItem = { slug?: string; itemType?: string; children?: Array<MenuItem>; points?: Array<MenuItem> }
  const menus = await getJson<Array<MenuItem>>(`${base}/api/channel-menus`, token)
  const points: Array<string> = []
  const walk = (items: ReadonlyArray<MenuItem>) => {
    for (const item of items) {
      if (item.itemType === "point" && item.slug) points.push(item.slug)
      walk(item.children ?? [])
      walk(item.points ?? [])
    }
  }
  walk(menus)
  const channels = (await getJson<{ channels: Array<{ slug: string }> }>(`${base}/api/channels`)).channels.map(
    (c) => c.slug,
  )
  const bodyAreas = (await getJson<Array<{ slug: string }>>(`${base}/api/body-area/list`)).map((b) => b.slug)
  const bookPages = (await getJson<Array<{ slug: string }>>(`${base}/api/static-menus`)).map((p) => p.slug)
  const html = readFileSync(join(distDir, "index.html"), "utf8")
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!)
  if (points.length === 0 || channels.length === 0) throw new Error("the channel menu lists no points or channels")
  return { points: [...new Set(points)], channels, bodyAreas, bookPages, assets }
}

export interface LearnerLoad {
  readonly learners: number
  readonly seconds: number
  readonly requests: number
  readonly byEndpoint: ReadonlyMap<string, { count: number; statuses: Map<number, number> }>
  readonly failures: number
  /**
   * GETs sent again once because the server had closed the kept-alive connection they were sent on
   * (its 5 s idle timeout passed while this one busy process was still reading and decoding the
   * previous answer); browsers retry those the same way.
   */
  readonly retried: number
  readonly p50: number
  readonly p99: number
}

const pick = <A>(items: ReadonlyArray<A>) => items[Math.floor(Math.random() * items.length)]!

export const runLearners = async (
  base: string,
  catalogue: Catalogue,
  accounts: { readonly free: ReadonlyArray<Account>; readonly pro: ReadonlyArray<Account> },
  options: { readonly learners: number; readonly seconds: number },
): Promise<LearnerLoad> => {
  const byEndpoint = new Map<string, { count: number; statuses: Map<number, number> }>()
  const latencies: Array<number> = []
  let failures = 0
  let retried = 0
  const deadline = Date.now() + options.seconds * 1000
  const started = performance.now()

  const call = async (endpoint: string, path: string, init: RequestInit & { token?: string | undefined } = {}) => {
    if (Date.now() >= deadline) return undefined
    const { token, ...rest } = init
    const headers = new Headers(rest.headers)
    headers.set("accept-encoding", "br, gzip")
    headers.set("accept-language", "en")
    if (token !== undefined) headers.set("authorization", `Bearer ${token}`)
    const t = performance.now()
    const send = () => fetch(`${base}${path}`, { ...rest, headers })
    try {
      const response = await send().catch((error: unknown) => {
        const code = (error as { cause?: { code?: string } }).cause?.code
        if ((rest.method ?? "GET") !== "GET" || code !== "UND_ERR_SOCKET") throw error
        retried++
        return send()
      })
      const body = await response.arrayBuffer()
      latencies.push(performance.now() - t)
      const entry = byEndpoint.get(endpoint) ?? { count: 0, statuses: new Map<number, number>() }
      entry.count++
      entry.statuses.set(response.status, (entry.statuses.get(response.status) ?? 0) + 1)
      byEndpoint.set(endpoint, entry)
      return { status: response.status, body }
    } catch {
      failures++
      return undefined
    }
  }

  const learner = async (index: number) => {
    // 0–149 visitors, then members: 30 free, 20 Pro (for 200 learners).
    const memberFrom = Math.floor(options.learners * 0.75)
    const proFrom = Math.floor(options.learners * 0.9)
    const account =
      index >= proFrom && accounts.pro.length > 0
        ? pick(accounts.pro)
        : index >= memberFrom && accounts.free.length > 0
          ? pick(accounts.free)
          : undefined
    let token: string | undefined
    let firstVisit = true
    while (Date.now() < deadline) {
      // A visit: the app shell, the quote the footer shows, and on the first visit the scripts and
      // stylesheet (they are immutable, so later visits have them cached).
      await call("GET / (index.html)", "/", { headers: { accept: "text/html" } })
      if (firstVisit) for (const asset of catalogue.assets) await call("GET /assets/* (first visit)", asset)
      firstVisit = false
      await call("GET /api/quote-of-the-day", "/api/quote-of-the-day", { token })
      if (account !== undefined && token === undefined) {
        if (Date.now() >= deadline) break
        const t = performance.now()
        try {
          token = await signIn(base, account.email)
          latencies.push(performance.now() - t)
          const entry = byEndpoint.get("POST /api/login") ?? { count: 0, statuses: new Map<number, number>() }
          entry.count++
          entry.statuses.set(200, (entry.statuses.get(200) ?? 0) + 1)
          byEndpoint.set("POST /api/login", entry)
        } catch {
          failures++
        }
        await call("GET /api/dashboard", "/api/dashboard", { token })
      }
      for (let view = 0; view < 12 && Date.now() < deadline; view++) {
        const roll = Math.random()
        if (roll < 0.45) await call("GET /api/point/:slug", `/api/point/${pick(catalogue.points)}`, { token })
        else if (roll < 0.6)
          await call("GET /api/channels/:slug", `/api/channels/${pick(catalogue.channels)}`, { token })
        else if (roll < 0.7) await call("GET /api/channel-menus", "/api/channel-menus", { token })
        else if (roll < 0.8 && catalogue.bodyAreas.length > 0)
          await call("GET /api/body-area/:slug", `/api/body-area/${pick(catalogue.bodyAreas)}`, { token })
        else if (roll < 0.9 && catalogue.bookPages.length > 0)
          await call("GET /api/pages/:slug", `/api/pages/${pick(catalogue.bookPages)}`, { token })
        else if (token !== undefined) await call("GET /api/dashboard", "/api/dashboard", { token })
        else await call("GET /api/body-area/list", "/api/body-area/list")
      }
    }
  }

  await Promise.all(Array.from({ length: options.learners }, (_, i) => learner(i)))
  const seconds = (performance.now() - started) / 1000
  return {
    learners: options.learners,
    seconds,
    requests: [...byEndpoint.values()].reduce((n, e) => n + e.count, 0),
    byEndpoint,
    failures,
    retried,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  }
}
