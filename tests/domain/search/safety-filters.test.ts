// The safety filters: each drops what it names, both together drop either, and while one is on a
// point the caller may not open is never listed, whatever its flags.
import { describe, expect, it } from "vitest"
import {
  hasSafetyFilter,
  listedUnderSafetyFilters,
  NO_SAFETY_FILTERS,
  passesSafetyFilters,
  type SafetyFacts,
  safetyPayload,
} from "../../../src/domain/search/safety-filters.ts"

const plain: SafetyFacts = { pregnancy: "none", organsBeneath: 0 }
const forbidden: SafetyFacts = { pregnancy: "contraindicated", organsBeneath: 0 }
const care: SafetyFacts = { pregnancy: "caution", organsBeneath: 0 }
const overLung: SafetyFacts = { pregnancy: "none", organsBeneath: 1 }
const both: SafetyFacts = { pregnancy: "contraindicated", organsBeneath: 2 }

describe("passesSafetyFilters", () => {
  it("lets every point pass while no filter is on", () => {
    for (const facts of [plain, forbidden, care, overLung, both]) {
      expect(passesSafetyFilters(facts, NO_SAFETY_FILTERS)).toBe(true)
      expect(passesSafetyFilters(facts, {})).toBe(true)
    }
  })

  it("pregnancy drops only the contraindicated, not those needled with care", () => {
    const filters = { notInPregnancy: true }
    expect([plain, forbidden, care, overLung, both].map((f) => passesSafetyFilters(f, filters))).toEqual([
      true,
      false,
      true,
      true,
      false,
    ])
  })

  it("organs beneath drops a point over any organ", () => {
    const filters = { noOrgansBeneath: true }
    expect([plain, forbidden, care, overLung, both].map((f) => passesSafetyFilters(f, filters))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ])
  })

  it("both together drop either", () => {
    const filters = { notInPregnancy: true, noOrgansBeneath: true }
    expect([plain, forbidden, care, overLung, both].map((f) => passesSafetyFilters(f, filters))).toEqual([
      true,
      false,
      true,
      false,
      false,
    ])
  })
})

describe("listedUnderSafetyFilters", () => {
  it("lists a locked point while no filter is on, and never while one is", () => {
    expect(listedUnderSafetyFilters(plain, false, NO_SAFETY_FILTERS)).toBe(true)
    expect(listedUnderSafetyFilters(forbidden, false, {})).toBe(true)
    expect(listedUnderSafetyFilters(plain, false, { notInPregnancy: true })).toBe(false)
    expect(listedUnderSafetyFilters(plain, false, { noOrgansBeneath: true })).toBe(false)
  })

  it("lists an open point that passes", () => {
    expect(listedUnderSafetyFilters(plain, true, { notInPregnancy: true })).toBe(true)
    expect(listedUnderSafetyFilters(forbidden, true, { notInPregnancy: true })).toBe(false)
  })
})

describe("hasSafetyFilter and safetyPayload", () => {
  it("an off or absent filter counts as none and is not sent", () => {
    expect(hasSafetyFilter({})).toBe(false)
    expect(hasSafetyFilter({ notInPregnancy: false, noOrgansBeneath: false })).toBe(false)
    expect(hasSafetyFilter({ noOrgansBeneath: true })).toBe(true)
    expect(safetyPayload(NO_SAFETY_FILTERS)).toEqual({})
    expect(safetyPayload({ notInPregnancy: true, noOrgansBeneath: false })).toEqual({ notInPregnancy: true })
  })
})
