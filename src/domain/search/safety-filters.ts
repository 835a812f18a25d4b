// The searches' safety filters: "leave out points to avoid in pregnancy" drops the points whose
// pregnancy flag is "contraindicated", "only points without organs beneath" those with any organ
// beneath. A caller learns a point's flags only where they may open it, so while a filter is on the
// points they may not open are left out entirely: filtering reveals nothing about Pro points.
import type { PregnancyLevel } from "../content/point-safety.ts"

export const SAFETY_FILTERS = ["notInPregnancy", "noOrgansBeneath"] as const
export type SafetyFilter = (typeof SAFETY_FILTERS)[number]
export type SafetyFilters = Readonly<Record<SafetyFilter, boolean>>

export const NO_SAFETY_FILTERS: SafetyFilters = { notInPregnancy: false, noOrgansBeneath: false }

/** What the filters read of a point's flags. */
export interface SafetyFacts {
  readonly pregnancy: PregnancyLevel
  /** How many organs lie beneath it. */
  readonly organsBeneath: number
}

/** Whether any filter is on; an absent filter is off. */
export const hasSafetyFilter = (filters: Partial<SafetyFilters>): boolean =>
  SAFETY_FILTERS.some((filter) => filters[filter] === true)

/** Whether a point passes the filters that are on (by its flags alone). */
export const passesSafetyFilters = (facts: SafetyFacts, filters: Partial<SafetyFilters>): boolean =>
  !(filters.notInPregnancy === true && facts.pregnancy === "contraindicated") &&
  !(filters.noOrgansBeneath === true && facts.organsBeneath > 0)

/**
 * Whether a search lists a point: always while no filter is on; while one is, only a point the
 * caller may open and that passes the filters.
 */
export const listedUnderSafetyFilters = (
  facts: SafetyFacts,
  canOpen: boolean,
  filters: Partial<SafetyFilters>,
): boolean => !hasSafetyFilter(filters) || (canOpen && passesSafetyFilters(facts, filters))

/** The filters that are on, as the search payloads carry them (an off filter is left out). */
export const safetyPayload = (filters: SafetyFilters): Partial<SafetyFilters> =>
  Object.fromEntries(SAFETY_FILTERS.filter((filter) => filters[filter]).map((filter) => [filter, true]))
