// The clock of a self-test, held by the server (§9, WCAG 2.2.1): the duration from the settings and
// the difficulty, the deadline from the server's start time, whether an answer came in time, the
// "more time" extension, the warning before the end, and the few polite announcements of the time
// left. Pure: the caller passes every instant (epoch milliseconds from the server's clock).
import { TEST_DIFFICULTY_BEGINNER, type TestDifficulty, type TestSettings } from "./test-settings.ts"

/** §9: beginners get 1.25 × the time, experts 1 ×. */
export const BEGINNER_TIME_MULTIPLIER = 1.25
export const EXPERT_TIME_MULTIPLIER = 1

export const MINUTE_MS = 60_000

/** WCAG 2.2.1 "Extend": the warning leaves at least 20 s to ask for more time. */
export const MIN_WARNING_LEAD_MS = 20_000
/** The "time is nearly up — more time?" warning opens at most this long before the end. */
export const WARNING_LEAD_MS = 60_000
/** …and, for a short test, when this share of its time limit is left. */
export const WARNING_SHARE = 0.2
/** WCAG 2.2.1 "Extend": more time can be asked for at least ten times. */
export const MAX_TIME_EXTENSIONS = 10
/**
 * An answer the learner gave just before the deadline may reach the server a moment after it;
 * it still counts. Later answers are refused.
 */
export const ANSWER_GRACE_MS = 2_000

/** Time left at which a polite announcement is made, largest first: 5 min, 1 min, 30 s. */
export const TIME_ANNOUNCEMENTS_MS = [5 * MINUTE_MS, MINUTE_MS, 30_000] as const
export type TimeAnnouncement = (typeof TIME_ANNOUNCEMENTS_MS)[number]

export const timeMultiplier = (difficulty: TestDifficulty): number =>
  difficulty === TEST_DIFFICULTY_BEGINNER ? BEGINNER_TIME_MULTIPLIER : EXPERT_TIME_MULTIPLIER

/**
 * The time a new test gets, or null for practice without a time limit. `minuteMs` is how long a
 * minute of the settings lasts: a minute, but on the server of the browser journeys a shorter one
 * (SELF_TEST_MINUTE_MS), so that a one-minute test runs out without a minute of waiting.
 */
export const testDurationMs = (
  settings: Pick<TestSettings, "testDuration" | "testDifficulty" | "testTimed">,
  minuteMs: number = MINUTE_MS,
): number | null =>
  settings.testTimed ? Math.round(settings.testDuration * minuteMs * timeMultiplier(settings.testDifficulty)) : null

/** What the server stores about a test's clock. */
export interface TestClock {
  /** When the server created the test. */
  readonly startedAt: number
  /** From `testDurationMs`; null: practice, no deadline. */
  readonly durationMs: number | null
  /** How many times "more time" was granted, and how much each added. */
  readonly extensions: number
  readonly extraTimeMs: number
}

export const startClock = (
  startedAt: number,
  settings: Pick<TestSettings, "testDuration" | "testDifficulty" | "testTimed" | "testExtraTime">,
  minuteMs: number = MINUTE_MS,
): TestClock => ({
  startedAt,
  durationMs: testDurationMs(settings, minuteMs),
  extensions: 0,
  extraTimeMs: settings.testExtraTime * minuteMs,
})

export const isPractice = (clock: TestClock): boolean => clock.durationMs === null

export const deadlineOf = (clock: TestClock): number | null =>
  clock.durationMs === null ? null : clock.startedAt + clock.durationMs + clock.extensions * clock.extraTimeMs

/** Milliseconds left at `now`, never below zero; null without a time limit. */
export const timeLeftMs = (clock: TestClock, now: number): number | null => {
  const deadline = deadlineOf(clock)
  return deadline === null ? null : Math.max(0, deadline - now)
}

/** The time is up at the deadline itself. */
export const isExpired = (clock: TestClock, now: number): boolean => {
  const deadline = deadlineOf(clock)
  return deadline !== null && now >= deadline
}

/** An answer counts when it reaches the server by the deadline plus the grace. */
export const isAnswerOnTime = (clock: TestClock, answeredAt: number): boolean => {
  const deadline = deadlineOf(clock)
  return deadline === null || answeredAt <= deadline + ANSWER_GRACE_MS
}

/** More time while the test runs, at most `MAX_TIME_EXTENSIONS` times. */
export const canExtend = (clock: TestClock, now: number): boolean =>
  clock.durationMs !== null && clock.extensions < MAX_TIME_EXTENSIONS && !isExpired(clock, now)

/** The clock after one "more time"; unchanged when `canExtend` says no. */
export const extendClock = (clock: TestClock, now: number): TestClock =>
  canExtend(clock, now) ? { ...clock, extensions: clock.extensions + 1 } : clock

/**
 * How long before the end the warning opens in a test with this time limit: WARNING_SHARE of the
 * limit, but at least MIN_WARNING_LEAD_MS and at most WARNING_LEAD_MS — and never more than half
 * the limit, so a short test never starts with its warning.
 */
export const warningLeadMs = (limitMs: number): number =>
  Math.min(WARNING_LEAD_MS, Math.max(MIN_WARNING_LEAD_MS, Math.round(limitMs * WARNING_SHARE)), Math.floor(limitMs / 2))

/** Whether the warning with "more time" should be open at this time left (never after the end, never in practice). */
export const isWarningDue = (leftMs: number | null, limitMs: number | null): boolean =>
  leftMs !== null && limitMs !== null && leftMs > 0 && leftMs <= warningLeadMs(limitMs)

/**
 * The announcement due when the time left went from `previousLeftMs` to `leftMs`: the threshold
 * crossed (reaching it exactly counts), the smallest one when several were passed at once (a
 * sleeping tab), and nothing otherwise — so the time is announced three times, not every second.
 * Nothing at the end itself: expiry is announced by the result.
 */
export const announcementDue = (previousLeftMs: number | null, leftMs: number | null): TimeAnnouncement | null => {
  if (previousLeftMs === null || leftMs === null || leftMs <= 0) return null
  let due: TimeAnnouncement | null = null
  for (const threshold of TIME_ANNOUNCEMENTS_MS) if (leftMs <= threshold && previousLeftMs > threshold) due = threshold
  return due
}
