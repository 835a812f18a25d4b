// Checks one knowledge-base file while it is being written: `node scripts/check-content.ts LU`
// (a channel code) or `node scripts/check-content.ts extra-points`. Prints every problem found.

import { readFileSync } from "node:fs"
import { join } from "node:path"
import { Schema } from "effect"
import { CONTENT_DIR, channelFileName, contentFiles } from "../server/content/load-content.ts"
import {
  CHANNEL_CODES,
  ChannelFile,
  ExtraPointsFile,
  POINT_COUNTS,
  type Point,
  VesselsFile,
} from "../src/domain/content/content-schema.ts"

const arg = process.argv[2] ?? ""
const problems: string[] = []
/** Every problem a file has against its Schema (the one table of content files). */
const decodeProblems = (file: string, schema: Schema.Decoder<unknown>) => {
  try {
    Schema.decodeUnknownSync(schema)(JSON.parse(readFileSync(join(CONTENT_DIR, file), "utf8")), { errors: "all" })
  } catch (e) {
    problems.push(`${file}: ${String(e)}`)
  }
}
if (arg === "catalog") {
  const files = contentFiles()
  for (const [file, schema] of files) decodeProblems(file, schema)
  console.log(problems.length ? problems.join("\n") : `catalog: ${files.length} files, no problems`)
  process.exit(problems.length ? 1 : 0)
}
const isChannel = (CHANNEL_CODES as readonly string[]).includes(arg)
const file = isChannel ? channelFileName(arg) : `${arg}.json`
const entry = contentFiles().find(([name]) => name === file)
if (!entry) {
  console.log(`${file}: not a knowledge-base file (a channel code, a file name without .json, or "catalog")`)
  process.exit(1)
}
decodeProblems(file, entry[1])
// The points of a channel or of the extra points, for the checks below.
let points: ReadonlyArray<Point> = []
if (problems.length === 0 && (isChannel || file === "extra-points.json")) {
  const raw = JSON.parse(readFileSync(join(CONTENT_DIR, file), "utf8"))
  points = Schema.decodeUnknownSync(isChannel ? ChannelFile : ExtraPointsFile)(raw).points
}
if (file === "vessels.json" && problems.length === 0) {
  const raw = JSON.parse(readFileSync(join(CONTENT_DIR, file), "utf8"))
  const count = Schema.decodeUnknownSync(VesselsFile)(raw).vessels.length
  if (count !== 8) problems.push(`expected 8 vessels, found ${count}`)
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
