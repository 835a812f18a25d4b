// The learner's test settings (§3 `test_duration`, `test_limit`, `test_difficulty`,
// `test_all_points`; §9 defaults), leaving out the points contraindicated in pregnancy, and the
// timing adjustments WCAG 2.2.1 asks for beyond the spec: the time limit can be turned off (practice, scored apart), lengthened up to ten times the default,
// and extended during a test by an amount the learner chooses. Saved with the settings page's button.
import { Schema } from "effect"

/** §9: 0 beginner, 1 expert. */
export const TEST_DIFFICULTY_BEGINNER = 0
export const TEST_DIFFICULTY_EXPERT = 1
export const TestDifficulty = Schema.Literals([TEST_DIFFICULTY_BEGINNER, TEST_DIFFICULTY_EXPERT])
export type TestDifficulty = typeof TestDifficulty.Type

/** §9: a test lasts 10 minutes unless the learner sets another duration. */
export const DEFAULT_TEST_DURATION_MINUTES = 10
export const MIN_TEST_DURATION_MINUTES = 1
/** WCAG 2.2.1 "Adjust": at least ten times the default. */
export const MAX_DURATION_FACTOR = 10
export const MAX_TEST_DURATION_MINUTES = DEFAULT_TEST_DURATION_MINUTES * MAX_DURATION_FACTOR

/** How many points (questions) a test holds when "include all points" is off. */
export const DEFAULT_TEST_LIMIT = 20
export const MIN_TEST_LIMIT = 1
export const MAX_TEST_LIMIT = 100

/** Minutes one "more time" adds. */
export const DEFAULT_EXTRA_TIME_MINUTES = 2
export const MIN_EXTRA_TIME_MINUTES = 1
export const MAX_EXTRA_TIME_MINUTES = DEFAULT_TEST_DURATION_MINUTES

/**
 * The message key of each bounded field (translated under `validation.*`, the bounds passed in as
 * `TEST_SETTING_BOUNDS`), so the settings page and the server's 422 say the same thing.
 */
export const TEST_SETTING_MESSAGES = {
  testDuration: "validation.testDuration",
  testLimit: "validation.testLimit",
  testExtraTime: "validation.testExtraTime",
  testDifficulty: "validation.testDifficulty",
} as const

/** The bounds the messages quote. */
export const TEST_SETTING_BOUNDS = {
  durationMin: MIN_TEST_DURATION_MINUTES,
  durationMax: MAX_TEST_DURATION_MINUTES,
  limitMin: MIN_TEST_LIMIT,
  limitMax: MAX_TEST_LIMIT,
  extraMin: MIN_EXTRA_TIME_MINUTES,
  extraMax: MAX_EXTRA_TIME_MINUTES,
} as const

const wholeBetween = (minimum: number, maximum: number, message: string) =>
  Schema.Number.check(Schema.isInt({ message }), Schema.isBetween({ minimum, maximum }, { message }))

export const TestSettings = Schema.Struct({
  /** Minutes, before the difficulty multiplier. */
  testDuration: wholeBetween(MIN_TEST_DURATION_MINUTES, MAX_TEST_DURATION_MINUTES, TEST_SETTING_MESSAGES.testDuration),
  /** Maximum number of points asked; kept while `testAllPoints` hides it. */
  testLimit: wholeBetween(MIN_TEST_LIMIT, MAX_TEST_LIMIT, TEST_SETTING_MESSAGES.testLimit),
  testDifficulty: TestDifficulty.annotate({ message: TEST_SETTING_MESSAGES.testDifficulty }),
  testAllPoints: Schema.Boolean,
  /** Off: practice without a time limit, scored apart from timed tests. */
  testTimed: Schema.Boolean,
  /** Minutes one "more time" adds. */
  testExtraTime: wholeBetween(MIN_EXTRA_TIME_MINUTES, MAX_EXTRA_TIME_MINUTES, TEST_SETTING_MESSAGES.testExtraTime),
  /** On: no question asks about or offers a point contraindicated in pregnancy (see `test-safety.ts`). */
  testLeaveOutPregnancy: Schema.Boolean,
})
export type TestSettings = typeof TestSettings.Type

export const DEFAULT_TEST_SETTINGS: TestSettings = {
  testDuration: DEFAULT_TEST_DURATION_MINUTES,
  testLimit: DEFAULT_TEST_LIMIT,
  testDifficulty: TEST_DIFFICULTY_BEGINNER,
  testAllPoints: false,
  testTimed: true,
  testExtraTime: DEFAULT_EXTRA_TIME_MINUTES,
  testLeaveOutPregnancy: false,
}

/** Questions in a new test: one per point of the pool with "include all points", else at most the limit. */
export const questionCount = (
  settings: Pick<TestSettings, "testLimit" | "testAllPoints">,
  focusPoints: number,
): number => Math.max(0, settings.testAllPoints ? focusPoints : Math.min(settings.testLimit, focusPoints))
