// What goes over the wire (issue 10): the build's scripts and index.html as brotli, gzip or as they
// are by the client's Accept-Encoding, with Vary, the right type and length; JSON answers over
// 1 kB compressed the same way; index.html and content answers revalidated with an ETag (304);
// content answers kept per language and plan level, and a Pro text never sent to a Standard user
// or a visitor from what a Pro user's request left behind.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { request } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { languagePage } from "../../scripts/language-pages.ts"
import { precompressDir } from "../../scripts/precompress.ts"
import { loadContent } from "../../server/content/load-content.ts"
import { OPENAPI_PATH } from "../../server/platform/http/api-docs.ts"
import { PLAN_ID_PRO } from "../../src/domain/billing/plans.ts"
import { languagePageName, SELECTABLE_LANGUAGES, type SelectableLanguage } from "../../src/domain/shared/locales.ts"
import type { PageGroup } from "../../src/domain/shared/page-groups.ts"
import {
  createVerifiedUser,
  HTTP_LAYER_DATABASES,
  signIn,
  startTestServer,
  type TestServer,
} from "./support/harness.ts"

const SCRIPT = `${Array.from({ length: 400 }, (_, i) => `console.log("channel ${i % 14}", ${i});`).join("\n")}\n`
const INDEX = `<!doctype html><html><head><title>Jingluo</title><script type="module" src="/assets/app-1a2b3c.js"></script></head><body><div id="root"></div>${"<!-- the app renders here -->".repeat(60)}</body></html>`

const build = () => {
  const dir = mkdtempSync(join(tmpdir(), "jingluo-dist-"))
  mkdirSync(join(dir, "assets"))
  writeFileSync(join(dir, "index.html"), INDEX)
  writeFileSync(join(dir, "assets", "app-1a2b3c.js"), SCRIPT)
  writeFileSync(join(dir, "assets", "app-1a2b3c.js.map"), '{"version":3,"sources":["src/main.tsx"]}')
  writeFileSync(join(dir, "assets", "tiny-9f8e7d.js"), "export{}\n")
  precompressDir(dir)
  return dir
}

interface Raw {
  readonly status: number
  readonly headers: Record<string, string | Array<string> | undefined>
  readonly body: Buffer
}

/** A request over a real connection, the body as sent (fetch would decode it behind our back). */
const raw = (origin: string, path: string, headers: Record<string, string> = {}): Promise<Raw> =>
  new Promise((done, fail) => {
    const req = request(`${origin}${path}`, { headers }, (res) => {
      const chunks: Array<Buffer> = []
      res.on("data", (chunk: Buffer) => chunks.push(chunk))
      res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on("error", fail)
    })
    req.on("error", fail)
    req.end()
  })

const decode = (answer: Raw) => {
  const coding = answer.headers["content-encoding"]
  if (coding === "br") return brotliDecompressSync(answer.body).toString()
  if (coding === "gzip") return gunzipSync(answer.body).toString()
  expect(coding).toBeUndefined()
  return answer.body.toString()
}

const vary = (answer: Raw) =>
  String(answer.headers.vary ?? "")
    .split(",")
    .map((v) => v.trim().toLowerCase())

/** Accept-Encoding → the coding the server must pick. */
const NEGOTIATIONS = [
  ["br, gzip", "br"],
  ["gzip, deflate, br", "br"],
  ["gzip", "gzip"],
  ["br;q=0.5, gzip;q=0.8", "gzip"],
  ["br;q=0, gzip", "gzip"],
  ["*", "br"],
  ["br;q=0, gzip;q=0", undefined],
  ["identity", undefined],
  [undefined, undefined],
] as const

