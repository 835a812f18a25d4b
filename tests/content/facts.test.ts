// Known facts of standard teaching, checked as examples against the knowledge base.
import { describe, expect, it } from "vitest"
import { loadContent } from "../../server/content/load-content.ts"
import type { ChannelCode } from "../../src/domain/content/content-schema.ts"
import {
  channelOfCode,
  getCategory,
  getChannel,
  getPoint,
  getVessel,
  memberCodes,
  memberOf,
} from "./content-helpers.ts"

const content = loadContent()

const nfc = (s: string) => s.normalize("NFC")
const contraindications = (code: string) => getPoint(content, code).needling.contraindications.join(" ")

const TRANSPORTING = ["jing-well", "ying-spring", "shu-stream", "jing-river", "he-sea"] as const
const PRIMARY: ReadonlyArray<ChannelCode> = ["LU", "LI", "ST", "SP", "HT", "SI", "BL", "KI", "PC", "TE", "GB", "LR"]

describe("point categories", () => {
  it("LU-9 is yuan-source, shu-stream of phase earth and hui-meeting point of the vessels", () => {
    expect(memberCodes(content, "yuan-source")).toContain("LU-9")
    expect(memberOf(content, "shu-stream", "LU-9")?.phase).toBe("earth")
    expect(memberOf(content, "hui-meeting", "LU-9")?.role?.en).toBe("Vessels")
  })

  it("ST-36 is the he-sea point (earth) and the lower he-sea point of the Stomach", () => {
    expect(memberOf(content, "he-sea", "ST-36")?.phase).toBe("earth")
    expect(memberOf(content, "lower-he-sea", "ST-36")?.role?.en).toBe("Stomach")
  })

  it("the lower he-sea points: ST-37 Large Intestine, ST-39 Small Intestine, BL-39 Triple Energizer, BL-40 Bladder, GB-34 Gallbladder", () => {
    const roles = Object.fromEntries(getCategory(content, "lower-he-sea").members.map((m) => [m.point, m.role?.en]))
    expect(roles).toEqual({
      "ST-36": "Stomach",
      "ST-37": "Large Intestine",
      "ST-39": "Small Intestine",
      "BL-39": "Triple Energizer",
      "BL-40": "Bladder",
      "GB-34": "Gallbladder",
    })
  })

  it("luo-connecting has 15 members, including SP-21, CV-15 and GV-1", () => {
    const codes = memberCodes(content, "luo-connecting")
    expect(codes).toHaveLength(15)
    expect(codes).toEqual(expect.arrayContaining(["SP-21", "CV-15", "GV-1", "LU-7", "PC-6", "ST-40"]))
  })

  it("xi-cleft has 16 members, including KI-8, BL-59, KI-9 and GB-35 for the qiao and wei vessels", () => {
    const codes = memberCodes(content, "xi-cleft")
    expect(codes).toHaveLength(16)
    expect(codes).toEqual(expect.arrayContaining(["KI-8", "BL-59", "KI-9", "GB-35", "LU-6", "ST-34"]))
    expect(getVessel(content, "yin-qiao").xiCleftPoint).toBe("KI-8")
    expect(getVessel(content, "yang-qiao").xiCleftPoint).toBe("BL-59")
    expect(getVessel(content, "yin-wei").xiCleftPoint).toBe("KI-9")
    expect(getVessel(content, "yang-wei").xiCleftPoint).toBe("GB-35")
  })

  it("the back-shu points: BL-13 Lung, BL-14 Pericardium, BL-15 Heart, BL-23 Kidney, BL-28 Bladder", () => {
    expect(memberOf(content, "back-shu", "BL-13")?.role?.en).toBe("Lung")
    expect(memberOf(content, "back-shu", "BL-14")?.role?.en).toBe("Pericardium")
    expect(memberOf(content, "back-shu", "BL-15")?.role?.en).toBe("Heart")
    expect(memberOf(content, "back-shu", "BL-23")?.role?.en).toBe("Kidney")
    expect(memberOf(content, "back-shu", "BL-28")?.role?.en).toBe("Bladder")
  })

  it("the front-mu points: CV-12 Stomach, LU-1 Lung, CV-14 Heart, LR-14 Liver, GB-25 Kidney, ST-25 Large Intestine, CV-3 Bladder", () => {
    const roles = Object.fromEntries(getCategory(content, "front-mu").members.map((m) => [m.point, m.role?.en]))
    expect(roles).toMatchObject({
      "CV-12": "Stomach",
      "LU-1": "Lung",
      "CV-14": "Heart",
      "LR-14": "Liver",
      "GB-25": "Kidney",
      "ST-25": "Large Intestine",
      "CV-3": "Bladder",
      "CV-4": "Small Intestine",
      "CV-5": "Triple Energizer",
      "LR-13": "Spleen",
      "GB-24": "Gallbladder",
      "CV-17": "Pericardium",
    })
  })

  it("the eight hui-meeting points", () => {
    const roles = Object.fromEntries(getCategory(content, "hui-meeting").members.map((m) => [m.point, m.role?.en]))
    expect(roles).toEqual({
      "GB-34": "Sinews",
      "BL-11": "Bones",
      "GB-39": "Marrow",
      "BL-17": "Blood",
      "CV-17": "Qi",
      "LR-13": "Zang organs",
      "CV-12": "Fu organs",
      "LU-9": "Vessels",
    })
  })

  it("the yuan-source points are LU-9, LI-4, ST-42, SP-3, HT-7, SI-4, BL-64, KI-3, PC-7, TE-4, GB-40, LR-3", () => {
    expect([...memberCodes(content, "yuan-source")].sort()).toEqual(
      ["LU-9", "LI-4", "ST-42", "SP-3", "HT-7", "SI-4", "BL-64", "KI-3", "PC-7", "TE-4", "GB-40", "LR-3"].sort(),
    )
  })

  it("jing-well points of yin channels have phase wood, of yang channels metal", () => {
    for (const m of getCategory(content, "jing-well").members) {
      const channel = getChannel(content, channelOfCode(m.point) as ChannelCode)
      expect(m.phase, m.point).toBe(channel.polarity === "yin" ? "wood" : "metal")
    }
  })

  it("the five transporting points follow the phase sequences of yin (wood→water) and yang (metal→earth) channels", () => {
    const yin = ["wood", "fire", "earth", "metal", "water"]
    const yang = ["metal", "water", "wood", "fire", "earth"]
    TRANSPORTING.forEach((id, i) => {
      for (const m of getCategory(content, id).members) {
        const channel = getChannel(content, channelOfCode(m.point) as ChannelCode)
        expect(m.phase, `${id} ${m.point}`).toBe((channel.polarity === "yin" ? yin : yang)[i])
      }
    })
  })

  it.each(PRIMARY)(
    "%s has exactly one of each transporting point, running from the extremity towards the trunk",
    (code) => {
      const numbers = TRANSPORTING.map((id) => {
        const own = memberCodes(content, id).filter((c) => channelOfCode(c) === code)
        expect(own, id).toHaveLength(1)
        return Number(own[0]?.split("-")[1])
      })
      const ascending = numbers.every((n, i) => i === 0 || n > (numbers[i - 1] ?? 0))
      const descending = numbers.every((n, i) => i === 0 || n < (numbers[i - 1] ?? 0))
      expect(ascending || descending, numbers.join(",")).toBe(true)
    },
  )

  it("channel-based categories give each point the organ of its own channel as its role", () => {
    for (const id of [...TRANSPORTING, "yuan-source"]) {
      for (const m of getCategory(content, id).members) {
        const channel = getChannel(content, channelOfCode(m.point) as ChannelCode)
        expect(m.role?.en, `${id} ${m.point}`).toBe(channel.organ?.en)
      }
    }
  })

  it("the window-of-heaven points include ST-9, LI-18, TE-16, BL-10, LU-3, CV-22, SI-16, SI-17, GV-16, PC-1", () => {
    expect([...memberCodes(content, "window-of-heaven")].sort()).toEqual(
      ["ST-9", "LI-18", "TE-16", "BL-10", "LU-3", "CV-22", "SI-16", "SI-17", "GV-16", "PC-1"].sort(),
    )
  })

  it("the four seas: GV-20/GV-16 marrow, BL-11/ST-37/ST-39 blood, ST-30/ST-36 water and grain", () => {
    expect(memberOf(content, "four-seas", "GV-20")?.role?.en).toBe("Sea of Marrow")
    expect(memberOf(content, "four-seas", "BL-11")?.role?.en).toBe("Sea of Blood")
    expect(memberOf(content, "four-seas", "ST-37")?.role?.en).toBe("Sea of Blood")
    expect(memberOf(content, "four-seas", "ST-36")?.role?.en).toBe("Sea of Water and Grain")
    expect(memberOf(content, "four-seas", "CV-17")?.role?.en).toBe("Sea of Qi")
  })

  it("Sun Si-miao's ghost points are thirteen and start with GV-26", () => {
    expect(memberCodes(content, "ghost-points")).toHaveLength(13)
    expect(memberCodes(content, "ghost-points")[0]).toBe("GV-26")
  })
})

