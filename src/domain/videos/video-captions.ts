// The words of a video: caption cues per language (English, German, Spanish), timed in seconds,
// as WebVTT. The picture carries only codes, pinyin, hanzi and numbers, so one video file serves
// every language; its captions say the names, the location text and the measurement in words.
import type { Direction } from "../charts/chart-schema.ts"
import type { ContentLanguage } from "../content/content-schema.ts"

export const VIDEO_LANGUAGES: ReadonlyArray<ContentLanguage> = ["en", "de", "es"]

/** A value for each language of the captions. */
export const perLanguage = <A>(f: (language: ContentLanguage) => A): Readonly<Record<ContentLanguage, A>> => ({
  en: f("en"),
  de: f("de"),
  es: f("es"),
})

export interface Cue {
  readonly start: number
  readonly end: number
  readonly text: string
}

export type Captions = Readonly<Record<ContentLanguage, ReadonlyArray<Cue>>>

/** Characters a viewer reads in a second of captions (a calm pace for a second language). */
export const READING_CHARS_PER_SECOND = 16
/** Shortest time a cue stays up. */
export const MIN_CUE_SECONDS = 1.2

/** How long a text needs on screen. */
export const readingSeconds = (text: string) => Math.max(MIN_CUE_SECONDS, text.length / READING_CHARS_PER_SECOND)

const timestamp = (seconds: number) => {
  const ms = Math.max(0, Math.round(seconds * 1000))
  const pad = (value: number, width: number) => String(value).padStart(width, "0")
  const h = Math.floor(ms / 3_600_000)
  const m = Math.floor(ms / 60_000) % 60
  const s = Math.floor(ms / 1000) % 60
  return `${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)}.${pad(ms % 1000, 3)}`
}

/** A cue's text as WebVTT cue payload: markup characters escaped, on one line. */
const cueText = (text: string) =>
  text
    .replace(/\s*\n\s*/g, " ")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")

/** The cues as a WebVTT file. */
export const toWebVtt = (cues: ReadonlyArray<Cue>): string =>
  `WEBVTT\n\n${cues.map((c) => `${timestamp(c.start)} --> ${timestamp(c.end)}\n${cueText(c.text)}\n`).join("\n")}`

/** The transcript of a video in one language: its cues' texts, one a line. */
export const transcript = (cues: ReadonlyArray<Cue>): string => cues.map((c) => c.text).join("\n")

/**
 * A text's sentences. A full stop ends one only before a capital and after a word that is no
 * abbreviation: not after one or two capitals with optional lower case ("M.", "A.", "Lig.", "Mm."),
 * "i.e.", "e.g.", "z. B.", or a bare number (a German ordinal, "4. Zehe").
 */
export const sentences = (text: string): ReadonlyArray<string> => {
  const out: string[] = []
  const boundary = /([.!?])\s+(?=[A-ZÁÉÍÓÚÄÖÜÑ¿¡(])/g
  let start = 0
  for (const match of text.matchAll(boundary)) {
    const end = match.index + 1
    const word = text.slice(start, end).split(/\s+/).at(-1) ?? ""
    const abbreviation =
      /^\(?[A-Z][a-z]{0,2}\.$/.test(word) ||
      /^(?:i\.e|e\.g|z\.\s?B|d\.h|bzw|ca|approx|aprox|etc|p\.\s?ej)\.$/i.test(word)
    if (abbreviation || /^\d+\.$/.test(word)) continue
    out.push(text.slice(start, end).trim())
    start = match.index + match[0].length
  }
  const rest = text.slice(start).trim()
  if (rest !== "") out.push(rest)
  return out
}

/**
 * Cues for texts in turn over [start, end], each given time in proportion to its length (and a
 * little for every cue), so a long sentence stays longer.
 */
export const spreadCues = (texts: ReadonlyArray<string>, start: number, end: number): ReadonlyArray<Cue> => {
  const weights = texts.map((text) => text.length + 12)
  const total = weights.reduce((a, b) => a + b, 0)
  const cues: Cue[] = []
  let at = start
  texts.forEach((text, i) => {
    const next = i === texts.length - 1 ? end : at + ((end - start) * weights[i]!) / total
    cues.push({ start: round3(at), end: round3(next), text })
    at = next
  })
  return cues
}

export const round3 = (x: number) => Math.round(x * 1000) / 1000

/** A number of cun as a language writes it: at most two decimals, a decimal comma in German and Spanish. */
export const formatCun = (value: number, language: ContentLanguage | "neutral"): string => {
  const text = String(Math.round(value * 100) / 100)
  return language === "de" || language === "es" ? text.replace(".", ",") : text
}

/** Where a placement is measured from, in words the templates know. */
export type MeasureStart =
  | { readonly kind: "landmark" }
  | { readonly kind: "point"; readonly code: string }
  | { readonly kind: "line"; readonly t: number }

/**
 * A placement's measurement, free of any language: the start, the offsets and the ruler's length
 * (null when the video shows no ruler: the point is not measured along a proportional measure).
 */
export interface Measurement {
  readonly start: MeasureStart
  readonly offsets: ReadonlyArray<{ readonly direction: Direction; readonly cun: number }>
  readonly ruler: number | null
}

/** A share of a line as a small fraction ("5/12"), or a percentage when it is none. */
export const formatShare = (t: number): string => {
  for (let d = 2; d <= 12; d++) {
    const k = Math.round(t * d)
    if (k > 0 && k < d && Math.abs(t - k / d) < 0.004) {
      const g = gcd(k, d)
      return `${k / g}/${d / g}`
    }
  }
  return `${Math.round(t * 100)} %`
}
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b))

