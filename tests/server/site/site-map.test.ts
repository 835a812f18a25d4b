// sitemap.xml and robots.txt as a search engine fetches them: every public page once as an absolute
// address — the 409 points with the locked ones, every channel, vessel, category, body area and book
// chapter, and their indexes —, XML with its type, revalidated with its ETag and sent compressed;
// robots.txt keeps crawlers out of private pages and names the sitemap. Both win over the built app.
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loadContent } from "../../../server/content/load-content.ts"
import { DISALLOWED_PATHS } from "../../../server/site/site-map.ts"
import { DATABASES, HTTP_LAYER_DATABASES, startTestServer, type TestServer } from "../support/harness.ts"

const content = loadContent()
const ORIGIN = "http://app.test"
const free = new Set<string>(content.access.free.channels)
const channelPoints = content.channels.flatMap((c) => c.points.map((p) => ({ ...p, free: free.has(c.code) })))
const allPoints = [...channelPoints, ...content.extraPoints.map((p) => ({ ...p, free: false }))]

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!)

describe.each(DATABASES)("sitemap.xml and robots.txt on %s", (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(kind)
  })
  afterAll(() => server.close())

  it("lists every public page once, as an absolute address, in XML", async () => {
    const response = await server.request("/sitemap.xml")
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8")
    const xml = await response.text()
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true)
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(xml).not.toContain("<lastmod>")
    const urls = locs(xml)
    expect(new Set(urls).size).toBe(urls.length)
    for (const url of urls) expect(url.startsWith(`${ORIGIN}/`), url).toBe(true)
    const paths = new Set(urls.map((url) => url.slice(ORIGIN.length)))

    // The 409 points, the locked ones too: their pages show their public facts.
    expect(allPoints).toHaveLength(409)
    expect(urls.filter((url) => url.startsWith(`${ORIGIN}/point/`))).toHaveLength(409)
    for (const point of allPoints) expect(paths.has(`/point/${point.slug}`), point.code).toBe(true)
    const lockedOne = allPoints.find((p) => p.code === "ST-36")!
    const freeOne = allPoints.find((p) => p.code === "LU-9")!
    expect([lockedOne.free, freeOne.free]).toEqual([false, true])
    expect(paths.has("/point/st-36-zusanli")).toBe(true)
    expect(paths.has("/point/lu-9-taiyuan")).toBe(true)

    for (const path of [
      "/",
      "/about",
      "/about-us",
      "/pricing",
      "/book/charts",
      "/book/pages",
      "/book/pages/channels",
      "/book/pages/extra-points",
      "/book/pages/categories",
      "/book/pages/body-areas",
      ...content.pages.map((p) => `/book/pages/${p.slug}`),
      ...content.channels.map((c) => `/book/pages/channels/${c.slug}`),
      ...content.vessels.map((v) => `/book/pages/vessels/${v.slug}`),
      ...content.categories.map((c) => `/book/pages/categories/${c.slug}`),
      ...content.bodyAreas.map((a) => `/body-area/${a.slug}`),
    ])
      expect(paths.has(path), path).toBe(true)
    // Nothing private or of a flow.
    for (const path of paths) expect(path).not.toMatch(/^\/(api|account-settings|patient|my-|test|get|login)/)
    expect(urls).toHaveLength(
      10 +
        content.pages.length +
        content.channels.length +
        content.vessels.length +
        content.categories.length +
        content.bodyAreas.length +
        409,
    )
  })

  it("answers 304 to its own ETag, and goes out compressed when the client takes it", async () => {
    const first = await server.request("/sitemap.xml")
    const etag = first.headers.get("etag")!
    expect(etag).toMatch(/^"[\w-]+"$/)
    const plain = await first.text()
    const again = await server.request("/sitemap.xml", { headers: { "if-none-match": etag } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe("")

    for (const [coding, decode] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const packed = await server.request("/sitemap.xml", { headers: { "accept-encoding": coding } })
      expect(packed.headers.get("content-encoding")).toBe(coding)
      expect(packed.headers.get("vary")).toContain("Accept-Encoding")
      const body = Buffer.from(await packed.arrayBuffer())
      expect(body.length).toBeLessThan(plain.length / 4)
      expect(decode(body).toString()).toBe(plain)
      const tag = packed.headers.get("etag")!
      expect(tag).not.toBe(etag)
      expect(
        (await server.request("/sitemap.xml", { headers: { "accept-encoding": coding, "if-none-match": tag } })).status,
      ).toBe(304)
    }
  })

  it("robots.txt keeps crawlers out of the API and private pages and names the sitemap", async () => {
    const response = await server.request("/robots.txt")
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8")
    const text = await response.text()
    expect(text.split("\n")[0]).toBe("User-agent: *")
    for (const path of [
      "/api/",
      "/account-settings/",
      "/patient/",
      "/my-notes",
      "/my-point-groups",
      "/test",
      "/get/results",
    ])
      expect(text).toContain(`\nDisallow: ${path}\n`)
    expect(DISALLOWED_PATHS).toHaveLength(7)
    expect(text).toContain(`\nSitemap: ${ORIGIN}/sitemap.xml\n`)
    // Public pages stay open to crawlers.
    expect(text).not.toMatch(/Disallow: \/(point|book|body-area|pricing|about)?\s*$/m)
    const again = await server.request("/robots.txt", { headers: { "if-none-match": response.headers.get("etag")! } })
    expect(again.status).toBe(304)
  })
})

describe.each(HTTP_LAYER_DATABASES)("beside the built app on %s", (kind) => {
  let server: TestServer
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), "jingluo-dist-"))
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>Jingluo</title><div id=root></div>")
    // A file of the same name in a build does not hide the server's own.
    writeFileSync(join(dist, "robots.txt"), "User-agent: *\nDisallow: /\n")
    server = await startTestServer(kind, { staticDir: dist })
  })
  afterAll(() => server.close())

  it("answers the sitemap and robots.txt, never the app's page", async () => {
    for (const path of ["/sitemap.xml", "/robots.txt"]) {
      const response = await server.request(path, { headers: { accept: "text/html,application/xhtml+xml,*/*" } })
      expect(response.status, path).toBe(200)
      const text = await response.text()
      expect(text, path).not.toContain("<div id=root>")
      expect(text, path).not.toContain("Disallow: /\n")
    }
  })
})
