// What the self-test calls answer (§7 "tests"): the test menu with permission flags, the new-test
// overview of a type, a running test as the learner may see it (questions presented, never their
// answers; the time left by the server's clock), the result with its review, the score history
// and the days practised. Shared by the server (encoding) and the app (decoding).

import { Schema } from "effect"
import { GroupId } from "../groups/group-rules.ts"
import { INT4_MAX, intFromString, PlainText } from "../shared/input-rules.ts"
import { SELECTABLE_LANGUAGES } from "../shared/locales.ts"
import { AnswerKey, GivenAnswer, PresentedQuestion } from "./question.ts"
import { SessionTestType } from "./test-review.ts"
import { TestDifficulty, TestSettings } from "./test-settings.ts"
import { TEST_SUBTYPES, TestSubtype, TestTypeId } from "./test-types.ts"

const Count = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))
const Milliseconds = Schema.Number.check(Schema.isGreaterThanOrEqualTo(0))

/** A test's id: a random UUID, so tests cannot be guessed. */
export const TEST_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const TestId = PlainText.check(Schema.isPattern(TEST_ID_PATTERN))
export type TestId = typeof TestId.Type

/**
 * Names of the channels, categories, body areas and vessels a question refers to, in the
 * learner's language, keyed by `nameKey`: prompts are data, and the app words them with these.
 */
export const NAME_KINDS = ["channel", "category", "bodyArea", "vessel"] as const
export type NameKind = (typeof NAME_KINDS)[number]
export const nameKey = (kind: NameKind, id: string): string => `${kind}:${id}`
export const Names = Schema.Record(Schema.String, Schema.String)
export type Names = typeof Names.Type

/** One entry of the test menu; `permission` false shows the Pro badge and opens the upgrade modal (§6). */
export const TestTypeItem = Schema.Struct({
  id: TestTypeId,
  permission: Schema.Boolean,
  proOnly: Schema.Boolean,
  needsGroup: Schema.Boolean,
  subtypes: Schema.Array(TestSubtype),
})
export type TestTypeItem = typeof TestTypeItem.Type

export const TestTypesView = Schema.Struct({
  types: Schema.Array(TestTypeItem),
  /** The review queue of a signed-in learner; null for a visitor. */
  review: Schema.NullOr(Schema.Struct({ due: Count, queued: Count })),
})
export type TestTypesView = typeof TestTypesView.Type

/** The clock of a running test as the server sees it now. */
export const TestClockView = Schema.Struct({
  /** No time limit: practice, scored apart. */
  practice: Schema.Boolean,
  /** Left at the moment the server answered; null in practice. */
  timeLeftMs: Schema.NullOr(Milliseconds),
  /** The time limit the test started with, without "more time"; null in practice. */
  limitMs: Schema.NullOr(Milliseconds),
  extensions: Count,
  maxExtensions: Count,
  /** What one "more time" adds. */
  extraTimeMs: Milliseconds,
  canExtend: Schema.Boolean,
})
export type TestClockView = typeof TestClockView.Type

export const TestStatus = Schema.Literals(["running", "finished"])
export type TestStatus = typeof TestStatus.Type

export const TextLanguage = Schema.Literals(SELECTABLE_LANGUAGES)

export const TestSessionView = Schema.Struct({
  id: TestId,
  type: SessionTestType,
  status: TestStatus,
  difficulty: TestDifficulty,
  clock: TestClockView,
  questions: Schema.Array(PresentedQuestion),
  /** The learner's saved answer to each question, null where none is saved yet. */
  answers: Schema.Array(Schema.NullOr(GivenAnswer)),
  /** The language the content texts of each question are in (English where not translated). */
  textLanguages: Schema.Array(TextLanguage),
  names: Names,
})
export type TestSessionView = typeof TestSessionView.Type

export const AnswerSavedView = Schema.Struct({
  question: Count,
  answered: Count,
  clock: TestClockView,
})
export type AnswerSavedView = typeof AnswerSavedView.Type

/** A point a review item links to (its page, §2 `/point/{slug}`). */
export const PointLink = Schema.Struct({ code: Schema.String, slug: Schema.String, name: Schema.String })
export type PointLink = typeof PointLink.Type

export const ReviewItemView = Schema.Struct({
  /** Revealed: every point shown in full. */
  question: PresentedQuestion,
  given: Schema.NullOr(GivenAnswer),
  right: Schema.Boolean,
  answer: AnswerKey,
  textLanguage: TextLanguage,
  points: Schema.Array(PointLink),
  /** Why the right answer is right, in `textLanguage`: a safety question's sentence. */
  reason: Schema.optionalKey(Schema.String),
})
export type ReviewItemView = typeof ReviewItemView.Type