interface MeasureTemplate {
  readonly landmark: string
  readonly point: (code: string) => string
  readonly middle: string
  readonly share: (share: string) => string
  readonly directions: Readonly<Record<Direction, string>>
  readonly unit: string
  readonly here: string
  readonly ruler: (cun: string) => string
}

/** The measurement sentence per language: start, offsets, and what the ruler shows. */
const TEMPLATES: Readonly<Record<ContentLanguage, MeasureTemplate>> = {
  en: {
    landmark: "Measured from the marked landmark",
    point: (code) => `Measured from ${code}`,
    middle: "Measured from the middle of the marked line",
    share: (share) => `Measured from the spot ${share} of the way along the marked line`,
    directions: {
      up: "up",
      down: "down",
      proximal: "proximal",
      distal: "distal",
      medial: "medial",
      lateral: "lateral",
      front: "anterior",
      back: "posterior",
      radial: "radial",
      ulnar: "ulnar",
    },
    unit: "cun",
    here: "the point lies right there",
    ruler: (cun) => `The ruler divides the ${cun} cun between two stations.`,
  },
  de: {
    landmark: "Gemessen vom markierten Orientierungspunkt",
    point: (code) => `Gemessen von ${code}`,
    middle: "Gemessen von der Mitte der markierten Linie",
    share: (share) => `Gemessen von der Stelle bei ${share} der markierten Linie`,
    directions: {
      up: "nach oben",
      down: "nach unten",
      proximal: "nach proximal",
      distal: "nach distal",
      medial: "nach medial",
      lateral: "nach lateral",
      front: "nach vorn",
      back: "nach hinten",
      radial: "nach radial",
      ulnar: "nach ulnar",
    },
    unit: "Cun",
    here: "Der Punkt liegt genau dort",
    ruler: (cun) => `Das Lineal teilt die ${cun} Cun zwischen zwei Bezugspunkten.`,
  },
  es: {
    landmark: "Medido desde la referencia marcada",
    point: (code) => `Medido desde ${code}`,
    middle: "Medido desde la mitad de la línea marcada",
    share: (share) => `Medido desde el lugar situado a ${share} de la línea marcada`,
    directions: {
      up: "hacia arriba",
      down: "hacia abajo",
      proximal: "hacia proximal",
      distal: "hacia distal",
      medial: "hacia medial",
      lateral: "hacia lateral",
      front: "hacia delante",
      back: "hacia atrás",
      radial: "hacia radial",
      ulnar: "hacia cubital",
    },
    unit: "cun",
    here: "el punto está justo ahí",
    ruler: (cun) => `La regla divide los ${cun} cun entre dos referencias.`,
  },
}

/** The measurement in words: "Measured from LU-8: 1 cun proximal. The ruler divides the 12 cun …". */
export const measurementWords = (m: Measurement, language: ContentLanguage): string => {
  const w = TEMPLATES[language]
  const from =
    m.start.kind === "landmark"
      ? w.landmark
      : m.start.kind === "point"
        ? w.point(m.start.code)
        : Math.abs(m.start.t - 0.5) < 0.004
          ? w.middle
          : w.share(formatShare(m.start.t))
  const offsets = m.offsets
    .filter((o) => o.cun > 0)
    .map((o) => `${formatCun(o.cun, language)} ${w.unit} ${w.directions[o.direction]}`)
  const where = offsets.length > 0 ? offsets.join(", ") : w.here
  return m.ruler === null ? `${from}: ${where}.` : `${from}: ${where}. ${w.ruler(formatCun(m.ruler, language))}`
}
