// Spaced review of mistakes: every point answered wrongly in a test enters the learner's review
// queue (scheduled by FSRS on the server), and the "review due points" test asks about the points
// that are due, with questions of any of the six content types. This file holds the rules; the
// scheduling arithmetic is the `ts-fsrs` package's, on the server.
import { Schema } from "effect"
import type { Viewer } from "../content/permissions.ts"
import type { Question, QuestionKind } from "./question.ts"
import type { ReviewItem } from "./test-scoring.ts"
import type { TestDifficulty } from "./test-settings.ts"
import { canStartTest, kindsFor, TEST_TYPE_IDS, TEST_TYPES, type TestTypeId } from "./test-types.ts"

export const REVIEW_TEST_ID = "review-test"

/** What a test session can be: one of the seven test types, or the review of due points. */
export const SESSION_TEST_TYPES = [...TEST_TYPE_IDS, REVIEW_TEST_ID] as const
export const SessionTestType = Schema.Literals(SESSION_TEST_TYPES)
export type SessionTestType = typeof SessionTestType.Type
export const isSessionTestType = Schema.is(SessionTestType)

/** Test types a learner starts from `/test/new/{id}` today: those that need no point group. */
export const STANDALONE_TEST_TYPES: ReadonlyArray<TestTypeId> = TEST_TYPE_IDS.filter((id) => !TEST_TYPES[id].needsGroup)

/**
 * Kinds that ask about a channel or a vessel as a whole, not about one point (their explanation names
 * no point): a review of due points leaves them out, so each of its questions is about a due point.
 */
export const CHANNEL_LEVEL_KINDS: ReadonlySet<QuestionKind> = new Set<QuestionKind>([
  "paired-channel",
  "coupled-channel",
  "next-channel-in-flow",
  "coupled-vessel",
])

/** The review asks any point-level kind of the six content types (the point-group test's kinds are all of them). */
export const sessionKinds = (type: SessionTestType, difficulty: TestDifficulty): ReadonlyArray<QuestionKind> =>
  type === REVIEW_TEST_ID
    ? kindsFor("point-group-test", difficulty).filter((kind) => !CHANNEL_LEVEL_KINDS.has(kind))
    : kindsFor(type, difficulty)

/** Members review their own mistakes whatever their plan; the questions stay within their pool. */
export const canStartSession = (viewer: Viewer, type: SessionTestType): boolean =>
  type === REVIEW_TEST_ID ? viewer._tag === "Member" : canStartTest(viewer, type)

/** The point a question tests: the first point of its explanation (the right one); none for a channel or vessel question. */
export const questionPoint = (question: Question): string | null => question.explanation.points[0] ?? null

/** FSRS grades used: a wrong answer is "again", a right one in a review test "good". */
export type ReviewGrade = "again" | "good"

export interface ReviewUpdate {
  readonly point: string
  readonly grade: ReviewGrade
}

/**
 * How a finished test changes the review queue. A point answered wrongly is graded "again" (it
 * enters the queue, or comes back soon); in the review test a point answered rightly is graded
 * "good" (its interval grows). Unanswered questions change nothing. A point asked twice counts
 * once, a wrong answer winning.
 */
export const reviewUpdates = (
  type: SessionTestType,
  review: ReadonlyArray<Pick<ReviewItem, "question" | "given" | "right">>,
): ReadonlyArray<ReviewUpdate> => {
  const grades = new Map<string, ReviewGrade>()
  for (const item of review) {
    const point = questionPoint(item.question)
    if (point === null || item.given === null) continue
    if (!item.right) grades.set(point, "again")
    else if (type === REVIEW_TEST_ID && !grades.has(point)) grades.set(point, "good")
  }
  return [...grades].map(([point, grade]) => ({ point, grade }))
}

/**
 * The points and vessels a stored question shows by code (prompt, options, texts, explanation).
 * A repeated test is checked against the learner's pool again with these: a plan may have changed.
 */
export const codesShownBy = (
  question: Question,
): { readonly points: ReadonlySet<string>; readonly vessels: ReadonlySet<string> } => {
  const points = new Set<string>(question.explanation.points)
  const vessels = new Set<string>()
  const { prompt } = question
  if (prompt.point !== undefined) points.add(prompt.point)
  if (prompt.text !== undefined) points.add(prompt.text.point)
  if (prompt.vessel !== undefined) vessels.add(prompt.vessel)
  if (question.explanation.vessel !== undefined) vessels.add(question.explanation.vessel)
  for (const option of question.options) {
    if (option._tag === "Point" || option._tag === "Site") points.add(option.code)
    else if (option._tag === "Text") points.add(option.ref.point)
    else if (option._tag === "Vessel") vessels.add(option.id)
  }
  return { points, vessels }
}
