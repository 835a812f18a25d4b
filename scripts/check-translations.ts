// Checks German or Spanish overlays while they are written:
//   node scripts/check-translations.ts de LU          one channel
//   node scripts/check-translations.ts es extra-points
//   node scripts/check-translations.ts de vessels
//   node scripts/check-translations.ts de             every overlay of the language
// Prints each problem: a missing field, an array of another length, a number that differs from the
// English, a glossary term not rendered as fixed, a field that still reads as English.
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { Schema } from "effect"
import { loadEnglishContent } from "../server/content/load-content.ts"
import { CHANNEL_CODES } from "../src/domain/content/content-schema.ts"
import {
  type Paired,
  pairChannel,
  pairPoints,
  pairVessels,
  textProblems,
} from "../src/domain/content/translation-checks.ts"
import {
  ChannelTranslationFile,
  ExtraPointsTranslationFile,
  GlossaryFile,
  TRANSLATED_LANGUAGES,
  type TranslatedLanguage,
  VesselsTranslationFile,
} from "../src/domain/content/translation-schema.ts"

const contentDir = join(import.meta.dirname, "..", "content")
const [language, only] = process.argv.slice(2) as [TranslatedLanguage | undefined, string | undefined]
if (!language || !(TRANSLATED_LANGUAGES as ReadonlyArray<string>).includes(language)) {
  console.error("usage: node scripts/check-translations.ts de|es [LU|…|extra-points|vessels]")
  process.exit(2)
}

// The English only: an overlay that does not decode yet is reported below, file by file.
const content = loadEnglishContent(contentDir)
const glossary = Schema.decodeUnknownSync(GlossaryFile)(
  JSON.parse(readFileSync(join(contentDir, "glossary.json"), "utf8")),
).terms

const read = <S extends Schema.Top & { readonly DecodingServices: never }>(
  schema: S,
  file: string,
): S["Type"] | string => {
  const path = join(contentDir, "translations", language, file)
  if (!existsSync(path)) return `${file}: missing`
  try {
    return Schema.decodeUnknownSync(schema)(JSON.parse(readFileSync(path, "utf8")), { errors: "all" })
  } catch (error) {
    return `${file}: ${String(error)}`
  }
}

const units = [...CHANNEL_CODES, "extra-points", "vessels"].filter((unit) => !only || unit === only)
if (units.length === 0) {
  console.error(`unknown file ${only}`)
  process.exit(2)
}

let total = 0
for (const unit of units) {
  let paired: Paired | string
  if (unit === "extra-points") {
    const file = read(ExtraPointsTranslationFile, "extra-points.json")
    paired = typeof file === "string" ? file : pairPoints(content.extraPoints, file.points)
  } else if (unit === "vessels") {
    const file = read(VesselsTranslationFile, "vessels.json")
    paired = typeof file === "string" ? file : pairVessels(content.vessels, file.vessels)
  } else {
    const channel = content.channels.find((c) => c.code === unit)!
    const file = read(ChannelTranslationFile, `channels/${unit}.json`)
    paired =
      typeof file === "string"
        ? file
        : {
            pairs: [...pairChannel(channel, file.channel).pairs, ...pairPoints(channel.points, file.points).pairs],
            problems: [
              ...pairChannel(channel, file.channel).problems,
              ...pairPoints(channel.points, file.points).problems,
            ],
          }
  }
  const problems = typeof paired === "string" ? [paired] : textProblems(glossary, language, paired)
  total += problems.length
  const fields = typeof paired === "string" ? 0 : paired.pairs.length
  console.log(problems.length ? problems.join("\n") : `${language}/${unit}: ${fields} texts, no problems`)
}
process.exitCode = total ? 1 : 0
