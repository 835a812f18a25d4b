// The Chinese characters the app can show, and the @font-face rules of the two subset fonts that
// draw them (src/ui/shared/fonts/, written by `npm run fonts`, scripts/fonts.ts). The
// generator and the coverage test (tests/content/hanzi-fonts.test.ts) both use it; only
// `fontCodePoints` reads a font (fontverter and harfbuzzjs, dev dependencies).
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs"
import { extname, join, resolve } from "node:path"

export const root = resolve(import.meta.dirname, "..")

/** The full Noto Serif faces (Google Fonts' builds on npm), downloaded once into .tmp/fonts. */
export const FONT_SOURCES = {
  tc: { spec: "@expo-google-fonts/noto-serif-tc@0.4.4", file: "package/400Regular/NotoSerifTC_400Regular.ttf" },
  sc: { spec: "@expo-google-fonts/noto-serif-sc@0.4.3", file: "package/400Regular/NotoSerifSC_400Regular.ttf" },
} as const
export const FONT_CACHE = join(root, ".tmp", "fonts")

/** A full source face (TTF), from the npm registry the first time (a tarball of ~50–70 MB). */
export const fontSource = (key: keyof typeof FONT_SOURCES): Buffer => {
  const { spec, file } = FONT_SOURCES[key]
  const dir = join(FONT_CACHE, key)
  const path = join(dir, file)
  if (!existsSync(path)) {
    mkdirSync(dir, { recursive: true })
    console.log(`fonts: downloading ${spec}`)
    const tarball = execFileSync("npm", ["pack", spec, "--pack-destination", dir, "--silent"], { encoding: "utf8" })
      .trim()
      .split("\n")
      .at(-1)!
    execFileSync("tar", ["xzf", join(dir, tarball), "-C", dir, file, "package/LICENSE_FONT"])
  }
  return readFileSync(path)
}

/** Where the app's own words live: the knowledge base, the interface texts and the code. */
export const HANZI_SOURCES = ["content", "locales", "src"].map((dir) => join(root, dir))
const TEXT_EXTENSIONS = new Set([".json", ".md", ".ts", ".tsx"])

/** CJK ideographs (with extension A and the compatibility block), CJK punctuation and full-width forms. */
export const isCjk = (code: number) =>
  (code >= 0x3000 && code <= 0x303f) ||
  (code >= 0x3400 && code <= 0x4dbf) ||
  (code >= 0x4e00 && code <= 0x9fff) ||
  (code >= 0xf900 && code <= 0xfaff) ||
  (code >= 0xff00 && code <= 0xffef)

const walk = (dir: string): Array<string> =>
  readdirSync(dir)
    .sort()
    .flatMap((entry) => {
      const path = join(dir, entry)
      return statSync(path).isDirectory() ? walk(path) : TEXT_EXTENSIONS.has(extname(path)) ? [path] : []
    })

/** Every CJK code point in the given texts, ascending. */
export const cjkCodePoints = (texts: Iterable<string>): Array<number> => {
  const found = new Set<number>()
  for (const text of texts)
    for (const char of text) {
      const code = char.codePointAt(0)!
      if (isCjk(code)) found.add(code)
    }
  return [...found].sort((a, b) => a - b)
}

/** The CJK code points of the app's own texts (knowledge base, interface texts, code). */
export const appHanzi = (dirs: ReadonlyArray<string> = HANZI_SOURCES): Array<number> =>
  cjkCodePoints(dirs.flatMap(walk).map((file) => readFileSync(file, "utf8")))

/**
 * The knowledge base's strings under the given keys, in file order: `"traditional"` and
 * `"simplified"` hold the names of points, channels and vessels, `"original"` the quotes.
 */
export const contentStrings = (keys: ReadonlyArray<string>, dir: string = join(root, "content")): Array<string> => {
  const found: Array<string> = []
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) collect(item)
    else if (value !== null && typeof value === "object")
      for (const [key, item] of Object.entries(value)) {
        if (keys.includes(key) && typeof item === "string") found.push(item)
        else collect(item)
      }
  }
  for (const file of walk(dir)) if (file.endsWith(".json")) collect(JSON.parse(readFileSync(file, "utf8")))
  return found
}

/** Every character a video may burn in: printable ASCII, and the pinyin and hanzi of every name. */
export const videoCharacters = (): Array<number> => {
  const codes = new Set<number>()
  for (let c = 0x20; c <= 0x7e; c++) codes.add(c)
  for (const text of contentStrings(["pinyin", "traditional"])) for (const char of text) codes.add(char.codePointAt(0)!)
  return [...codes].sort((a, b) => a - b)
}

/** The code points of the simplified names in the knowledge base (`"simplified": "太渊"`). */
export const simplifiedHanzi = (): Array<number> => cjkCodePoints(contentStrings(["simplified"]))

/** Code points as a compact unicode-range, runs joined: `U+4e00-4e02, U+4e10`. */
export const formatUnicodeRange = (codes: Iterable<number>): string => {
  const sorted = [...new Set(codes)].sort((a, b) => a - b)
  const parts: Array<string> = []
  for (let i = 0; i < sorted.length; ) {
    let j = i
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++
    const hex = (n: number) => n.toString(16)
    parts.push(i === j ? `U+${hex(sorted[i]!)}` : `U+${hex(sorted[i]!)}-${hex(sorted[j]!)}`)
    i = j + 1
  }
  return parts.join(", ")
}

