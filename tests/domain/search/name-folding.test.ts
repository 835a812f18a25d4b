// Names compared with or without tone marks, umlauts and "ß", and in either Chinese script.
import { describe, expect, it } from "vitest"
import { compactName, foldLatin, hasHanzi, makeHanziFolder } from "../../../src/domain/search/name-folding.ts"

describe("foldLatin", () => {
  it("drops tone marks and diacritics and lowers the case", () => {
    expect(foldLatin("Tàiyuān")).toBe("taiyuan")
    expect(foldLatin("Ěrjiān")).toBe("erjian")
    expect(foldLatin("Nǚxī")).toBe("nuxi")
    expect(foldLatin("Großer Abgrund")).toBe("grosser abgrund")
    expect(foldLatin("Übelkeit")).toBe("ubelkeit")
    expect(foldLatin("Mañana")).toBe("manana")
  })
})

describe("compactName", () => {
  it("compares names without separators and without pinyin tone numbers", () => {
    expect(compactName("Tài yuān")).toBe("taiyuan")
    expect(compactName("Tai-Yuan")).toBe("taiyuan")
    expect(compactName("tai4 yuan1")).toBe("taiyuan")
    expect(compactName("Xi'an")).toBe("xian")
  })
})

describe("hanzi", () => {
  const fold = makeHanziFolder([
    { traditional: "太淵", simplified: "太渊" },
    { traditional: "內關", simplified: "内关" },
    { traditional: "足三里", simplified: "足三里" },
    // Different lengths teach nothing.
    { traditional: "魚際穴", simplified: "鱼际" },
  ])

  it("folds traditional characters to simplified ones, one character at a time", () => {
    expect(fold("太淵")).toBe("太渊")
    expect(fold("太渊")).toBe("太渊")
    expect(fold("內关")).toBe("内关")
    expect(fold("魚際")).toBe("魚際")
    expect(fold("abc")).toBe("abc")
  })

  it("recognises Chinese characters", () => {
    expect(hasHanzi("太淵")).toBe(true)
    expect(hasHanzi("taiyuan")).toBe(false)
  })
})
