// Referential integrity: everything that names a point, channel, category, body area, vessel or
// page names one that exists; body areas and points cover each other; partners are symmetric.
import { describe, expect, it } from "vitest"
import { loadContent } from "../../server/content/load-content.ts"
import { BODY_AREA_IDS, CHANNEL_CODES, VESSEL_IDS } from "../../src/domain/content/content-schema.ts"
import { allPoints, channelOfCode, duplicates, getCategory, pointIndex } from "./content-helpers.ts"

const content = loadContent()
const points = pointIndex(content)
const missing = (codes: ReadonlyArray<string>) => codes.filter((code) => !points.has(code))

describe("points named elsewhere exist", () => {
  it.each(content.categories.map((c) => [c.id, c] as const))("category %s: every member is a point", (_, category) => {
    expect(missing(category.members.map((m) => m.point))).toEqual([])
  })

  it("no category lists the same point twice", () => {
    for (const c of content.categories) expect(duplicates(c.members.map((m) => m.point)), c.id).toEqual([])
  })

  it.each(content.vessels.map((v) => [v.id, v] as const))("vessel %s: every point on its course exists", (_, v) => {
    expect(missing(v.points)).toEqual([])
  })

  it.each(content.vessels.map((v) => [v.id, v] as const))(
    "vessel %s: confluent, xi-cleft and luo points exist",
    (_, v) => {
      const named = [v.confluentPoint, v.xiCleftPoint, v.luoPoint].filter((c): c is string => c !== null)
      expect(missing(named)).toEqual([])
    },
  )

  it("every quote names an existing point", () => {
    expect(missing(content.quotes.map((q) => q.point))).toEqual([])
  })

  it("quotes are all about heart-channel (HT) points", () => {
    for (const q of content.quotes) expect(channelOfCode(q.point), q.id).toBe("HT")
  })

  it("there are at least 30 quotes and every HT point has one", () => {
    expect(content.quotes.length).toBeGreaterThanOrEqual(30)
    const quoted = new Set(content.quotes.map((q) => q.point))
    for (let n = 1; n <= 9; n++) expect(quoted.has(`HT-${n}`), `HT-${n}`).toBe(true)
  })
})

describe("access.json", () => {
  const free = content.access.free

  it("frees only existing channels", () => {
    const codes = new Set<string>(content.channels.map((c) => c.code))
    expect(free.channels.filter((c) => !codes.has(c))).toEqual([])
  })

  it("frees only existing body areas", () => {
    const ids = new Set<string>(content.bodyAreas.map((a) => a.id))
    expect(free.bodyAreas.filter((a) => !ids.has(a))).toEqual([])
  })

  it("frees only existing categories", () => {
    const ids = new Set(content.categories.map((c) => c.id))
    expect(free.categories.filter((c) => !ids.has(c))).toEqual([])
  })

  it("frees only existing vessels", () => {
    const ids = new Set<string>(content.vessels.map((v) => v.id))
    expect(free.vessels.filter((v) => !ids.has(v))).toEqual([])
  })

  it("frees only existing pages", () => {
    const slugs = new Set(content.pages.map((p) => p.slug))
    expect(free.pages.filter((p) => !slugs.has(p))).toEqual([])
  })

  it("lists no entry twice", () => {
    for (const list of Object.values(free)) expect(duplicates(list)).toEqual([])
  })
})

describe("body areas", () => {
  it("body-areas.json holds exactly the 15 BODY_AREA_IDS", () => {
    expect(BODY_AREA_IDS).toHaveLength(15)
    expect(content.bodyAreas.map((a) => a.id).sort()).toEqual([...BODY_AREA_IDS].sort())
  })

  it("every point, standard and extra, belongs to at least one body area, each named once", () => {
    for (const p of allPoints(content)) {
      expect(p.bodyAreas.length, p.code).toBeGreaterThanOrEqual(1)
      expect(duplicates(p.bodyAreas), p.code).toEqual([])
    }
  })

  it.each(BODY_AREA_IDS)("body area %s has at least one point", (id) => {
    expect(allPoints(content).some((p) => p.bodyAreas.includes(id))).toBe(true)
  })
})

