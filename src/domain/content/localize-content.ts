// The descriptive texts of a point, channel or vessel in one language: the German or Spanish overlay
// (`content/translations/{lang}/…`) where it holds the field, the English source where it does not,
// field by field, and the language each field is really in, so a page can mark an English block
// inside a German page with `lang="en"`. Used by the content service, the seed's callers and search.
import type { ChannelCode, ContentLanguage, Point, VesselId } from "./content-schema.ts"
import type {
  ChannelTranslationFile,
  PointTranslation,
  TranslatedLanguage,
  VesselTranslation,
} from "./translation-schema.ts"

/** The overlays of one language, as `loadTranslations` reads them; a missing file is an empty record. */
export interface LanguageOverlays {
  readonly channels: Readonly<Partial<Record<ChannelCode, ChannelTranslationFile>>>
  readonly extraPoints: Readonly<Record<string, PointTranslation>>
  readonly vessels: Readonly<Partial<Record<VesselId, VesselTranslation>>>
}

/** The overlays of every translated language. */
export type Overlays = Readonly<Record<TranslatedLanguage, LanguageOverlays>>

/** The overlays a caller of `language` reads; none for English, the source. */
export const overlaysFor = (overlays: Overlays, language: ContentLanguage): LanguageOverlays | undefined =>
  language === "en" ? undefined : overlays[language]

/** The overlay of one point: in its channel's file ("LU-9" → LU) or in the extra points' file. */
export const pointOverlayOf = (overlays: LanguageOverlays | undefined, code: string): PointTranslation | undefined => {
  if (overlays === undefined) return undefined
  const prefix = code.slice(0, code.indexOf("-")) as ChannelCode
  return overlays.channels[prefix]?.points[code] ?? overlays.extraPoints[code]
}

/** What an overlay may hold of a point: any field may be missing, and then the English stands. */
export interface PointOverlay {
  readonly location?: string | undefined
  readonly locating?: string | undefined
  readonly needling?:
    | {
        readonly method?: string | undefined
        readonly depth?: string | undefined
        readonly cautions?: ReadonlyArray<string> | undefined
        readonly contraindications?: ReadonlyArray<string> | undefined
      }
    | undefined
  readonly actions?: ReadonlyArray<string> | undefined
  readonly indications?: ReadonlyArray<string> | undefined
  readonly commentary?: string | undefined
}

export interface ChannelOverlay {
  readonly summary?: string | undefined
  readonly pathway?: { readonly external?: string | undefined; readonly internal?: string | undefined } | undefined
  readonly connections?: ReadonlyArray<string> | undefined
}

export interface VesselOverlay {
  readonly pathway?: string | undefined
  readonly uses?: ReadonlyArray<string> | undefined
  readonly commentary?: string | undefined
}

/** A text with the language it is in. */
export interface Localized<A> {
  readonly value: A
  readonly language: ContentLanguage
}

const present = (text: string | undefined): text is string => text !== undefined && text.trim() !== ""

/** The translated text if there is one, else the English. */
export const localizeText = (
  english: string,
  translated: string | undefined,
  language: ContentLanguage,
): Localized<string> =>
  language !== "en" && present(translated) ? { value: translated, language } : { value: english, language: "en" }

/**
 * A translated list stands only as a whole and only with as many items as the English: a list of
 * another length is out of date (a caution added to the English must not be lost in German), so
 * the English list is shown instead. An empty English list is empty in every language.
 */
export const localizeList = (
  english: ReadonlyArray<string>,
  translated: ReadonlyArray<string> | undefined,
  language: ContentLanguage,
): Localized<ReadonlyArray<string>> =>
  language !== "en" &&
  (english.length === 0 ||
    (translated !== undefined && translated.length === english.length && translated.every(present)))
    ? { value: english.length === 0 ? english : translated!, language }
    : { value: english, language: "en" }

/**
 * A name or short text in the caller's language, else the English: a blank translation counts as
 * none, so a reader never sees an empty name where the English one exists.
 */
export const localized = (
  text: { readonly en: string; readonly de?: string | undefined; readonly es?: string | undefined },
  language: ContentLanguage,
): string => localizeText(text.en, text[language], language).value

/** A text of the English files that may carry its own translations (`{ en, de?, es? }`). */
export const localizeInline = (
  text: { readonly en: string; readonly de?: string | undefined; readonly es?: string | undefined },
  language: ContentLanguage,
  overlay?: string | undefined,
): Localized<string> => localizeText(text.en, present(overlay) ? overlay : text[language], language)

/** The descriptive fields of a point in one language, shaped as the English ones. */
export interface PointTexts {
  readonly location: string
  readonly locating: string
  readonly needling: Point["needling"]
  readonly actions: ReadonlyArray<string>
  readonly indications: ReadonlyArray<string>
  readonly commentary: string
}

