// The learner's test settings: §9's defaults and the bounds of each field, decoded with the same
// Schema the settings page and the server use, and how many questions a new test holds.
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import {
  DEFAULT_TEST_LIMIT,
  DEFAULT_TEST_SETTINGS,
  MAX_EXTRA_TIME_MINUTES,
  MAX_TEST_DURATION_MINUTES,
  MAX_TEST_LIMIT,
  MIN_EXTRA_TIME_MINUTES,
  MIN_TEST_DURATION_MINUTES,
  MIN_TEST_LIMIT,
  questionCount,
  TEST_DIFFICULTY_BEGINNER,
  TEST_DIFFICULTY_EXPERT,
  TestSettings,
} from "../../../src/domain/self-tests/test-settings.ts"

const valid = (patch: Record<string, unknown>) =>
  Schema.decodeUnknownExit(TestSettings)({ ...DEFAULT_TEST_SETTINGS, ...patch })._tag === "Success"

describe("test settings", () => {
  it("default to 10 minutes, beginner, timed, the stored limit, no point left out", () => {
    expect(DEFAULT_TEST_SETTINGS).toEqual({
      testDuration: 10,
      testLimit: DEFAULT_TEST_LIMIT,
      testDifficulty: TEST_DIFFICULTY_BEGINNER,
      testAllPoints: false,
      testTimed: true,
      testExtraTime: 2,
      testLeaveOutPregnancy: false,
    })
    expect(valid({})).toBe(true)
    expect(valid({ testLeaveOutPregnancy: true })).toBe(true)
    expect(valid({ testLeaveOutPregnancy: "yes" })).toBe(false)
  })

  it("know difficulty 0 as beginner and 1 as expert, nothing else", () => {
    expect(TEST_DIFFICULTY_BEGINNER).toBe(0)
    expect(TEST_DIFFICULTY_EXPERT).toBe(1)
    expect(valid({ testDifficulty: 1 })).toBe(true)
    expect(valid({ testDifficulty: 2 })).toBe(false)
    expect(valid({ testDifficulty: "0" })).toBe(false)
  })

  it.each([
    ["testDuration", MIN_TEST_DURATION_MINUTES, MAX_TEST_DURATION_MINUTES],
    ["testLimit", MIN_TEST_LIMIT, MAX_TEST_LIMIT],
    ["testExtraTime", MIN_EXTRA_TIME_MINUTES, MAX_EXTRA_TIME_MINUTES],
  ])("accept %s from %i to %i whole", (field, min, max) => {
    expect(valid({ [field]: min })).toBe(true)
    expect(valid({ [field]: max })).toBe(true)
    expect(valid({ [field]: min - 1 })).toBe(false)
    expect(valid({ [field]: max + 1 })).toBe(false)
    expect(valid({ [field]: min + 0.5 })).toBe(false)
  })
})

describe("questions in a new test", () => {
  it("are one per point with all points included, the stored limit kept", () => {
    expect(questionCount({ testLimit: 5, testAllPoints: true }, 31)).toBe(31)
  })

  it("are at most the limit otherwise, and never more than the points", () => {
    expect(questionCount({ testLimit: 5, testAllPoints: false }, 31)).toBe(5)
    expect(questionCount({ testLimit: 50, testAllPoints: false }, 31)).toBe(31)
    expect(questionCount({ testLimit: 5, testAllPoints: false }, 0)).toBe(0)
  })
})