describe("extraordinary vessels", () => {
  it("the confluent points pair LU-7/KI-6, SI-3/BL-62, GB-41/TE-5, SP-4/PC-6 via coupled vessels", () => {
    const pairs = new Set(
      content.vessels.map((v) =>
        [v.confluentPoint, getVessel(content, v.coupledVessel).confluentPoint].sort().join("/"),
      ),
    )
    expect(pairs).toEqual(new Set(["KI-6/LU-7", "BL-62/SI-3", "GB-41/TE-5", "PC-6/SP-4"]))
  })

  it("each vessel opens at its standard confluent point", () => {
    expect(Object.fromEntries(content.vessels.map((v) => [v.id, v.confluentPoint]))).toEqual({
      chong: "SP-4",
      "yin-wei": "PC-6",
      du: "SI-3",
      "yang-qiao": "BL-62",
      dai: "GB-41",
      "yang-wei": "TE-5",
      ren: "LU-7",
      "yin-qiao": "KI-6",
    })
  })

  it("the Ren and Du vessels have CV-15 and GV-1 as luo points", () => {
    expect(getVessel(content, "ren").luoPoint).toBe("CV-15")
    expect(getVessel(content, "du").luoPoint).toBe("GV-1")
  })

  it("the Dai Mai encircles the waist through LR-13 and GB-26, GB-27, GB-28", () => {
    expect(getVessel(content, "dai").points).toEqual(expect.arrayContaining(["LR-13", "GB-26", "GB-27", "GB-28"]))
  })
})

