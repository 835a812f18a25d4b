// The all-points search (§2 "Search panels"): a point by its number (mode "number") or its name
// (mode "name") — pinyin with or without tone marks, Chinese characters in either script, the
// English, German or Spanish name. Pure: the server builds the index once per content version
// from the points' public facts and asks it; an exact code or name always comes first.

import { compactName, foldLatin, type HanziFolder, hasHanzi, makeHanziFolder } from "./name-folding.ts"
import { codePrefixes, compactCode, looksLikeCode, parsePointCode, pointCodeKeys } from "./point-codes.ts"
import { type SnippetSegment, segmentsOfRange } from "./snippets.ts"

export const POINT_SEARCH_MODES = ["name", "number"] as const
export type PointSearchMode = (typeof POINT_SEARCH_MODES)[number]

export const NAME_LANGUAGES = ["en", "de", "es"] as const
export type NameLanguage = (typeof NAME_LANGUAGES)[number]

/** Substring matches inside a name need this many letters, so "a" does not list every point. */
export const MIN_SUBSTRING_LENGTH = 3

/** What the index knows of a point: its public facts only. */
export interface PointEntry {
  readonly code: string
  readonly altCodes: ReadonlyArray<string>
  readonly slug: string
  readonly pinyin: string
  readonly hanzi: { readonly traditional: string; readonly simplified: string }
  readonly names: Readonly<Record<NameLanguage, string>>
}

export type PointMatchField = "code" | "altCode" | "pinyin" | "hanzi" | "name"

/** Better matches have lower tiers; ties keep the points' own order. */
export const MATCH_TIERS = {
  exactCode: 0,
  exactName: 1,
  codePrefix: 2,
  namePrefix: 3,
  wordPrefix: 4,
  substring: 5,
} as const
export type MatchTier = (typeof MATCH_TIERS)[keyof typeof MATCH_TIERS]

export interface PointMatch {
  readonly entry: PointEntry
  readonly tier: MatchTier
  /** An exact code or name: the point the user meant. */
  readonly exact: boolean
  readonly field: PointMatchField
  /** The text that matched, as shown (the code, the pinyin, the characters or a name). */
  readonly text: string
  readonly segments: ReadonlyArray<SnippetSegment>
  /** The language of a matching name. */
  readonly language: NameLanguage | null
}

interface NameKey {
  readonly field: PointMatchField
  readonly text: string
  readonly language: NameLanguage | null
  /** The text compacted (folded, no separators) and its words folded. */
  readonly compact: string
  readonly words: ReadonlyArray<string>
}

interface Indexed {
  readonly entry: PointEntry
  readonly order: number
  readonly codeKeys: ReadonlyArray<string>
  readonly altKeys: ReadonlySet<string>
  readonly names: ReadonlyArray<NameKey>
}

export interface PointIndex {
  readonly points: ReadonlyArray<Indexed>
  readonly byCodeKey: ReadonlyMap<string, Indexed>
  readonly foldHanzi: HanziFolder
}

const wordsOf = (text: string) =>
  foldLatin(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)

/** Builds the index; `entries` in the order results should list them (channel order, then extras). */
export const buildPointIndex = (entries: ReadonlyArray<PointEntry>): PointIndex => {
  const foldHanzi = makeHanziFolder(entries.map((e) => e.hanzi))
  const points = entries.map((entry, order): Indexed => {
    const hanzi = [...new Set([entry.hanzi.traditional, entry.hanzi.simplified])]
    const shown: Array<Pick<NameKey, "field" | "text" | "language">> = [
      { field: "pinyin", text: entry.pinyin, language: null },
      ...hanzi.map((text) => ({ field: "hanzi" as const, text, language: null })),
      ...NAME_LANGUAGES.map((language) => ({ field: "name" as const, text: entry.names[language], language })),
    ]
    const nameKeys: Array<NameKey> = shown.map((key) => ({
      ...key,
      compact: key.field === "hanzi" ? foldHanzi(key.text) : compactName(key.text),
      words: key.field === "hanzi" ? [] : wordsOf(key.text),
    }))
    const own = compactCode(entry.code)
    return {
      entry,
      order,
      codeKeys: pointCodeKeys(entry.code, entry.altCodes),
      altKeys: new Set(entry.altCodes.map(compactCode).filter((key) => key !== own)),
      names: nameKeys,
    }
  })
  const byCodeKey = new Map<string, Indexed>()
  for (const point of points) {
    for (const key of point.codeKeys) if (!byCodeKey.has(key)) byCodeKey.set(key, point)
  }
  return { points, byCodeKey, foldHanzi }
}

