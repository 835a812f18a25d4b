// What the browser downloads to render each route group: every script and stylesheet response of
// a cold load in Chromium (fresh context, so nothing cached), raw, gzip (zlib, so figures compare
// whatever the server sends) and as transferred; what those scripts are made of (each library and
// folder of ours, through the build's source maps); plus what index.html references by itself.
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { gzipSync } from "node:zlib"
import { eachMapping, TraceMap } from "@jridgewell/trace-mapping"
import { chromium } from "@playwright/test"
import playwrightConfig from "../../playwright.config.ts"
import { referencedFiles, scriptsBeforeUsable, totalOf } from "./documents.ts"
import { partOf } from "./startup.ts"
import { kb } from "./util.ts"

export interface RouteGroup {
  readonly name: string
  readonly path: string
}

export interface Download {
  readonly url: string
  readonly type: "script" | "stylesheet"
  readonly raw: number
  readonly gzip: number
  /** Encoded body bytes on the wire (compressed when the server compressed it). */
  readonly wire: number
  readonly encoding: string
}

export interface RouteLoad {
  readonly route: RouteGroup
  readonly downloads: ReadonlyArray<Download>
  readonly apiCalls: ReadonlyArray<string>
  readonly js: { raw: number; gzip: number; wire: number }
  readonly css: { raw: number; gzip: number; wire: number }
}

const sum = (downloads: ReadonlyArray<Download>) => ({
  raw: downloads.reduce((n, d) => n + d.raw, 0),
  gzip: downloads.reduce((n, d) => n + d.gzip, 0),
  wire: downloads.reduce((n, d) => n + d.wire, 0),
})

/** The same Chromium and flags as the browser tests (playwright.config.ts). */
export const launchOptions = () => ({
  ...playwrightConfig.use?.launchOptions,
  executablePath: playwrightConfig.use?.launchOptions?.executablePath ?? "/usr/bin/chromium",
})

export const measureRoutes = async (base: string, routes: ReadonlyArray<RouteGroup>): Promise<Array<RouteLoad>> => {
  const browser = await chromium.launch(launchOptions())
  try {
    const loads: Array<RouteLoad> = []
    for (const route of routes) {
      const context = await browser.newContext({ baseURL: base })
      const page = await context.newPage()
      const pending: Array<Promise<Download | undefined>> = []
      const apiCalls: Array<string> = []
      page.on("request", (request) => {
        const url = new URL(request.url())
        if (url.pathname.startsWith("/api/")) apiCalls.push(`${request.method()} ${url.pathname}`)
      })
      page.on("response", (response) => {
        const type = response.request().resourceType()
        if (type !== "script" && type !== "stylesheet") return
        pending.push(
          (async () => {
            try {
              const body = await response.body()
              const sizes = await response.request().sizes()
              return {
                url: new URL(response.url()).pathname,
                type,
                raw: body.length,
                gzip: gzipSync(body).length,
                wire: sizes.responseBodySize,
                encoding: (await response.headerValue("content-encoding")) ?? "none",
              }
            } catch {
              // A response that arrives as the page closes has no body to read.
              return undefined
            }
          })(),
        )
      })
      let inFlight = 0
      let lastActivity = Date.now()
      const busy = () => {
        inFlight++
        lastActivity = Date.now()
      }
      const done = () => {
        inFlight--
        lastActivity = Date.now()
      }
      page.on("request", busy)
      page.on("requestfinished", done)
      page.on("requestfailed", done)
      await page.goto(route.path, { waitUntil: "load" })
      // Rendered: the page shows a heading (a lazy route has loaded its chunk and its data)…
      await page
        .locator("h1, h2")
        .first()
        .waitFor({ timeout: 30_000 })
        .catch(() => undefined)
      // …and the network has been quiet for 1.5 s, so late chunks and translations are counted.
      const deadline = Date.now() + 30_000
      while ((inFlight > 0 || Date.now() - lastActivity < 1500) && Date.now() < deadline) await page.waitForTimeout(100)
      page.removeAllListeners()
      const downloads = (await Promise.all(pending)).filter((d): d is Download => d !== undefined)
      loads.push({
        route,
        downloads,
        apiCalls,
        js: sum(downloads.filter((d) => d.type === "script")),
        css: sum(downloads.filter((d) => d.type === "stylesheet")),
      })
      await context.close()
    }
    return loads
  } finally {
    await browser.close()
  }
}

/** The scripts and stylesheets `dist/index.html` itself references (entry, modulepreloads, CSS). */
export const indexReferences = (distDir: string) => {
  const files = referencedFiles(distDir, readFileSync(join(distDir, "index.html"), "utf8"))
  return { files, js: totalOf(files.filter((f) => !f.css)), css: totalOf(files.filter((f) => f.css)) }
}