describe("needling cautions", () => {
  it("LI-4 is contraindicated in pregnancy", () => {
    expect(contraindications("LI-4")).toMatch(/pregnan/i)
  })

  it("SP-6 is contraindicated in pregnancy", () => {
    expect(contraindications("SP-6")).toMatch(/pregnan/i)
  })

  it("GB-21 mentions pregnancy", () => {
    expect(contraindications("GB-21")).toMatch(/pregnan/i)
  })

  it("CV-8 (umbilicus) and ST-17 (nipple) are not needled", () => {
    expect(getPoint(content, "CV-8").needling.angle).toBe("none")
    expect(getPoint(content, "ST-17").needling.angle).toBe("none")
  })

  it("GV-20 mentions the open fontanelle", () => {
    expect(contraindications("GV-20")).toMatch(/fontanel/i)
  })
})

describe("channels", () => {
  it("BL-1 … BL-67 are 67 points", () => {
    const codes = getChannel(content, "BL").points.map((p) => p.code)
    expect(codes).toHaveLength(67)
    expect(codes[0]).toBe("BL-1")
    expect(codes.at(-1)).toBe("BL-67")
  })

  it.each([
    ["LU", "03:00", "05:00"],
    ["LI", "05:00", "07:00"],
    ["ST", "07:00", "09:00"],
    ["SP", "09:00", "11:00"],
    ["HT", "11:00", "13:00"],
    ["SI", "13:00", "15:00"],
    ["BL", "15:00", "17:00"],
    ["KI", "17:00", "19:00"],
    ["PC", "19:00", "21:00"],
    ["TE", "21:00", "23:00"],
    ["GB", "23:00", "01:00"],
    ["LR", "01:00", "03:00"],
  ] as const)("%s horary time is %s–%s", (code, from, to) => {
    expect(getChannel(content, code).horary).toEqual({ from, to })
  })

  it("the horary clock runs without a gap from one channel to the next, LR back to LU", () => {
    PRIMARY.forEach((code, i) => {
      const next = PRIMARY[(i + 1) % PRIMARY.length] as ChannelCode
      expect(getChannel(content, code).horary?.to, code).toBe(getChannel(content, next).horary?.from)
    })
  })

  it.each([
    ["LU", "metal"],
    ["LI", "metal"],
    ["ST", "earth"],
    ["SP", "earth"],
    ["HT", "fire"],
    ["SI", "fire"],
    ["PC", "fire"],
    ["TE", "fire"],
    ["BL", "water"],
    ["KI", "water"],
    ["GB", "wood"],
    ["LR", "wood"],
  ] as const)("%s belongs to %s", (code, phase) => {
    expect(getChannel(content, code).phase).toBe(phase)
  })

  it("CV and GV have null phase, horary, level and paired channel, and are coupled with each other", () => {
    for (const code of ["CV", "GV"] as const) {
      const c = getChannel(content, code)
      expect(c.phase, code).toBeNull()
      expect(c.horary, code).toBeNull()
      expect(c.level, code).toBeNull()
      expect(c.pairedChannel, code).toBeNull()
      expect(c.limb, code).toBe("trunk")
    }
    expect(getChannel(content, "CV").coupledChannel).toBe("GV")
    expect(getChannel(content, "GV").coupledChannel).toBe("CV")
  })

  it.each([
    ["LU", "LI", "SP", "taiyin"],
    ["LI", "LU", "ST", "yangming"],
    ["HT", "SI", "KI", "shaoyin"],
    ["SI", "HT", "BL", "taiyang"],
    ["PC", "TE", "LR", "jueyin"],
    ["TE", "PC", "GB", "shaoyang"],
  ] as const)("%s is paired with %s, coupled with %s at the %s level", (code, paired, coupled, level) => {
    const c = getChannel(content, code)
    expect(c.pairedChannel).toBe(paired)
    expect(c.coupledChannel).toBe(coupled)
    expect(c.level).toBe(level)
  })

  it("the yin channels are LU, SP, HT, KI, PC, LR (and CV)", () => {
    const yin = content.channels.filter((c) => c.polarity === "yin").map((c) => c.code)
    expect(yin.sort()).toEqual(["CV", "HT", "KI", "LR", "LU", "PC", "SP"])
  })
})

