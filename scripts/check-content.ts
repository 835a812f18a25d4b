// Checks one knowledge-base file while it is being written: `node scripts/check-content.ts LU`
// (a channel code) or `node scripts/check-content.ts extra-points`. Prints every problem found.

import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { Schema } from "effect"
import {
  AccessFile,
  BodyAreasFile,
  CategoriesFile,
  CHANNEL_CODES,
  ChannelFile,
  ExtraPointsFile,
  PageFile,
  POINT_COUNTS,
  type Point,
  QuotesFile,
  VesselsFile,
} from "../src/domain/content/content-schema.ts"

const arg = process.argv[2] ?? ""
const problems: string[] = []
if (arg === "catalog") {
  const dir = join(import.meta.dirname, "..", "content")
  const files: Array<[string, Schema.Decoder<unknown>]> = [
    ["categories.json", CategoriesFile],
    ["body-areas.json", BodyAreasFile],
    ["access.json", AccessFile],
    ["quotes.json", QuotesFile],
    ...readdirSync(join(dir, "pages"))
      .filter((f) => f.endsWith(".json"))
      .map((f): [string, Schema.Decoder<unknown>] => [`pages/${f}`, PageFile]),
  ]
  for (const [f, schema] of files) {
    try {
      Schema.decodeUnknownSync(schema)(JSON.parse(readFileSync(join(dir, f), "utf8")), { errors: "all" })
    } catch (e) {
      problems.push(`${f}: ${String(e)}`)
    }
  }
  console.log(problems.length ? problems.join("\n") : `catalog: ${files.length} files, no problems`)
  process.exit(problems.length ? 1 : 0)
}
const file = (CHANNEL_CODES as readonly string[]).includes(arg) ? `channels/${arg}.json` : `${arg}.json`
const raw = JSON.parse(readFileSync(join(import.meta.dirname, "..", "content", file), "utf8"))
const schema = file.startsWith("channels/") ? ChannelFile : ExtraPointsFile
let points: ReadonlyArray<Point> = []
if (arg === "vessels") {
  try {
    const { vessels } = Schema.decodeUnknownSync(VesselsFile)(raw, { errors: "all" })
    if (vessels.length !== 8) problems.push(`expected 8 vessels, found ${vessels.length}`)
  } catch (e) {
    problems.push(String(e))
  }
} else
  try {
    points = Schema.decodeUnknownSync(schema as typeof ChannelFile)(raw, { errors: "all" }).points
  } catch (e) {
    problems.push(String(e))
  }
if (file.startsWith("channels/")) {
  const expected = POINT_COUNTS[arg as keyof typeof POINT_COUNTS]
  if (points.length !== expected) problems.push(`expected ${expected} points, found ${points.length}`)
  points.forEach((p, i) => {
    if (p.code !== `${arg}-${i + 1}`) problems.push(`point ${i + 1} has code ${p.code}`)
  })
}
const seen = new Map<string, string>()
for (const p of points) {
  if (!p.slug.startsWith(p.code.toLowerCase()))
    problems.push(`${p.code}: slug should start with ${p.code.toLowerCase()}`)
  for (const [field, text] of [
    ["location", p.location],
    ["locating", p.locating],
    ["needling.method", p.needling.method],
    ["indications", p.indications.join("; ")],
    ["actions", p.actions.join("; ")],
    ["commentary", p.commentary],
  ] as const) {
    const key = `${field}:${text.trim().toLowerCase()}`
    const other = seen.get(key)
    if (other) problems.push(`${p.code} repeats the ${field} of ${other}`)
    seen.set(key, p.code)
  }
}
console.log(problems.length ? problems.join("\n") : `${file}: ${points.length} points, no problems`)
process.exitCode = problems.length ? 1 : 0
