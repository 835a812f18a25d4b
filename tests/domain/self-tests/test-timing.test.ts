// The clock of a test, at its boundaries: §9's duration and multipliers, the deadline from the
// server's start, answers on time up to the grace, "more time" (WCAG 2.2.1), the warning, and the
// polite announcements exactly at 5 min, 1 min and 30 s — never every second.
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  DEFAULT_EXTRA_TIME_MINUTES,
  DEFAULT_TEST_DURATION_MINUTES,
  DEFAULT_TEST_SETTINGS,
  MAX_DURATION_FACTOR,
  MAX_TEST_DURATION_MINUTES,
  MIN_TEST_DURATION_MINUTES,
  TEST_DIFFICULTY_BEGINNER,
  TEST_DIFFICULTY_EXPERT,
  type TestSettings,
} from "../../../src/domain/self-tests/test-settings.ts"
import {
  ANSWER_GRACE_MS,
  announcementDue,
  BEGINNER_TIME_MULTIPLIER,
  canExtend,
  deadlineOf,
  EXPERT_TIME_MULTIPLIER,
  extendClock,
  isAnswerOnTime,
  isExpired,
  isPractice,
  isWarningDue,
  MAX_TIME_EXTENSIONS,
  MIN_WARNING_LEAD_MS,
  MINUTE_MS,
  startClock,
  type TestClock,
  TIME_ANNOUNCEMENTS_MS,
  testDurationMs,
  timeLeftMs,
  timeMultiplier,
  WARNING_LEAD_MS,
  WARNING_SHARE,
  warningLeadMs,
} from "../../../src/domain/self-tests/test-timing.ts"

const START = 1_750_000_000_000
const expertTimed: TestSettings = { ...DEFAULT_TEST_SETTINGS, testDifficulty: TEST_DIFFICULTY_EXPERT }
const clock = (settings: Partial<TestSettings> = {}): TestClock => startClock(START, { ...expertTimed, ...settings })

describe("§9 test time", () => {
  it("defaults to 10 minutes; beginners get 1.25 × the time, experts 1 ×", () => {
    expect(DEFAULT_TEST_DURATION_MINUTES).toBe(10)
    expect(BEGINNER_TIME_MULTIPLIER).toBe(1.25)
    expect(EXPERT_TIME_MULTIPLIER).toBe(1)
    expect(timeMultiplier(TEST_DIFFICULTY_BEGINNER)).toBe(1.25)
    expect(timeMultiplier(TEST_DIFFICULTY_EXPERT)).toBe(1)
    expect(testDurationMs(DEFAULT_TEST_SETTINGS)).toBe(12.5 * MINUTE_MS)
    expect(testDurationMs(expertTimed)).toBe(10 * MINUTE_MS)
  })

  it("may be set up to ten times the default (WCAG 2.2.1)", () => {
    expect(MAX_DURATION_FACTOR).toBeGreaterThanOrEqual(10)
    expect(MAX_TEST_DURATION_MINUTES).toBe(DEFAULT_TEST_DURATION_MINUTES * MAX_DURATION_FACTOR)
    expect(testDurationMs({ ...expertTimed, testDuration: MAX_TEST_DURATION_MINUTES })).toBe(100 * MINUTE_MS)
    expect(testDurationMs({ ...expertTimed, testDuration: MIN_TEST_DURATION_MINUTES })).toBe(MINUTE_MS)
  })

  it("counts in the server's minute: a minute unless a test server shortens it, more time too", () => {
    expect(testDurationMs(expertTimed)).toBe(testDurationMs(expertTimed, MINUTE_MS))
    expect(testDurationMs({ ...expertTimed, testDuration: 1 }, 35_000)).toBe(35_000)
    expect(testDurationMs({ ...DEFAULT_TEST_SETTINGS, testDuration: 2 }, 35_000)).toBe(2 * 35_000 * 1.25)
    const short = startClock(START, { ...expertTimed, testDuration: 1, testExtraTime: 2 }, 35_000)
    expect(short).toEqual({ startedAt: START, durationMs: 35_000, extensions: 0, extraTimeMs: 70_000 })
    expect(startClock(START, { ...expertTimed, testExtraTime: 2 }).extraTimeMs).toBe(2 * MINUTE_MS)
  })

  it("has no deadline in practice (limit off)", () => {
    const practice = clock({ testTimed: false })
    expect(testDurationMs({ ...expertTimed, testTimed: false })).toBeNull()
    expect(isPractice(practice)).toBe(true)
    expect(deadlineOf(practice)).toBeNull()
    expect(timeLeftMs(practice, START + 10 ** 9)).toBeNull()
    expect(isExpired(practice, START + 10 ** 9)).toBe(false)
    expect(isAnswerOnTime(practice, START + 10 ** 9)).toBe(true)
    expect(canExtend(practice, START)).toBe(false)
  })
})

