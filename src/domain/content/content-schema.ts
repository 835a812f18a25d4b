// The shapes of the knowledge-base files under `content/`: channels with their points, the
// extraordinary vessels, extra points, point categories, body areas, quotes, book pages and the
// free/Pro declaration. Tests validate every file against these; the server seed decodes with them.
import { Schema } from "effect"
import { PointSafety } from "./point-safety.ts"

/** Shortest acceptable text for descriptive fields, so no field is left as a stub. */
export const MIN_TEXT_LENGTH = 20
export const MIN_LOCATION_LENGTH = 40
export const MIN_COMMENTARY_LENGTH = 120
export const MIN_PATHWAY_LENGTH = 200

export const LANGUAGES = ["en", "de", "es"] as const
export type ContentLanguage = (typeof LANGUAGES)[number]

export const CHANNEL_CODES = [
  "LU",
  "LI",
  "ST",
  "SP",
  "HT",
  "SI",
  "BL",
  "KI",
  "PC",
  "TE",
  "GB",
  "LR",
  "CV",
  "GV",
] as const
export type ChannelCode = (typeof CHANNEL_CODES)[number]

/** Points per channel in the standard 361-point system. */
export const POINT_COUNTS: Record<ChannelCode, number> = {
  LU: 11,
  LI: 20,
  ST: 45,
  SP: 21,
  HT: 9,
  SI: 19,
  BL: 67,
  KI: 27,
  PC: 9,
  TE: 23,
  GB: 44,
  LR: 14,
  CV: 24,
  GV: 28,
}
export const STANDARD_POINT_TOTAL = 361

export const BODY_AREA_IDS = [
  "head-face",
  "neck",
  "shoulder",
  "upper-arm-elbow",
  "forearm-wrist",
  "hand",
  "chest",
  "flank-axilla",
  "abdomen",
  "upper-back",
  "lower-back-sacrum",
  "perineum",
  "hip-thigh",
  "knee-lower-leg",
  "ankle-foot",
] as const
export type BodyAreaId = (typeof BODY_AREA_IDS)[number]

export const PHASES = ["wood", "fire", "earth", "metal", "water"] as const

export const Text = (min: number) => Schema.String.check(Schema.isMinLength(min))
export const Short = Schema.String.check(Schema.isMinLength(1))

/** A short label translated into every shipped language (names, titles). */
export const Localized = Schema.Struct({ en: Short, de: Short, es: Short })
export type Localized = typeof Localized.Type

/** Long text: English is required; German and Spanish where written. */
export const LocalizedText = (min: number) =>
  Schema.Struct({ en: Text(min), de: Schema.optionalKey(Text(min)), es: Schema.optionalKey(Text(min)) })

export const Slug = Schema.String.check(Schema.isPattern(/^[a-z0-9]+(?:-[a-z0-9]+)*$/))
export const PointCode = Schema.String.check(
  Schema.isPattern(
    /^(?:(?:LU|LI|ST|SP|HT|SI|BL|KI|PC|TE|GB|LR|CV|GV)-\d{1,2}|EX-[A-Z]{1,2}\d{1,2}|M-[A-Z]{2}-\d{1,2}|N-[A-Z]{2}-\d{1,2})$/,
  ),
)

export const Needling = Schema.Struct({
  /** Prose: method, direction and what the needle passes, specific to this point. */
  method: Text(MIN_TEXT_LENGTH),
  /** Depth in cun, e.g. "0.3–0.5 cun"; "—" is not allowed, use "prick to bleed" etc. */
  depth: Text(3),
  /** "none" for points that are not needled (CV-8, ST-17): method and depth say so. */
  angle: Schema.Literals(["perpendicular", "oblique", "transverse", "intradermal", "prick", "none"]),
  cautions: Schema.Array(Text(10)),
  contraindications: Schema.Array(Text(10)),
  moxibustion: Schema.Literals(["suitable", "caution", "contraindicated"]),
})