const codeMatch = (point: Indexed, tier: MatchTier, key: string): PointMatch => {
  const viaAlt = point.altKeys.has(key)
  const text = viaAlt
    ? (point.entry.altCodes.find((alt) => compactCode(alt) === key) ?? point.entry.code)
    : point.entry.code
  return {
    entry: point.entry,
    tier,
    exact: tier === MATCH_TIERS.exactCode,
    field: viaAlt ? "altCode" : "code",
    text,
    segments: [{ text, match: true }],
    language: null,
  }
}

/** The point an input names exactly by its number (any system) or alternative code. */
const exactByCode = (index: PointIndex, input: string): { point: Indexed; key: string } | undefined => {
  const canonical = parsePointCode(input)
  const key = compactCode(canonical ?? input)
  const point = index.byCodeKey.get(key) ?? index.byCodeKey.get(compactCode(input))
  return point ? { point, key: index.byCodeKey.get(key) ? key : compactCode(input) } : undefined
}

/** The best way a name key matches the query, if it does. */
const nameTier = (key: NameKey, query: string, queryWords: ReadonlyArray<string>): MatchTier | undefined => {
  if (query === "") return undefined
  if (key.compact === query) return MATCH_TIERS.exactName
  if (key.compact.startsWith(query)) return MATCH_TIERS.namePrefix
  if (
    queryWords.length > 0 &&
    key.words.length > 0 &&
    queryWords.every((word) => key.words.some((candidate) => candidate.startsWith(word)))
  ) {
    return MATCH_TIERS.wordPrefix
  }
  const minimum = key.field === "hanzi" ? 1 : MIN_SUBSTRING_LENGTH
  if (query.length >= minimum && key.compact.includes(query)) return MATCH_TIERS.substring
  return undefined
}

/**
 * The characters of `text` that fold to the folded characters [from, to): tone marks and "ß" →
 * "ss" change lengths, so a range found in the folded text is mapped back character by character.
 */
export const foldedRange = (text: string, from: number, to: number): [number, number] | undefined => {
  let folded = 0
  let offset = 0
  let start = -1
  for (const char of text) {
    const length = compactName(char).length
    if (start < 0 && length > 0 && folded + length > from) start = offset
    folded += length
    offset += char.length
    if (start >= 0 && folded >= to) return [start, offset]
  }
  return undefined
}

/** Highlights where a folded query sits in a shown name. */
const highlightName = (key: NameKey, query: string, queryWords: ReadonlyArray<string>, tier: MatchTier) => {
  if (tier === MATCH_TIERS.exactName) return [{ text: key.text, match: true }]
  if (key.field === "hanzi") {
    const start = key.compact.indexOf(query)
    return segmentsOfRange(key.text, start < 0 ? [] : [[start, start + query.length]])
  }
  const ranges: Array<[number, number]> = []
  if (tier === MATCH_TIERS.wordPrefix) {
    for (const needle of queryWords.map(compactName).filter(Boolean)) {
      for (const word of key.text.matchAll(/[\p{L}\p{N}]+/gu)) {
        if (!compactName(word[0]).startsWith(needle)) continue
        const range = foldedRange(word[0], 0, needle.length)
        if (range) ranges.push([word.index + range[0], word.index + range[1]])
        break
      }
    }
  } else {
    const start = key.compact.indexOf(query)
    const range = start < 0 ? undefined : foldedRange(key.text, start, start + query.length)
    if (range) ranges.push(range)
  }
  return segmentsOfRange(key.text, ranges)
}

