// Every visible string of the body charts is in locales/{en,de,es}: the same keys in all three,
// every key the chart components ask for present (literal keys read from the sources, the view
// names and sides built from the chart ids), the same placeholders in every language, and German
// and Spanish not left in English where a sentence is written.
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { chartFailure } from "../../src/domain/charts/chart-errors.ts"
import { CHART_VIEW_IDS } from "../../src/domain/charts/chart-ids.ts"

const ROOT = join(import.meta.dirname, "..", "..")
const LANGUAGES = ["en", "de", "es"] as const

type Tree = { readonly [key: string]: string | Tree }
const flatten = (tree: Tree, prefix = ""): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === "string" ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  )
const locale = (language: string, namespace: string) =>
  flatten(JSON.parse(readFileSync(join(ROOT, "locales", language, `${namespace}.json`), "utf8")) as Tree)

const charts = Object.fromEntries(LANGUAGES.map((l) => [l, locale(l, "charts")]))
const common = Object.fromEntries(LANGUAGES.map((l) => [l, locale(l, "common")]))

/** A key exists when it or its plural forms do. */
const has = (strings: Record<string, string>, key: string) =>
  key in strings || `${key}_one` in strings || `${key}_other` in strings

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()

/** The literal keys the chart components pass to `t` (charts namespace) and to `common`. */
const sourceKeys = () => {
  const dir = join(ROOT, "src", "ui", "charts")
  const sources = readdirSync(dir)
    .filter((f) => f.endsWith(".tsx"))
    .map((f) => readFileSync(join(dir, f), "utf8"))
  const keys = (pattern: RegExp) => [...new Set(sources.flatMap((s) => [...s.matchAll(pattern)].map((m) => m[1]!)))]
  return { charts: keys(/\bt\(\s*"([^"]+)"/g), common: keys(/\bcommon\(\s*"([^"]+)"/g) }
}

const CHART_COMMON_KEYS = [
  "browse.chartOnBody",
  "browse.chartCourse",
  "browse.chartArea",
  "browse.chartFailed",
  "browse.chartError",
  "browse.chartsCard",
  "browse.chartsCardText",
  "browse.findOnChart",
]

describe("the body charts' strings in en, de and es", () => {
  it.each(["de", "es"] as const)("has the same chart keys in %s as in en", (language) => {
    expect(Object.keys(charts[language]!).sort()).toEqual(Object.keys(charts.en!).sort())
    for (const key of CHART_COMMON_KEYS) expect(common[language], key).toHaveProperty([key])
  })

  it("has every key the chart components ask for, in every language", () => {
    const used = sourceKeys()
    expect(used.charts.length).toBeGreaterThan(40)
    for (const language of LANGUAGES) {
      for (const key of used.charts) {
        // A few keys of the chart components come from the common namespace (their own `t`).
        expect(has(charts[language]!, key) || has(common[language]!, key), `${language}: ${key}`).toBe(true)
      }
      for (const key of used.common) expect(has(common[language]!, key), `${language}: ${key}`).toBe(true)
      for (const view of CHART_VIEW_IDS) expect(charts[language], view).toHaveProperty([`views.${view}`])
      for (const side of ["left", "right", "midline"]) expect(charts[language]).toHaveProperty([`side.${side}`])
    }
  })

  it("names a message for every failure of the chart calls, in every language", () => {
    const failures = [
      "Unauthorized",
      "Forbidden",
      "NotFound",
      "ValidationFailed",
      "ServerError",
      "RequestTimeout",
      "Offline",
    ]
    const keys = [...failures.map((tag) => chartFailure({ _tag: tag }).key), chartFailure(new Error("defect")).key]
    expect(new Set(keys).size).toBe(failures.length)
    for (const language of LANGUAGES) {
      for (const key of keys)
        expect(charts[language], `${language}: ${key}`).toHaveProperty([key.replace(/^charts:/, "")])
    }
  })

  it.each(["de", "es"] as const)("keeps the placeholders and writes the sentences in %s", (language) => {
    const translated = charts[language]!
    const sentences = Object.entries(charts.en!).filter(([, text]) => text.split(" ").length >= 4)
    expect(sentences.length).toBeGreaterThan(20)
    for (const [key, english] of Object.entries(charts.en!)) {
      expect(placeholders(translated[key]!), `${language}: ${key}`).toEqual(placeholders(english))
      expect(translated[key]!.trim(), `${language}: ${key}`).not.toBe("")
    }
    for (const [key, english] of sentences)
      expect(translated[key], `${language}: ${key} is still English`).not.toBe(english)
  })
})
