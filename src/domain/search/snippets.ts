// Snippets are text, never HTML: a list of segments, each flagged when it is a match. The server
// asks PostgreSQL's ts_headline to mark matches with two private-use characters, cuts the marked
// text into segments here, and keeps a window of about SNIPPET_WORDS words with
// SNIPPET_WORDS_BEFORE words before the first match (§9). The app renders a matching segment as a
// <mark> element and every segment as text, so whatever a text contains is shown as written.
import { Schema } from "effect"

export const SnippetSegment = Schema.Struct({ text: Schema.String, match: Schema.Boolean })
export type SnippetSegment = typeof SnippetSegment.Type

/** Start and end of a match in ts_headline's output: private-use characters no text contains. */
export const MARK_START = "\uE000"
export const MARK_END = "\uE001"

/** §9: a snippet of about 70 words with 30 words before the match. */
export const SNIPPET_WORDS = 70
export const SNIPPET_WORDS_BEFORE = 30

/** A text's private-use marks removed, so only ts_headline's own marks delimit matches. */
export const withoutMarks = (text: string): string => text.replaceAll(MARK_START, "").replaceAll(MARK_END, "")

/** Adjacent segments of the same kind joined, empty ones dropped. */
const merge = (segments: ReadonlyArray<SnippetSegment>): Array<SnippetSegment> => {
  const out: Array<SnippetSegment> = []
  for (const segment of segments) {
    if (segment.text === "") continue
    const last = out.at(-1)
    if (last !== undefined && last.match === segment.match)
      out[out.length - 1] = { ...last, text: last.text + segment.text }
    else out.push(segment)
  }
  return out
}

/** Cuts a text marked with MARK_START … MARK_END into segments. A stray mark is dropped. */
export const segmentsFromMarked = (marked: string): ReadonlyArray<SnippetSegment> => {
  const segments: Array<SnippetSegment> = []
  let match = false
  let current = ""
  for (const char of marked) {
    if (char === MARK_START || char === MARK_END) {
      segments.push({ text: current, match })
      current = ""
      match = char === MARK_START
    } else current += char
  }
  segments.push({ text: current, match })
  return merge(segments)
}

/** Segments of `text` with the character ranges [start, end) marked as matches. */
export const segmentsOfRange = (
  text: string,
  ranges: ReadonlyArray<readonly [number, number]>,
): ReadonlyArray<SnippetSegment> => {
  const sorted = [...ranges].filter(([s, e]) => s >= 0 && e > s).sort((a, b) => a[0] - b[0])
  const segments: Array<SnippetSegment> = []
  let at = 0
  for (const [start, end] of sorted) {
    const from = Math.max(start, at)
    if (from >= end) continue
    segments.push({ text: text.slice(at, from), match: false }, { text: text.slice(from, end), match: true })
    at = end
  }
  segments.push({ text: text.slice(at), match: false })
  return merge(segments)
}

export interface Snippet {
  readonly segments: ReadonlyArray<SnippetSegment>
  /** Words were left out before or after the window. */
  readonly clippedStart: boolean
  readonly clippedEnd: boolean
}

/**
 * About `words` words around the first match, `before` of them before it (fewer when the text
 * starts earlier, and then more after it). Whitespace between words is kept as written.
 */
export const snippetWindow = (
  segments: ReadonlyArray<SnippetSegment>,
  words: number = SNIPPET_WORDS,
  before: number = SNIPPET_WORDS_BEFORE,
): Snippet => {
  // Tokens: words and the whitespace between them, each remembering its segment's match flag.
  const tokens: Array<{ text: string; match: boolean; word: boolean }> = []
  for (const segment of segments) {
    for (const part of segment.text.split(/(\s+)/)) {
      if (part !== "") tokens.push({ text: part, match: segment.match, word: !/^\s+$/.test(part) })
    }
  }
  const wordIndexes = tokens.flatMap((t, i) => (t.word ? [i] : []))
  // A word split across segments ("head" + marked "ache") counts once: join tokens without space.
  const wordStarts = wordIndexes.filter((i) => i === 0 || !tokens[i - 1]!.word)
  const firstMatch = tokens.findIndex((t) => t.match && t.word)
  const matchWord = firstMatch < 0 ? 0 : wordStarts.filter((i) => i <= firstMatch).length - 1
  const total = wordStarts.length
  const start = Math.max(0, Math.min(matchWord - before, total - words))
  const end = Math.min(total, start + words)
  if (start === 0 && end === total) return { segments: merge(segments), clippedStart: false, clippedEnd: false }
  const from = wordStarts[start] ?? 0
  const to = end < total ? wordStarts[end]! : tokens.length
  // Drop the whitespace that would dangle at the end of the window.
  let last = to
  while (last > from && !tokens[last - 1]!.word) last--
  return {
    segments: merge(tokens.slice(from, last).map(({ text, match }) => ({ text, match }))),
    clippedStart: start > 0,
    clippedEnd: end < total,
  }
}

/** The plain text of segments. */
export const segmentsText = (segments: ReadonlyArray<SnippetSegment>): string => segments.map((s) => s.text).join("")