export const Point = Schema.Struct({
  code: PointCode,
  altCodes: Schema.Array(Schema.String),
  slug: Slug,
  pinyin: Short,
  pinyinPlain: Schema.String.check(Schema.isPattern(/^[A-Za-z' ]+$/)),
  hanzi: Schema.Struct({ traditional: Short, simplified: Short }),
  name: Localized,
  location: Text(MIN_LOCATION_LENGTH),
  locating: Text(MIN_TEXT_LENGTH),
  needling: Needling,
  /** Pregnancy, children, organs, vessels and nerves beneath, a depth limit: see point-safety.ts. */
  safety: PointSafety,
  actions: Schema.Array(Text(10)).check(Schema.isMinLength(2)),
  indications: Schema.Array(Text(4)).check(Schema.isMinLength(3)),
  commentary: Text(MIN_COMMENTARY_LENGTH),
  bodyAreas: Schema.Array(Schema.Literals(BODY_AREA_IDS)).check(Schema.isMinLength(1)),
})
export type Point = typeof Point.Type

export const CHANNEL_LEVELS = ["taiyin", "shaoyin", "jueyin", "taiyang", "shaoyang", "yangming"] as const
export type ChannelLevel = (typeof CHANNEL_LEVELS)[number]

export const ChannelFile = Schema.Struct({
  code: Schema.Literals(CHANNEL_CODES),
  altCodes: Schema.Array(Schema.String),
  slug: Slug,
  name: Localized,
  pinyin: Short,
  pinyinPlain: Short,
  hanzi: Schema.Struct({ traditional: Short, simplified: Short }),
  /** Yin or yang; the Ren and Du vessels are given as yin and yang respectively. */
  polarity: Schema.Literals(["yin", "yang"]),
  /** hand / foot for the twelve primary channels, trunk for Ren and Du. */
  limb: Schema.Literals(["hand", "foot", "trunk"]),
  /** Six-channel level: taiyin, shaoyin, jueyin, taiyang, shaoyang, yangming; null for Ren and Du. */
  level: Schema.NullOr(Schema.Literals(CHANNEL_LEVELS)),
  phase: Schema.NullOr(Schema.Literals(PHASES)),
  organ: Schema.NullOr(Localized),
  /** Interior–exterior partner (LU↔LI); null for Ren and Du. */
  pairedChannel: Schema.NullOr(Schema.Literals(CHANNEL_CODES)),
  /** Same six-channel level partner (LU↔SP, hand taiyin with foot taiyin); for Ren and Du the other one. */
  coupledChannel: Schema.NullOr(Schema.Literals(CHANNEL_CODES)),
  /** Two-hour period of the horary (organ) clock, "03:00"–"05:00"; null for Ren and Du. */
  horary: Schema.NullOr(Schema.Struct({ from: Schema.String, to: Schema.String })),
  summary: LocalizedText(MIN_TEXT_LENGTH),
  pathway: Schema.Struct({
    external: LocalizedText(MIN_PATHWAY_LENGTH),
    internal: LocalizedText(MIN_TEXT_LENGTH),
  }),
  /** Branches, luo vessels, divergent links and organs the channel reaches, one sentence each. */
  connections: Schema.Array(Text(MIN_TEXT_LENGTH)).check(Schema.isMinLength(2)),
  points: Schema.Array(Point),
})
export type ChannelFile = typeof ChannelFile.Type

export const ExtraPointsFile = Schema.Struct({
  points: Schema.Array(Point.mapFields((f) => ({ ...f, region: Schema.Literals(["HN", "CA", "B", "UE", "LE"]) }))),
})
export type ExtraPoint = (typeof ExtraPointsFile.Type)["points"][number]

export const VESSEL_IDS = ["chong", "ren", "du", "dai", "yin-qiao", "yang-qiao", "yin-wei", "yang-wei"] as const
export type VesselId = (typeof VESSEL_IDS)[number]

export const Vessel = Schema.Struct({
  id: Schema.Literals(VESSEL_IDS),
  slug: Slug,
  name: Localized,
  pinyin: Short,
  hanzi: Schema.Struct({ traditional: Short, simplified: Short }),
  pathway: LocalizedText(MIN_PATHWAY_LENGTH),
  /** Points the vessel passes through or meets, in order along its course. */
  points: Schema.Array(PointCode).check(Schema.isMinLength(2)),
  confluentPoint: PointCode,
  coupledVessel: Schema.Literals(VESSEL_IDS),
  /** Xi-cleft point for the four vessels that have one. */
  xiCleftPoint: Schema.NullOr(PointCode),
  /** Luo-connecting point for Ren, Du (and the great luo); null otherwise. */
  luoPoint: Schema.NullOr(PointCode),
  uses: Schema.Array(Text(MIN_TEXT_LENGTH)).check(Schema.isMinLength(3)),
  commentary: LocalizedText(MIN_COMMENTARY_LENGTH),
})
export type Vessel = typeof Vessel.Type
export const VesselsFile = Schema.Struct({ vessels: Schema.Array(Vessel) })

export const CategoryMember = Schema.Struct({
  point: PointCode,
  /** What the point stands for in this group: its channel, organ, phase, tissue, sea… */
  role: Schema.optionalKey(Localized),
  phase: Schema.optionalKey(Schema.Literals(PHASES)),
})

export const Category = Schema.Struct({
  id: Slug,
  slug: Slug,
  name: Localized,
  description: LocalizedText(MIN_COMMENTARY_LENGTH),
  members: Schema.Array(CategoryMember).check(Schema.isMinLength(2)),
})
export type Category = typeof Category.Type
export const CategoriesFile = Schema.Struct({ categories: Schema.Array(Category) })

export const BodyArea = Schema.Struct({
  id: Schema.Literals(BODY_AREA_IDS),
  slug: Slug,
  name: Localized,
  description: LocalizedText(MIN_TEXT_LENGTH),
})
export const BodyAreasFile = Schema.Struct({ areas: Schema.Array(BodyArea) })

export const Quote = Schema.Struct({
  id: Slug,
  point: PointCode,
  /** Original wording when quoted from a public-domain classic; omitted for our own passages. */
  original: Schema.optionalKey(Short),
  source: Localized,
  text: Localized,
})
export const QuotesFile = Schema.Struct({ quotes: Schema.Array(Quote).check(Schema.isMinLength(30)) })

export const PageBlock = Schema.Union([
  Schema.Struct({ type: Schema.Literal("heading"), text: Short }),
  Schema.Struct({ type: Schema.Literal("paragraph"), text: Text(MIN_TEXT_LENGTH) }),
  Schema.Struct({ type: Schema.Literal("list"), items: Schema.Array(Short).check(Schema.isMinLength(2)) }),
])
export const PageFile = Schema.Struct({
  slug: Slug,
  order: Schema.Number,
  title: Localized,
  summary: Localized,
  body: Schema.Struct({
    en: Schema.Array(PageBlock).check(Schema.isMinLength(3)),
    de: Schema.Array(PageBlock).check(Schema.isMinLength(3)),
    es: Schema.Array(PageBlock).check(Schema.isMinLength(3)),
  }),
})
export type PageFile = typeof PageFile.Type

/** What a Standard user (and a visitor) may open; everything else needs Pro. */
export const AccessFile = Schema.Struct({
  free: Schema.Struct({
    channels: Schema.Array(Schema.Literals(CHANNEL_CODES)),
    bodyAreas: Schema.Array(Schema.Literals(BODY_AREA_IDS)),
    categories: Schema.Array(Slug),
    vessels: Schema.Array(Schema.Literals(VESSEL_IDS)),
    pages: Schema.Array(Slug),
  }),
})
export type AccessFile = typeof AccessFile.Type