describe("the built app's files by Accept-Encoding, over a real connection", () => {
  let server: TestServer
  let dist = ""
  beforeAll(async () => {
    dist = build()
    server = await startTestServer("pglite", { staticDir: dist }, { listen: true })
  })
  afterAll(() => server.close())

  it("sends a script as brotli, gzip or as it is, with Vary, its type, its length and the same bytes decoded", async () => {
    for (const [accept, coding] of NEGOTIATIONS) {
      const answer = await raw(server.origin!, "/assets/app-1a2b3c.js", accept ? { "accept-encoding": accept } : {})
      expect(answer.status, String(accept)).toBe(200)
      expect(answer.headers["content-encoding"], String(accept)).toBe(coding)
      expect(vary(answer)).toContain("accept-encoding")
      expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8")
      expect(answer.headers["content-length"]).toBe(String(answer.body.length))
      expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
      expect(decode(answer)).toBe(SCRIPT)
      if (coding !== undefined) expect(answer.body.length).toBeLessThan(SCRIPT.length / 3)
    }
  })

  it("sends the precompressed copies the build wrote, not copies made per request", async () => {
    const br = await raw(server.origin!, "/assets/app-1a2b3c.js", { "accept-encoding": "br" })
    expect(br.body.equals(readFileSync(join(dist, "assets", "app-1a2b3c.js.br")))).toBe(true)
    const gz = await raw(server.origin!, "/assets/app-1a2b3c.js", { "accept-encoding": "gzip" })
    expect(gz.body.equals(readFileSync(join(dist, "assets", "app-1a2b3c.js.gz")))).toBe(true)
  })

  it("never serves the copies or a source map as files of their own", async () => {
    for (const path of ["/assets/app-1a2b3c.js.br", "/assets/app-1a2b3c.js.gz", "/assets/app-1a2b3c.js.map"])
      expect((await raw(server.origin!, path, { "accept-encoding": "br, gzip" })).status, path).toBe(404)
  })

  it("sends a file too small to gain as it is, without Vary", async () => {
    const answer = await raw(server.origin!, "/assets/tiny-9f8e7d.js", { "accept-encoding": "br, gzip" })
    expect(answer.status).toBe(200)
    expect(answer.headers["content-encoding"]).toBeUndefined()
    expect(answer.body.toString()).toBe("export{}\n")
  })

  it("answers index.html with no-cache and an ETag per coding, and 304 to that ETag", async () => {
    for (const [accept, coding] of NEGOTIATIONS) {
      const headers: Record<string, string> = accept
        ? { "accept-encoding": accept, accept: "text/html" }
        : { accept: "text/html" }
      for (const path of ["/", "/point/lu-9-taiyuan"]) {
        const first = await raw(server.origin!, path, headers)
        expect(first.status).toBe(200)
        expect(first.headers["cache-control"]).toBe("no-cache")
        expect(first.headers["content-type"]).toBe("text/html; charset=utf-8")
        expect(first.headers["content-encoding"]).toBe(coding)
        expect(decode(first)).toBe(INDEX)
        const etag = String(first.headers.etag)
        expect(etag).toMatch(/^"[^"]+"$/)
        const again = await raw(server.origin!, path, { ...headers, "if-none-match": etag })
        expect(again.status).toBe(304)
        expect(again.body.length).toBe(0)
        expect(again.headers.etag).toBe(etag)
        expect(vary(again)).toContain("accept-encoding")
      }
    }
    const plain = await raw(server.origin!, "/", { accept: "text/html" })
    const packed = await raw(server.origin!, "/", { accept: "text/html", "accept-encoding": "br" })
    expect(plain.headers.etag).not.toBe(packed.headers.etag)
    // A brotli copy's ETag does not make an identity answer 304.
    expect(
      (await raw(server.origin!, "/", { accept: "text/html", "if-none-match": String(packed.headers.etag) })).status,
    ).toBe(200)
  })
})