describe("channel partners", () => {
  const byCode = new Map(content.channels.map((c) => [c.code, c]))

  it.each(content.channels.map((c) => [c.code, c] as const))("%s: paired channel is symmetric", (code, channel) => {
    if (channel.pairedChannel === null) return
    expect(channel.pairedChannel).not.toBe(code)
    expect(byCode.get(channel.pairedChannel)?.pairedChannel).toBe(code)
  })

  it.each(content.channels.map((c) => [c.code, c] as const))("%s: coupled channel is symmetric", (code, channel) => {
    if (channel.coupledChannel === null) return
    expect(channel.coupledChannel).not.toBe(code)
    expect(byCode.get(channel.coupledChannel)?.coupledChannel).toBe(code)
  })

  it("the twelve primary channels all have a paired and a coupled channel", () => {
    for (const c of content.channels.filter((c) => c.limb !== "trunk")) {
      expect(c.pairedChannel, c.code).not.toBeNull()
      expect(c.coupledChannel, c.code).not.toBeNull()
    }
  })

  it("paired channels share phase and limb and have opposite polarity", () => {
    for (const c of content.channels) {
      if (c.pairedChannel === null) continue
      const partner = byCode.get(c.pairedChannel)
      expect(partner?.phase, c.code).toBe(c.phase)
      expect(partner?.limb, c.code).toBe(c.limb)
      expect(partner?.polarity, c.code).not.toBe(c.polarity)
    }
  })

  it("coupled primary channels share polarity and six-channel level, one on the hand and one on the foot", () => {
    for (const c of content.channels.filter((c) => c.limb !== "trunk")) {
      const partner = byCode.get(c.coupledChannel ?? c.code)
      expect(partner?.polarity, c.code).toBe(c.polarity)
      expect(partner?.level, c.code).toBe(c.level)
      expect(new Set([c.limb, partner?.limb]), c.code).toEqual(new Set(["hand", "foot"]))
    }
  })

  it("channel partners are channel codes that exist", () => {
    const codes = new Set<string>(CHANNEL_CODES)
    for (const c of content.channels) {
      if (c.pairedChannel) expect(codes.has(c.pairedChannel)).toBe(true)
      if (c.coupledChannel) expect(codes.has(c.coupledChannel)).toBe(true)
    }
  })
})

describe("extraordinary vessels", () => {
  const byId = new Map(content.vessels.map((v) => [v.id, v]))

  it("vessels.json holds each of the eight vessels once", () => {
    expect(content.vessels.map((v) => v.id).sort()).toEqual([...VESSEL_IDS].sort())
  })

  it.each(content.vessels.map((v) => [v.id, v] as const))("%s: coupled vessel is symmetric", (id, v) => {
    expect(v.coupledVessel).not.toBe(id)
    expect(byId.get(v.coupledVessel)?.coupledVessel).toBe(id)
  })

  it("the confluent points of the vessels are exactly the members of the confluent category", () => {
    expect(content.vessels.map((v) => v.confluentPoint).sort()).toEqual(
      getCategory(content, "confluent")
        .members.map((m) => m.point)
        .sort(),
    )
  })

  it("vessel xi-cleft points are xi-cleft members and vessel luo points are luo-connecting members", () => {
    const xi = new Set(getCategory(content, "xi-cleft").members.map((m) => m.point))
    const luo = new Set(getCategory(content, "luo-connecting").members.map((m) => m.point))
    for (const v of content.vessels) {
      if (v.xiCleftPoint) expect(xi.has(v.xiCleftPoint), v.id).toBe(true)
      if (v.luoPoint) expect(luo.has(v.luoPoint), v.id).toBe(true)
    }
  })

  it("the four qiao and wei vessels have a xi-cleft point; the others do not", () => {
    const withXi = content.vessels.filter((v) => v.xiCleftPoint !== null).map((v) => v.id)
    expect(withXi.sort()).toEqual(["yang-qiao", "yang-wei", "yin-qiao", "yin-wei"])
  })

  it("a vessel's course lists no point twice", () => {
    for (const v of content.vessels) expect(duplicates(v.points), v.id).toEqual([])
  })
})