describe("deadline and answers on time", () => {
  const c = clock()
  const deadline = START + 10 * MINUTE_MS

  it("counts from the server's start time", () => {
    expect(deadlineOf(c)).toBe(deadline)
    expect(timeLeftMs(c, START)).toBe(10 * MINUTE_MS)
    expect(timeLeftMs(c, deadline - 1)).toBe(1)
    expect(timeLeftMs(c, deadline)).toBe(0)
    expect(timeLeftMs(c, deadline + 5_000)).toBe(0)
  })

  it("expires at the deadline itself", () => {
    expect(isExpired(c, deadline - 1)).toBe(false)
    expect(isExpired(c, deadline)).toBe(true)
  })

  it("takes answers until the deadline plus the grace, and refuses later ones", () => {
    expect(isAnswerOnTime(c, START)).toBe(true)
    expect(isAnswerOnTime(c, deadline)).toBe(true)
    expect(isAnswerOnTime(c, deadline + ANSWER_GRACE_MS)).toBe(true)
    expect(isAnswerOnTime(c, deadline + ANSWER_GRACE_MS + 1)).toBe(false)
  })
})

describe("more time (WCAG 2.2.1 extend)", () => {
  it("adds the learner's extra time each time", () => {
    expect(DEFAULT_EXTRA_TIME_MINUTES).toBeGreaterThan(0)
    const c = clock({ testExtraTime: 3 })
    const once = extendClock(c, START)
    expect(deadlineOf(once)).toBe(START + 13 * MINUTE_MS)
    expect(deadlineOf(extendClock(once, START))).toBe(START + 16 * MINUTE_MS)
  })

  it("can be asked for at least ten times, and no more than the limit", () => {
    expect(MAX_TIME_EXTENSIONS).toBeGreaterThanOrEqual(10)
    let c = clock()
    for (let i = 0; i < MAX_TIME_EXTENSIONS; i++) {
      expect(canExtend(c, START)).toBe(true)
      c = extendClock(c, START)
    }
    expect(c.extensions).toBe(MAX_TIME_EXTENSIONS)
    expect(canExtend(c, START)).toBe(false)
    expect(extendClock(c, START)).toEqual(c)
  })

  it("is refused once the time is up", () => {
    const c = clock()
    const deadline = deadlineOf(c) ?? 0
    expect(canExtend(c, deadline - 1)).toBe(true)
    expect(canExtend(c, deadline)).toBe(false)
    expect(extendClock(c, deadline)).toEqual(c)
  })
})

