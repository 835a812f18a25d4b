// `npm run videos:font`: the fonts the videos' burned-in texts are set in (server/videos/fonts/):
// Noto Serif TC (regular, the full face from npm, downloaded once into .tmp/fonts) narrowed to
// printable ASCII and the characters of every pinyin and traditional name of the knowledge base
// (points, channels, vessels), and Noto Serif SC narrowed to the few of those the TC face lacks
// (髃, 髎), as TrueType files the rasteriser reads, with the fonts' licence (OFL.txt). Run it again
// when a name gains a character: tests/domain/videos/catalogue.test.ts fails until then.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import subsetFont from "subset-font"
import { FONT_CACHE, fontCodePoints, fontSource, root, videoCharacters } from "./hanzi.ts"

const out = join(root, "server", "videos", "fonts")

const subset = async (key: "tc" | "sc", codes: ReadonlyArray<number>) => {
  const bytes = await subsetFont(fontSource(key), String.fromCodePoint(...codes), { targetFormat: "truetype" })
  return { bytes, drawn: new Set(await fontCodePoints(bytes)) }
}

const main = async () => {
  const wanted = videoCharacters()
  const tc = await subset("tc", wanted)
  const rest = wanted.filter((code) => !tc.drawn.has(code))
  const sc = await subset("sc", rest)
  const missing = rest.filter((code) => !sc.drawn.has(code))
  if (missing.length > 0)
    throw new Error(`videos:font: no glyph in either face for ${String.fromCodePoint(...missing)}`)
  mkdirSync(out, { recursive: true })
  writeFileSync(join(out, "video-serif-tc.ttf"), tc.bytes)
  writeFileSync(join(out, "video-serif-sc.ttf"), sc.bytes)
  writeFileSync(join(out, "OFL.txt"), readFileSync(join(FONT_CACHE, "tc", "package", "LICENSE_FONT")))
  const kb = (bytes: Uint8Array) => `${(bytes.length / 1000).toFixed(1)} kB`
  console.log(`videos:font: ${wanted.length} characters: TC ${kb(tc.bytes)}, SC ${rest.length} (${kb(sc.bytes)})`)
}

await main()
