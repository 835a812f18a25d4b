// Chinese that a learner types or writes (a search, a note) and the interface texts around it
// (search help, results, the notes list) are drawn by our web fonts on any device, not only the
// knowledge base's names: every font stack of the stylesheets names our subsets and the full Noto
// Serif TC and SC before any local family (Chromium draws a character system-ui or Arial lacks as an
// empty box instead of trying the next family), form controls take those stacks, and the full faces
// the app loads draw the common Chinese character sets in slices that name Chinese characters only.
import { readdirSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { describe, expect, it } from "vitest"
import { cjkFaces, parseUnicodeRange, root } from "../../scripts/hanzi.ts"

const uiDir = join(root, "src", "ui")
const stylesheets = readdirSync(uiDir, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".css") && !file.includes("fonts"))
  .map((file) => ({ file, css: readFileSync(join(uiDir, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "") }))
const styles = stylesheets.find((sheet) => sheet.file === "styles.css")!.css

/** The rules of a stylesheet (inside at-rules too) as selectors and declarations. */
const rules = (css: string) =>
  [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selector = "", body = ""]) => ({
    selectors: selector.split(",").map((s) => s.trim()),
    declarations: new Map(
      body
        .split(";")
        .map((d) => d.split(/:(.*)/s).map((part) => part.trim()))
        .filter(([name, value]) => name && value)
        .map(([name, value]) => [name!, value!] as const),
    ),
  }))

const rootVariables = new Map(
  rules(styles)
    .filter((rule) => rule.selectors.includes(":root"))
    .flatMap((rule) => [...rule.declarations].filter(([name]) => name.startsWith("--"))),
)