const bestNameMatch = (point: Indexed, query: string, hanziQuery: string, queryWords: ReadonlyArray<string>) => {
  let best: { key: NameKey; tier: MatchTier; query: string } | undefined
  for (const key of point.names) {
    const q = key.field === "hanzi" ? hanziQuery : query
    const tier = nameTier(key, q, key.field === "hanzi" ? [] : queryWords)
    if (tier !== undefined && (best === undefined || tier < best.tier)) best = { key, tier, query: q }
  }
  if (best === undefined) return undefined
  const { key, tier } = best
  return {
    entry: point.entry,
    tier,
    exact: tier === MATCH_TIERS.exactName,
    field: key.field,
    text: key.text,
    segments: highlightName(key, best.query, queryWords, tier),
    language: key.language,
  } satisfies PointMatch
}

const bestCodeMatch = (point: Indexed, prefixes: ReadonlyArray<string>): PointMatch | undefined => {
  for (const prefix of prefixes) {
    const key = point.codeKeys.find((k) => k.startsWith(prefix))
    if (key !== undefined) return codeMatch(point, MATCH_TIERS.codePrefix, key)
  }
  return undefined
}

export interface PointSearchResult {
  readonly total: number
  readonly matches: ReadonlyArray<PointMatch>
}

/**
 * Points for what the user typed, best first. Mode "number" matches codes (a name typed there
 * still finds its point, so nobody is left with nothing); mode "name" matches names. In either
 * mode an exact code or an exact name comes first. A point `include` refuses is neither listed
 * nor counted.
 */
export const searchPoints = (
  index: PointIndex,
  input: string,
  mode: PointSearchMode,
  limit: number,
  /** The points that may be listed at all (the safety filters); every point when absent. */
  include: (entry: PointEntry) => boolean = () => true,
): PointSearchResult => {
  const trimmed = input.trim()
  if (trimmed === "") return { total: 0, matches: [] }
  const query = compactName(trimmed)
  const hanziQuery = index.foldHanzi(trimmed.replace(/\s+/g, ""))
  const queryWords = wordsOf(trimmed)
  const found = new Map<string, PointMatch>()
  const keep = (match: PointMatch | undefined) => {
    if (match === undefined || !include(match.entry)) return
    const current = found.get(match.entry.code)
    if (current === undefined || match.tier < current.tier) found.set(match.entry.code, match)
  }
  const exact = exactByCode(index, trimmed)
  if (exact) keep(codeMatch(exact.point, MATCH_TIERS.exactCode, exact.key))

  const byName = () => {
    for (const point of index.points) keep(bestNameMatch(point, query, hanziQuery, queryWords))
  }
  if (mode === "number" && !hasHanzi(trimmed)) {
    const prefixes = codePrefixes(trimmed)
    for (const point of index.points) keep(bestCodeMatch(point, prefixes))
    // A name typed into the number field ("Yintang") still finds its point.
    if (!looksLikeCode(trimmed) && [...found.values()].every((m) => m.tier === MATCH_TIERS.exactCode)) byName()
  } else byName()

  const order = new Map(index.points.map((p) => [p.entry.code, p.order]))
  const matches = [...found.values()].sort(
    (a, b) => a.tier - b.tier || order.get(a.entry.code)! - order.get(b.entry.code)!,
  )
  return { total: matches.length, matches: matches.slice(0, limit) }
}

/** The one point an input names exactly (code, alternative code or a whole name), if any. */
export const exactPoint = (index: PointIndex, input: string): PointEntry | undefined => {
  const best = searchPoints(index, input, looksLikeCode(input) ? "number" : "name", 1).matches[0]
  return best?.exact ? best.entry : undefined
}
