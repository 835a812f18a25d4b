// Reads and decodes every knowledge-base file under `content/`, the German and Spanish overlays
// under `content/translations/` included. Used by the seed, search and the content tests; a file
// that does not match its Schema stops the seed with the file's name.
import { createHash } from "node:crypto"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { Schema } from "effect"
import { AcupressureFile } from "../../src/domain/acupressure/acupressure-script.ts"
import {
  AccessFile,
  BodyAreasFile,
  CategoriesFile,
  CHANNEL_CODES,
  ChannelFile,
  ExtraPointsFile,
  PageFile,
  QuotesFile,
  VesselsFile,
} from "../../src/domain/content/content-schema.ts"
import type { LanguageOverlays, Overlays } from "../../src/domain/content/localize-content.ts"
import {
  ChannelTranslationFile,
  ExtraPointsTranslationFile,
  GlossaryFile,
  type TranslatedLanguage,
  VesselsTranslationFile,
} from "../../src/domain/content/translation-schema.ts"

export const CONTENT_DIR = join(import.meta.dirname, "..", "..", "content")

const readJson = (dir: string, file: string): unknown => JSON.parse(readFileSync(join(dir, file), "utf8"))

const decode = <S extends Schema.Top & { readonly DecodingServices: never }>(
  schema: S,
  dir: string,
  file: string,
): S["Type"] => {
  try {
    return Schema.decodeUnknownSync(schema)(readJson(dir, file), { errors: "all" })
  } catch (error) {
    throw new Error(`content/${file} does not match its schema:\n${String(error)}`)
  }
}

export const channelFileName = (code: string) => `channels/${code}.json`

/** The knowledge base's files that stand alone, each with the Schema it decodes with. */
export const CONTENT_FILES = {
  "extra-points.json": ExtraPointsFile,
  "vessels.json": VesselsFile,
  "categories.json": CategoriesFile,
  "body-areas.json": BodyAreasFile,
  "quotes.json": QuotesFile,
  "access.json": AccessFile,
  "acupressure.json": AcupressureFile,
  "glossary.json": GlossaryFile,
} as const
export type ContentFileName = keyof typeof CONTENT_FILES

/** The channel files written so far (a channel is added file by file). */
const channelCodes = (dir: string) => CHANNEL_CODES.filter((code) => existsSync(join(dir, channelFileName(code))))

/** The book's pages, `pages/*.json`, in name order. */
const pageFileNames = (dir: string) =>
  readdirSync(join(dir, "pages"))
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => `pages/${f}`)

/**
 * Every file of the knowledge base with the Schema it decodes with: the channels, the files above
 * and the book's pages. The seed, the content tests and `scripts/check-content.ts` read this one table.
 */
export const contentFiles = (dir = CONTENT_DIR): ReadonlyArray<readonly [string, Schema.Decoder<unknown>]> => [
  ...channelCodes(dir).map((code) => [channelFileName(code), ChannelFile] as const),
  ...Object.entries(CONTENT_FILES),
  ...pageFileNames(dir).map((file) => [file, PageFile] as const),
]

const decodeFile = <F extends ContentFileName>(dir: string, file: F) => decode(CONTENT_FILES[file], dir, file)

export const loadChannel = (code: string, dir = CONTENT_DIR) => decode(ChannelFile, dir, channelFileName(code))

/** `translations/de/channels/LU.json` */
export const translationFileName = (language: TranslatedLanguage, file: string) => `translations/${language}/${file}`

const loadLanguageOverlays = (dir: string, language: TranslatedLanguage): LanguageOverlays => {
  const path = (file: string) => translationFileName(language, file)
  const exists = (file: string) => existsSync(join(dir, path(file)))
  const channels: LanguageOverlays["channels"] = Object.fromEntries(
    CHANNEL_CODES.filter((code) => exists(channelFileName(code))).map((code) => [
      code,
      decode(ChannelTranslationFile, dir, path(channelFileName(code))),
    ]),
  )
  return {
    channels,
    extraPoints: exists("extra-points.json")
      ? decode(ExtraPointsTranslationFile, dir, path("extra-points.json")).points
      : {},
    vessels: exists("vessels.json") ? decode(VesselsTranslationFile, dir, path("vessels.json")).vessels : {},
  }
}

/**
 * The overlays of every translated language. A missing file is no error (its texts are shown in
 * English, field by field); the content tests require every file and every field.
 */
export const loadTranslations = (dir = CONTENT_DIR): Overlays => ({
  de: loadLanguageOverlays(dir, "de"),
  es: loadLanguageOverlays(dir, "es"),
})

/** The English source files alone: what a translation is checked against. */
export const loadEnglishContent = (dir = CONTENT_DIR) => {
  const channels = channelCodes(dir).map((code) => loadChannel(code, dir))
  const pages = pageFileNames(dir).map((file) => decode(PageFile, dir, file))
  return {
    channels,
    extraPoints: decodeFile(dir, "extra-points.json").points,
    vessels: decodeFile(dir, "vessels.json").vessels,
    categories: decodeFile(dir, "categories.json").categories,
    bodyAreas: decodeFile(dir, "body-areas.json").areas,
    quotes: decodeFile(dir, "quotes.json").quotes,
    pages: pages.sort((a, b) => a.order - b.order),
    access: decodeFile(dir, "access.json"),
    acupressure: decodeFile(dir, "acupressure.json").scripts,
    /** Fixed renderings of recurring terms; the labels of the safety flags' organs, vessels and nerves. */
    glossary: decodeFile(dir, "glossary.json").terms,
  }
}

/** The whole knowledge base: the English files and the overlays of every translated language. */
export const loadContent = (dir = CONTENT_DIR) => ({ ...loadEnglishContent(dir), translations: loadTranslations(dir) })

export type Content = ReturnType<typeof loadContent>

/** A digest of every content file; the seed re-applies content only when it changes. */
export const contentVersion = (dir = CONTENT_DIR): string => {
  const hash = createHash("sha256")
  const walk = (sub: string) => {
    for (const entry of readdirSync(join(dir, sub), { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const rel = join(sub, entry.name)
      if (entry.isDirectory()) walk(rel)
      else if (entry.name.endsWith(".json")) hash.update(rel).update(readFileSync(join(dir, rel)))
    }
  }
  walk("")
  return hash.digest("hex").slice(0, 16)
}
