// The Chinese web fonts (src/ui/shared/fonts/, written by `npm run fonts`) draw every Chinese
// character the app can show: the knowledge base's names and quotes, the interface texts and the
// code. When a text gains a character, this fails until `npm run fonts` is run again.
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import {
  appHanzi,
  cjkCodePoints,
  contentStrings,
  FACES,
  type FaceKey,
  facesCss,
  fontCodePoints,
  formatUnicodeRange,
  parseUnicodeRange,
  root,
  simplifiedHanzi,
  sliceCharacters,
  sliceFile,
} from "../../scripts/hanzi.ts"

const fontsDir = join(root, "src", "ui", "shared", "fonts")
const chars = (codes: Iterable<number>) => String.fromCodePoint(...codes)

/** What each slice file of each face draws, read from the files (one at a time: see fontCodePoints). */
const drawnBy = async () => {
  const files = readdirSync(fontsDir)
  const drawn: Record<FaceKey, Array<Array<number>>> = { tc: [], sc: [] }
  for (const face of FACES)
    for (let index = 0; files.includes(sliceFile(face.key, index)); index++)
      drawn[face.key].push(await fontCodePoints(readFileSync(join(fontsDir, sliceFile(face.key, index)))))
  return drawn
}

describe("Chinese web fonts", () => {
  it("reads and writes unicode ranges", () => {
    expect(formatUnicodeRange([0x4e02, 0x4e00, 0x4e01, 0x4e10, 0x4e10])).toBe("U+4e00-4e02, U+4e10")
    expect(parseUnicodeRange("U+4e00-4e02, U+4e10")).toEqual([0x4e00, 0x4e01, 0x4e02, 0x4e10])
  })

  it("finds the Chinese characters of texts, not Latin or pinyin", () => {
    expect(chars(cjkCodePoints(["太淵 Tàiyuān", "太渊。", "Lung"]))).toBe("。太淵渊")
  })

  it("finds the app's characters: the point names in both scripts, the quotes and the interface", () => {
    const used = new Set(appHanzi())
    expect(used.size).toBeGreaterThan(300)
    for (const char of "太淵渊經絡") expect(used.has(char.codePointAt(0)!), char).toBe(true)
    const simplified = new Set(simplifiedHanzi())
    expect(simplified.has("渊".codePointAt(0)!)).toBe(true)
    expect(simplified.has("淵".codePointAt(0)!)).toBe(false)
  })

  it("slices a face so that each character is in one slice, the shared ones first, a text's together", () => {
    const code = (char: string) => char.codePointAt(0)!
    const wanted = cjkCodePoints(["太淵太衝中府雲門經"])
    const slices = sliceCharacters(wanted, ["太淵", "太衝", "太白", "中府", "雲門"], { sharedIn: 2, sliceSize: 2 })
    expect(slices.map(chars)).toEqual(["太", "淵衝", "中府", "門雲", "經"].map((s) => chars(cjkCodePoints([s]))))
    expect(slices.flat().sort((a, b) => a - b)).toEqual(wanted)
    expect(slices[0]).toEqual([code("太")])
  })

  it("draws every character of the app's texts, the simplified names and quotes in the simplified face", async () => {
    const { tc, sc } = await drawnBy()
    expect(tc.length).toBeGreaterThan(1)
    expect(sc.length).toBeGreaterThan(1)
    const drawn = new Set([...tc.flat(), ...sc.flat()])
    const missing = appHanzi().filter((code) => !drawn.has(code))
    expect(chars(missing), "characters without a glyph: run `npm run fonts`").toBe("")
    const inSc = new Set(sc.flat())
    const simplified = cjkCodePoints(contentStrings(["simplified", "original"]))
    expect(chars(simplified.filter((code) => !inSc.has(code))), "run `npm run fonts`").toBe("")
    // Within a face, no character is in two slices (the browser would fetch the wrong one).
    for (const slices of [tc, sc]) expect(slices.flat().length).toBe(new Set(slices.flat()).size)
  })

  it("names in each slice's unicode-range exactly the characters its file draws", async () => {
    const css = readFileSync(join(fontsDir, "hanzi.css"), "utf8")
    const drawn = await drawnBy()
    expect(css, "hanzi.css is out of date: run `npm run fonts`").toBe(facesCss(drawn))
    const ranges = [...css.matchAll(/unicode-range:\s*([^;]+);/g)].map(([, range = ""]) => parseUnicodeRange(range))
    expect(ranges).toEqual([...drawn.tc, ...drawn.sc])
  })
})
