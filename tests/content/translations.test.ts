// The interface texts in locales/: the same keys and placeholders in en, de and es (ru may lag),
// and one form of address per language — German says "du", Spanish "tú", never the formal forms.
import { readdirSync, readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { describe, expect, it } from "vitest"
import { ENGLISH_ONLY_NAMESPACES } from "../../src/domain/shared/locales.ts"

const LOCALES = resolve(import.meta.dirname, "../../locales")
const COMPLETE = ["en", "de", "es"] as const
const englishOnly = new Set<string>(ENGLISH_ONLY_NAMESPACES.map((namespace) => `${namespace}.json`))
const namespaces = readdirSync(join(LOCALES, "en")).filter((f) => f.endsWith(".json") && !englishOnly.has(f))

type Tree = { readonly [key: string]: string | Tree | ReadonlyArray<string | Tree> }
const read = (language: string, file: string): Tree => JSON.parse(readFileSync(join(LOCALES, language, file), "utf8"))

/** Every leaf as [path, text]. */
const leaves = (tree: Tree | ReadonlyArray<string | Tree> | string, path = ""): Array<[string, string]> => {
  if (typeof tree === "string") return [[path, tree]]
  if (Array.isArray(tree)) return tree.flatMap((item, i) => leaves(item, `${path}[${i}]`))
  return Object.entries(tree).flatMap(([key, value]) => leaves(value, path ? `${path}.${key}` : key))
}

/** Keys of objects (arrays count as one leaf: translations may list a different number of items). */
const keys = (tree: Tree, path = ""): Array<string> =>
  Object.entries(tree).flatMap(([key, value]) => {
    const here = path ? `${path}.${key}` : key
    return typeof value === "object" && !Array.isArray(value) ? keys(value as Tree, here) : [here]
  })

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()

const texts = (language: string) => namespaces.flatMap((file) => leaves(read(language, file), file))

describe.each(namespaces)("locales/*/%s", (file) => {
  const english = read("en", file)
  it.each(COMPLETE.filter((l) => l !== "en"))("has the same keys in %s as in en", (language) => {
    expect(keys(read(language, file)).sort()).toEqual(keys(english).sort())
  })

  it.each(COMPLETE.filter((l) => l !== "en"))("uses the same placeholders in %s as in en", (language) => {
    const other = new Map(leaves(read(language, file)))
    for (const [path, text] of leaves(english)) {
      if (!other.has(path)) continue
      expect(placeholders(other.get(path)!), `${language} ${path}`).toEqual(placeholders(text))
    }
  })
})

describe("English-only namespaces", () => {
  it.each([...englishOnly])("%s exists in en only, so no page shows a stale translation of it", (file) => {
    expect(readdirSync(join(LOCALES, "en"))).toContain(file)
    for (const language of COMPLETE.filter((l) => l !== "en"))
      expect(readdirSync(join(LOCALES, language))).not.toContain(file)
  })
})

describe("form of address", () => {
  it("German says du throughout: no Sie, Ihnen or Ihr", () => {
    const formal = /\b(Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b/
    const found = texts("de").filter(([, text]) => formal.test(text))
    expect(found).toEqual([])
    expect(texts("de").some(([, text]) => /\b(du|dich|dir|dein\w*)\b/i.test(text))).toBe(true)
  })

  it("Spanish says tú throughout: no usted", () => {
    const found = texts("es").filter(([, text]) => /\bustedes?\b/i.test(text))
    expect(found).toEqual([])
    expect(texts("es").some(([, text]) => /\b(tu|tú|te|tus)\b/i.test(text))).toBe(true)
  })
})
