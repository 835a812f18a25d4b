// The searchable texts of the knowledge base, one row per point, language, field and list item, as
// the content seed writes them into `search_documents`. A German or Spanish reader searches the
// texts they read: the translation where there is one (stemmed in its language), the English
// where a field is not translated (stemmed in English), field by field as the point page shows them.
import type { ContentLanguage, Point } from "../../src/domain/content/content-schema.ts"
import { localizePoint, type Overlays, overlaysFor, pointOverlayOf } from "../../src/domain/content/localize-content.ts"
import { FIELD_WEIGHTS, type SearchField } from "../../src/domain/search/search-fields.ts"
import { withoutMarks } from "../../src/domain/search/snippets.ts"
import type { Content } from "../content/load-content.ts"

/**
 * Bumped whenever what is indexed changes, so the next start rebuilds the index. "3": an index
 * written before the seed merged its pending list is rebuilt once, and merged with it.
 */
export const SEARCH_INDEX_FORMAT = "3"

export const SEARCH_LANGUAGES = ["en", "de", "es"] as const satisfies ReadonlyArray<ContentLanguage>

/** The text-search configuration of each language (migration 0005): unaccent, then its stemmer. */
export const SEARCH_CONFIGS: Readonly<Record<ContentLanguage, string>> = {
  en: "jingluo_english",
  de: "jingluo_german",
  es: "jingluo_spanish",
}

export interface SearchDocument {
  readonly language: ContentLanguage
  readonly point_code: string
  readonly field: SearchField
  readonly position: number
  readonly config: string
  readonly weight: "A" | "B" | "C" | "D"
  readonly body: string
}

/** What a point's name reads as in a result: "Tàiyuān · 太淵 太渊 · Great Abyss". */
export const nameLine = (point: Point, language: ContentLanguage): string => {
  const { traditional, simplified } = point.hanzi
  const hanzi = traditional === simplified ? traditional : `${traditional} ${simplified}`
  return `${point.pinyin} · ${hanzi} · ${point.name[language]}`
}

/** Every searchable row of one point in one language, each text stemmed in the language it is in. */
export const pointDocuments = (
  point: Point,
  language: ContentLanguage,
  overlays: Overlays,
): ReadonlyArray<SearchDocument> => {
  const texts = localizePoint(point, pointOverlayOf(overlaysFor(overlays, language), point.code), language)
  const { languages } = texts
  const row = (field: SearchField, position: number, body: string, textLanguage: ContentLanguage): SearchDocument => ({
    language,
    point_code: point.code,
    field,
    position,
    config: SEARCH_CONFIGS[textLanguage],
    weight: FIELD_WEIGHTS[field],
    body: withoutMarks(body),
  })
  const { method, depth, cautions, contraindications } = texts.needling
  return [
    row("point_name", 0, nameLine(point, language), language),
    row("location", 0, texts.location, languages.location),
    row("locating", 0, texts.locating, languages.locating),
    row("needling", 0, [method, depth, ...cautions, ...contraindications].join(" "), languages.needling.method),
    ...texts.actions.map((action, i) => row("actions", i, action, languages.actions)),
    ...texts.indications.map((indication, i) => row("indications", i, indication, languages.indications)),
    row("commentary", 0, texts.commentary, languages.commentary),
  ]
}

/** Every row of the index: each point of the channels and the extra points, in each language. */
export const searchDocuments = (
  content: Pick<Content, "channels" | "extraPoints" | "translations">,
): ReadonlyArray<SearchDocument> => {
  const points: ReadonlyArray<Point> = [...content.channels.flatMap((c) => c.points), ...content.extraPoints]
  return SEARCH_LANGUAGES.flatMap((language) =>
    points.flatMap((point) => pointDocuments(point, language, content.translations)),
  )
}
