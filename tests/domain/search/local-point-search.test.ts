// The all-points search on the device, over the index the server sends for it (every point's public
// facts from the real knowledge base): the same points in the same order as the server's search
// finds them, names in the interface's language, locked points marked so, and no answer with a
// safety filter on.
import { describe, expect, it } from "vitest"
import { loadContent } from "../../../server/content/load-content.ts"
import type { PointIndexEntry } from "../../../src/domain/content/content-views.ts"
import { localPointSearch, searchableOnDevice } from "../../../src/domain/search/local-point-search.ts"
import { pointHits } from "../../../src/domain/search/point-hits.ts"
import { buildPointIndex } from "../../../src/domain/search/point-index.ts"

const content = loadContent()
const points = [...content.channels.flatMap((c) => c.points), ...content.extraPoints]
/** A point is free when its channel is (content/access.json); the extra points never are. */
const freeChannels = new Set<string>(content.access.free.channels)
const free = new Set(
  content.channels.filter((c) => freeChannels.has(c.code)).flatMap((c) => c.points.map((p) => p.code)),
)
/** A Standard learner's index: the free points open. */
const entries: ReadonlyArray<PointIndexEntry> = points.map((p) => ({
  code: p.code,
  altCodes: p.altCodes,
  slug: p.slug,
  pinyin: p.pinyin,
  hanzi: p.hanzi,
  names: p.name,
  permission: free.has(p.code),
}))

describe("the all-points search on the device", () => {
  it("finds LI-4 by its pinyin, its number however typed, its characters and its German name", () => {
    for (const [keyword, mode] of [
      ["Hegu", "name"],
      ["hé gǔ", "name"],
      ["合谷", "name"],
      ["Tal der Vereinigung", "name"],
      ["LI 4", "number"],
      ["li4", "number"],
    ] as const) {
      const answer = localPointSearch(entries, { keyword, mode }, "en")
      expect(answer.results[0]?.point, keyword).toBe("LI-4")
      expect(answer.results[0]?.exact, keyword).toBe(true)
      expect(answer.results[0]?.slug).toBe("li-4-hegu")
    }
  })

  it("lists what the server's search lists, in its order, with the name in the interface's language", () => {
    const index = buildPointIndex(entries)
    for (const [keyword, mode] of [
      ["shu", "name"],
      ["ST 3", "number"],
      ["valley", "name"],
    ] as const) {
      const server = pointHits(index, { keyword, mode }, "de", {
        permission: (entry) => free.has(entry.code),
      })
      const local = localPointSearch(entries, { keyword, mode }, "de")
      expect(local.total).toBe(server.total)
      expect(local.results).toEqual(server.results)
      expect(local.results.length).toBeGreaterThan(1)
    }
    const hegu = localPointSearch(entries, { keyword: "Hegu", mode: "name" }, "es").results[0]
    expect(hegu?.name).toBe(points.find((p) => p.code === "LI-4")?.name.es)
  })

  it("marks the points the learner may not open as locked", () => {
    const answer = localPointSearch(entries, { keyword: "ST 36", mode: "number" }, "en")
    const st36 = answer.results.find((hit) => hit.point === "ST-36")
    expect(st36?.permission).toBe(free.has("ST-36"))
    const locked = localPointSearch(entries, { keyword: "shu", mode: "name" }, "en").results
    expect(locked.some((hit) => !hit.permission)).toBe(true)
    for (const hit of locked) expect(hit.permission).toBe(free.has(hit.point))
  })

  it("leaves a search with a safety filter on to the network", () => {
    expect(searchableOnDevice({ keyword: "Hegu", mode: "name" })).toBe(true)
    expect(searchableOnDevice({ keyword: "Hegu", mode: "name", notInPregnancy: false })).toBe(true)
    expect(searchableOnDevice({ keyword: "Hegu", mode: "name", notInPregnancy: true })).toBe(false)
    expect(searchableOnDevice({ keyword: "Hegu", mode: "name", noOrgansBeneath: true })).toBe(false)
  })
})
