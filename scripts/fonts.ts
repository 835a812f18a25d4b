// `npm run fonts`: the Chinese web fonts of the app, instead of the system's fonts (many phones and
// desktops have none, and show empty boxes). It takes the full Noto Serif TC and SC (regular
// weight, from the npm packages of Google Fonts' builds, downloaded once into .tmp/fonts), keeps
// only the characters of the app's own texts (scripts/hanzi.ts), and cuts each face into slices a
// page downloads few of: the traditional face by the names of the points (the characters many
// names share in one slice, then the rest channel by channel), the simplified face with all the
// quotes' characters in one slice (the footer shows a quote on every page), then the simplified
// names. It writes src/ui/shared/fonts/: hanzi-tc-N.woff2 and hanzi-sc-N.woff2, hanzi.css (one
// @font-face rule per slice with the exact unicode-range its file draws) and OFL.txt (the fonts'
// licence). Run it again when the knowledge base or the interface texts gain a character: the test
// tests/content/hanzi-fonts.test.ts fails until then.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import subsetFont from "subset-font"
import {
  appHanzi,
  cjkCodePoints,
  contentStrings,
  FACES,
  FONT_CACHE,
  facesCss,
  fontCodePoints,
  fontSource,
  root,
  sliceCharacters,
  sliceFile,
} from "./hanzi.ts"

const out = join(root, "src", "ui", "shared", "fonts")

const text = (codes: Iterable<number>) => String.fromCodePoint(...codes)

/** Each slice of a face as a woff2 file and the code points it draws (slices it cannot draw left out). */
const cut = async (font: Buffer, slices: ReadonlyArray<ReadonlyArray<number>>) => {
  const files: Array<{ readonly bytes: Buffer; readonly codes: Array<number> }> = []
  for (const slice of slices) {
    const bytes = await subsetFont(font, text(slice), { targetFormat: "woff2" })
    const codes = await fontCodePoints(bytes)
    if (codes.length > 0) files.push({ bytes, codes })
  }
  return files
}

const main = async () => {
  const wanted = appHanzi()
  const traditional = contentStrings(["traditional"])
  const quotes = contentStrings(["original"])
  const simplified = contentStrings(["simplified"])
  // The traditional face leaves out what only simplified texts use (the simplified face draws it).
  const inTraditional = new Set(cjkCodePoints(traditional))
  const onlySimplified = new Set(cjkCodePoints([...quotes, ...simplified]).filter((code) => !inTraditional.has(code)))
  const tc = await cut(
    fontSource("tc"),
    sliceCharacters(
      wanted.filter((code) => !onlySimplified.has(code)),
      traditional,
      { sharedIn: 6, sliceSize: 48 },
    ),
  )
  const inTc = new Set(tc.flatMap((file) => file.codes))
  const scWanted = cjkCodePoints([...quotes, ...simplified, text(wanted.filter((code) => !inTc.has(code)))])
  const sc = await cut(
    fontSource("sc"),
    sliceCharacters(scWanted, [quotes.join(""), ...simplified], { sharedIn: Infinity, sliceSize: 40 }),
  )

  const drawn = new Set([...inTc, ...sc.flatMap((file) => file.codes)])
  const missing = wanted.filter((code) => !drawn.has(code))
  if (missing.length > 0) throw new Error(`fonts: no glyph in either font for ${text(missing)}`)

  rmSync(out, { recursive: true, force: true })
  mkdirSync(out, { recursive: true })
  const faces = { tc, sc }
  for (const face of FACES)
    for (const [index, file] of faces[face.key].entries())
      writeFileSync(join(out, sliceFile(face.key, index)), file.bytes)
  writeFileSync(
    join(out, "hanzi.css"),
    facesCss({ tc: tc.map((file) => file.codes), sc: sc.map((file) => file.codes) }),
  )
  writeFileSync(join(out, "OFL.txt"), readFileSync(join(FONT_CACHE, "tc", "package", "LICENSE_FONT")))
  for (const face of FACES) {
    const files = faces[face.key]
    const sizes = files.map((file) => `${file.codes.length} (${(file.bytes.length / 1000).toFixed(1)} kB)`)
    console.log(`fonts: ${face.family}: ${files.length} slices: ${sizes.join(", ")}`)
  }
}

await main()
