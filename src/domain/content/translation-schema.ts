// The German and Spanish texts of the knowledge base: one overlay file per source file under
// `content/translations/{de,es}/`, keyed by point code or vessel id, holding every descriptive field
// of the English source in the same order. The English files stay as written; a translator works
// (and a reviewer reads) one overlay at a time. `content/glossary.json` fixes the recurring terms.
import { Schema } from "effect"
import {
  MIN_COMMENTARY_LENGTH,
  MIN_LOCATION_LENGTH,
  MIN_PATHWAY_LENGTH,
  MIN_TEXT_LENGTH,
  PointCode,
  Short,
  Slug,
  Text,
  VESSEL_IDS,
} from "./content-schema.ts"

/** Languages that carry overlays; English is the source. */
export const TRANSLATED_LANGUAGES = ["de", "es"] as const
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number]

/** Every descriptive field of a point; arrays in the English order and of the English length. */
export const PointTranslation = Schema.Struct({
  location: Text(MIN_LOCATION_LENGTH),
  locating: Text(MIN_TEXT_LENGTH),
  needling: Schema.Struct({
    method: Text(MIN_TEXT_LENGTH),
    depth: Text(3),
    cautions: Schema.Array(Text(10)),
    contraindications: Schema.Array(Text(10)),
  }),
  actions: Schema.Array(Text(10)),
  /** Three letters at least: "Tos" is a whole indication in Spanish. */
  indications: Schema.Array(Text(3)),
  commentary: Text(MIN_COMMENTARY_LENGTH),
})
export type PointTranslation = typeof PointTranslation.Type

export const ChannelTranslation = Schema.Struct({
  summary: Text(MIN_TEXT_LENGTH),
  pathway: Schema.Struct({ external: Text(MIN_PATHWAY_LENGTH), internal: Text(MIN_TEXT_LENGTH) }),
  connections: Schema.Array(Text(MIN_TEXT_LENGTH)),
})
export type ChannelTranslation = typeof ChannelTranslation.Type

/** `translations/{lang}/channels/{CODE}.json` */
export const ChannelTranslationFile = Schema.Struct({
  channel: ChannelTranslation,
  points: Schema.Record(PointCode, PointTranslation),
})
export type ChannelTranslationFile = typeof ChannelTranslationFile.Type

/** `translations/{lang}/extra-points.json` */
export const ExtraPointsTranslationFile = Schema.Struct({ points: Schema.Record(PointCode, PointTranslation) })
export type ExtraPointsTranslationFile = typeof ExtraPointsTranslationFile.Type

export const VesselTranslation = Schema.Struct({
  pathway: Text(MIN_PATHWAY_LENGTH),
  uses: Schema.Array(Text(MIN_TEXT_LENGTH)),
  commentary: Text(MIN_COMMENTARY_LENGTH),
})
export type VesselTranslation = typeof VesselTranslation.Type

/** `translations/{lang}/vessels.json` */
export const VesselsTranslationFile = Schema.Struct({
  vessels: Schema.Record(Schema.Literals(VESSEL_IDS), VesselTranslation),
})
export type VesselsTranslationFile = typeof VesselsTranslationFile.Type

/**
 * A fixed rendering of a recurring term. `match.en` is a regular expression (case-insensitive)
 * that finds the term in an English text; a German or Spanish text translating such a text must
 * contain one of the `match` stems of its language (case-insensitive), and no text of a language
 * may contain one of its `avoid` stems. A rendering written "A (B)" says in `bracket` what B is: a
 * `gloss` (the pinyin, "Geist (Shen)") that running text may keep, or an `alternative` name
 * ("Mu-Punkt (Alarmpunkt)") of which running text uses one, never both.
 */
export const GlossaryTerm = Schema.Struct({
  id: Slug,
  en: Short,
  de: Short,
  es: Short,
  bracket: Schema.optionalKey(Schema.Literals(["gloss", "alternative"])),
  match: Schema.Struct({
    en: Short,
    de: Schema.Array(Short).check(Schema.isMinLength(1)),
    es: Schema.Array(Short).check(Schema.isMinLength(1)),
  }),
  avoid: Schema.optionalKey(
    Schema.Struct({ de: Schema.optionalKey(Schema.Array(Short)), es: Schema.optionalKey(Schema.Array(Short)) }),
  ),
  note: Schema.optionalKey(Short),
})
export type GlossaryTerm = typeof GlossaryTerm.Type

export const GlossaryFile = Schema.Struct({
  terms: Schema.Array(GlossaryTerm).check(Schema.isMinLength(20)),
})
export type GlossaryFile = typeof GlossaryFile.Type
