import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { gzipSync } from "node:zlib"
import { afterAll, describe, expect, it } from "vitest"
import {
  documentReferences,
  formatSpread,
  referencedFiles,
  rootHeading,
  scriptsBeforeUsable,
  spread,
  staticImports,
} from "../../scripts/bench/documents.ts"

const page = (root: string) => `<!doctype html>
<html lang="en">
  <head>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-a.css">
    <link rel="modulepreload" crossorigin href="/assets/common-b.js">
    <link rel="modulepreload" crossorigin href="/assets/pages-c.js">
  </head>
  <body>
    <div id="root">${root}</div>
    <script type="application/json" id="first-page-data">{"url":"/","answers":{"x":"<h1>Not the page</h1>"}}</script>
  </body>
</html>`

describe("the scripts a document loads itself", () => {
  it("takes the module entry and every modulepreload, and the stylesheets apart", () => {
    expect(documentReferences(page(""))).toEqual({
      scripts: ["/assets/index-a.js", "/assets/common-b.js", "/assets/pages-c.js"],
      styles: ["/assets/index-a.css"],
    })
  })

  it("reads a built script's static imports, not its dynamic ones", () => {
    const code =
      'import{a as e,b as t}from"./index-a.js";import"./side-d.js";export{x}from"../shared/e.js";const l=()=>import("./lazy-f.js");'
    expect(staticImports(code, "/assets/pages-c.js")).toEqual([
      "/assets/index-a.js",
      "/assets/side-d.js",
      "/shared/e.js",
    ])
  })
})

describe("the JS before usable", () => {
  const dist = mkdtempSync(join(tmpdir(), "jingluo-documents-"))
  afterAll(() => rmSync(dist, { recursive: true, force: true }))
  mkdirSync(join(dist, "assets"))
  const files: Record<string, string> = {
    "index-a.js": 'import"./vendor-v.js";const p=()=>import("./lazy-f.js");console.log("entry")',
    "common-b.js": 'export default {hello:"Hello"}',
    "pages-c.js": 'import{a}from"./index-a.js";import{s}from"./shared-s.js";export const page=a',
    "shared-s.js": "export const s=1",
    "vendor-v.js": `export const v="${"x".repeat(400)}"`,
    "lazy-f.js": "export const lazy=1",
    "index-a.css": "body{margin:0}",
  }
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dist, "assets", name), text)

  it("sums what the document loads and everything those import statically, each once", () => {
    const scripts = scriptsBeforeUsable(dist, page(""))
    expect(scripts.map((f) => f.path).sort()).toEqual(
      [
        "/assets/common-b.js",
        "/assets/index-a.js",
        "/assets/pages-c.js",
        "/assets/shared-s.js",
        "/assets/vendor-v.js",
      ].sort(),
    )
    const vendor = scripts.find((f) => f.path === "/assets/vendor-v.js")!
    expect(vendor.raw).toBe(files["vendor-v.js"]!.length)
    expect(vendor.gzip).toBe(gzipSync(files["vendor-v.js"]!).length)
  })

  it("lists what a document references, stylesheets marked", () => {
    const referenced = referencedFiles(dist, page(""))
    expect(referenced.filter((f) => f.css).map((f) => f.path)).toEqual(["/assets/index-a.css"])
    expect(referenced).toHaveLength(4)
  })
})

describe("the heading in the HTML before any script runs", () => {
  it("finds the page's <h1> inside #root, as text", () => {
    const html = page(
      '<header><a href="/">Jingluo</a></header><main><h1 class="title">LU-9 <span lang="zh">太淵</span> Tàiyuān &amp; more</h1></main>',
    )
    expect(rootHeading(html)).toBe("LU-9 太淵 Tàiyuān & more")
  })

  it("says no for the app's empty shell, an empty heading, or a heading only in the embedded data", () => {
    expect(rootHeading(page(""))).toBeUndefined()
    expect(rootHeading(page("<main><h1> </h1></main>"))).toBeUndefined()
    expect(rootHeading('<html><body><h1>Outside</h1><div id="root"></div></body></html>')).toBeUndefined()
  })
})

describe("a few runs as min–median–max", () => {
  it("sorts the runs and takes the middle one", () => {
    expect(spread([3, 1, 2])).toEqual({ min: 1, median: 2, max: 3 })
    expect(formatSpread([0.91, 0.97, 0.93], (v) => v.toFixed(2))).toBe("0.91–0.93–0.97")
  })

  it("prints one figure when every run agrees", () => {
    expect(formatSpread([150_000, 150_000, 150_000], (v) => `${v / 1000}`, " kB")).toBe("150 kB")
    expect(formatSpread([2900, 3400, 3100], (v) => (v / 1000).toFixed(1), " s")).toBe("2.9–3.1–3.4 s")
  })
})