describe("the page of the interface language", () => {
  const page = (language: SelectableLanguage, groups: ReadonlyArray<PageGroup> = []) =>
    languagePage(INDEX.replace("<html>", '<html lang="en">'), language, {
      scripts: [`assets/common-${language}1.js`, ...groups.map((group) => `assets/pages-${group}1.js`)],
      styles: groups.map((group) => `assets/pages-${group}1.css`),
    })
  let server: TestServer
  beforeAll(async () => {
    const dist = build()
    for (const language of SELECTABLE_LANGUAGES) {
      writeFileSync(join(dist, languagePageName(language)), page(language))
      // The build writes a page for every set of groups; this one has four, so the others fall back.
      for (const groups of [["content"], ["sign-in"], ["account"], ["account", "billing"]] as const)
        writeFileSync(join(dist, languagePageName(language, groups)), page(language, groups))
    }
    precompressDir(dist)
    server = await startTestServer("pglite", { staticDir: dist }, { listen: true })
  })
  afterAll(() => server.close())

  it("is index.html with its lang and its first texts' scripts preloaded", () => {
    const german = page("de")
    expect(german).toContain('<html lang="de">')
    expect(german).toContain('<link rel="modulepreload" crossorigin href="/assets/common-de1.js">\n  </head>')
    const browsing = page("de", ["content"])
    expect(browsing).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/pages-content1.js">\n    <link rel="stylesheet" crossorigin href="/assets/pages-content1.css">\n  </head>',
    )
  })

  it("of a page group's address preloads the group's script and styles; other addresses get the language's page", async () => {
    const get = async (path: string) =>
      decode(await raw(server.origin!, path, { accept: "text/html", cookie: "language=es" }))
    expect(await get("/point/lu-9-taiyuan")).toBe(page("es", ["content"]))
    expect(await get("/book/pages/channels/lung-channel")).toBe(page("es", ["content"]))
    expect(await get("/login")).toBe(page("es", ["sign-in"]))
    expect(await get("/account-settings/my-profile")).toBe(page("es", ["account"]))
    expect(await get("/")).toBe(page("es"))
    expect(await get("/about")).toBe(page("es"))
    // A group whose page the build did not write gets the language's page.
    expect(await get("/pricing")).toBe(page("es"))
  })

  it("of a billing page inside the account settings preloads both groups' scripts and styles", async () => {
    const membership = decode(
      await raw(server.origin!, "/account-settings/my-membership", { accept: "text/html", cookie: "language=de" }),
    )
    expect(membership).toBe(page("de", ["account", "billing"]))
    for (const file of ["pages-account1.js", "pages-billing1.js"])
      expect(membership).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}">`)
    for (const file of ["pages-account1.css", "pages-billing1.css"])
      expect(membership).toContain(`<link rel="stylesheet" crossorigin href="/assets/${file}">`)
  })

  it("is sent by the language cookie, the default language without one, with Vary: Cookie and its own ETag", async () => {
    const get = (cookie: string | undefined, etag?: string) =>
      raw(server.origin!, "/point/lu-9-taiyuan", {
        accept: "text/html",
        "accept-encoding": "br",
        ...(cookie ? { cookie } : {}),
        ...(etag ? { "if-none-match": etag } : {}),
      })
    for (const [cookie, language] of [
      ["language=de", "de"],
      ["cookieAccepted=yes; language=es", "es"],
      [undefined, "en"],
      ["language=fr", "en"],
    ] as const) {
      const answer = await get(cookie)
      expect(answer.status, String(cookie)).toBe(200)
      expect(decode(answer), String(cookie)).toBe(page(language, ["content"]))
      expect(vary(answer)).toContain("cookie")
      expect(vary(answer)).toContain("accept-encoding")
      expect((await get(cookie, String(answer.headers.etag))).status).toBe(304)
    }
    const german = await get("language=de")
    const spanish = await get("language=es")
    expect(german.headers.etag).not.toBe(spanish.headers.etag)
    expect((await get("language=es", String(german.headers.etag))).status).toBe(200)
  })
})

const content = loadContent()
const freeChannels = new Set<string>(content.access.free.channels)
const lockedPoint = content.channels.find((c) => !freeChannels.has(c.code))!.points[0]!
const freePoint = content.channels.find((c) => freeChannels.has(c.code))!.points[0]!

