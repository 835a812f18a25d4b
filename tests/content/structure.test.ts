// Every knowledge-base file decodes with its Schema; the channels hold the 361 standard points,
// numbered in order, with unique codes, slugs and names.
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { CONTENT_DIR, contentFiles, loadContent } from "../../server/content/load-content.ts"
import {
  CHANNEL_CODES,
  type ContentLanguage,
  LANGUAGES,
  POINT_COUNTS,
  STANDARD_POINT_TOTAL,
} from "../../src/domain/content/content-schema.ts"
import { allPoints, channelOfCode, duplicates, standardPoints } from "./content-helpers.ts"

const content = loadContent()

const files = contentFiles()

/** "Fù'āi" → "Fu'ai": the tone marks removed. */
const withoutToneMarks = (pinyin: string) => pinyin.normalize("NFD").replace(/\p{M}/gu, "").normalize("NFC")

describe("decoding", () => {
  it("loadContent decodes every file without throwing", () => {
    expect(() => loadContent()).not.toThrow()
  })

  it.each(files)("%s matches its Schema", (file, schema) => {
    const json: unknown = JSON.parse(readFileSync(join(CONTENT_DIR, file), "utf8"))
    expect(() => Schema.decodeUnknownSync(schema)(json, { errors: "all" })).not.toThrow()
  })

  it("finds all fourteen channel files, in the order of CHANNEL_CODES", () => {
    expect(content.channels.map((c) => c.code)).toEqual([...CHANNEL_CODES])
  })

  it("loads the three book pages sorted by order", () => {
    expect(content.pages.map((p) => p.order)).toEqual([...content.pages.map((p) => p.order)].sort((a, b) => a - b))
    expect(content.pages.length).toBeGreaterThanOrEqual(3)
  })
})

describe("point counts and numbering", () => {
  it.each(CHANNEL_CODES.map((code) => [code, POINT_COUNTS[code]] as const))("%s has %i points", (code, count) => {
    expect(content.channels.find((c) => c.code === code)?.points).toHaveLength(count)
  })

  it("the standard points total STANDARD_POINT_TOTAL (361)", () => {
    expect(STANDARD_POINT_TOTAL).toBe(361)
    expect(Object.values(POINT_COUNTS).reduce((a, b) => a + b, 0)).toBe(STANDARD_POINT_TOTAL)
    expect(standardPoints(content)).toHaveLength(STANDARD_POINT_TOTAL)
  })

  it.each(CHANNEL_CODES)("%s points are numbered 1…n in order without gaps", (code) => {
    const channel = content.channels.find((c) => c.code === code)
    expect(channel?.points.map((p) => p.code)).toEqual(
      Array.from({ length: POINT_COUNTS[code] }, (_, i) => `${code}-${i + 1}`),
    )
  })

  it("extra points use EX codes whose region matches their region field", () => {
    for (const p of content.extraPoints) {
      expect(p.code, p.code).toMatch(/^EX-(HN|CA|B|UE|LE)\d{1,2}$/)
      expect(p.code.replace(/^EX-([A-Z]+)\d+$/, "$1"), p.code).toBe(p.region)
    }
  })

  it("extra points are numbered in order without gaps within each region", () => {
    const byRegion = Map.groupBy(content.extraPoints, (p) => p.region)
    for (const [region, points] of byRegion) {
      expect(
        points.map((p) => p.code),
        region,
      ).toEqual(points.map((_, i) => `EX-${region}${i + 1}`))
    }
  })
})

/**
 * Points whose standard English names coincide although their Chinese names differ. Each keeps
 * the English name learners meet in the literature; German and Spanish tell the two apart.
 */
const SHARED_ENGLISH_NAMES: ReadonlyArray<{ name: string; codes: ReadonlyArray<string>; reason: string }> = [
  {
    name: "Spirit Path",
    codes: ["GV-11", "HT-4"],
    reason: "HT-4 Lingdao 靈道 and GV-11 Shendao 神道: both 靈 and 神 are rendered 'spirit' in the standard names",
  },
]

/** A name as compared: one spacing, one case, one Unicode form. */
const nameKey = (name: string, language: ContentLanguage) =>
  name.normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase(language)

