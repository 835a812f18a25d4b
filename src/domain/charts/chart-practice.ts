// "Where is ST-36?" on a chart: the positions offered as answers are the point itself and a few
// other points near it, far enough apart to be told apart, lettered A, B, C… in reading order so
// that a letter says roughly where a position is. A seed makes the choice repeatable.
import { distance, type Point2 } from "./chart-geometry.ts"

/** Positions offered per question: the right one and the others. */
export const PRACTICE_CHOICES = 5
/** Offered positions lie at least this fraction of the view's larger side apart. */
export const MIN_CHOICE_GAP = 0.035
/** Wrong positions are drawn at random from this many nearest candidates. */
const NEAREST_POOL = 10

export interface PracticeSite {
  readonly key: string
  readonly code: string
  readonly position: Point2
}

export interface Candidate {
  /** "A", "B" … in reading order. */
  readonly id: string
  readonly position: Point2
}

export interface PracticeQuestion {
  readonly code: string
  readonly candidates: ReadonlyArray<Candidate>
  /** The id of the right candidate. */
  readonly answer: string
}

/** A small, fast, repeatable random generator (mulberry32); numbers in [0, 1). */
export const seededRandom = (seed: number) => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export const LETTERS = "ABCDEFGHIJ"

/**
 * A question about `code` on a view: its site (the first listed, so the near side) and up to
 * PRACTICE_CHOICES − 1 sites of other points near it, each at least MIN_CHOICE_GAP of the view apart.
 * Undefined when the view does not show the point.
 */
export const practiceQuestion = (
  sites: ReadonlyArray<PracticeSite>,
  code: string,
  viewSize: number,
  random: () => number,
): PracticeQuestion | undefined => {
  const target = sites.find((s) => s.code === code)
  if (!target) return undefined
  const gap = MIN_CHOICE_GAP * viewSize
  const others = sites
    .filter((s) => s.code !== code)
    .map((s) => ({ site: s, d: distance(s.position, target.position) }))
    .filter((o) => o.d >= gap)
    .sort((a, b) => a.d - b.d)
  const chosen: Array<PracticeSite> = [target]
  const pool = others.slice()
  while (chosen.length < PRACTICE_CHOICES && pool.length > 0) {
    const fitting = pool.filter((o) => chosen.every((c) => distance(c.position, o.site.position) >= gap))
    if (fitting.length === 0) break
    const near = fitting.slice(0, NEAREST_POOL)
    const pick = near[Math.floor(random() * near.length)]!
    chosen.push(pick.site)
    pool.splice(pool.indexOf(pick), 1)
  }
  // Reading order: top to bottom in bands of one gap, then left to right.
  const ordered = [...chosen].sort(
    (a, b) => Math.round(a.position[1] / gap) - Math.round(b.position[1] / gap) || a.position[0] - b.position[0],
  )
  const candidates = ordered.map((s, i) => ({ id: LETTERS[i]!, position: s.position }))
  return { code, candidates, answer: candidates[ordered.indexOf(target)]!.id }
}

/** The next code to ask: a random one of those given, never the one just asked when there is another. */
export const nextPracticeCode = (codes: ReadonlyArray<string>, previous: string | null, random: () => number) => {
  const pool = codes.length > 1 ? codes.filter((c) => c !== previous) : codes
  return pool[Math.floor(random() * pool.length)]
}