describe.each(HTTP_LAYER_DATABASES)("JSON answers and content answers on %s", (kind) => {
  let server: TestServer
  let standard = ""
  let pro = ""
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { listen: true })
    standard = await signIn(server, (await createVerifiedUser(server)).email)
    const proUser = await createVerifiedUser(server)
    await server.sql("UPDATE users SET plan_id = $1 WHERE email = $2", [PLAN_ID_PRO, proUser.email])
    pro = await signIn(server, proUser.email)
  })
  afterAll(() => server.close())

  const get = (path: string, headers: Record<string, string> = {}, token?: string) =>
    raw(server.origin!, path, token ? { ...headers, authorization: `Bearer ${token}` } : headers)

  it("compresses a content answer by Accept-Encoding, with Vary, and decodes to the same JSON", async () => {
    const plain = await get("/api/channel-menus")
    expect(plain.status).toBe(200)
    expect(plain.body.length).toBeGreaterThan(1024)
    for (const [accept, coding] of NEGOTIATIONS) {
      const answer = await get("/api/channel-menus", accept ? { "accept-encoding": accept } : {})
      expect(answer.status).toBe(200)
      expect(answer.headers["content-encoding"], String(accept)).toBe(coding)
      expect(answer.headers["content-type"]).toContain("application/json")
      expect(answer.headers["content-length"]).toBe(String(answer.body.length))
      expect(vary(answer)).toEqual(expect.arrayContaining(["accept-encoding", "authorization", "locale"]))
      expect(JSON.parse(decode(answer))).toEqual(JSON.parse(plain.body.toString()))
    }
  })

  it("compresses any other JSON answer over 1 kB, and leaves small ones as they are", async () => {
    const plain = await get(OPENAPI_PATH)
    expect(plain.status).toBe(200)
    for (const [accept, coding] of NEGOTIATIONS) {
      const answer = await get(OPENAPI_PATH, accept ? { "accept-encoding": accept } : {})
      expect(answer.headers["content-encoding"], String(accept)).toBe(coding)
      expect(vary(answer)).toContain("accept-encoding")
      expect(answer.headers["content-length"]).toBe(String(answer.body.length))
      expect(JSON.parse(decode(answer))).toEqual(JSON.parse(plain.body.toString()))
    }
    const health = await get("/api/health", { "accept-encoding": "br, gzip" })
    expect(health.status).toBe(200)
    expect(health.headers["content-encoding"]).toBeUndefined()
    expect(health.headers["cache-control"]).toBe("no-store")
  })

  it("answers a content call with an ETag and 304 to it, in every coding", async () => {
    const path = `/api/point/${freePoint.slug}`
    for (const [accept] of NEGOTIATIONS) {
      const headers: Record<string, string> = accept ? { "accept-encoding": accept } : {}
      const first = await get(path, headers)
      expect(first.status).toBe(200)
      expect(first.headers["cache-control"]).toBe("private, no-cache")
      const etag = String(first.headers.etag)
      expect(etag).toMatch(/^"[^"]+"$/)
      const again = await get(path, { ...headers, "if-none-match": etag })
      expect(again.status).toBe(304)
      expect(again.body.length).toBe(0)
      expect(again.headers.etag).toBe(etag)
      // The same answer asked again without the tag is the same bytes.
      expect((await get(path, headers)).body.equals(first.body)).toBe(true)
    }
  })

  it("answers 304 to a copy of the same bytes from an earlier content version, with the current ETag", async () => {
    const path = `/api/point/${freePoint.slug}`
    const etag = String((await get(path, { "accept-encoding": "br" })).headers.etag)
    // The content version's 8 characters open the tag; an older seed's copy of the same bytes differs only there.
    const older = `"zzzzzzzz-${etag.slice(10)}`
    expect(older).not.toBe(etag)
    const unchanged = await get(path, { "accept-encoding": "br", "if-none-match": older })
    expect(unchanged.status).toBe(304)
    expect(unchanged.headers.etag).toBe(etag)
    // Other bytes, or the same bytes in another coding, are sent again.
    const changed = `${older.slice(0, -4)}xxx"`
    expect((await get(path, { "accept-encoding": "br", "if-none-match": changed })).status).toBe(200)
    expect((await get(path, { "accept-encoding": "gzip", "if-none-match": older })).status).toBe(200)
  })

  it("gives every language and every plan level its own ETag, and a tag of one never answers 304 to another", async () => {
    const path = `/api/point/${freePoint.slug}`
    const tags = new Map<string, string>()
    for (const locale of ["en", "de", "es"])
      for (const [level, token] of [
        ["visitor", undefined],
        ["standard", standard],
        ["pro", pro],
      ] as const) {
        const answer = await get(path, { locale }, token)
        expect(answer.status).toBe(200)
        tags.set(`${locale} ${level}`, String(answer.headers.etag))
      }
    expect(new Set(tags.values()).size).toBe(tags.size)
    const proTag = tags.get("en pro")!
    expect((await get(path, { locale: "en", "if-none-match": proTag }, standard)).status).toBe(200)
    expect((await get(path, { locale: "de", "if-none-match": proTag }, pro)).status).toBe(200)
    expect((await get(path, { locale: "en", "if-none-match": proTag }, pro)).status).toBe(304)
  })

  it("never sends a Pro text to a Standard user or a visitor after a Pro user fetched it", async () => {
    const path = `/api/point/${lockedPoint.slug}`
    for (const accept of ["br, gzip", ""]) {
      const forPro = await get(path, { "accept-encoding": accept }, pro)
      expect(forPro.status).toBe(200)
      const proText = JSON.parse(decode(forPro)) as { location: string; indications: string }
      expect(proText.location.length).toBeGreaterThan(0)
      for (const token of [standard, undefined]) {
        for (const extra of [{}, { "if-none-match": String(forPro.headers.etag) }] as Array<Record<string, string>>) {
          const answer = await get(path, { "accept-encoding": accept, ...extra }, token)
          // The locked answer, made afresh each time: never the Pro answer kept for the Pro user.
          expect(answer.status).toBe(200)
          const text = decode(answer)
          expect(JSON.parse(text)).toMatchObject({ _tag: "Locked" })
          expect(text).not.toContain(proText.location)
          expect(text).not.toContain(proText.indications)
          expect(answer.headers.etag).toBeUndefined()
        }
      }
    }
  })
})