/** The names that more than one point (channels and extra points) carries in one language. */
const sharedNames = (language: ContentLanguage) => {
  const codesByName = new Map<string, Array<string>>()
  for (const p of allPoints(content)) {
    const key = nameKey(p.name[language], language)
    codesByName.set(key, [...(codesByName.get(key) ?? []), p.code])
  }
  return [...codesByName]
    .filter(([, codes]) => codes.length > 1)
    .map(([name, codes]) => ({ name, codes: [...codes].sort() }))
}

describe("codes, slugs and names", () => {
  const points = allPoints(content)

  it("point codes are unique across channels and extra points", () => {
    expect(duplicates(points.map((p) => p.code))).toEqual([])
  })

  it("alternative codes never shadow another point's primary code", () => {
    const codes = new Set(points.map((p) => p.code))
    for (const p of points) for (const alt of p.altCodes) expect(codes.has(alt), `${p.code} alt ${alt}`).toBe(false)
  })

  it("standard points carry the README's alternative codes (SJ/TB, LIV, REN, DU) and no others", () => {
    const aliases: Record<string, ReadonlyArray<string>> = { TE: ["SJ", "TB"], LR: ["LIV"], CV: ["REN"], GV: ["DU"] }
    for (const p of standardPoints(content)) {
      const channel = channelOfCode(p.code)
      const n = p.code.slice(channel.length + 1)
      expect(p.altCodes, p.code).toEqual((aliases[channel] ?? []).map((a) => `${a}-${n}`))
    }
  })

  it("point slugs are unique", () => {
    expect(duplicates(points.map((p) => p.slug))).toEqual([])
  })

  it.each(LANGUAGES)("no two points share a name in %s, but for the English names listed as shared", (language) => {
    expect(sharedNames(language)).toEqual(
      language === "en" ? SHARED_ENGLISH_NAMES.map(({ name, codes }) => ({ name: nameKey(name, "en"), codes })) : [],
    )
  })

  it("every slug starts with the lower-case code", () => {
    for (const p of points) expect(p.slug.startsWith(`${p.code.toLowerCase()}-`), `${p.code}: ${p.slug}`).toBe(true)
  })

  it("every slug is the lower-case code plus the plain pinyin in kebab case", () => {
    for (const p of points) {
      const pinyin = p.pinyinPlain.toLowerCase().replaceAll("'", "").trim().replace(/\s+/g, "-")
      expect(p.slug, p.code).toBe(`${p.code.toLowerCase()}-${pinyin}`)
    }
  })

  it("pinyinPlain is the pinyin without tone marks", () => {
    for (const p of points) expect(p.pinyinPlain, p.code).toBe(withoutToneMarks(p.pinyin))
  })

  it("hanzi are CJK characters, the simplified form as long as the traditional", () => {
    for (const p of points) {
      expect(p.hanzi.traditional, p.code).toMatch(/^\p{Script=Han}+$/u)
      expect(p.hanzi.simplified, p.code).toMatch(/^\p{Script=Han}+$/u)
      expect([...p.hanzi.simplified].length, p.code).toBe([...p.hanzi.traditional].length)
    }
  })

  it("channel, vessel, category, body-area, quote and page slugs/ids are unique", () => {
    expect(duplicates(content.channels.map((c) => c.slug))).toEqual([])
    expect(duplicates(content.vessels.map((v) => v.id))).toEqual([])
    expect(duplicates(content.vessels.map((v) => v.slug))).toEqual([])
    expect(duplicates(content.categories.map((c) => c.id))).toEqual([])
    expect(duplicates(content.categories.map((c) => c.slug))).toEqual([])
    expect(duplicates(content.bodyAreas.map((a) => a.id))).toEqual([])
    expect(duplicates(content.bodyAreas.map((a) => a.slug))).toEqual([])
    expect(duplicates(content.quotes.map((q) => q.id))).toEqual([])
    expect(duplicates(content.pages.map((p) => p.slug))).toEqual([])
  })

  it("README writing rules: 2–6 actions and 3–12 indications per point", () => {
    for (const p of points) {
      expect(p.actions.length, p.code).toBeGreaterThanOrEqual(2)
      expect(p.actions.length, p.code).toBeLessThanOrEqual(6)
      expect(p.indications.length, p.code).toBeGreaterThanOrEqual(3)
      expect(p.indications.length, p.code).toBeLessThanOrEqual(12)
    }
  })
})
