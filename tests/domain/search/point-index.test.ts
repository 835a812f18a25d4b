// The all-points search over the real knowledge base: names with or without tone marks, either
// script, English, German and Spanish names; numbers however typed; exact code or name first.
import { describe, expect, it } from "vitest"
import { loadContent } from "../../../server/content/load-content.ts"
import {
  buildPointIndex,
  exactPoint,
  foldedRange,
  MATCH_TIERS,
  MIN_SUBSTRING_LENGTH,
  type PointEntry,
  searchPoints,
} from "../../../src/domain/search/point-index.ts"
import { passesSafetyFilters } from "../../../src/domain/search/safety-filters.ts"
import { segmentsText } from "../../../src/domain/search/snippets.ts"

const content = loadContent()
const entries: ReadonlyArray<PointEntry> = [...content.channels.flatMap((c) => c.points), ...content.extraPoints].map(
  (p) => ({ ...p, names: p.name }),
)
const index = buildPointIndex(entries)
const codes = (keyword: string, mode: "name" | "number", limit = 50) =>
  searchPoints(index, keyword, mode, limit).matches.map((m) => m.entry.code)
const first = (keyword: string, mode: "name" | "number") => searchPoints(index, keyword, mode, 5).matches[0]

describe("by name", () => {
  it.each([
    "taiyuan",
    "Tàiyuān",
    "TAIYUAN",
    "tai yuan",
    "Tai-yuan",
    "tai4yuan1",
    "太淵",
    "太渊",
    "Great Abyss",
    "Großer Abgrund",
    "grosser abgrund",
    "Gran Abismo",
  ])("finds LU-9 first by %j, as an exact name", (keyword) => {
    const match = first(keyword, "name")
    expect(match?.entry.code).toBe("LU-9")
    expect(match?.exact).toBe(true)
    expect(match?.tier).toBe(MATCH_TIERS.exactName)
  })

  it("finds PC-6 by its traditional, simplified and mixed characters", () => {
    expect(first("內關", "name")?.entry.code).toBe("PC-6")
    expect(first("内关", "name")?.entry.code).toBe("PC-6")
    expect(first("內关", "name")?.entry.code).toBe("PC-6")
  })

  it("lists prefix matches of the name after exact ones, in channel order", () => {
    const found = codes("zu", "name")
    expect(found).toContain("ST-36")
    const tiers = searchPoints(index, "zu", "name", 50).matches.map((m) => m.tier)
    expect([...tiers].sort((a, b) => a - b)).toEqual(tiers)
  })

  it("matches the beginning of any word of a name and marks it", () => {
    const match = searchPoints(index, "abyss", "name", 50).matches.find((m) => m.entry.code === "LU-9")!
    expect(match.tier).toBe(MATCH_TIERS.wordPrefix)
    expect(match.segments).toEqual([
      { text: "Great ", match: false },
      { text: "Abyss", match: true },
    ])
  })

  it("marks a pinyin prefix on the characters with tone marks", () => {
    const match = first("taiy", "name")!
    expect(match.entry.code).toBe("LU-9")
    expect(match.segments).toEqual([
      { text: "Tàiy", match: true },
      { text: "uān", match: false },
    ])
  })

  it(`finds inside a name from ${MIN_SUBSTRING_LENGTH} letters`, () => {
    expect(codes("byss", "name")).toContain("LU-9")
    expect(codes("ys", "name")).not.toContain("LU-9")
  })

  it("finds a point typed by number in name mode first", () => {
    expect(first("LU9", "name")?.entry.code).toBe("LU-9")
  })

  it("finds nothing for nothing", () => {
    expect(searchPoints(index, "   ", "name", 10)).toEqual({ total: 0, matches: [] })
    expect(searchPoints(index, "qqqqzzz", "name", 10).total).toBe(0)
  })
})

