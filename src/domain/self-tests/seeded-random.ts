// A seeded pseudo-random generator (mulberry32 over a 32-bit state) for self-tests: the server
// draws one seed per test and stores it, and every question, option order and distractor follows
// from that seed alone, so a test can be generated again exactly (repeat, review, support cases).
// Not for secrets: the seed itself comes from the server's cryptographic source.

/** Seeds are unsigned 32-bit integers. */
export const SEED_MAX = 0xffff_ffff

/** Any number to a valid seed (its low 32 bits, unsigned). */
export const toSeed = (value: number): number => (Number.isFinite(value) ? Math.trunc(value) >>> 0 : 0)

/** One mulberry32 step: the next state and an unsigned 32-bit output. Pure. */
export const mulberry32 = (state: number): readonly [output: number, next: number] => {
  const next = (state + 0x6d2b79f5) >>> 0
  let t = next
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return [(t ^ (t >>> 14)) >>> 0, next]
}

/** A stream of numbers drawn from one seed. Each instance is independent; same seed, same stream. */
export interface Random {
  /** Unsigned 32-bit integer. */
  readonly uint32: () => number
  /** Float in [0, 1). */
  readonly float: () => number
  /** Integer in [0, bound); bound ≥ 1. Unbiased (rejection sampling). */
  readonly int: (bound: number) => number
  /** One element; undefined only for an empty array. */
  readonly pick: <A>(items: ReadonlyArray<A>) => A | undefined
  /** A shuffled copy (Fisher–Yates); the input is left as it was. */
  readonly shuffle: <A>(items: ReadonlyArray<A>) => Array<A>
  /** `count` distinct elements in random order (all of them when there are fewer). */
  readonly sample: <A>(items: ReadonlyArray<A>, count: number) => Array<A>
}

export const seededRandom = (seed: number): Random => {
  let state = toSeed(seed)
  const uint32 = () => {
    const [output, next] = mulberry32(state)
    state = next
    return output
  }
  const int = (bound: number) => {
    const n = Math.max(1, Math.floor(bound))
    // Reject the top slice of the 2^32 range that would make small results more likely.
    const limit = 2 ** 32 - (2 ** 32 % n)
    for (;;) {
      const x = uint32()
      if (x < limit) return x % n
    }
  }
  const shuffle = <A>(items: ReadonlyArray<A>): Array<A> => {
    const copy = [...items]
    for (let i = copy.length - 1; i > 0; i--) {
      const j = int(i + 1)
      const a = copy[i] as A
      copy[i] = copy[j] as A
      copy[j] = a
    }
    return copy
  }
  return {
    uint32,
    float: () => uint32() / 2 ** 32,
    int,
    pick: (items) => (items.length === 0 ? undefined : items[int(items.length)]),
    shuffle,
    sample: (items, count) => shuffle(items).slice(0, Math.max(0, count)),
  }
}
