// The first pages the server draws (server/pages/first-pages.ts, static-app.ts), over a real HTTP
// connection, with a render entry written by the test that shows in its markup exactly what the
// server handed it: the page of a content address drawn into the app's page of its language and
// groups, with the content answers embedded once — each exactly what the API answers the same caller
// (a locked item's public facts only, unless the session cookie is a Pro member's); the language of
// the cookie, else of Accept-Language (then remembered in the cookie); only the cookies scripts may
// read handed to the entry; one ETag per drawn document (304), never kept by a shared cache; the
// app's shell for an unknown item, an address not drawn, or an entry that fails; a form sent before
// the app took its page over sent back to the page; the render entry never served as a file.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { languagePage } from "../../../scripts/language-pages.ts"
import { PLAN_ID_PRO } from "../../../src/domain/billing/plans.ts"
import { COOKIE_LANGUAGE, LANGUAGE_COOKIE_MAX_AGE_SECONDS } from "../../../src/domain/shared/cookies.ts"
import { FIRST_PAGE_DATA_ID, type FirstPageData } from "../../../src/domain/shared/first-page.ts"
import { languagePageName, SELECTABLE_LANGUAGES, type SelectableLanguage } from "../../../src/domain/shared/locales.ts"
import type { PageGroup } from "../../../src/domain/shared/page-groups.ts"
import {
  createVerifiedUser,
  DATABASES,
  HTTP_LAYER_DATABASES,
  signIn,
  startTestServer,
  type TestServer,
} from "../support/harness.ts"

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Jingluo</title>
    <meta name="description" content="Learn the channels and points of acupuncture." />
    <script type="module" crossorigin src="/assets/app-1a2b3c.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`

/** A render entry that draws what it was handed, so the test sees the server's side of the contract. */
const ENTRY = `let drawn = 0
export const render = async ({ url, origin, language, cookies, answers }) => {
  drawn += 1
  return {
    html: "<main>" + JSON.stringify({ url, origin, language, cookies, keys: Object.keys(answers), drawn }) + "</main>",
    namespaces: ["common", "user"],
    head: "<title>T " + url + "</title>\\n<meta name=\\"description\\" content=\\"D " + language + "\\">",
  }
}
`

const THROWING_ENTRY = `export const render = async () => {
  throw new Error("this page cannot be drawn")
}
`

/** The app's page of a language and groups, as the build writes it (scripts/language-pages.ts). */
const languagePageOf = (language: SelectableLanguage, groups: ReadonlyArray<PageGroup> = []) =>
  languagePage(INDEX, language, {
    scripts: [`assets/common-${language}1.js`, ...groups.map((group) => `assets/pages-${group}1.js`)],
  })

/** A built app: index.html, the language pages (and their content pages), a script, and the render entry. */
const fakeBuild = (entry: string) => {
  const dir = mkdtempSync(join(tmpdir(), "jingluo-dist-"))
  mkdirSync(join(dir, "assets"))
  mkdirSync(join(dir, "server"))
  writeFileSync(join(dir, "index.html"), INDEX)
  for (const language of SELECTABLE_LANGUAGES) {
    writeFileSync(join(dir, languagePageName(language)), languagePageOf(language))
    writeFileSync(join(dir, languagePageName(language, ["content"])), languagePageOf(language, ["content"]))
  }
  writeFileSync(join(dir, "assets", "app-1a2b3c.js"), "console.log('app')\n")
  writeFileSync(join(dir, "server", "entry-server.js"), entry)
  return dir
}

/** What the fake entry was handed, as it drew it into `#root`. */
interface Handed {
  readonly url: string
  readonly origin: string
  readonly language: SelectableLanguage
  readonly cookies: Record<string, string>
  readonly keys: ReadonlyArray<string>
  readonly drawn: number
}

const DATA = new RegExp(`<script type="application/json" id="${FIRST_PAGE_DATA_ID}">([^<]*)</script>`)