describe("the warning before the end", () => {
  it("leaves at least 20 seconds to ask for more time", () => {
    expect(MIN_WARNING_LEAD_MS).toBe(20_000)
    expect(WARNING_LEAD_MS).toBeGreaterThanOrEqual(MIN_WARNING_LEAD_MS)
    for (const minutes of [1, 1.25, 2, 5, 10, 100])
      expect(warningLeadMs(minutes * MINUTE_MS)).toBeGreaterThanOrEqual(20_000)
  })

  it("opens when WARNING_SHARE of the limit is left, between 20 s and WARNING_LEAD_MS", () => {
    expect(WARNING_SHARE).toBe(0.2)
    expect(warningLeadMs(2 * MINUTE_MS)).toBe(24_000)
    expect(warningLeadMs(MINUTE_MS)).toBe(MIN_WARNING_LEAD_MS)
    expect(warningLeadMs(5 * MINUTE_MS)).toBe(WARNING_LEAD_MS)
    expect(warningLeadMs(100 * MINUTE_MS)).toBe(WARNING_LEAD_MS)
  })

  it("never opens at the start, however short the limit", () => {
    for (const limit of [MINUTE_MS, 75_000, 30_000, 1_000]) {
      expect(warningLeadMs(limit)).toBeLessThanOrEqual(limit / 2)
      expect(isWarningDue(limit, limit)).toBe(false)
    }
  })

  it("opens exactly at its lead time and closes at the end", () => {
    const limit = 10 * MINUTE_MS
    expect(isWarningDue(WARNING_LEAD_MS + 1, limit)).toBe(false)
    expect(isWarningDue(WARNING_LEAD_MS, limit)).toBe(true)
    expect(isWarningDue(MIN_WARNING_LEAD_MS, limit)).toBe(true)
    expect(isWarningDue(1, limit)).toBe(true)
    expect(isWarningDue(0, limit)).toBe(false)
    expect(isWarningDue(null, limit)).toBe(false)
    expect(isWarningDue(1, null)).toBe(false)
    // A one-minute test warns with 20 s left, not before.
    expect(isWarningDue(MIN_WARNING_LEAD_MS + 1, MINUTE_MS)).toBe(false)
    expect(isWarningDue(MIN_WARNING_LEAD_MS, MINUTE_MS)).toBe(true)
  })
})

describe("announcements of the time left", () => {
  it("are made at 5 min, 1 min and 30 s", () => {
    expect(TIME_ANNOUNCEMENTS_MS).toEqual([300_000, 60_000, 30_000])
  })

  it.each(TIME_ANNOUNCEMENTS_MS)("announce %i ms exactly when it is reached", (threshold) => {
    expect(announcementDue(threshold + 1, threshold)).toBe(threshold)
    expect(announcementDue(threshold + 1_000, threshold)).toBe(threshold)
    expect(announcementDue(threshold + 2, threshold + 1)).toBeNull()
    expect(announcementDue(threshold, threshold - 1)).toBeNull()
    expect(announcementDue(threshold, threshold)).toBeNull()
  })

  it("announce only the latest threshold when several passed at once (a sleeping tab)", () => {
    expect(announcementDue(10 * MINUTE_MS, 20_000)).toBe(30_000)
    expect(announcementDue(6 * MINUTE_MS, 50_000)).toBe(60_000)
  })

  it("announce nothing when time was added, at the end, or without a limit", () => {
    expect(announcementDue(30_000, 3 * MINUTE_MS)).toBeNull()
    expect(announcementDue(31_000, 0)).toBeNull()
    expect(announcementDue(null, 30_000)).toBeNull()
    expect(announcementDue(31_000, null)).toBeNull()
  })

  it("announce each threshold once over a countdown ticking every second — never every second", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 * 60 }), fc.integer({ min: 1, max: 5_000 }), (seconds, tickMs) => {
        const made: Array<number> = []
        let previous = seconds * 1_000
        for (let left = previous - tickMs; left > -tickMs; left -= tickMs) {
          const now = Math.max(0, left)
          const due = announcementDue(previous, now)
          if (due !== null) made.push(due)
          previous = now
        }
        // Thresholds crossed strictly after the start; with coarse ticks a later one may stand for several.
        const crossed = TIME_ANNOUNCEMENTS_MS.filter((t) => t < seconds * 1_000)
        expect(made.length).toBeLessThanOrEqual(crossed.length)
        expect(new Set(made).size).toBe(made.length)
        expect([...made].sort((a, b) => b - a)).toEqual(made)
        if (tickMs <= 1_000) expect(made).toEqual(crossed)
      }),
    )
  })
})
