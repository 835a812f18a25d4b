// contentVersion(): a digest of the content files that the seed compares before re-applying.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { CONTENT_DIR, channelFileName, contentVersion, loadContent } from "../../server/content/load-content.ts"

const content = loadContent()
const tempDirs: string[] = []

/** A fresh copy of content/ in a temporary directory. */
const copyContent = () => {
  const dir = mkdtempSync(join(tmpdir(), "jingluo-content-"))
  tempDirs.push(dir)
  cpSync(CONTENT_DIR, dir, { recursive: true })
  return dir
}

/** Rewrites a channel file with the first point's commentary changed by `edit`. */
const editCommentary = (dir: string, code: string, edit: (commentary: string) => string) => {
  const file = join(dir, channelFileName(code))
  const json = JSON.parse(readFileSync(file, "utf8"))
  json.points[0].commentary = edit(json.points[0].commentary)
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`)
}

afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true })
})

describe("contentVersion", () => {
  it("is a 16-digit hex digest, stable across two calls", () => {
    const first = contentVersion()
    expect(first).toMatch(/^[0-9a-f]{16}$/)
    expect(contentVersion()).toBe(first)
  })

  it("is the same for an unchanged copy of the content directory", () => {
    expect(contentVersion(copyContent())).toBe(contentVersion())
  })

  it("changes when one point's commentary changes, and loadContent reads the change", () => {
    const dir = copyContent()
    const before = contentVersion(dir)
    editCommentary(dir, "LU", (c) => `${c} Edited in a test copy.`)
    expect(contentVersion(dir)).not.toBe(before)
    expect(contentVersion(dir)).not.toBe(contentVersion())
    const edited = loadContent(dir).channels.find((c) => c.code === "LU")?.points[0]?.commentary
    expect(edited).toBe(`${content.channels[0]?.points[0]?.commentary} Edited in a test copy.`)
  })

  it("returns to the original digest when the file is restored", () => {
    const dir = copyContent()
    const file = join(dir, channelFileName("HT"))
    const original = readFileSync(file)
    editCommentary(dir, "HT", (c) => c.replace(/\.$/, "!"))
    expect(contentVersion(dir)).not.toBe(contentVersion())
    writeFileSync(file, original)
    expect(contentVersion(dir)).toBe(contentVersion())
  })

  it("ignores files that are not JSON, such as the README", () => {
    const dir = copyContent()
    writeFileSync(join(dir, "README.md"), "changed\n")
    expect(contentVersion(dir)).toBe(contentVersion())
  })
})

describe("loadContent on a broken copy", () => {
  it("names the file that does not match its schema", () => {
    const dir = copyContent()
    editCommentary(dir, "LU", () => "Too short.")
    expect(() => loadContent(dir)).toThrow(/content\/channels\/LU\.json does not match its schema/)
  })
})
