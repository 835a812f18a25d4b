// Days practised: finished tests counted per calendar day in the learner's time zone, and the run
// of consecutive days up to today.
import { describe, expect, it } from "vitest"
import { dayOf, practiceDays, practiceStreak } from "../../../src/domain/self-tests/test-activity.ts"
import { DAY_MS } from "../../../src/domain/shared/timing.ts"

const instant = (iso: string) => Date.parse(iso)

describe("days practised", () => {
  it("puts an instant on its day in the learner's time zone", () => {
    expect(dayOf(instant("2025-03-01T23:30:00Z"), 0)).toBe("2025-03-01")
    expect(dayOf(instant("2025-03-01T23:30:00Z"), 60)).toBe("2025-03-02")
    expect(dayOf(instant("2025-03-02T00:30:00Z"), -60)).toBe("2025-03-01")
    expect(dayOf(instant("2025-03-02T00:00:00Z"), 0)).toBe("2025-03-02")
    expect(dayOf(instant("2025-03-01T23:59:59.999Z"), 0)).toBe("2025-03-01")
  })

  it("agrees with the calendar on every day of four centuries", () => {
    const first = Date.parse("1900-01-01T12:00:00Z")
    const wrong: Array<string> = []
    for (let day = 0; day < 146_097; day += 1) {
      const at = first + day * DAY_MS
      const expected = new Date(at).toISOString().slice(0, 10)
      if (dayOf(at, 0) !== expected) wrong.push(expected)
    }
    expect(wrong).toEqual([])
  })

  it("counts the tests of each day, oldest day first", () => {
    const finished = [
      instant("2025-03-03T10:00:00Z"),
      instant("2025-03-01T09:00:00Z"),
      instant("2025-03-03T18:00:00Z"),
      instant("2025-03-01T22:00:00Z"),
    ]
    expect(practiceDays(finished, 0)).toEqual([
      { day: "2025-03-01", tests: 2 },
      { day: "2025-03-03", tests: 2 },
    ])
    expect(practiceDays(finished, 120)).toEqual([
      { day: "2025-03-01", tests: 1 },
      { day: "2025-03-02", tests: 1 },
      { day: "2025-03-03", tests: 2 },
    ])
    expect(practiceDays([], 0)).toEqual([])
  })
})

describe("the streak of days practised", () => {
  const days = (...list: Array<string>) => list.map((day) => ({ day, tests: 1 }))

  it("counts consecutive days up to today", () => {
    expect(practiceStreak(days("2025-03-01", "2025-03-02", "2025-03-03"), "2025-03-03")).toBe(3)
    expect(practiceStreak(days("2025-02-27", "2025-03-01"), "2025-03-01")).toBe(1)
  })

  it("still counts a run that ended yesterday, not one that ended before", () => {
    expect(practiceStreak(days("2025-03-01", "2025-03-02"), "2025-03-03")).toBe(2)
    expect(practiceStreak(days("2025-03-01"), "2025-03-03")).toBe(0)
    expect(practiceStreak([], "2025-03-03")).toBe(0)
  })

  it("runs across month and year ends", () => {
    expect(practiceStreak(days("2024-12-31", "2025-01-01"), "2025-01-01")).toBe(2)
    expect(practiceStreak(days("2024-02-28", "2024-02-29", "2024-03-01"), "2024-03-01")).toBe(3)
    expect(DAY_MS).toBe(24 * 60 * 60 * 1000)
  })
})