describe("names", () => {
  it("GV-20 is Bǎihuì 百會 (Hundred Meetings)", () => {
    const p = getPoint(content, "GV-20")
    expect(nfc(p.pinyin)).toBe(nfc("Bǎihuì"))
    expect(p.hanzi).toEqual({ traditional: "百會", simplified: "百会" })
    expect(p.name.en).toBe("Hundred Meetings")
  })

  it("HT-7 is Shénmén 神門 (Spirit Gate)", () => {
    const p = getPoint(content, "HT-7")
    expect(nfc(p.pinyin)).toBe(nfc("Shénmén"))
    expect(p.hanzi.traditional).toBe("神門")
    expect(p.name.en).toBe("Spirit Gate")
  })

  it.each([
    ["LU-9", "Tàiyuān"],
    ["LI-4", "Hégǔ"],
    ["ST-36", "Zúsānlǐ"],
    ["SP-6", "Sānyīnjiāo"],
    ["KI-1", "Yǒngquán"],
    ["PC-6", "Nèiguān"],
    ["TE-5", "Wàiguān"],
    ["GB-20", "Fēngchí"],
    ["LR-3", "Tàichōng"],
    ["CV-12", "Zhōngwǎn"],
    ["GV-14", "Dàzhuī"],
    ["BL-40", "Wěizhōng"],
  ] as const)("%s is %s", (code, pinyin) => {
    expect(nfc(getPoint(content, code).pinyin)).toBe(nfc(pinyin))
  })

  it("Yintang is EX-HN3", () => {
    const p = getPoint(content, "EX-HN3")
    expect(p.pinyinPlain).toBe("Yintang")
    expect(p.slug).toBe("ex-hn3-yintang")
  })

  it("the extra points include Sishencong EX-HN1, Taiyang EX-HN5, Dingchuan EX-B1, Huatuojiaji EX-B2, Baxie EX-UE9, Shixuan EX-UE11, Bafeng EX-LE10", () => {
    expect(getPoint(content, "EX-HN1").pinyinPlain).toBe("Sishencong")
    expect(getPoint(content, "EX-HN5").pinyinPlain).toBe("Taiyang")
    expect(getPoint(content, "EX-B1").pinyinPlain).toBe("Dingchuan")
    expect(getPoint(content, "EX-B2").pinyinPlain).toBe("Jiaji")
    expect(getPoint(content, "EX-UE9").pinyinPlain).toBe("Baxie")
    expect(getPoint(content, "EX-UE11").pinyinPlain).toBe("Shixuan")
    expect(getPoint(content, "EX-LE10").pinyinPlain).toBe("Bafeng")
  })

  it("alternative codes: TE-5 is SJ-5/TB-5, LR-3 is LIV-3, CV-4 is REN-4, GV-20 is DU-20", () => {
    expect(getPoint(content, "TE-5").altCodes).toEqual(["SJ-5", "TB-5"])
    expect(getPoint(content, "LR-3").altCodes).toEqual(["LIV-3"])
    expect(getPoint(content, "CV-4").altCodes).toEqual(["REN-4"])
    expect(getPoint(content, "GV-20").altCodes).toEqual(["DU-20"])
  })
})

describe("access", () => {
  it("frees the LU and LI channels", () => {
    expect([...content.access.free.channels].sort()).toEqual(["LI", "LU"])
  })

  it("frees the introduction and the cun pages", () => {
    expect(content.access.free.pages).toEqual(
      expect.arrayContaining(["introduction-to-the-channels", "measuring-with-cun"]),
    )
  })
})