/**
 * The JS a drawn page needs before it is usable, from the document as the server sent it: its module
 * entry, every `modulepreload`, and what those import statically (scripts/bench/documents.ts).
 */
export const jsBeforeUsable = (distDir: string, html: string) => {
  const files = scriptsBeforeUsable(distDir, html)
  return { files, ...totalOf(files) }
}

export const printRouteLoads = (loads: ReadonlyArray<RouteLoad>) => {
  for (const load of loads) {
    console.log(
      `  ${load.route.name} (${load.route.path}): JS ${kb(load.js.raw)} raw, ${kb(load.js.gzip)} gzip, ${kb(load.js.wire)} on the wire; CSS ${kb(load.css.raw)} raw, ${kb(load.css.gzip)} gzip`,
    )
    for (const d of [...load.downloads].sort((a, b) => b.raw - a.raw))
      console.log(
        `      ${d.url.padEnd(40)} ${kb(d.raw).padStart(10)} raw ${kb(d.gzip).padStart(10)} gzip ${kb(d.wire).padStart(10)} wire (${d.encoding})`,
      )
    console.log(`      API calls: ${load.apiCalls.length === 0 ? "none" : load.apiCalls.join(", ")}`)
  }
}

/** A share of a route's scripts: a library, a folder of our code, or code its map names no source for. */
export interface ScriptPart {
  readonly part: string
  readonly library: boolean
  readonly raw: number
  /** The part's code gzipped on its own: the parts add up to a little more than the whole. */
  readonly gzip: number
}

/**
 * What a route's scripts are made of: each stretch of a built script is put on the source its map
 * names (a stretch runs to the next mapping or the end of its line; code the map leaves unnamed goes
 * with the stretch before it), and each part's stretches, from all the route's scripts, are
 * gzipped together. Code before a script's first mapping (the bundler's own), scripts whose map names
 * no source (the texts' chunks, `locales/*.json`) and scripts without a map are "unmapped".
 */
const UNMAPPED = "(unmapped)"

export const scriptParts = (distDir: string, load: RouteLoad): ReadonlyArray<ScriptPart> => {
  const code = new Map<string, Array<string>>()
  const add = (part: string, text: string) => {
    const list = code.get(part) ?? []
    list.push(text)
    code.set(part, list)
  }
  for (const download of load.downloads.filter((d) => d.type === "script")) {
    const file = join(distDir, download.url.replace(/^\//, ""))
    let map: TraceMap
    let lines: Array<string>
    try {
      lines = readFileSync(file, "utf8").split("\n")
      map = new TraceMap(readFileSync(`${file}.map`, "utf8"))
    } catch {
      add(UNMAPPED, readFileSync(file, "utf8"))
      continue
    }
    const mappings: Array<{ line: number; column: number; source: string | null }> = []
    eachMapping(map, (m) => mappings.push({ line: m.generatedLine, column: m.generatedColumn, source: m.source }))
    let current = UNMAPPED
    let cursor = { line: 1, column: 0 }
    const take = (to: { line: number; column: number }) => {
      for (let line = cursor.line; line <= to.line; line++) {
        const text = lines[line - 1] ?? ""
        const from = line === cursor.line ? cursor.column : 0
        const end = line === to.line ? to.column : text.length
        if (end > from) add(current, text.slice(from, end))
      }
      cursor = to
    }
    for (const m of mappings) {
      take({ line: m.line, column: m.column })
      if (m.source !== null) current = partOf(m.source)
    }
    take({ line: lines.length, column: lines.at(-1)?.length ?? 0 })
  }
  return [...code]
    .map(([part, texts]) => {
      const body = Buffer.from(texts.join(""))
      return {
        part,
        library: !part.startsWith("src/") && part !== UNMAPPED,
        raw: body.length,
        gzip: gzipSync(body).length,
      }
    })
    .sort((a, b) => b.gzip - a.gzip)
}

/** The libraries', our own and the unmapped shares of a route's scripts, gzip, the largest named. */
export const printScriptParts = (parts: ReadonlyArray<ScriptPart>) => {
  const line = (label: string, of: ReadonlyArray<ScriptPart>, named: number) => {
    const total = of.reduce((n, p) => n + p.gzip, 0)
    const names = of.slice(0, named).map((p) => `${p.part} ${kb(p.gzip)}`)
    console.log(
      `      ${label.padEnd(10)} ${kb(total).padStart(9)} gzip${named === 0 ? "" : `: ${names.join(", ")}${of.length > named ? ", …" : ""}`}`,
    )
    return total
  }
  return {
    libraries: line(
      "libraries",
      parts.filter((p) => p.library),
      8,
    ),
    ours: line(
      "our code",
      parts.filter((p) => p.part.startsWith("src/")),
      6,
    ),
    unmapped: line(
      "unmapped",
      parts.filter((p) => p.part === UNMAPPED),
      0,
    ),
  }
}
