// How a self-test is shown (§7 "tests"): its clock as the learner sees it, its questions in the
// learner's language (point names always; a question's texts where a translation exists for every
// text of it and keeps its options apart, else English), the names it mentions, and its result with
// the review, the scores and the test types. Pure, over the test's row, its saved answers and the content it was made from.
import { localized } from "../../src/domain/content/localize-content.ts"
import type { Viewer } from "../../src/domain/content/permissions.ts"
import { presentQuestion, type Question, type QuestionResolver } from "../../src/domain/self-tests/question.ts"
import type { SessionTestType } from "../../src/domain/self-tests/test-review.ts"
import { type ScoreEntry, scoreHistory, scoreTest } from "../../src/domain/self-tests/test-scoring.ts"
import type { TestDifficulty } from "../../src/domain/self-tests/test-settings.ts"
import {
  canExtend,
  isPractice,
  MAX_TIME_EXTENSIONS,
  type TestClock,
  timeLeftMs,
} from "../../src/domain/self-tests/test-timing.ts"
import { TEST_TYPE_LIST, testTypePermission } from "../../src/domain/self-tests/test-types.ts"
import {
  type NameKind,
  type Names,
  nameKey,
  type ScoresView,
  type TestClockView,
  type TestResultView,
  type TestSessionView,
} from "../../src/domain/self-tests/test-views.ts"
import type { SelectableLanguage } from "../../src/domain/shared/locales.ts"
import type { TestContentBundle } from "./content-source.ts"
import type { TestRow } from "./repo.ts"

export const clockOf = (row: TestRow): TestClock => ({
  startedAt: row.started_at,
  durationMs: row.duration_ms,
  extensions: row.extensions,
  extraTimeMs: row.extra_time_ms,
})

export const clockView = (row: TestRow, at: number): TestClockView => {
  const clock = clockOf(row)
  return {
    practice: isPractice(clock),
    timeLeftMs: timeLeftMs(clock, at),
    limitMs: row.duration_ms,
    extensions: row.extensions,
    maxExtensions: MAX_TIME_EXTENSIONS,
    extraTimeMs: row.extra_time_ms,
    canExtend: row.finished_at === null && canExtend(clock, at),
  }
}

// Presenting questions in the learner's language: point names always; content texts where a
// translation exists for every text of the question and keeps its options apart, else English.
export const textLanguageOf = (bundle: TestContentBundle, question: Question, language: SelectableLanguage) => {
  if (language === "en") return "en" as const
  const refs = [
    ...(question.prompt.text ? [question.prompt.text] : []),
    ...(question.explanation.reason ? [question.explanation.reason] : []),
    ...question.options.flatMap((o) => (o._tag === "Text" ? [o.ref] : [])),
  ]
  const resolved = refs.map((ref) => bundle.text(ref, language))
  const optionTexts = question.options.flatMap((o) => (o._tag === "Text" ? [bundle.text(o.ref, language).text] : []))
  const distinct = new Set(optionTexts).size === optionTexts.length
  return resolved.every((r) => r.language === language) && distinct ? language : ("en" as const)
}

const resolverOf = (
  bundle: TestContentBundle,
  language: SelectableLanguage,
  textLanguage: SelectableLanguage,
): QuestionResolver => ({
  text: (ref) => bundle.text(ref, textLanguage).text,
  point: (code) => {
    const point = bundle.points.get(code)
    return point
      ? { code, pinyin: point.pinyin, hanzi: point.hanzi, name: localized(point.name, language) }
      : { code, pinyin: code, hanzi: { traditional: "", simplified: "" }, name: code }
  },
  localized: (text) => localized(text, language),
})

const namesOf = (bundle: TestContentBundle, questions: ReadonlyArray<Question>, language: SelectableLanguage) => {
  const names: Record<string, string> = {}
  const add = (kind: NameKind, id: string | undefined) => {
    if (id === undefined) return
    const name = bundle.name(kind, id, language)
    if (name !== undefined) names[nameKey(kind, id)] = name
  }
  for (const q of questions) {
    add("channel", q.prompt.channel)
    add("category", q.prompt.category)
    add("bodyArea", q.prompt.bodyArea)
    add("vessel", q.prompt.vessel)
    add("channel", q.explanation.channel)
    add("category", q.explanation.category)
    add("bodyArea", q.explanation.bodyArea)
    add("vessel", q.explanation.vessel)
    for (const o of q.options) {
      if (o._tag === "Channel") add("channel", o.code)
      else if (o._tag === "Category") add("category", o.id)
      else if (o._tag === "BodyArea") add("bodyArea", o.id)
      else if (o._tag === "Vessel") add("vessel", o.id)
    }
  }
  return names as Names
}

