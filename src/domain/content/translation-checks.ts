// Checks of a German or Spanish overlay against its English source: every field present and in
// the English order, the same numbers (cun, depths, codes, vertebrae), the glossary's renderings,
// and no English left standing. Pure functions of the decoded files; the content tests and
// `scripts/check-translations.ts` both run them.
import type { ChannelFile, ExtraPoint, Point, Vessel } from "./content-schema.ts"
import type {
  ChannelTranslation,
  GlossaryTerm,
  PointTranslation,
  TranslatedLanguage,
  VesselTranslation,
} from "./translation-schema.ts"

/** One English text and its translation, with where they are. */
export interface TextPair {
  readonly path: string
  readonly en: string
  readonly text: string
}

export interface Paired {
  readonly pairs: ReadonlyArray<TextPair>
  readonly problems: ReadonlyArray<string>
}

const pairList = (path: string, en: ReadonlyArray<string>, text: ReadonlyArray<string>): Paired => ({
  pairs: en.flatMap((e, i) => (text[i] === undefined ? [] : [{ path: `${path}[${i}]`, en: e, text: text[i]! }])),
  problems: en.length === text.length ? [] : [`${path}: ${text.length} items, the English has ${en.length}`],
})

const merge = (parts: ReadonlyArray<Paired>): Paired => ({
  pairs: parts.flatMap((p) => p.pairs),
  problems: parts.flatMap((p) => p.problems),
})

const one = (path: string, en: string, text: string): Paired => ({ pairs: [{ path, en, text }], problems: [] })

export const pairPoint = (point: Point, t: PointTranslation): Paired =>
  merge([
    one(`${point.code}.location`, point.location, t.location),
    one(`${point.code}.locating`, point.locating, t.locating),
    one(`${point.code}.needling.method`, point.needling.method, t.needling.method),
    one(`${point.code}.needling.depth`, point.needling.depth, t.needling.depth),
    pairList(`${point.code}.needling.cautions`, point.needling.cautions, t.needling.cautions),
    pairList(
      `${point.code}.needling.contraindications`,
      point.needling.contraindications,
      t.needling.contraindications,
    ),
    pairList(`${point.code}.actions`, point.actions, t.actions),
    pairList(`${point.code}.indications`, point.indications, t.indications),
    one(`${point.code}.commentary`, point.commentary, t.commentary),
  ])

/** Pairs every point of `points` with its translation; a missing or unknown code is a problem. */
export const pairPoints = (
  points: ReadonlyArray<Point | ExtraPoint>,
  translations: Readonly<Record<string, PointTranslation>>,
): Paired => {
  const known = new Set(points.map((p) => p.code))
  const unknown = Object.keys(translations)
    .filter((code) => !known.has(code))
    .map((code) => `${code}: not a point of the English file`)
  return merge([
    { pairs: [], problems: unknown },
    ...points.map((p) => {
      const t = translations[p.code]
      return t ? pairPoint(p, t) : { pairs: [], problems: [`${p.code}: no translation`] }
    }),
  ])
}

export const pairChannel = (channel: ChannelFile, t: ChannelTranslation): Paired =>
  merge([
    one(`${channel.code}.summary`, channel.summary.en, t.summary),
    one(`${channel.code}.pathway.external`, channel.pathway.external.en, t.pathway.external),
    one(`${channel.code}.pathway.internal`, channel.pathway.internal.en, t.pathway.internal),
    pairList(`${channel.code}.connections`, channel.connections, t.connections),
  ])

export const pairVessels = (
  vessels: ReadonlyArray<Vessel>,
  translations: Readonly<Partial<Record<string, VesselTranslation>>>,
): Paired =>
  merge(
    vessels.map((v) => {
      const t = translations[v.id]
      if (!t) return { pairs: [], problems: [`${v.id}: no translation`] }
      return merge([
        one(`${v.id}.pathway`, v.pathway.en, t.pathway),
        pairList(`${v.id}.uses`, v.uses, t.uses),
        one(`${v.id}.commentary`, v.commentary.en, t.commentary),
      ])
    }),
  )

/** The numbers of a text, decimal commas read as points, sorted: "0,5–1 Cun" → ["0.5", "1"]. */
export const numbersOf = (text: string): ReadonlyArray<string> =>
  (text.match(/\d+(?:[.,]\d+)?/g) ?? []).map((n) => String(Number(n.replace(",", ".")))).sort()