/** The language each descriptive field of a point is shown in. */
export interface PointTextLanguages {
  readonly location: ContentLanguage
  readonly locating: ContentLanguage
  readonly needling: {
    readonly method: ContentLanguage
    readonly depth: ContentLanguage
    readonly cautions: ContentLanguage
    readonly contraindications: ContentLanguage
  }
  readonly actions: ContentLanguage
  readonly indications: ContentLanguage
  readonly commentary: ContentLanguage
}

export type LocalizedPoint = PointTexts & { readonly languages: PointTextLanguages }

type PointSource = Pick<Point, "location" | "locating" | "needling" | "actions" | "indications" | "commentary">

/** A point's descriptive fields in `language`, each falling back to the English on its own. */
export const localizePoint = (
  point: PointSource,
  overlay: PointOverlay | undefined,
  language: ContentLanguage,
): LocalizedPoint => {
  const location = localizeText(point.location, overlay?.location, language)
  const locating = localizeText(point.locating, overlay?.locating, language)
  const method = localizeText(point.needling.method, overlay?.needling?.method, language)
  const depth = localizeText(point.needling.depth, overlay?.needling?.depth, language)
  const cautions = localizeList(point.needling.cautions, overlay?.needling?.cautions, language)
  const contraindications = localizeList(
    point.needling.contraindications,
    overlay?.needling?.contraindications,
    language,
  )
  const actions = localizeList(point.actions, overlay?.actions, language)
  const indications = localizeList(point.indications, overlay?.indications, language)
  const commentary = localizeText(point.commentary, overlay?.commentary, language)
  return {
    location: location.value,
    locating: locating.value,
    needling: {
      ...point.needling,
      method: method.value,
      depth: depth.value,
      cautions: cautions.value,
      contraindications: contraindications.value,
    },
    actions: actions.value,
    indications: indications.value,
    commentary: commentary.value,
    languages: {
      location: location.language,
      locating: locating.language,
      needling: {
        method: method.language,
        depth: depth.language,
        cautions: cautions.language,
        contraindications: contraindications.language,
      },
      actions: actions.language,
      indications: indications.language,
      commentary: commentary.language,
    },
  }
}

type InlineText = { readonly en: string; readonly de?: string | undefined; readonly es?: string | undefined }

export interface LocalizedChannel {
  readonly summary: string
  readonly pathway: { readonly external: string; readonly internal: string }
  readonly connections: ReadonlyArray<string>
  readonly languages: {
    readonly summary: ContentLanguage
    readonly pathway: { readonly external: ContentLanguage; readonly internal: ContentLanguage }
    readonly connections: ContentLanguage
  }
}

/** A channel's summary, pathway and connections in `language`, each falling back to the English. */
export const localizeChannel = (
  channel: {
    readonly summary: InlineText
    readonly pathway: { readonly external: InlineText; readonly internal: InlineText }
    readonly connections: ReadonlyArray<string>
  },
  overlay: ChannelOverlay | undefined,
  language: ContentLanguage,
): LocalizedChannel => {
  const summary = localizeInline(channel.summary, language, overlay?.summary)
  const external = localizeInline(channel.pathway.external, language, overlay?.pathway?.external)
  const internal = localizeInline(channel.pathway.internal, language, overlay?.pathway?.internal)
  const connections = localizeList(channel.connections, overlay?.connections, language)
  return {
    summary: summary.value,
    pathway: { external: external.value, internal: internal.value },
    connections: connections.value,
    languages: {
      summary: summary.language,
      pathway: { external: external.language, internal: internal.language },
      connections: connections.language,
    },
  }
}

export interface LocalizedVessel {
  readonly pathway: string
  readonly uses: ReadonlyArray<string>
  readonly commentary: string
  readonly languages: {
    readonly pathway: ContentLanguage
    readonly uses: ContentLanguage
    readonly commentary: ContentLanguage
  }
}

/** A vessel's pathway, uses and commentary in `language`, each falling back to the English. */
export const localizeVessel = (
  vessel: { readonly pathway: InlineText; readonly uses: ReadonlyArray<string>; readonly commentary: InlineText },
  overlay: VesselOverlay | undefined,
  language: ContentLanguage,
): LocalizedVessel => {
  const pathway = localizeInline(vessel.pathway, language, overlay?.pathway)
  const uses = localizeList(vessel.uses, overlay?.uses, language)
  const commentary = localizeInline(vessel.commentary, language, overlay?.commentary)
  return {
    pathway: pathway.value,
    uses: uses.value,
    commentary: commentary.value,
    languages: { pathway: pathway.language, uses: uses.language, commentary: commentary.language },
  }
}

/** Every language a set of fields is in: `["de"]` when all are translated, `["de", "en"]` when some fall back. */
export const languagesOf = (languages: object): ReadonlyArray<ContentLanguage> => {
  const found = new Set<ContentLanguage>()
  const walk = (value: unknown) => {
    if (typeof value === "string") found.add(value as ContentLanguage)
    else if (value !== null && typeof value === "object") for (const v of Object.values(value)) walk(v)
  }
  walk(languages)
  return [...found].sort()
}
