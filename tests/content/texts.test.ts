// The descriptive texts: no point repeats another's, nothing is a stub, names are translated.
import { describe, expect, it } from "vitest"
import { loadContent } from "../../server/content/load-content.ts"
import {
  LANGUAGES,
  MIN_COMMENTARY_LENGTH,
  MIN_LOCATION_LENGTH,
  MIN_PATHWAY_LENGTH,
  MIN_TEXT_LENGTH,
  type Point,
} from "../../src/domain/content/content-schema.ts"
import { allPoints, collectStrings, duplicates } from "./content-helpers.ts"

const content = loadContent()
const points = allPoints(content)

/** Codes of points that share the same normalised text. */
const sharedBy = (text: (p: Point) => string) => {
  const byText = Map.groupBy(points, (p) => text(p).trim().replace(/\s+/g, " ").toLowerCase())
  return [...byText.values()].filter((group) => group.length > 1).map((group) => group.map((p) => p.code))
}

describe("no two points share a text", () => {
  it.each([
    ["location", (p: Point) => p.location],
    ["locating tip", (p: Point) => p.locating],
    ["needling method", (p: Point) => p.needling.method],
    ["indication list", (p: Point) => p.indications.join("; ")],
    ["action list", (p: Point) => p.actions.join("; ")],
    ["commentary", (p: Point) => p.commentary],
  ] as const)("%s", (_, text) => {
    expect(sharedBy(text)).toEqual([])
  })

  it("no point lists the same indication or action twice", () => {
    for (const p of points) {
      expect(duplicates(p.indications.map((s) => s.toLowerCase())), p.code).toEqual([])
      expect(duplicates(p.actions.map((s) => s.toLowerCase())), p.code).toEqual([])
    }
  })
})

describe("no stubs", () => {
  it("point texts reach the schema minimum lengths", () => {
    for (const p of points) {
      expect(p.location.length, `${p.code} location`).toBeGreaterThanOrEqual(MIN_LOCATION_LENGTH)
      expect(p.locating.length, `${p.code} locating`).toBeGreaterThanOrEqual(MIN_TEXT_LENGTH)
      expect(p.needling.method.length, `${p.code} needling`).toBeGreaterThanOrEqual(MIN_TEXT_LENGTH)
      expect(p.needling.depth.trim(), `${p.code} depth`).not.toMatch(/^[—–-]?$/)
      expect(p.commentary.length, `${p.code} commentary`).toBeGreaterThanOrEqual(MIN_COMMENTARY_LENGTH)
      for (const s of p.actions) expect(s.length, `${p.code} action`).toBeGreaterThanOrEqual(10)
      for (const s of p.indications) expect(s.length, `${p.code} indication`).toBeGreaterThanOrEqual(4)
    }
  })

  it("channel and vessel texts reach the schema minimum lengths", () => {
    for (const c of content.channels) {
      expect(c.pathway.external.en.length, c.code).toBeGreaterThanOrEqual(MIN_PATHWAY_LENGTH)
      expect(c.pathway.internal.en.length, c.code).toBeGreaterThanOrEqual(MIN_TEXT_LENGTH)
      expect(c.summary.en.length, c.code).toBeGreaterThanOrEqual(MIN_TEXT_LENGTH)
      for (const s of c.connections) expect(s.length, c.code).toBeGreaterThanOrEqual(MIN_TEXT_LENGTH)
    }
    for (const v of content.vessels) {
      expect(v.pathway.en.length, v.id).toBeGreaterThanOrEqual(MIN_PATHWAY_LENGTH)
      expect(v.commentary.en.length, v.id).toBeGreaterThanOrEqual(MIN_COMMENTARY_LENGTH)
    }
    for (const c of content.categories)
      expect(c.description.en.length, c.id).toBeGreaterThanOrEqual(MIN_COMMENTARY_LENGTH)
  })

  // The glossary's renderings are texts; its match stems are patterns and may end in a space ("a. ").
  const strings = collectStrings({ ...content, glossary: content.glossary.map(({ match: _match, ...term }) => term) })

  it("collects the strings of every file", () => {
    expect(strings.length).toBeGreaterThan(5000)
  })

  it("no text is empty or has leading or trailing whitespace", () => {
    const bad = strings.filter(([, s]) => s.trim() === "" || s !== s.trim()).map(([path]) => path)
    expect(bad).toEqual([])
  })

  it("no text has doubled spaces", () => {
    expect(strings.filter(([, s]) => s.includes("  ")).map(([path]) => path)).toEqual([])
  })

  it('no text contains "TODO", "FIXME", "lorem" or "placeholder"', () => {
    // Markers case-sensitively: the Spanish texts rightly say "Todo punto …".
    const bad = strings.filter(([, s]) => /\b(?:TODO|FIXME|TBD|XXX)\b/.test(s) || /lorem|ipsum|placeholder/i.test(s))
    expect(bad.map(([path, s]) => `${path}: ${s.slice(0, 60)}`)).toEqual([])
  })
})

describe("names", () => {
  it("every point has non-empty en, de and es names", () => {
    for (const p of points) for (const lang of LANGUAGES) expect(p.name[lang].trim(), `${p.code} ${lang}`).not.toBe("")
  })

  it.each(["de", "es"] as const)("the %s names differ from the English for at least 80% of points", (lang) => {
    const translated = points.filter((p) => p.name[lang] !== p.name.en).length
    expect(translated / points.length).toBeGreaterThanOrEqual(0.8)
  })

  it("channels, vessels, categories and body areas have their names in every language", () => {
    const named = [...content.channels, ...content.vessels, ...content.categories, ...content.bodyAreas]
    for (const item of named) for (const lang of LANGUAGES) expect(item.name[lang].trim()).not.toBe("")
  })

  it("quotes are given in every language", () => {
    for (const q of content.quotes)
      for (const lang of LANGUAGES) {
        expect(q.text[lang].trim(), `${q.id} ${lang}`).not.toBe("")
        expect(q.source[lang].trim(), `${q.id} ${lang}`).not.toBe("")
      }
  })
})