/** A translation states the same numbers as its English source. */
export const numberProblem = ({ path, en, text }: TextPair): string | undefined => {
  const expected = numbersOf(en).join(" ")
  const found = numbersOf(text).join(" ")
  return expected === found ? undefined : `${path}: numbers [${found}] differ from the English [${expected}]`
}

const compiled = new Map<string, RegExp>()
const englishPattern = (source: string) => {
  let pattern = compiled.get(source)
  if (!pattern) {
    pattern = new RegExp(source, "iu")
    compiled.set(source, pattern)
  }
  return pattern
}

/** A rendering "A (B)" whose bracket names an alternative, not a gloss to keep in running text. */
const bracketedAlternative = (term: GlossaryTerm, language: TranslatedLanguage) =>
  term.bracket === "alternative" && /\S \(.+\)/u.test(term[language])

/**
 * Renderings "A (B)" whose B is an alternative name ("Mu-Punkt (Alarmpunkt)"), copied into a text
 * as they stand in the glossary: running text writes one of the two.
 */
export const copiedAlternativeProblems = (
  terms: ReadonlyArray<GlossaryTerm>,
  language: TranslatedLanguage,
  path: string,
  text: string,
): ReadonlyArray<string> => {
  const lower = text.toLocaleLowerCase(language)
  return terms
    .filter((term) => bracketedAlternative(term, language))
    .filter((term) => lower.includes(term[language].toLocaleLowerCase(language)))
    .map((term) => `${path}: "${term[language]}" copies the glossary's bracketed alternative; write one of the two`)
}

/**
 * Glossary terms found in the English that the translation does not render as fixed, avoided
 * renderings, and bracketed alternatives copied in whole.
 */
export const glossaryProblems = (
  terms: ReadonlyArray<GlossaryTerm>,
  language: TranslatedLanguage,
  { path, en, text }: TextPair,
): ReadonlyArray<string> => {
  const lower = text.toLocaleLowerCase(language)
  return terms.flatMap((term) => {
    const missing =
      englishPattern(term.match.en).test(en) &&
      !term.match[language].some((stem) => lower.includes(stem.toLocaleLowerCase(language)))
    const avoided = (term.avoid?.[language] ?? []).filter((stem) => lower.includes(stem.toLocaleLowerCase(language)))
    return [
      ...(missing ? [`${path}: "${term.en}" should be rendered as "${term[language]}"`] : []),
      ...avoided.map((stem) => `${path}: "${stem}" is not used for "${term.en}"; write "${term[language]}"`),
      ...copiedAlternativeProblems([term], language, path, text),
    ]
  })
}

/** Words that are English and neither German nor Spanish. */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set([
  "the",
  "and",
  "of",
  "with",
  "to",
  "is",
  "are",
  "from",
  "which",
  "this",
  "that",
  "for",
  "at",
  "by",
  "on",
  "between",
  "below",
  "above",
  "into",
  "its",
  "it",
  "or",
  "when",
  "where",
  "should",
  "be",
])

/** English stop words of a text and their share of its words. */
export const englishShare = (text: string): { readonly count: number; readonly share: number } => {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? []
  const count = words.filter((w) => ENGLISH_STOP_WORDS.has(w)).length
  return { count, share: words.length === 0 ? 0 : count / words.length }
}

/** A translated field that still reads as English. */
export const englishProblem = ({ path, text }: TextPair): string | undefined => {
  const { count, share } = englishShare(text)
  return count >= 3 || (count >= 2 && share > 0.1) ? `${path}: reads as English (${count} English words)` : undefined
}

/**
 * A translation that is the English copied over. A single word may be the same in both languages
 * (Mastitis, Tinnitus), and so may a bare depth ("0.5 cun"); a phrase may not.
 */
export const identicalProblem = ({ path, en, text }: TextPair): string | undefined =>
  text.trim() === en.trim() && /\p{L}{4,}\s+\p{L}/u.test(en) && !/^[\d.,–\s]+cun$/i.test(en)
    ? `${path}: identical to the English`
    : undefined

/** Every problem of a set of pairs: numbers, glossary, English left standing, untranslated copies. */
export const textProblems = (
  terms: ReadonlyArray<GlossaryTerm>,
  language: TranslatedLanguage,
  paired: Paired,
): ReadonlyArray<string> => [
  ...paired.problems,
  ...paired.pairs.flatMap((pair) => [
    ...[numberProblem(pair), englishProblem(pair), identicalProblem(pair)].filter((p): p is string => p !== undefined),
    ...glossaryProblems(terms, language, pair),
  ]),
]
