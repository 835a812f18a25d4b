// What a page's HTML says before any script runs: the scripts and stylesheets it loads itself (its
// module entry, every `modulepreload`, its stylesheets), the scripts those import statically (all
// fetched and run before the entry's code starts, so before the page is usable), and whether `#root`
// already holds the page's heading. Plain text in, plain figures out: no browser, no server.
import { readFileSync } from "node:fs"
import { join, posix } from "node:path"
import { gzipSync } from "node:zlib"

export interface BuiltFile {
  /** URL path, as the page names it (`/assets/index-….js`). */
  readonly path: string
  readonly css: boolean
  readonly raw: number
  readonly gzip: number
}

export interface Sizes {
  readonly raw: number
  readonly gzip: number
}

const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1]

/**
 * The scripts a document loads by itself — each `<script type="module" src>` and each
 * `<link rel="modulepreload" href>`, in document order — and its stylesheets.
 */
export const documentReferences = (html: string) => {
  const scripts: Array<string> = []
  const styles: Array<string> = []
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    if (tag.startsWith("<script")) {
      const src = attribute(tag, "src")
      if (src !== undefined && attribute(tag, "type") === "module") scripts.push(src)
      continue
    }
    const rel = attribute(tag, "rel")
    const href = attribute(tag, "href")
    if (href === undefined) continue
    if (rel === "modulepreload") scripts.push(href)
    else if (rel === "stylesheet") styles.push(href)
  }
  return { scripts: [...new Set(scripts)], styles: [...new Set(styles)] }
}

/**
 * The modules a built script imports statically (`import{…}from"./x.js"`, `import"./x.js"`,
 * `export{…}from"./x.js"`), as URL paths resolved against the script's own; `import("./x.js")`,
 * which loads later, is not one of them.
 */
export const staticImports = (code: string, fromPath: string): Array<string> => {
  const found = code.matchAll(/(?<![\w$.])(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+)["']/g)
  return [...new Set([...found].map((m) => posix.join(posix.dirname(fromPath), m[1]!)))]
}

/**
 * The scripts that arrive and run before a page drawn from `html` is usable: what the document loads
 * itself and, through each of those, every module imported statically, once each (from `distDir`).
 */
export const scriptsBeforeUsable = (distDir: string, html: string): Array<BuiltFile> => {
  const read = (path: string) => readFileSync(join(distDir, path.replace(/^\//, "")))
  const seen = new Map<string, BuiltFile>()
  const visit = (path: string) => {
    if (seen.has(path)) return
    const body = read(path)
    seen.set(path, { path, css: false, raw: body.length, gzip: gzipSync(body).length })
    for (const imported of staticImports(body.toString("utf8"), path)) visit(imported)
  }
  for (const path of documentReferences(html).scripts) visit(path)
  return [...seen.values()]
}

/** Every script and stylesheet a document references, with its size raw and gzip (zlib). */
export const referencedFiles = (distDir: string, html: string): Array<BuiltFile> => {
  const { scripts, styles } = documentReferences(html)
  return [...scripts, ...styles].map((path) => {
    const body = readFileSync(join(distDir, path.replace(/^\//, "")))
    return { path, css: path.endsWith(".css"), raw: body.length, gzip: gzipSync(body).length }
  })
}

export const totalOf = (files: ReadonlyArray<BuiltFile>): Sizes => ({
  raw: files.reduce((n, f) => n + f.raw, 0),
  gzip: files.reduce((n, f) => n + f.gzip, 0),
})

/** `#root`'s markup: from `<div id="root">` to the embedded page data or the end of the body. */
export const rootMarkup = (html: string): string | undefined => {
  const start = html.search(/<div\s+id="root"\s*>/)
  if (start < 0) return undefined
  const rest = html.slice(start)
  const end = rest.search(/<script\b|<\/body>/)
  return end < 0 ? rest : rest.slice(0, end)
}

const decodeEntities = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")

/** The text of the first `<h1>` inside `#root`, as a reader sees it; undefined when there is none or it is empty. */
export const rootHeading = (html: string): string | undefined => {
  const root = rootMarkup(html)
  const inner = root === undefined ? undefined : /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(root)?.[1]
  if (inner === undefined) return undefined
  const text = decodeEntities(inner.replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim()
  return text === "" ? undefined : text
}

/** Smallest, median and largest of a few runs (the median of an even count is the lower middle). */
export const spread = (values: ReadonlyArray<number>) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b)
  return {
    min: sorted[0] ?? Number.NaN,
    median: sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
  }
}

/** `min–median–max` of a few runs, each number as `format` writes it, then the unit once; one figure when they all agree. */
export const formatSpread = (values: ReadonlyArray<number>, format: (value: number) => string, unit = "") => {
  const { min, median, max } = spread(values)
  const parts = [format(min), format(median), format(max)]
  return `${parts.every((p) => p === parts[0]) ? parts[0]! : parts.join("–")}${unit}`
}
