// Point numbers however they are typed: "LU-9", "lu9", "LU 9", "Lu9", the common alternative
// channel codes of other systems ("P6" and "PC6", "SJ5", "TB5" and "TE5", "LIV3" and "LR3",
// "REN12" and "CV12", "DU20" and "GV20"), the German abbreviations learners meet in their books
// ("Di4", "Ma36", "KS6", "3E5", "Le3", "KG12", "LG20") and the extra points ("EX-HN3", "exhn3").
// Everything is reduced to a compact key (upper case, letters and digits only) and compared there.
import { CHANNEL_CODES, type ChannelCode } from "../content/content-schema.ts"

/** The channel codes of the knowledge base (WHO standard). */
export const CANONICAL_CHANNELS = CHANNEL_CODES
export type CanonicalChannel = ChannelCode

/**
 * Other prefixes for each channel, as compact keys. Only prefixes that name one channel in every
 * system we accept are listed: "P" is the Pericardium here (as in most English books), so the
 * Spanish "P" for Pulmón is left out rather than guessed.
 */
export const CHANNEL_ALIASES: Readonly<Record<CanonicalChannel, ReadonlyArray<string>>> = {
  LU: ["L"],
  LI: ["CO", "DI", "IG"],
  ST: ["S", "MA", "E"],
  SP: ["MP", "BP", "RP"],
  HT: ["H", "HE", "C"],
  SI: ["DÜ", "DUE", "ID", "IT"],
  BL: ["B", "UB", "V"],
  KI: ["K", "KID", "NI", "R"],
  PC: ["P", "PE", "HC", "CX", "KS", "MC"],
  TE: ["SJ", "TB", "TW", "TH", "3E", "TR"],
  GB: ["G", "VB"],
  LR: ["LIV", "LV", "LE", "F"],
  CV: ["REN", "RN", "RM", "KG"],
  GV: ["DU", "DM", "LG"],
}

/** Regions of the extra points, in the codes "EX-HN3", "EX-B2", "EX-UE9". */
export const EXTRA_REGIONS = ["HN", "CA", "B", "UE", "LE"] as const

/** Upper case, letters and digits only: "lu-9" → "LU9", "ex hn 3" → "EXHN3", "Dü 4" → "DÜ4". */
export const compactCode = (input: string): string =>
  input
    .normalize("NFC")
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]/gu, "")

const prefixToChannel: ReadonlyMap<string, CanonicalChannel> = new Map(
  CANONICAL_CHANNELS.flatMap((channel) => [
    [channel, channel] as const,
    ...CHANNEL_ALIASES[channel].map((alias) => [alias, channel] as const),
  ]),
)

/** The canonical channel of a typed prefix ("SJ" → "TE", "liv" → "LR"), if it names one. */
export const channelOfPrefix = (prefix: string): CanonicalChannel | undefined =>
  prefixToChannel.get(compactCode(prefix))

const CHANNEL_CODE = /^(3E|\p{L}+)0*(\d{1,2})$/u
const EXTRA_CODE = new RegExp(`^EX(${EXTRA_REGIONS.join("|")})0*(\\d{1,2})$`)

/**
 * The canonical code a typed number stands for, or null: "lu9" → "LU-9", "P6" → "PC-6",
 * "TB5" → "TE-5", "REN12" → "CV-12", "ex-hn3" → "EX-HN3". Whether the point exists is for the
 * caller to check.
 */
export const parsePointCode = (input: string): string | null => {
  const key = compactCode(input)
  const extra = EXTRA_CODE.exec(key)
  if (extra) return `EX-${extra[1]}${Number(extra[2])}`
  const standard = CHANNEL_CODE.exec(key)
  if (!standard) return null
  const channel = prefixToChannel.get(standard[1]!)
  return channel ? `${channel}-${Number(standard[2])}` : null
}

/** Whether the input reads like a number rather than a name: it carries a digit. */
export const looksLikeCode = (input: string): boolean => /\d/.test(input)

/**
 * Every compact key a point answers to: its code, the same number under each alias of its
 * channel, and its alternative codes from the knowledge base ("M-HN-3", "GV-29").
 */
export const pointCodeKeys = (code: string, altCodes: ReadonlyArray<string>): ReadonlyArray<string> => {
  const keys = new Set<string>([compactCode(code)])
  const standard = /^([A-Z]{2})-(\d+)$/.exec(code)
  if (standard) {
    const channel = standard[1] as CanonicalChannel
    for (const alias of CHANNEL_ALIASES[channel] ?? []) keys.add(`${alias}${standard[2]}`)
  }
  for (const alt of altCodes) keys.add(compactCode(alt))
  return [...keys]
}

/**
 * What a typed number may be the beginning of, as compact keys to compare with `pointCodeKeys`:
 * the input itself and, when its letters name a channel, the canonical form ("sj" → "SJ" and
 * "TE"; "lu1" → "LU1"). A key starting with one of these is a prefix match.
 */
export const codePrefixes = (input: string): ReadonlyArray<string> => {
  const key = compactCode(input)
  if (key === "") return []
  const prefixes = new Set([key])
  const split = /^(3E|\p{L}+)0*(\d*)$/u.exec(key)
  const channel = split ? prefixToChannel.get(split[1]!) : undefined
  if (split && channel) prefixes.add(`${channel}${split[2] ? Number(split[2]) : ""}`)
  return [...prefixes]
}
