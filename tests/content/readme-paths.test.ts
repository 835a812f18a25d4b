// `content/README.md` names files and folders in backticks (`channels/{CODE}.json`,
// `src/domain/shared/locales.ts`, `node scripts/check-content.ts LU`); each of them exists, read from
// the content folder or from the repository root. A `{…}` placeholder or `*` stands for any name
// and must match at least one; `.tmp/` holds what scripts write and is not checked. A bare file
// name (`pathways.json`) is a file somewhere in the content folder.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { join, resolve } from "node:path"
import { describe, expect, it } from "vitest"
import { CONTENT_DIR } from "../../server/content/load-content.ts"

const ROOT = resolve(import.meta.dirname, "../..")
const README = readFileSync(join(CONTENT_DIR, "README.md"), "utf8")

/** The words of every inline code span outside fenced blocks. */
const codeWords = (markdown: string): ReadonlyArray<string> => {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, "")
  return [...new Set([...prose.matchAll(/`([^`\n]+)`/g)].flatMap((m) => (m[1] ?? "").split(/\s+/)))]
}

/** Words that are paths: with a slash, ending in one or in a file extension; not under `.tmp/`. */
const namedPaths = (words: ReadonlyArray<string>) =>
  words.filter((word) => word.includes("/") && (word.endsWith("/") || /\.\w+$/.test(word)) && !word.startsWith(".tmp/"))

/** Words that are bare file names: `quotes.json`. */
const namedFiles = (words: ReadonlyArray<string>) => words.filter((word) => /^[\w-]+\.(json|md|ts)$/.test(word))

/** Every file name in the content folder and its subfolders. */
const contentFileNames = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? contentFileNames(join(dir, entry.name)) : [entry.name],
  )

/** A segment with placeholders as a pattern: `{CODE}.json` → /^[^/]+\.json$/. */
const segmentPattern = (segment: string) =>
  new RegExp(
    `^${segment
      .split(/(\{[^}]*\}|\*)/)
      .map((part) => (part === "*" || part.startsWith("{") ? "[^/]+" : part.replace(/[.+?^$()[\]\\|]/g, "\\$&")))
      .join("")}$`,
  )

/** Whether `path` (segments under `dir`) exists, a placeholder matching any entry. */
const exists = (dir: string, segments: ReadonlyArray<string>): boolean => {
  const [segment, ...rest] = segments
  if (segment === undefined || segment === "") return existsSync(dir)
  if (!/[{*]/.test(segment)) return exists(join(dir, segment), rest)
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return false
  const pattern = segmentPattern(segment)
  return readdirSync(dir).some((entry) => pattern.test(entry) && exists(join(dir, entry), rest))
}

const found = (path: string) => [CONTENT_DIR, ROOT].some((base) => exists(base, path.split("/")))

describe("content/README.md", () => {
  const words = codeWords(README)
  const paths = namedPaths(words)

  it("names files and folders", () => {
    expect(paths).toEqual(
      expect.arrayContaining([
        "channels/{CODE}.json",
        "src/domain/content/translation-schema.ts",
        "scripts/check-content.ts",
      ]),
    )
  })

  it("names only files and folders that exist", () => {
    expect(paths.filter((path) => !found(path))).toEqual([])
  })

  it("names only file names that are in the content folder", () => {
    const names = new Set(contentFileNames(CONTENT_DIR))
    expect(namedFiles(words).length).toBeGreaterThan(5)
    expect(namedFiles(words).filter((name) => !names.has(name))).toEqual([])
  })
})