/** `U+4e00-4e02,U+4e10` as the code points it names. */
export const parseUnicodeRange = (value: string): Array<number> =>
  value
    .split(",")
    .map((part) => part.trim().replace(/^U\+/i, ""))
    .filter((part) => part.length > 0)
    .flatMap((part) => {
      const [from, to = from] = part.split("-").map((hex) => Number.parseInt(hex!, 16))
      return Array.from({ length: to! - from! + 1 }, (_, i) => from! + i)
    })

/** What the full Chinese faces draw for the app: CJK scripts from the radicals on, no Latin or symbols. */
const isCjkScript = (code: number) => code >= 0x2e80 && (code <= 0xffef || code >= 0x20000)

/**
 * Fontsource's stylesheet of a full Chinese face (Noto Serif TC or SC) as the app loads it: each
 * slice's unicode-range kept to CJK code points, rules left with none dropped (the Latin, Cyrillic
 * and Vietnamese slices), woff2 only (every browser the app supports reads it). The faces come
 * first in the stacks (styles.css), so a slice that also named Latin letters or punctuation would
 * draw the interface's Latin text.
 */
export const cjkFaces = (css: string): string =>
  css.replace(/(?:\/\*[^*]*\*\/\s*)?@font-face\s*\{[^}]*\}\s*/g, (rule) => {
    const range = rule.match(/unicode-range:\s*([^;]+);/)?.[1]
    const kept = range === undefined ? [] : parseUnicodeRange(range).filter(isCjkScript)
    if (kept.length === 0) return ""
    return rule
      .replace(/unicode-range:\s*[^;]+;/, `unicode-range: ${formatUnicodeRange(kept)};`)
      .replace(/,\s*url\([^)]*\.woff\)\s*format\(["']woff["']\)/, "")
  })

/** The two faces: traditional first (most of the app's text), simplified for `zh-Hans` and the rest. */
export const FACES = [
  { key: "tc", family: "Jingluo Hanzi TC" },
  { key: "sc", family: "Jingluo Hanzi SC" },
] as const
export type FaceKey = (typeof FACES)[number]["key"]

/** The file of a face's slice (numbered from 1): `hanzi-tc-3.woff2`. */
export const sliceFile = (face: FaceKey, index: number) => `hanzi-${face}-${index + 1}.woff2`

/** The descriptor as the formatter (Biome) writes it: on a line of its own when it is long. */
const unicodeRangeLine = (range: string) =>
  `  unicode-range: ${range};`.length <= 120 ? `  unicode-range: ${range};` : `  unicode-range:\n    ${range};`

/**
 * The stylesheet of the faces: one rule per slice file, naming exactly the code points that file
 * draws, so the browser downloads only the slices of the characters a page shows.
 */
export const facesCss = (slices: Readonly<Record<FaceKey, ReadonlyArray<ReadonlyArray<number>>>>): string =>
  [
    "/* Written by `npm run fonts` (scripts/fonts.ts): Noto Serif TC and SC (SIL Open Font License 1.1,",
    "   OFL.txt) narrowed to the Chinese characters of the app's texts. Do not edit by hand. */",
    ...FACES.flatMap((face) =>
      slices[face.key].map((codes, index) =>
        [
          "@font-face {",
          `  font-family: "${face.family}";`,
          "  font-style: normal;",
          "  font-weight: 400;",
          "  font-display: swap;",
          `  src: url("./${sliceFile(face.key, index)}") format("woff2");`,
          unicodeRangeLine(formatUnicodeRange(codes)),
          "}",
        ].join("\n"),
      ),
    ),
    "",
  ].join("\n")

/**
 * The code points a woff2 (or TTF/OTF) font draws, from its character map. One call at a time:
 * the woff2 decoder (WebAssembly) is not safe to run twice at once.
 */
export const fontCodePoints = async (font: Uint8Array): Promise<Array<number>> => {
  const [{ default: fontverter }, hb] = await Promise.all([import("fontverter"), import("harfbuzzjs")])
  const sfnt: Uint8Array = await fontverter.convert(font, "sfnt")
  const face = new hb.Face(new hb.Blob(sfnt))
  return [...face.collectUnicodes()].sort((a, b) => a - b)
}

/**
 * Splits a face's characters into files a page downloads few of: first the characters many texts
 * share (in at least `sharedIn` units), then the rest in the order the texts come, a slice closing
 * once it holds `sliceSize` characters (a text's characters stay together). Every character is in
 * exactly one slice; a page shows a quote and a few names, so it needs the shared slice and one or
 * two others.
 */
export const sliceCharacters = (
  wanted: ReadonlyArray<number>,
  units: ReadonlyArray<string>,
  { sharedIn = 4, sliceSize = 48 }: { readonly sharedIn?: number; readonly sliceSize?: number } = {},
): Array<Array<number>> => {
  const want = new Set(wanted)
  const seenIn = new Map<number, number>()
  const unitCodes = units.map((unit) => cjkCodePoints([unit]).filter((code) => want.has(code)))
  for (const codes of unitCodes) for (const code of codes) seenIn.set(code, (seenIn.get(code) ?? 0) + 1)
  const shared = wanted.filter((code) => (seenIn.get(code) ?? 0) >= sharedIn)
  const placed = new Set(shared)
  const slices: Array<Array<number>> = [shared]
  let current: Array<number> = []
  const place = (codes: ReadonlyArray<number>) => {
    for (const code of codes)
      if (!placed.has(code)) {
        placed.add(code)
        current.push(code)
      }
    if (current.length >= sliceSize) {
      slices.push(current)
      current = []
    }
  }
  for (const codes of unitCodes) place(codes)
  place(wanted)
  if (current.length > 0) slices.push(current)
  return slices.filter((slice) => slice.length > 0).map((slice) => [...slice].sort((a, b) => a - b))
}