export const TestResultView = Schema.Struct({
  id: TestId,
  type: SessionTestType,
  difficulty: TestDifficulty,
  score: Count,
  total: Count,
  answered: Count,
  percent: Count,
  timeUsedMs: Milliseconds,
  practice: Schema.Boolean,
  expired: Schema.Boolean,
  /** ISO 8601. */
  finishedAt: Schema.String,
  review: Schema.Array(ReviewItemView),
  names: Names,
  /** Points of this test now waiting in the review queue. */
  reviewQueued: Count,
  /** A point-group test's group, to start it again. */
  groupId: Schema.optionalKey(GroupId),
})
export type TestResultView = typeof TestResultView.Type

/** `GET /api/test/{type}`: what a new test of this type will be, and a test of it still running. */
export const TestOverview = Schema.Struct({
  type: SessionTestType,
  permission: Schema.Boolean,
  settings: TestSettings,
  /** Points the questions may be about (the free ones for Standard, the due ones for the review). */
  points: Count,
  /** Points of the whole knowledge base, to tell a Standard learner what Pro opens. */
  allPoints: Count,
  /** Limited to the free content by the learner's plan. */
  limited: Schema.Boolean,
  questionCount: Count,
  /** The time a new test gets; null without a time limit. */
  durationMs: Schema.NullOr(Milliseconds),
  running: Schema.NullOr(Schema.Struct({ id: TestId, answered: Count, total: Count })),
  /** A point-group test's group; `points` are then the group's points the learner may be asked about. */
  group: Schema.optionalKey(Schema.Struct({ id: GroupId, name: Schema.String })),
})
export type TestOverview = typeof TestOverview.Type

export const ScoreRow = Schema.Struct({
  id: TestId,
  type: SessionTestType,
  practice: Schema.Boolean,
  expired: Schema.Boolean,
  score: Count,
  total: Count,
  percent: Count,
  timeUsedMs: Milliseconds,
  finishedAt: Schema.String,
  /** A repeat of a finished test: the same questions, answered again. */
  repeat: Schema.Boolean,
})
export type ScoreRow = typeof ScoreRow.Type

export const ScoreSummaryView = Schema.Struct({
  tests: Count,
  bestPercent: Schema.NullOr(Count),
  lastPercent: Schema.NullOr(Count),
})

export const ScoresView = Schema.Struct({
  /** Newest first. */
  entries: Schema.Array(ScoreRow),
  summaries: Schema.Array(
    Schema.Struct({ type: SessionTestType, timed: ScoreSummaryView, practice: ScoreSummaryView }),
  ),
})
export type ScoresView = typeof ScoresView.Type

/** The scores of every type at once (`/test/scores`). */
export const ALL_SCORES = "all"

export const ActivityView = Schema.Struct({
  /** Oldest first. */
  days: Schema.Array(Schema.Struct({ day: Schema.String, tests: Count })),
  streak: Count,
  today: Schema.String,
})
export type ActivityView = typeof ActivityView.Type

/** Minutes east of UTC (Berlin in winter +60); what `GET /api/test-activity?offset=` takes. */
export const UtcOffsetMinutes = intFromString(-14 * 60, 14 * 60)

export const CreateTestPayload = Schema.Struct({
  type: SessionTestType,
  subtype: Schema.optionalKey(TestSubtype),
  /** The learner's point group a point-group test asks about. */
  groupId: Schema.optionalKey(GroupId),
})

/** A group id in a query string (`?group=12`). */
export const GroupIdQuery = intFromString(1, INT4_MAX)
export type CreateTestPayload = typeof CreateTestPayload.Type

export const TestIdPayload = Schema.Struct({ testId: TestId })

/** The highest question index a test can have (all points of the knowledge base). */
export const MAX_QUESTION_INDEX = 999

export const SaveAnswerPayload = Schema.Struct({
  testId: TestId,
  question: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: MAX_QUESTION_INDEX })),
  answer: GivenAnswer,
})
export type SaveAnswerPayload = typeof SaveAnswerPayload.Type

export { TEST_SUBTYPES }

/** The test menu's page: the test types and, for a member, the days practised (null for a visitor). */
export interface TestsMenuView {
  readonly types: TestTypesView
  readonly activity: ActivityView | null
}