describe("by number", () => {
  it.each(["LU-9", "lu9", "LU 9", "Lu9"])("finds LU-9 first by %j", (keyword) => {
    const match = first(keyword, "number")
    expect(match?.entry.code).toBe("LU-9")
    expect(match?.exact).toBe(true)
    expect(match?.segments).toEqual([{ text: "LU-9", match: true }])
  })

  it.each([
    ["P6", "PC-6"],
    ["PC6", "PC-6"],
    ["SJ5", "TE-5"],
    ["TB5", "TE-5"],
    ["TE5", "TE-5"],
    ["LIV3", "LR-3"],
    ["LR3", "LR-3"],
    ["REN12", "CV-12"],
    ["CV12", "CV-12"],
    ["DU20", "GV-20"],
    ["GV20", "GV-20"],
    ["EX-HN3", "EX-HN3"],
    ["exhn3", "EX-HN3"],
    ["M-HN-3", "EX-HN3"],
    ["Yintang", "EX-HN3"],
    ["Yìntáng", "EX-HN3"],
  ])("finds %s as %s first", (keyword, code) => {
    const match = first(keyword, "number")
    expect(match?.entry.code).toBe(code)
    expect(match?.exact).toBe(true)
  })

  it("names an alternative code from the knowledge base as what matched", () => {
    const match = first("GV-29", "number")!
    expect(match.entry.code).toBe("EX-HN3")
    expect(match.field).toBe("altCode")
    expect(match.text).toBe("GV-29")
  })

  it("lists the points a number begins, the exact one first", () => {
    expect(codes("lu1", "number")).toEqual(["LU-1", "LU-10", "LU-11"])
    expect(codes("lu", "number")).toHaveLength(11)
    expect(codes("sj", "number")).toHaveLength(23)
    expect(codes("sj", "number")[0]).toBe("TE-1")
  })

  it("finds no code for an unknown number", () => {
    expect(codes("LU99", "number")).toEqual([])
  })

  it("keeps to the limit but counts every match", () => {
    const result = searchPoints(index, "bl", "number", 5)
    expect(result.matches).toHaveLength(5)
    expect(result.total).toBe(67)
  })
})

describe("exactPoint", () => {
  it("is the point an input names exactly, or none", () => {
    expect(exactPoint(index, "lu-9")?.slug).toBe("lu-9-taiyuan")
    expect(exactPoint(index, "Yintang")?.code).toBe("EX-HN3")
    expect(exactPoint(index, "headache")).toBeUndefined()
    expect(exactPoint(index, "tai")).toBeUndefined()
  })
})

describe("foldedRange", () => {
  it("maps folded positions back onto the shown characters", () => {
    expect(foldedRange("Tàiyuān", 0, 3)).toEqual([0, 3])
    expect(foldedRange("Großer", 3, 5)).toEqual([3, 4])
    expect(foldedRange("abc", 5, 6)).toBeUndefined()
  })

  it("keeps the shown text when highlighting", () => {
    for (const keyword of ["grosser", "tai", "abismo", "abyss"]) {
      for (const match of searchPoints(index, keyword, "name", 20).matches) {
        expect(segmentsText(match.segments)).toBe(match.text)
        expect(match.segments.some((s) => s.match)).toBe(true)
      }
    }
  })
})

describe("with the safety filters", () => {
  const points = [...content.channels.flatMap((c) => c.points), ...content.extraPoints]
  const byCode = new Map(points.map((p) => [p.code, p]))
  const notInPregnancy = (entry: PointEntry) =>
    passesSafetyFilters(
      {
        pregnancy: byCode.get(entry.code)!.safety.pregnancy.level,
        organsBeneath: byCode.get(entry.code)!.safety.organsBeneath.length,
      },
      { notInPregnancy: true },
    )

  it("leaves out the points forbidden in pregnancy, and counts only the others", () => {
    const all = searchPoints(index, "LI", "number", 100)
    const kept = searchPoints(index, "LI", "number", 100, notInPregnancy)
    expect(all.matches.map((m) => m.entry.code)).toContain("LI-4")
    expect(kept.matches.map((m) => m.entry.code)).not.toContain("LI-4")
    expect(kept.matches.map((m) => m.entry.code)).toContain("LI-11")
    expect(kept.total).toBe(all.total - 1)
  })

  it("an exact code of a point left out finds nothing", () => {
    for (const code of ["SP-6", "GB-21", "BL-60", "BL-67"]) {
      expect(searchPoints(index, code, "number", 10, notInPregnancy).matches.map((m) => m.entry.code)).not.toContain(
        code,
      )
    }
  })
})