/** The drawn document's parts: what the entry was handed and the embedded data (undefined in the shell). */
const partsOf = (html: string) => {
  const handed = /<div id="root"><main>(.*?)<\/main><\/div>/s.exec(html)?.[1]
  const data = DATA.exec(html)?.[1]
  return {
    handed: handed === undefined ? undefined : (JSON.parse(handed) as Handed),
    data: data === undefined ? undefined : (JSON.parse(data) as FirstPageData),
  }
}

const count = (text: string, part: string) => text.split(part).length - 1

const POINT = "/point/lu-9-taiyuan"
const PRO_POINT = "/point/st-36-zusanli"

describe.each(DATABASES)("the first pages the server draws, on %s", (kind) => {
  let server: TestServer
  let dist = ""
  let standard = ""
  let pro = ""
  beforeAll(async () => {
    dist = fakeBuild(ENTRY)
    server = await startTestServer(kind, { staticDir: dist }, { listen: true })
    standard = await signIn(server, (await createVerifiedUser(server)).email)
    const proUser = await createVerifiedUser(server)
    await server.sql("UPDATE users SET plan_id = $1 WHERE email = $2", [PLAN_ID_PRO, proUser.email])
    pro = await signIn(server, proUser.email)
  })
  afterAll(() => server.close())

  /** A browser's request for a page: HTML wanted, the cookies given, no redirect followed. */
  const page = (path: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
    fetch(`${server.origin}${path}`, {
      redirect: "manual",
      ...init,
      headers: { accept: "text/html,application/xhtml+xml", "accept-language": "en-US,en;q=0.9", ...headers },
    })

  const drawn = async (path: string, headers: Record<string, string> = {}) => {
    const response = await page(path, headers)
    const html = await response.text()
    return { response, html, ...partsOf(html) }
  }

  /** The API's answer for the same caller (the session as a bearer token), in a language. */
  const api = async (path: string, token?: string, locale: SelectableLanguage = "en") => {
    const response = await server.request(path, { token, locale })
    expect(response.status, path).toBe(200)
    return (await response.json()) as Record<string, unknown>
  }

  const session = (token: string) => ({ cookie: `token=${token}` })

  it("draws a free point into the content page of its language, with the API's answer embedded once", async () => {
    for (const token of [undefined, standard, pro]) {
      const { response, html, handed, data } = await drawn(POINT, token ? session(token) : {})
      expect(response.status).toBe(200)
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8")
      // The entry's markup inside #root, and what it was handed.
      expect(handed).toMatchObject({
        url: POINT,
        origin: "http://app.test",
        language: "en",
        keys: ["point/lu-9-taiyuan"],
      })
      // The page of the content group: its scripts preloaded; the drawn head in place of the app's.
      expect(html).toContain('<html lang="en">')
      expect(html).toContain('href="/assets/pages-content1.js"')
      expect(html).toContain(`<title>T ${POINT}</title>`)
      expect(html).not.toContain("<title>Jingluo</title>")
      expect(count(html, "<title>")).toBe(1)
      expect(count(html, '<meta name="description"')).toBe(1)
      expect(html).toContain('<meta name="description" content="D en">')
      expect(count(html, `id="${FIRST_PAGE_DATA_ID}"`)).toBe(1)
      expect(data).toEqual({
        url: POINT,
        language: "en",
        answers: { "point/lu-9-taiyuan": await api("/api/point/lu-9-taiyuan", token) },
        namespaces: ["common", "user"],
      })
    }
  })

  it("embeds a Pro point's public facts only for a visitor and a Standard member, the whole point for Pro", async () => {
    const full = await api("/api/point/st-36-zusanli", pro)
    expect(full._tag).toBeUndefined()
    const location = String(full.location)
    expect(location.length).toBeGreaterThan(20)
    for (const token of [undefined, standard]) {
      const { response, html, handed, data } = await drawn(PRO_POINT, token ? session(token) : {})
      expect(response.status).toBe(200)
      expect(handed?.keys).toEqual(["point/st-36-zusanli"])
      const answer = data!.answers["point/st-36-zusanli"] as Record<string, unknown>
      expect(answer).toMatchObject({ _tag: "Locked", item: { kind: "point", code: "ST-36" } })
      expect(Object.keys(answer).sort()).toEqual(["_tag", "item", "message"])
      expect(answer).toEqual(await api("/api/point/st-36-zusanli", token))
      expect(html).not.toContain(location.slice(0, 30))
      expect(html).not.toContain(String(full.commentary).slice(0, 30))
    }
    const { data } = await drawn(PRO_POINT, session(pro))
    expect(data!.answers["point/st-36-zusanli"]).toEqual(full)
  })

  it("takes the session from the cookie only: a bearer header or a forged cookie is a visitor", async () => {
    const bearer = await drawn(PRO_POINT, { authorization: `Bearer ${pro}` })
    expect(bearer.data!.answers["point/st-36-zusanli"]).toMatchObject({ _tag: "Locked" })
    const forged = await drawn(PRO_POINT, session("forged-token"))
    expect(forged.response.status).toBe(200)
    expect(forged.data!.answers["point/st-36-zusanli"]).toMatchObject({ _tag: "Locked" })
  })

  it("draws in the language of the cookie, and says so", async () => {
    const { response, html, handed, data } = await drawn(POINT, {
      cookie: `${COOKIE_LANGUAGE}=de`,
      "accept-language": "es-ES,es;q=0.9",
    })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-language")).toBe("de")
    expect(response.headers.get("set-cookie")).toBeNull()
    expect(html).toContain('<html lang="de">')
    expect(html).toContain('href="/assets/common-de1.js"')
    expect(html).toContain('<meta name="description" content="D de">')
    expect(handed?.language).toBe("de")
    expect(data?.language).toBe("de")
    expect(data?.answers["point/lu-9-taiyuan"]).toEqual(await api("/api/point/lu-9-taiyuan", undefined, "de"))
    // The German answer is not the English one.
    expect(data?.answers["point/lu-9-taiyuan"]).not.toEqual(await api("/api/point/lu-9-taiyuan"))
  })

  it("without the cookie, draws in the browser's language and remembers it in the cookie", async () => {
    const { response, html, handed, data } = await drawn(POINT, { "accept-language": "es-ES,es;q=0.9" })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-language")).toBe("es")
    expect(response.headers.get("set-cookie")).toBe(
      `${COOKIE_LANGUAGE}=es; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`,
    )
    expect(html).toContain('<html lang="es">')
    expect(handed?.language).toBe("es")
    expect(data?.answers["point/lu-9-taiyuan"]).toEqual(await api("/api/point/lu-9-taiyuan", undefined, "es"))
  })

  it("draws in English for an English browser, or one of a language the app lacks, without a cookie", async () => {
    for (const acceptLanguage of ["en-US,en;q=0.9", "fr-FR", "*"]) {
      const { response, html, handed } = await drawn(POINT, { "accept-language": acceptLanguage })
      expect(response.headers.get("content-language"), acceptLanguage).toBe("en")
      expect(response.headers.get("set-cookie"), acceptLanguage).toBeNull()
      expect(html).toContain('<html lang="en">')
      expect(handed?.language).toBe("en")
    }
  })

  it("draws in the language the browser's list prefers most among the app's, by its weights", async () => {
    const { response, html, handed } = await drawn(POINT, { "accept-language": "ru-RU,ru;q=0.9,de;q=0.8,en;q=0.7" })
    expect(response.headers.get("content-language")).toBe("de")
    expect(html).toContain('<html lang="de">')
    expect(handed?.language).toBe("de")
  })

  it("hands the entry only the cookies scripts read, never the session", async () => {
    const { html, handed, data } = await drawn(PRO_POINT, {
      cookie: [
        `token=${pro}`,
        "userdata=mei-chen",
        `${COOKIE_LANGUAGE}=en`,
        "cookieAccepted=yes",
        "jingluo_sign_up=pending",
        "tracker=1",
      ].join("; "),
    })
    expect(handed?.cookies).toEqual({ userdata: "mei-chen", language: "en", cookieAccepted: "yes" })
    expect(html).not.toContain(pro)
    expect(html).not.toContain("pending")
    // The session was read all the same: the Pro member's point is open.
    expect(data!.answers["point/st-36-zusanli"]).not.toHaveProperty("_tag")
    expect((await drawn(POINT)).handed?.cookies).toEqual({})
  })

  it("names a drawn document by one ETag, answers 304 for it, and lets no shared cache keep it", async () => {
    for (const encoding of ["identity", "br", "gzip"]) {
      const headers = { "accept-encoding": encoding, cookie: `token=${standard}` }
      const first = await page(POINT, headers)
      const second = await page(POINT, headers)
      const etag = first.headers.get("etag")!
      const copy = encoding === "identity" ? "" : encoding === "br" ? "-br" : "-gz"
      expect(etag).toMatch(new RegExp(`^"p-[A-Za-z0-9_-]{27}${copy}"$`))
      expect(first.headers.get("content-encoding")).toBe(encoding === "identity" ? null : encoding)
      expect(second.headers.get("etag")).toBe(etag)
      expect(await second.text()).toBe(await first.text())
      for (const answer of [first, second]) {
        const vary = (answer.headers.get("vary") ?? "").split(",").map((v) => v.trim())
        expect(vary).toEqual(expect.arrayContaining(["Cookie", "Accept-Language", "Accept-Encoding"]))
        expect(answer.headers.get("cache-control")).toBe("private, no-cache")
      }
      const revalidated = await page(POINT, { ...headers, "if-none-match": etag })
      expect(revalidated.status).toBe(304)
      expect(revalidated.headers.get("etag")).toBe(etag)
      expect(revalidated.headers.get("cache-control")).toBe("private, no-cache")
      expect(await revalidated.text()).toBe("")
    }
    // Another plan, another document.
    const standardTag = (await page(PRO_POINT, { cookie: `token=${standard}` })).headers.get("etag")
    const proTag = (await page(PRO_POINT, { cookie: `token=${pro}` })).headers.get("etag")
    expect(proTag).not.toBe(standardTag)
    expect((await page(PRO_POINT, { cookie: `token=${pro}`, "if-none-match": standardTag! })).status).toBe(200)
  })

  it("keeps a drawn document by what it was drawn from: the same request is not drawn again", async () => {
    const path = "/body-area/hand?kept=1"
    const first = await drawn(path)
    const again = await drawn(path)
    expect(again.handed?.drawn).toBe(first.handed?.drawn)
    // Other cookies are other inputs.
    const withConsent = await drawn(path, { cookie: "cookieAccepted=yes" })
    expect(withConsent.handed!.drawn).toBeGreaterThan(first.handed!.drawn)
    // An address too long to keep is drawn each time.
    const long = `${path}&q=${"x".repeat(400)}`
    const once = await drawn(long)
    const twice = await drawn(long)
    expect(twice.handed!.drawn).toBeGreaterThan(once.handed!.drawn)
    expect(twice.data?.url).toBe(long)
  })

  it("keeps an address's $ sequences as sent: the answers and the head are put in as they are", async () => {
    // String.replace reads $&, $` and $' in a replacement as parts of the page it replaces in.
    const path = `${POINT}?q=$&$\`$$`
    const { response, html, handed, data } = await drawn(path)
    expect(response.status).toBe(200)
    expect(handed?.url).toBe(path)
    expect(data?.url).toBe(path)
    expect(html).toContain(`<title>T ${path}</title>`)
    expect(count(html, "<title>")).toBe(1)
    expect(count(html, '<div id="root">')).toBe(1)
    expect(count(html, "<script")).toBe(2)
  })

  it("sends the app's shell for an unknown item", async () => {
    for (const [path, cookie, language] of [
      ["/point/xx-99-nothing", "", "en"],
      ["/book/pages/channels/no-such-channel", "", "en"],
      ["/book/pages/no-such-page", `${COOKIE_LANGUAGE}=de`, "de"],
      ["/body-area/no-such-area", `${COOKIE_LANGUAGE}=es`, "es"],
    ] as const) {
      const response = await page(path, cookie ? { cookie } : {})
      expect(response.status, path).toBe(200)
      const html = await response.text()
      expect(html, path).not.toContain(FIRST_PAGE_DATA_ID)
      expect(html, path).toBe(readFileSync(join(dist, languagePageName(language, ["content"])), "utf8"))
    }
  })

  it("sends the app's shell for an address it does not draw", async () => {
    for (const path of ["/my-notes", "/account-settings/my-profile", "/point/LU9", "/test/new/location-test"]) {
      const response = await page(path, { cookie: `token=${pro}` })
      expect(response.status, path).toBe(200)
      const html = await response.text()
      expect(html, path).not.toContain(FIRST_PAGE_DATA_ID)
      expect(html, path).not.toContain("<main>")
      expect(html, path).toContain('<div id="root"></div>')
      expect(response.headers.get("content-language"), path).toBeNull()
    }
    expect(await (await page("/my-notes")).text()).toBe(readFileSync(join(dist, languagePageName("en")), "utf8"))
  })

  it("sends a form sent before the app took its page over back to the page, and 404 elsewhere", async () => {
    const form = (path: string) =>
      page(
        path,
        { "content-type": "application/x-www-form-urlencoded" },
        { method: "POST", body: "email=mei%40example.com&password=lotus7root" },
      )
    for (const path of ["/pricing", "/about?from=mail", POINT]) {
      const answer = await form(path)
      expect(answer.status, path).toBe(303)
      expect(answer.headers.get("location"), path).toBe(path)
    }
    for (const path of ["/nothing-here", "/my-notes", "/login", "//login", "/api-nothing"]) {
      expect((await form(path)).status, path).toBe(404)
    }
  })

  it("never serves the render entry", async () => {
    for (const path of [
      "/server/entry-server.js",
      "/%73erver/entry-server.js",
      "/server/entry-server.js?x=1",
      "/server/./entry-server.js",
      "/assets/../server/entry-server.js",
    ]) {
      for (const accept of ["*/*", "text/html", "text/javascript"]) {
        const response = await page(path, { accept })
        expect(response.status, `${path} ${accept}`).toBe(404)
        expect(await response.text(), path).not.toContain("export const render")
      }
    }
  })

  it("draws the book's chapter on categories with its own answer and the categories it lists", async () => {
    const { response, handed, data } = await drawn("/book/pages/point-categories", session(standard))
    expect(response.status).toBe(200)
    expect(handed?.keys).toEqual(["bookPage/point-categories", "categoryIndex/"])
    expect(data?.answers).toEqual({
      "bookPage/point-categories": await api("/api/pages/point-categories", standard),
      "categoryIndex/": await api("/api/categories", standard),
    })
  })

  it("draws the other content pages from the API's answers", async () => {
    for (const [path, key, call] of [
      ["/book/pages", "bookIndex/", "/api/static-menus"],
      ["/book/pages/channels", "channelIndex/", "/api/channels"],
      ["/book/pages/channels/lung-channel", "channel/lung-channel", "/api/channels/lung-channel"],
      ["/book/pages/body-areas", "bodyAreaIndex/", "/api/body-area/list"],
      ["/body-area/hand", "bodyArea/hand", "/api/body-area/hand"],
      ["/book/pages/extra-points", "extraPoints/", "/api/extra-points"],
    ] as const) {
      const { response, handed, data } = await drawn(path, session(pro))
      expect(response.status, path).toBe(200)
      expect(handed?.keys, path).toEqual([key])
      expect(data?.answers[key], path).toEqual(await api(call, pro))
    }
  })
})

describe.each(HTTP_LAYER_DATABASES)("a render entry that fails, on %s", (kind) => {
  let server: TestServer
  let dist = ""
  beforeAll(async () => {
    dist = fakeBuild(THROWING_ENTRY)
    server = await startTestServer(kind, { staticDir: dist, logLevel: "error" }, { listen: true, logs: true })
  })
  afterAll(() => server.close())

  it("sends the app's shell, whose scripts draw the page in the browser, and logs the failure", async () => {
    for (const path of [POINT, "/", "/pricing"]) {
      const response = await fetch(`${server.origin}${path}`, { headers: { accept: "text/html" } })
      expect(response.status, path).toBe(200)
      const html = await response.text()
      expect(html, path).not.toContain(FIRST_PAGE_DATA_ID)
      expect(html, path).toContain('<div id="root"></div>')
    }
    expect(server.logs.some((line) => line.includes("Drawing a page failed"))).toBe(true)
  })
})
