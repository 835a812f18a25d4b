// Which points a learner may meet in a test: everything for Pro, for Standard (and visitors) the
// points of the channels `content/access.json` declares free and no extra point; a group test asks
// only about the group's points the learner may open.
import { describe, expect, it } from "vitest"
import { loadContent } from "../../../server/content/load-content.ts"
import {
  indexTestContent,
  learnerTestPool,
  makeTestPool,
  pinyinKey,
} from "../../../src/domain/self-tests/test-content.ts"

const content = loadContent()
const free = content.access.free
const ALL = [...content.channels.flatMap((c) => c.points), ...content.extraPoints].map((p) => p.code)

describe("the pool of a learner", () => {
  it("holds every point and vessel for Pro", () => {
    const pool = learnerTestPool(content, free, true)
    expect([...pool.points].sort()).toEqual([...ALL].sort())
    expect(pool.focus).toEqual(pool.points)
    expect(pool.vessels.size).toBe(content.vessels.length)
  })

  it("holds only the points of free channels for Standard, no extra points", () => {
    const pool = learnerTestPool(content, free, false)
    const expected = content.channels.filter((c) => free.channels.includes(c.code)).flatMap((c) => c.points)
    expect([...pool.points].sort()).toEqual(expected.map((p) => p.code).sort())
    for (const extra of content.extraPoints) expect(pool.points.has(extra.code)).toBe(false)
    expect([...pool.vessels]).toEqual([...free.vessels])
  })

  it("asks a Standard learner's group test only about the group's free points", () => {
    const pool = learnerTestPool(content, free, false, ["LU-9", "ST-36", "EX-HN3", "LI-4"])
    expect([...pool.focus].sort()).toEqual(["LI-4", "LU-9"])
    expect(pool.points.has("ST-36")).toBe(false)
  })

  it("drops unknown codes and keeps the focus inside the points", () => {
    const pool = makeTestPool(content, { points: ["LU-1", "XX-1"], focus: ["LU-1", "LU-2"], vessels: ["chong"] })
    expect([...pool.points]).toEqual(["LU-1"])
    expect([...pool.focus]).toEqual(["LU-1"])
    expect([...pool.vessels]).toEqual(["chong"])
  })
})

describe("the content index", () => {
  const index = indexTestContent(content)

  it("is built once per content snapshot", () => {
    expect(indexTestContent(content)).toBe(index)
  })

  it("knows each point's channel, place, categories and areas", () => {
    const lu9 = index.byCode.get("LU-9")
    expect(lu9?.channel?.code).toBe("LU")
    expect(lu9?.position).toBe(8)
    expect(lu9?.categories).toEqual(expect.arrayContaining(["yuan-source", "shu-stream", "hui-meeting"]))
    expect([...(lu9?.areas ?? [])]).toEqual(["forearm-wrist"])
    expect(index.byCode.get("EX-HN3")?.channel).toBeNull()
    expect(index.points).toHaveLength(ALL.length)
  })

  it("orders the twelve channels by the flow of qi", () => {
    expect(index.flowOrder).toEqual(["LR", "LU", "LI", "ST", "SP", "HT", "SI", "BL", "KI", "PC", "TE", "GB"])
  })

  it("compares pinyin names without tones", () => {
    expect(pinyinKey("Zhōnglǚshù")).toBe("zhonglushu")
    expect(pinyinKey("Fù'āi")).toBe("fuai")
  })
})