/** A value with its `var(--x)` replaced by the root's definitions, as a list of family names. */
const families = (value: string): Array<string> => {
  const resolved = value.replace(/var\((--[\w-]+)\)/g, (_, name: string) => rootVariables.get(name) ?? "")
  return resolved === value
    ? value.split(",").map((family) => family.trim().replace(/^["']|["']$/g, ""))
    : families(resolved)
}

const FULL_FACES = ["Noto Serif TC", "Noto Serif SC"]
const WEB_FACES = new Set(["Jingluo Hanzi TC", "Jingluo Hanzi SC", ...FULL_FACES])

const BIG5_TRAILS: ReadonlyArray<readonly [number, number]> = [
  [0x40, 0x7e],
  [0xa1, 0xfe],
]
/**
 * The CJK Unified Ideographs of a national character set's two-byte rows: GB 2312's 6,763
 * (rows B0–F7 of GBK) or Big5's 5,401 frequently used characters (rows A4–C6).
 */
const nationalSet = (
  encoding: "gbk" | "big5",
  [firstRow, lastRow]: readonly [number, number],
  trails: ReadonlyArray<readonly [number, number]>,
) => {
  const decoder = new TextDecoder(encoding)
  const codes = new Set<number>()
  for (let row = firstRow; row <= lastRow; row++)
    for (const [from, to] of trails)
      for (let cell = from; cell <= to; cell++) {
        const code = decoder.decode(new Uint8Array([row, cell])).codePointAt(0)!
        if (code >= 0x4e00 && code <= 0x9fff) codes.add(code)
      }
  return [...codes]
}

/** The stylesheets src/main.tsx loads for the Chinese faces, as the build gets them (vite.config.ts). */
const loadedFacesCss = () => {
  const main = readFileSync(join(root, "src", "main.tsx"), "utf8")
  const [, path = ""] = main.match(/import\("\.\/(ui\/shared\/fonts\/[\w-]+\.tsx?)"\)/) ?? []
  expect(path, "src/main.tsx loads the Chinese faces").not.toBe("")
  const module = join(root, "src", path)
  return [...readFileSync(module, "utf8").matchAll(/^import "([^"]+\.css)"/gm)]
    .map(([, spec = ""]) =>
      spec.startsWith(".")
        ? readFileSync(join(dirname(module), spec), "utf8")
        : cjkFaces(readFileSync(join(root, "node_modules", spec), "utf8")),
    )
    .join("\n")
}

describe("Chinese typed or written in the interface", () => {
  it("every font stack names our subsets and the full faces before any local or generic family", () => {
    const stacks = stylesheets.flatMap(({ file, css }) =>
      rules(css).flatMap((rule) =>
        [...rule.declarations]
          .filter(([name]) => name === "--font" || name === "--serif" || name === "font-family")
          .map(([name, value]) => ({ where: `${file} ${rule.selectors.join(", ")} ${name}`, value })),
      ),
    )
    expect(stacks.length).toBeGreaterThan(5)
    for (const { where, value } of stacks) {
      if (value === "inherit") continue
      const list = families(value)
      for (const face of [...FULL_FACES, "Jingluo Hanzi SC"]) expect(list, where).toContain(face)
      const firstLocal = list.findIndex((family) => !WEB_FACES.has(family))
      for (const face of FULL_FACES) expect(list.indexOf(face), where).toBeLessThan(firstLocal)
      expect(list.at(-1), where).toMatch(/^(sans-serif|serif)$/)
    }
  })

  it("form controls take the page's stacks, and every input or textarea rule keeps them", () => {
    const controls = rules(styles).find((rule) =>
      ["button", "input", "select", "textarea"].every((tag) => rule.selectors.includes(tag)),
    )
    expect(controls?.declarations.get("font-family")).toBe("inherit")
    for (const { file, css } of stylesheets)
      for (const rule of rules(css).filter((r) => r.selectors.some((s) => /\b(input|textarea)\b/.test(s)))) {
        const font = rule.declarations.get("font") ?? rule.declarations.get("font-family")
        if (font !== undefined)
          expect(font, `${file} ${rule.selectors.join(", ")}`).toMatch(/^(inherit|var\(--(font|serif)\))$/)
      }
  })

  it("the full faces the app loads draw the common Chinese character sets, in slices by unicode-range", () => {
    const faces = [...loadedFacesCss().matchAll(/@font-face\s*\{([^}]*)\}/g)].map(([, body = ""]) => ({
      family: body.match(/font-family:\s*["']?([^"';]+)/)?.[1] ?? "",
      range: body.match(/unicode-range:\s*([^;]+);/)?.[1],
      src: body.match(/src:\s*([^;]+);/)?.[1] ?? "",
    }))
    const covered = new Set<number>()
    for (const family of FULL_FACES) {
      const slices = faces.filter((face) => face.family === family)
      expect(slices.length, family).toBeGreaterThan(50)
      // Each slice names its characters, so a page downloads only the slices it shows.
      for (const slice of slices) {
        expect(slice.range, slice.src).toBeDefined()
        const codes = parseUnicodeRange(slice.range ?? "")
        // Chinese only, so the interface's Latin text never takes the full faces.
        expect(
          codes.filter((code) => code < 0x2e80),
          slice.src,
        ).toEqual([])
        expect(slice.src, "woff2 only").not.toMatch(/\.woff\)/)
        for (const code of codes) covered.add(code)
      }
    }
    const lacking = (codes: ReadonlyArray<number>) => codes.filter((code) => !covered.has(code))
    // Google's builds of Noto Serif TC and SC leave out a few dozen rare characters of these sets
    // (劐, 杗, …) and most of the block's rarest ones.
    expect(lacking(nationalSet("gbk", [0xb0, 0xf7], [[0xa1, 0xfe]])).length).toBeLessThanOrEqual(30)
    expect(lacking(nationalSet("big5", [0xa4, 0xc6], BIG5_TRAILS)).length).toBeLessThanOrEqual(20)
    const block = Array.from({ length: 0x9fff - 0x4e00 + 1 }, (_, i) => 0x4e00 + i)
    expect(block.length - lacking(block).length).toBeGreaterThan(14_000)
  })
})
