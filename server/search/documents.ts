// The searchable texts of the knowledge base, one row per point, language, field and list item, as
// the content seed writes them into `search_documents`. A German or Spanish reader searches the
// texts they read: the translation where there is one (stemmed in its language), the English
// where there is none (stemmed in English). Names are in every language from the start.
import type { ContentLanguage, Point } from "../../src/domain/content/content-schema.ts"
import { FIELD_WEIGHTS, type SearchField } from "../../src/domain/search/search-fields.ts"
import { withoutMarks } from "../../src/domain/search/snippets.ts"
import type { Content } from "../content/load-content.ts"

/** Bumped whenever what is indexed changes, so the next start rebuilds the index. */
export const SEARCH_INDEX_FORMAT = "1"

export const SEARCH_LANGUAGES = ["en", "de", "es"] as const satisfies ReadonlyArray<ContentLanguage>

/** The text-search configuration of each language (migration 0005): unaccent, then its stemmer. */
export const SEARCH_CONFIGS: Readonly<Record<ContentLanguage, string>> = {
  en: "jingluo_english",
  de: "jingluo_german",
  es: "jingluo_spanish",
}

/** The descriptive texts of a point in one language, and the language they are really in. */
export interface PointTexts {
  readonly language: ContentLanguage
  readonly location: string
  readonly locating: string
  readonly needling: {
    readonly method: string
    readonly depth: string
    readonly cautions: ReadonlyArray<string>
    readonly contraindications: ReadonlyArray<string>
  }
  readonly actions: ReadonlyArray<string>
  readonly indications: ReadonlyArray<string>
  readonly commentary: string
}

/** Where a point's texts in a language come from; the English source by default. */
export type PointTextSource = (point: Point, language: ContentLanguage) => PointTexts

export const englishTexts: PointTextSource = (point) => ({ language: "en", ...point })

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

/** Every searchable row of one point in one language. */
export const pointDocuments = (
  point: Point,
  language: ContentLanguage,
  source: PointTextSource = englishTexts,
): ReadonlyArray<SearchDocument> => {
  const texts = source(point, language)
  const row = (field: SearchField, position: number, body: string, config: string): SearchDocument => ({
    language,
    point_code: point.code,
    field,
    position,
    config,
    weight: FIELD_WEIGHTS[field],
    body: withoutMarks(body),
  })
  const text = SEARCH_CONFIGS[texts.language]
  const { method, depth, cautions, contraindications } = texts.needling
  return [
    row("point_name", 0, nameLine(point, language), SEARCH_CONFIGS[language]),
    row("location", 0, texts.location, text),
    row("locating", 0, texts.locating, text),
    row("needling", 0, [method, depth, ...cautions, ...contraindications].join(" "), text),
    ...texts.actions.map((action, i) => row("actions", i, action, text)),
    ...texts.indications.map((indication, i) => row("indications", i, indication, text)),
    row("commentary", 0, texts.commentary, text),
  ]
}

/** Every row of the index: each point of the channels and the extra points, in each language. */
export const searchDocuments = (
  content: Pick<Content, "channels" | "extraPoints">,
  source: PointTextSource = englishTexts,
): ReadonlyArray<SearchDocument> => {
  const points: ReadonlyArray<Point> = [...content.channels.flatMap((c) => c.points), ...content.extraPoints]
  return SEARCH_LANGUAGES.flatMap((language) => points.flatMap((point) => pointDocuments(point, language, source)))
}
