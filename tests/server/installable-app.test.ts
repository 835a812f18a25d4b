// The installable app (issue 33): the web app manifest and the service worker are served with their
// types; the worker is asked for again on every visit, so a new build's worker is found at once; the
// manifest names the app, its colours and icons that exist at their sizes; and every page the server
// sends (the app's shell, and the pages it draws from it) links the manifest, its colour and the
// home-screen icon.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MANIFEST_PATH, SERVICE_WORKER_PATH } from "../../src/domain/shared/offline.ts"
import { HTTP_LAYER_DATABASES, startTestServer, type TestServer } from "./support/harness.ts"

const root = resolve(import.meta.dirname, "..", "..")
const INDEX = readFileSync(join(root, "index.html"), "utf8")
const MANIFEST = readFileSync(join(root, "public", "manifest.webmanifest"), "utf8")
const WORKER = `self.addEventListener("fetch", () => {})\n`

/** A build with the real index.html and manifest, a worker and a hashed script. */
const build = () => {
  const dir = mkdtempSync(join(tmpdir(), "jingluo-installable-"))
  mkdirSync(join(dir, "assets"))
  writeFileSync(join(dir, "index.html"), INDEX)
  writeFileSync(join(dir, "manifest.webmanifest"), MANIFEST)
  writeFileSync(join(dir, "sw.js"), WORKER)
  writeFileSync(join(dir, "assets", "app-1a2b3c.js"), "export{}\n")
  return dir
}

/** Width and height from a PNG's header. */
const pngSize = (file: string) => {
  const bytes = readFileSync(file)
  expect(bytes.subarray(1, 4).toString()).toBe("PNG")
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`
}

describe.each(HTTP_LAYER_DATABASES)("the installable app on %s", (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(kind, { staticDir: build() })
  })
  afterAll(() => server.close())

  it("serves the manifest as application/manifest+json, revalidated by its ETag", async () => {
    const response = await server.request(MANIFEST_PATH)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("application/manifest+json")
    expect(response.headers.get("cache-control")).toBe("no-cache")
    const etag = response.headers.get("etag")
    expect(etag).toMatch(/^"[^"]+"$/)
    expect(JSON.parse(await response.text())).toEqual(JSON.parse(MANIFEST))
    expect((await server.request(MANIFEST_PATH, { headers: { "if-none-match": etag! } })).status).toBe(304)
  })

  it("serves the service worker as a script that is never kept without asking (no-cache)", async () => {
    const response = await server.request(SERVICE_WORKER_PATH)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8")
    expect(response.headers.get("cache-control")).toBe("no-cache")
    expect(await response.text()).toBe(WORKER)
    // Hashed files, by contrast, are kept for a year.
    expect((await server.request("/assets/app-1a2b3c.js")).headers.get("cache-control")).toBe(
      "public, max-age=31536000, immutable",
    )
  })

  it("links the manifest, the theme colour and the home-screen icon from the pages it sends", async () => {
    for (const path of ["/", "/point/lu-9-taiyuan", "/login"]) {
      const page = await (await server.request(path, { headers: { accept: "text/html" } })).text()
      expect(page, path).toContain(`<link rel="manifest" href="${MANIFEST_PATH}" />`)
      expect(page, path).toContain('<meta name="theme-color" content="#0f5c4d" />')
      expect(page, path).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />')
    }
  })
})

describe("the manifest", () => {
  const manifest = JSON.parse(MANIFEST) as {
    name: string
    short_name: string
    start_url: string
    scope: string
    display: string
    theme_color: string
    background_color: string
    icons: ReadonlyArray<{ src: string; sizes: string; type: string; purpose: string }>
  }
  const styles = readFileSync(join(root, "src", "ui", "styles.css"), "utf8")
  const variable = (name: string) => new RegExp(`--${name}:\\s*(#[0-9a-f]{6});`).exec(styles)?.[1]

  it("names the app, opens it standalone at / and takes its colours from the app's styles", () => {
    expect(manifest.name).toBe("Jingluo")
    expect(manifest.short_name).toBe("Jingluo")
    expect(manifest.start_url).toBe("/")
    expect(manifest.scope).toBe("/")
    expect(manifest.display).toBe("standalone")
    expect(manifest.theme_color).toBe(variable("jade"))
    expect(manifest.background_color).toBe(variable("paper"))
    expect(INDEX).toContain(`<meta name="theme-color" content="${variable("jade")}" />`)
  })

  it("names PNG icons of 192 and 512 px and a maskable 512 px that exist at those sizes", () => {
    const icons = manifest.icons.map(({ src, sizes, type, purpose }) => {
      expect(type).toBe("image/png")
      expect(pngSize(join(root, "public", src)), src).toBe(sizes)
      return `${sizes} ${purpose}`
    })
    expect(icons).toEqual(["192x192 any", "512x512 any", "512x512 maskable"])
    expect(pngSize(join(root, "public", "icons", "apple-touch-icon.png"))).toBe("180x180")
  })
})
