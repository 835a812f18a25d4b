// The result of a finished self-test: the score (the number of right answers), the percentage,
// the time used, each question with the learner's and the right answer for the review, and
// whether it was practice (no time limit), which is scored apart from timed tests.
import { type GivenAnswer, isRightAnswer, type Question } from "./question.ts"
import type { SessionTestType } from "./test-review.ts"
import { deadlineOf, isAnswerOnTime, isPractice, type TestClock } from "./test-timing.ts"

export interface SavedAnswer {
  readonly question: number
  readonly given: GivenAnswer
  /** When the server received it. */
  readonly answeredAt: number
}

export interface ReviewItem {
  readonly question: Question
  /** The learner's last answer in time; null when unanswered. */
  readonly given: GivenAnswer | null
  readonly right: boolean
}

export interface TestResult {
  readonly score: number
  readonly total: number
  readonly answered: number
  /** Whole percent, rounded; 0 for a test without questions. */
  readonly percent: number
  readonly timeUsedMs: number
  readonly practice: boolean
  /** The time ran out before the learner finished. */
  readonly expired: boolean
  readonly review: ReadonlyArray<ReviewItem>
}

/** The learner's last answer to each question that reached the server in time. */
export const lastAnswers = (
  questions: ReadonlyArray<Question>,
  answers: ReadonlyArray<SavedAnswer>,
  clock: TestClock,
): ReadonlyArray<GivenAnswer | null> => {
  const last: Array<SavedAnswer | null> = questions.map(() => null)
  for (const answer of answers) {
    if (answer.question < 0 || answer.question >= questions.length) continue
    if (!isAnswerOnTime(clock, answer.answeredAt)) continue
    const current = last[answer.question]
    if (!current || answer.answeredAt >= current.answeredAt) last[answer.question] = answer
  }
  return last.map((a) => a?.given ?? null)
}

export const scorePercent = (score: number, total: number): number =>
  total === 0 ? 0 : Math.round((score / total) * 100)

/** Scores a test finished (or expired) at `finishedAt`. */
export const scoreTest = (
  questions: ReadonlyArray<Question>,
  answers: ReadonlyArray<SavedAnswer>,
  clock: TestClock,
  finishedAt: number,
): TestResult => {
  const given = lastAnswers(questions, answers, clock)
  const review = questions.map((question, i) => {
    const answer = given[i] ?? null
    return { question, given: answer, right: answer !== null && isRightAnswer(question, answer) }
  })
  const score = review.filter((r) => r.right).length
  const deadline = deadlineOf(clock)
  const expired = deadline !== null && finishedAt >= deadline
  const end = deadline === null ? finishedAt : Math.min(finishedAt, deadline)
  return {
    score,
    total: questions.length,
    answered: given.filter((g) => g !== null).length,
    percent: scorePercent(score, questions.length),
    timeUsedMs: Math.max(0, end - clock.startedAt),
    practice: isPractice(clock),
    expired,
    review,
  }
}

/** One finished test in the learner's history. */
export interface ScoreEntry {
  readonly type: SessionTestType
  readonly practice: boolean
  readonly score: number
  readonly total: number
  readonly finishedAt: number
}

export interface ScoreSummary {
  readonly tests: number
  /** Highest percentage; null without tests. */
  readonly bestPercent: number | null
  readonly lastPercent: number | null
}

const summarize = (entries: ReadonlyArray<ScoreEntry>): ScoreSummary => {
  const sorted = entries.toSorted((a, b) => a.finishedAt - b.finishedAt)
  const percents = sorted.map((e) => scorePercent(e.score, e.total))
  return {
    tests: sorted.length,
    bestPercent: percents.length === 0 ? null : Math.max(...percents),
    lastPercent: percents.at(-1) ?? null,
  }
}

/** History per test type (`/test/scores`), timed tests and practice apart. */
export const scoreHistory = (
  entries: ReadonlyArray<ScoreEntry>,
  type: SessionTestType,
): { readonly timed: ScoreSummary; readonly practice: ScoreSummary } => {
  const ofType = entries.filter((e) => e.type === type)
  return { timed: summarize(ofType.filter((e) => !e.practice)), practice: summarize(ofType.filter((e) => e.practice)) }
}
