// Point numbers however they are typed, and the alternative codes of other systems.
import { describe, expect, it } from "vitest"
import {
  CANONICAL_CHANNELS,
  CHANNEL_ALIASES,
  channelOfPrefix,
  codePrefixes,
  compactCode,
  looksLikeCode,
  parsePointCode,
  pointCodeKeys,
} from "../../../src/domain/search/point-codes.ts"

describe("parsePointCode", () => {
  it.each(["LU-9", "lu9", "LU 9", "Lu9", "lu-09", " LU 9 ", "LU.9", "lu_9", "LU–9"])("reads %j as LU-9", (input) => {
    expect(parsePointCode(input)).toBe("LU-9")
  })

  it.each([
    ["P6", "PC-6"],
    ["PC6", "PC-6"],
    ["pc-6", "PC-6"],
    ["SJ5", "TE-5"],
    ["TB5", "TE-5"],
    ["TE5", "TE-5"],
    ["TW 5", "TE-5"],
    ["3E5", "TE-5"],
    ["LIV3", "LR-3"],
    ["Liv 3", "LR-3"],
    ["LR3", "LR-3"],
    ["LV3", "LR-3"],
    ["Le3", "LR-3"],
    ["REN12", "CV-12"],
    ["Ren 12", "CV-12"],
    ["CV12", "CV-12"],
    ["KG12", "CV-12"],
    ["DU20", "GV-20"],
    ["Du-20", "GV-20"],
    ["GV20", "GV-20"],
    ["LG20", "GV-20"],
    ["KID3", "KI-3"],
    ["K3", "KI-3"],
    ["UB40", "BL-40"],
    ["HE7", "HT-7"],
    ["Di4", "LI-4"],
    ["Ma36", "ST-36"],
    ["MP6", "SP-6"],
    ["Dü3", "SI-3"],
    ["KS6", "PC-6"],
  ])("reads the alternative %j as %s", (input, code) => {
    expect(parsePointCode(input)).toBe(code)
  })

  it.each([
    ["EX-HN3", "EX-HN3"],
    ["exhn3", "EX-HN3"],
    ["Ex Hn 3", "EX-HN3"],
    ["EX-HN-3", "EX-HN3"],
    ["EX-B2", "EX-B2"],
    ["ex ue 9", "EX-UE9"],
    ["EX-LE10", "EX-LE10"],
  ])("reads the extra point %j as %s", (input, code) => {
    expect(parsePointCode(input)).toBe(code)
  })

  it.each(["", "9", "LU", "taiyuan", "XY9", "EX-ZZ3", "LU-9-10", "LU9X", "a & | !", "'; DROP TABLE points; --"])(
    "reads %j as no code",
    (input) => {
      expect(parsePointCode(input)).toBeNull()
    },
  )

  it("leaves checking that the point exists to the caller", () => {
    expect(parsePointCode("LU99")).toBe("LU-99")
  })
})

describe("channel aliases", () => {
  it("give every alias exactly one channel", () => {
    const seen = new Map<string, string>()
    for (const channel of CANONICAL_CHANNELS) {
      for (const alias of [channel, ...CHANNEL_ALIASES[channel]]) {
        expect(seen.get(alias), `${alias} of ${channel}`).toBeUndefined()
        seen.set(alias, channel)
      }
    }
  })

  it("are compact keys already", () => {
    for (const aliases of Object.values(CHANNEL_ALIASES)) {
      for (const alias of aliases) expect(compactCode(alias)).toBe(alias)
    }
  })

  it("name the channel of a typed prefix in any case", () => {
    expect(channelOfPrefix("sj")).toBe("TE")
    expect(channelOfPrefix("Liv")).toBe("LR")
    expect(channelOfPrefix("p")).toBe("PC")
    expect(channelOfPrefix("xx")).toBeUndefined()
  })
})

describe("pointCodeKeys", () => {
  it("holds the code, the number under every alias of its channel and the alternative codes", () => {
    const keys = pointCodeKeys("TE-5", ["SJ-5", "TB-5"])
    expect(keys).toContain("TE5")
    expect(keys).toContain("SJ5")
    expect(keys).toContain("TB5")
    expect(keys).toContain("3E5")
    expect(pointCodeKeys("EX-HN3", ["M-HN-3", "GV-29"])).toEqual(["EXHN3", "MHN3", "GV29"])
  })
})

describe("codePrefixes", () => {
  it("adds the canonical channel to an alias prefix", () => {
    expect(codePrefixes("sj")).toEqual(["SJ", "TE"])
    expect(codePrefixes("lu1")).toEqual(["LU1"])
    expect(codePrefixes("p 6")).toEqual(["P6", "PC6"])
    expect(codePrefixes("  ")).toEqual([])
  })
})

describe("looksLikeCode", () => {
  it("is true when a digit is typed", () => {
    expect(looksLikeCode("lu9")).toBe(true)
    expect(looksLikeCode("Yintang")).toBe(false)
  })
})
