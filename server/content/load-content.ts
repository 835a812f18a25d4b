// Reads and decodes every knowledge-base file under `content/`, the German and Spanish overlays
// under `content/translations/` included. Used by the seed, search and the content tests; a file
// that does not match its Schema stops the seed with the file's name.
import { createHash } from "node:crypto"
import { existsSync, readdirSync, readFileSync } from "node:fs"
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
  QuotesFile,
  VesselsFile,
} from "../../src/domain/content/content-schema.ts"
import type { LanguageOverlays, Overlays } from "../../src/domain/content/localize-content.ts"
import {
  ChannelTranslationFile,
  ExtraPointsTranslationFile,
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

export const loadContent = (dir = CONTENT_DIR) => {
  const channels = CHANNEL_CODES.filter((code) => existsSync(join(dir, channelFileName(code)))).map((code) =>
    loadChannel(code, dir),
  )
  const pages = readdirSync(join(dir, "pages"))
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => decode(PageFile, dir, `pages/${f}`))
  return {
    channels,
    extraPoints: decode(ExtraPointsFile, dir, "extra-points.json").points,
    vessels: decode(VesselsFile, dir, "vessels.json").vessels,
    categories: decode(CategoriesFile, dir, "categories.json").categories,
    bodyAreas: decode(BodyAreasFile, dir, "body-areas.json").areas,
    quotes: decode(QuotesFile, dir, "quotes.json").quotes,
    pages: pages.sort((a, b) => a.order - b.order),
    access: decode(AccessFile, dir, "access.json"),
    translations: loadTranslations(dir),
  }
}
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
