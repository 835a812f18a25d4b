// The German and Spanish texts of the knowledge base paired with their English sources, for the
// translation tests: the overlays per file (each channel, the extra points, the vessels) and the
// category and body-area descriptions written inline in the English files; and every other German
// or Spanish text (book pages, quotes, names, interface texts) for the checks that read them all.
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { Schema } from "effect"
import { CONTENT_DIR, type Content, translationFileName } from "../../server/content/load-content.ts"
import { CHANNEL_CODES, type ChannelCode } from "../../src/domain/content/content-schema.ts"
import {
  type Paired,
  pairChannel,
  pairPoints,
  pairVessels,
  type TextPair,
} from "../../src/domain/content/translation-checks.ts"
import { GlossaryFile, type TranslatedLanguage } from "../../src/domain/content/translation-schema.ts"
import { collectStrings } from "./content-helpers.ts"

const LOCALES = resolve(import.meta.dirname, "../../locales")

/** One overlay file: a channel's code, or the extra points' or the vessels' file. */
export type Unit = ChannelCode | "extra-points" | "vessels"
export const UNITS: ReadonlyArray<Unit> = [...CHANNEL_CODES, "extra-points", "vessels"]

export const unitFile = (unit: Unit) =>
  unit === "extra-points" || unit === "vessels" ? `${unit}.json` : `channels/${unit}.json`

export const unitExists = (language: TranslatedLanguage, unit: Unit) =>
  existsSync(join(CONTENT_DIR, translationFileName(language, unitFile(unit))))

const merge = (parts: ReadonlyArray<Paired>): Paired => ({
  pairs: parts.flatMap((p) => p.pairs),
  problems: parts.flatMap((p) => p.problems),
})

/** Every text of one overlay file with its English source, and what is missing or of another length. */
export const pairUnit = (content: Content, language: TranslatedLanguage, unit: Unit): Paired => {
  const overlays = content.translations[language]
  if (unit === "extra-points") return pairPoints(content.extraPoints, overlays.extraPoints)
  if (unit === "vessels") return pairVessels(content.vessels, overlays.vessels)
  const channel = content.channels.find((c) => c.code === unit)!
  const file = overlays.channels[unit]
  if (!file) return { pairs: [], problems: [`${unit}: no translation file`] }
  return merge([pairChannel(channel, file.channel), pairPoints(channel.points, file.points)])
}

/** How many descriptive texts the English of one file holds: what a complete overlay pairs. */
export const englishTextCount = (content: Content, unit: Unit): number => {
  const point = (p: Content["extraPoints"][number] | Content["channels"][number]["points"][number]) =>
    5 + p.needling.cautions.length + p.needling.contraindications.length + p.actions.length + p.indications.length
  if (unit === "extra-points") return content.extraPoints.reduce((n, p) => n + point(p), 0)
  if (unit === "vessels") return content.vessels.reduce((n, v) => n + 2 + v.uses.length, 0)
  const channel = content.channels.find((c) => c.code === unit)!
  return 3 + channel.connections.length + channel.points.reduce((n, p) => n + point(p), 0)
}

/** The category and body-area descriptions, translated inline in their English files. */
export const inlinePairs = (content: Content, language: TranslatedLanguage): ReadonlyArray<TextPair> => [
  ...content.categories.map((c) => ({
    path: `categories/${c.id}.description`,
    en: c.description.en,
    text: c.description[language] ?? "",
  })),
  ...content.bodyAreas.map((a) => ({
    path: `body-areas/${a.id}.description`,
    en: a.description.en,
    text: a.description[language] ?? "",
  })),
]

export const loadGlossary = () =>
  Schema.decodeUnknownSync(GlossaryFile)(JSON.parse(readFileSync(join(CONTENT_DIR, "glossary.json"), "utf8")), {
    errors: "all",
  }).terms

/** Every German or Spanish text that is not paired with an English source, with where it is. */
export const unpairedTexts = (
  content: Content,
  language: TranslatedLanguage,
): ReadonlyArray<readonly [string, string]> => [
  ...collectStrings(
    content.pages.map((p) => ({ title: p.title[language], summary: p.summary[language], body: p.body[language] })),
    "pages",
  ),
  ...collectStrings(
    content.quotes.map((q) => q.text[language]),
    "quotes",
  ),
  ...collectStrings(
    content.channels.map((c) => ({ name: c.name[language], organ: c.organ?.[language] })),
    "channels",
  ),
  ...collectStrings(
    [...content.channels.flatMap((c) => c.points), ...content.extraPoints].map((p) => p.name[language]),
    "points",
  ),
  ...collectStrings(
    content.vessels.map((v) => v.name[language]),
    "vessels",
  ),
  ...collectStrings(
    content.categories.map((c) => ({ name: c.name[language], roles: c.members.map((m) => m.role?.[language]) })),
    "categories",
  ),
  ...collectStrings(
    content.bodyAreas.map((a) => a.name[language]),
    "body-areas",
  ),
  ...readdirSync(join(LOCALES, language)).flatMap((file) =>
    collectStrings(JSON.parse(readFileSync(join(LOCALES, language, file), "utf8")), `locales/${language}/${file}`),
  ),
]

/** Every German or Spanish text with where it is: the paired overlays and descriptions, then the rest. */
export const everyText = (content: Content, language: TranslatedLanguage): ReadonlyArray<readonly [string, string]> => [
  ...[...UNITS.flatMap((unit) => pairUnit(content, language, unit).pairs), ...inlinePairs(content, language)].map(
    (pair) => [pair.path, pair.text] as const,
  ),
  ...unpairedTexts(content, language),
]