/** A test's saved answers as the scoring reads them. */
export const toScore = (
  answers: ReadonlyArray<{
    readonly question: number
    readonly answer: TestSessionView["answers"][number] & {}
    readonly answered_at: number
  }>,
) => answers.map((a) => ({ question: a.question, given: a.answer, answeredAt: a.answered_at }))

/** A running or finished test as the learner answers it, at `at`, with its answers saved so far. */
export const sessionViewOf = (
  bundle: TestContentBundle,
  row: TestRow,
  saved: ReadonlyArray<{ readonly question: number; readonly answer: TestSessionView["answers"][number] }>,
  at: number,
  language: SelectableLanguage,
): TestSessionView => {
  const answers = row.questions.map((_, i) => saved.find((a) => a.question === i)?.answer ?? null)
  const textLanguages = row.questions.map((q) => textLanguageOf(bundle, q, language))
  return {
    id: row.id,
    type: row.type as SessionTestType,
    status: row.finished_at === null ? ("running" as const) : ("finished" as const),
    difficulty: row.difficulty as TestDifficulty,
    clock: clockView(row, at),
    questions: row.questions.map((q, i) => presentQuestion(q, resolverOf(bundle, language, textLanguages[i] ?? "en"))),
    answers,
    textLanguages,
    names: namesOf(bundle, row.questions, language),
  } satisfies TestSessionView
}

/** A finished test's result and review, scored from its answers as of `finishedAt`. */
export const resultViewOf = (
  bundle: TestContentBundle,
  row: TestRow,
  answers: Parameters<typeof scoreTest>[1],
  finishedAt: number,
  language: SelectableLanguage,
): TestResultView => {
  const result = scoreTest(row.questions, answers, clockOf(row), finishedAt)
  return {
    id: row.id,
    type: row.type as SessionTestType,
    difficulty: row.difficulty as TestDifficulty,
    score: result.score,
    total: result.total,
    answered: result.answered,
    percent: result.percent,
    timeUsedMs: result.timeUsedMs,
    practice: result.practice,
    expired: result.expired,
    finishedAt: new Date(finishedAt).toISOString(),
    review: result.review.map((item) => {
      const textLanguage = textLanguageOf(bundle, item.question, language)
      return {
        question: presentQuestion(item.question, resolverOf(bundle, language, textLanguage), { reveal: true }),
        given: item.given,
        right: item.right,
        answer: item.question.answer,
        textLanguage,
        ...(item.question.explanation.reason
          ? { reason: bundle.text(item.question.explanation.reason, textLanguage).text }
          : {}),
        points: item.question.explanation.points.flatMap((code) => {
          const point = bundle.points.get(code)
          return point ? [{ code, slug: point.slug, name: localized(point.name, language) }] : []
        }),
      }
    }),
    names: namesOf(bundle, row.questions, language),
    reviewQueued: row.review_queued ?? 0,
    ...(row.group_id === null ? {} : { groupId: row.group_id }),
  } satisfies TestResultView
}

/** The learner's finished tests, newest first as the history lists them, and a summary per type. */
export const scoresViewOf = (rows: ReadonlyArray<TestRow>, types: ReadonlyArray<SessionTestType>): ScoresView => {
  const entries = rows.map((row) => ({
    id: row.id,
    type: row.type as SessionTestType,
    practice: row.duration_ms === null,
    expired: row.expired === true,
    score: row.score ?? 0,
    total: row.total,
    percent: row.total === 0 ? 0 : Math.round(((row.score ?? 0) / row.total) * 100),
    timeUsedMs: row.time_used_ms ?? 0,
    finishedAt: new Date(row.finished_at ?? 0).toISOString(),
    repeat: row.repeat_of !== null,
  }))
  const scoreEntries: ReadonlyArray<ScoreEntry> = rows.map((row) => ({
    type: row.type as SessionTestType,
    practice: row.duration_ms === null,
    score: row.score ?? 0,
    total: row.total,
    finishedAt: row.finished_at ?? 0,
  }))
  return { entries, summaries: types.map((type) => ({ type, ...scoreHistory(scoreEntries, type) })) }
}

/** The test types as the tests home page lists them for `viewer`. */
export const testTypesOf = (viewer: Viewer) =>
  TEST_TYPE_LIST.map((rule) => ({
    id: rule.id,
    permission: testTypePermission(viewer, rule.id),
    proOnly: rule.proOnly,
    needsGroup: rule.needsGroup,
    subtypes: rule.subtypes,
  }))
