// The seeded generator: the published mulberry32 sequence, the same stream for the same seed, and
// uniform, in-range integers, shuffles and samples.
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { mulberry32, SEED_MAX, seededRandom, toSeed } from "../../../src/domain/self-tests/seeded-random.ts"

/** The widely published JavaScript mulberry32, as a reference. */
const reference = (seed: number) => {
  let a = seed
  return () => {
    a |= 0
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const seed = fc.integer({ min: 0, max: SEED_MAX })

describe("seeded random numbers", () => {
  it("follows the reference mulberry32 sequence", () => {
    fc.assert(
      fc.property(seed, (s) => {
        const ours = seededRandom(s)
        const theirs = reference(s)
        for (let i = 0; i < 20; i++) expect(ours.float()).toBe(theirs())
      }),
    )
  })

  it("a step is pure: the same state gives the same output and next state", () => {
    fc.assert(
      fc.property(seed, (s) => {
        const [output, next] = mulberry32(s)
        expect(mulberry32(s)).toEqual([output, next])
        expect(next).toBe((s + 0x6d2b79f5) >>> 0)
      }),
    )
  })

  it("the same seed gives the same stream, independently of other streams", () => {
    fc.assert(
      fc.property(seed, (s) => {
        const a = seededRandom(s)
        const b = seededRandom(s)
        seededRandom(s + 1).uint32()
        expect(Array.from({ length: 10 }, a.uint32)).toEqual(Array.from({ length: 10 }, b.uint32))
      }),
    )
  })

  it("turns any number into an unsigned 32-bit seed", () => {
    expect(toSeed(-1)).toBe(SEED_MAX)
    expect(toSeed(SEED_MAX + 1)).toBe(0)
    expect(toSeed(12.9)).toBe(12)
    expect(toSeed(Number.NaN)).toBe(0)
    expect(toSeed(Number.POSITIVE_INFINITY)).toBe(0)
  })

  it("draws integers in [0, bound)", () => {
    fc.assert(
      fc.property(seed, fc.integer({ min: 1, max: 1000 }), (s, bound) => {
        const random = seededRandom(s)
        for (let i = 0; i < 50; i++) {
          const n = random.int(bound)
          expect(Number.isInteger(n) && n >= 0 && n < bound).toBe(true)
        }
      }),
    )
  })

  it("draws every value of a small range about equally often", () => {
    const random = seededRandom(7)
    const counts = [0, 0, 0, 0]
    for (let i = 0; i < 40_000; i++) {
      const n = random.int(4)
      counts[n] = (counts[n] ?? 0) + 1
    }
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(500)
  })

  it("shuffles into a permutation and leaves the input alone", () => {
    fc.assert(
      fc.property(seed, fc.array(fc.integer()), (s, items) => {
        const before = [...items]
        const shuffled = seededRandom(s).shuffle(items)
        expect(items).toEqual(before)
        expect([...shuffled].sort((a, b) => a - b)).toEqual([...items].sort((a, b) => a - b))
      }),
    )
  })

  it("samples distinct elements, all of them when there are fewer", () => {
    fc.assert(
      fc.property(seed, fc.uniqueArray(fc.integer()), fc.nat(20), (s, items, count) => {
        const sample = seededRandom(s).sample(items, count)
        expect(sample).toHaveLength(Math.min(count, items.length))
        expect(new Set(sample).size).toBe(sample.length)
        for (const x of sample) expect(items).toContain(x)
      }),
    )
  })

  it("picks nothing from an empty list", () => {
    expect(seededRandom(1).pick([])).toBeUndefined()
    expect(seededRandom(1).pick(["only"])).toBe("only")
  })
})
