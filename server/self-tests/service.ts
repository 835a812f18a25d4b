// Self-tests (§7 "tests") with the server holding the clock: a test's questions are generated from
// the learner's pool (the free content for Standard, everything for Pro, the due points for the
// review, a group's points later) and stored; the start, the "more time" and the deadline are the
// server's; answers after the deadline are refused; a test past its deadline is scored whenever it
// is next looked at, so a reload, a second tab or a restart finds the same test with the same time
// left. Scoring, timing and the review rules are the domain's; FSRS schedules the review queue.
import { randomInt, randomUUID } from "node:crypto"
import { Clock, Context, Effect, Layer, Option } from "effect"
import { hasPro, type Viewer } from "../../src/domain/content/permissions.ts"
import type { Question } from "../../src/domain/self-tests/question.ts"
import { generateQuestionsOfKinds } from "../../src/domain/self-tests/question-generators.ts"
import { dayOf, practiceDays, practiceStreak } from "../../src/domain/self-tests/test-activity.ts"
import { TestClosed } from "../../src/domain/self-tests/test-errors.ts"
import { questionsForRepeat } from "../../src/domain/self-tests/test-repeat.ts"
import {
  canStartSession,
  codesShownBy,
  isSessionTestType,
  REVIEW_TEST_ID,
  reviewUpdates,
  SESSION_TEST_TYPES,
  type SessionTestType,
  sessionKinds,
} from "../../src/domain/self-tests/test-review.ts"
import { poolForSettings } from "../../src/domain/self-tests/test-safety.ts"
import { scoreTest } from "../../src/domain/self-tests/test-scoring.ts"
import { questionCount, type TestDifficulty, type TestSettings } from "../../src/domain/self-tests/test-settings.ts"
import {
  canExtend,
  deadlineOf,
  isAnswerOnTime,
  startClock,
  testDurationMs,
} from "../../src/domain/self-tests/test-timing.ts"
import { TEST_TYPES } from "../../src/domain/self-tests/test-types.ts"
import {
  type ActivityView,
  ALL_SCORES,
  type AnswerSavedView,
  type CreateTestPayload,
  type SaveAnswerPayload,
  type ScoresView,
  type TestClockView,
  type TestOverview,
  type TestResultView,
  type TestSessionView,
  type TestTypesView,
} from "../../src/domain/self-tests/test-views.ts"
import { NotFound, ProRequired, ValidationFailed } from "../../src/domain/shared/errors.ts"
import type { SelectableLanguage } from "../../src/domain/shared/locales.ts"
import { Groups } from "../groups/service.ts"
import { ServerConfig } from "../platform/config/server-config.ts"
import { Translations } from "../platform/i18n/translations.ts"
import { Settings } from "../settings/service.ts"
import { type TestContentBundle, TestContentSource } from "./content-source.ts"
import { type TestRow, TestsRepo } from "./repo.ts"
import { gradeCard } from "./review-scheduler.ts"
import { type Learner, planPoolOf, poolOf, type TestFocus, viewerOf } from "./test-pools.ts"
import * as presenting from "./test-presenting.ts"

/** Who is asking and what a test may ask about (test-pools.ts), for the handlers and the other features. */
export type { Learner, TestFocus } from "./test-pools.ts"

export class SelfTests extends Context.Service<
  SelfTests,
  {
    readonly testTypes: (
      session: { readonly userId: number; readonly planId: number } | null,
    ) => Effect.Effect<TestTypesView>
    readonly overview: (learner: Learner, type: string, groupId?: number) => Effect.Effect<TestOverview, NotFound>
    readonly create: (
      learner: Learner,
      payload: CreateTestPayload,
      focus?: TestFocus,
    ) => Effect.Effect<TestSessionView, NotFound | ProRequired>
    readonly session: (learner: Learner, type: string, id: string) => Effect.Effect<TestSessionView, NotFound>
    readonly saveAnswer: (
      learner: Learner,
      payload: SaveAnswerPayload,
    ) => Effect.Effect<AnswerSavedView, NotFound | TestClosed | ValidationFailed>
    readonly addExtraTime: (learner: Learner, testId: string) => Effect.Effect<TestClockView, NotFound | TestClosed>
    readonly finish: (learner: Learner, testId: string) => Effect.Effect<TestResultView, NotFound>
    readonly result: (learner: Learner, id: string) => Effect.Effect<TestResultView, NotFound>
    readonly repeat: (
      learner: Learner,
      testId: string,
    ) => Effect.Effect<TestSessionView, NotFound | ProRequired | TestClosed>
    readonly reset: (learner: Learner, id: string) => Effect.Effect<TestOverview, NotFound | TestClosed>
    readonly scores: (learner: Learner, id: string) => Effect.Effect<ScoresView, NotFound>
    readonly activity: (learner: Learner, utcOffsetMinutes: number) => Effect.Effect<ActivityView>
  }
>()("jingluo/server/SelfTests") {
  static readonly layer = Layer.effect(
    SelfTests,
    Effect.gen(function* () {
      const repo = yield* TestsRepo
      const { message } = yield* Translations
      const settingsService = yield* Settings
      const source = yield* TestContentSource
      const groups = yield* Groups
      const { selfTestMinuteMs } = yield* ServerConfig

      /**
       * A point-group test's focus: the points of the learner's own group that the learner may open
       * (a Pro point kept after a downgrade is not asked); anyone else's group is not found.
       */
      const groupFocus = (learner: Learner, groupId: number | undefined) =>
        groupId === undefined
          ? Effect.succeed(undefined)
          : Effect.map(
              groups.testPoints(learner, groupId),
              (group): TestFocus => ({ points: group.points, group: { id: groupId, name: group.name } }),
            )

      const now = Clock.currentTimeMillis
      const notFound = (language: SelectableLanguage) => new NotFound({ message: message("notFound", language) })
      const closed = (row: TestRow, language: SelectableLanguage) =>
        new TestClosed({
          message: message(row.expired ? "testTimeUp" : "testFinished", language),
          reason: row.expired ? "timeUp" : "finished",
        })

      const sessionView = (row: TestRow, language: SelectableLanguage) =>
        Effect.gen(function* () {
          return presenting.sessionViewOf(yield* source.current, row, yield* repo.answers(row.id), yield* now, language)
        })

      const resultView = (row: TestRow, language: SelectableLanguage) =>
        Effect.gen(function* () {
          const finishedAt = row.finished_at ?? (yield* now)
          return presenting.resultViewOf(yield* source.current, row, yield* savedAnswers(row), finishedAt, language)
        })

      const savedAnswers = (row: TestRow) => Effect.map(repo.answers(row.id), presenting.toScore)

      /**
       * Scores a test that has ended: at once when `force` (the learner finished), otherwise only
       * once its deadline (and the grace for answers on their way) has passed. The one request that
       * records the end also updates the review queue, in the same transaction.
       */
      const settle = (row: TestRow, force: boolean) =>
        Effect.gen(function* () {
          if (row.finished_at !== null) return row
          const at = yield* now
          const clock = presenting.clockOf(row)
          if (!force && isAnswerOnTime(clock, at)) return row
          const deadline = deadlineOf(clock)
          const finishedAt = deadline === null ? at : Math.min(at, deadline)
          const result = scoreTest(row.questions, yield* savedAnswers(row), clock, finishedAt)
          const updates = reviewUpdates(row.type as SessionTestType, result.review)
          yield* repo.transaction(
            Effect.gen(function* () {
              const recorded = yield* repo.finish(row.id, {
                finishedAt,
                expired: result.expired,
                score: result.score,
                answered: result.answered,
                timeUsedMs: result.timeUsedMs,
                reviewQueued: updates.filter((u) => u.grade === "again").length,
              })
              if (!recorded) return
              const cards = yield* repo.cards(
                row.user_id,
                updates.map((u) => u.point),
              )
              for (const update of updates) {
                const card = gradeCard(cards.get(update.point) ?? null, update.grade, finishedAt)
                yield* repo.storeCard(row.user_id, update.point, card, at)
              }
            }),
          )
          const reread = yield* repo.find(row.user_id, row.id)
          return Option.getOrElse(reread, () => row)
        })

      /** The learner's own test, scored if its time has run out. */
      const ownTest = (learner: Learner, id: string) =>
        Effect.gen(function* () {
          const found = yield* repo.find(learner.userId, id)
          if (Option.isNone(found)) return yield* notFound(learner.language)
          return yield* settle(found.value, false)
        })

      const settleRunning = (userId: number) =>
        Effect.flatMap(repo.running(userId), (rows) => Effect.forEach(rows, (row) => settle(row, false)))

      /** The points a new test of `type` may ask about, within the learner's pool. */
      const focusOf = (
        learner: Learner,
        type: SessionTestType,
        bundle: TestContentBundle,
        viewer: Viewer,
        settings: TestSettings,
        focus?: TestFocus,
      ) =>
        Effect.gen(function* () {
          if (focus !== undefined) return poolOf(bundle, viewer, settings, focus.points)
          if (type === REVIEW_TEST_ID)
            return poolOf(bundle, viewer, settings, yield* repo.duePoints(learner.userId, yield* now))
          // A point-group test needs its group's points.
          if (TEST_TYPES[type].needsGroup) return poolOf(bundle, viewer, settings, [])
          return poolOf(bundle, viewer, settings)
        })

      const sessionType = (learner: Learner, type: string) =>
        isSessionTestType(type) ? Effect.succeed(type) : Effect.fail(notFound(learner.language))

      const overview = Effect.fn("SelfTests.overview")(function* (
        learner: Learner,
        typeSegment: string,
        groupId?: number,
      ) {
        const type = yield* sessionType(learner, typeSegment)
        const focus = yield* groupFocus(learner, groupId)
        const bundle = yield* source.current
        const viewer = viewerOf(learner)
        const settings = yield* settingsService.get(learner.userId)
        const pool = yield* focusOf(learner, type, bundle, viewer, settings, focus)
        const running = yield* repo.findRunning(learner.userId, type, focus?.group?.id ?? null)
        const current = Option.isSome(running) ? yield* settle(running.value, false) : null
        const answered = current && current.finished_at === null ? (yield* repo.answers(current.id)).length : 0
        return {
          type,
          permission: canStartSession(viewer, type),
          settings: settings satisfies TestSettings,
          points: pool.focus.size,
          allPoints: bundle.allPoints.length,
          limited: !hasPro(viewer) && type !== REVIEW_TEST_ID,
          questionCount: questionCount(settings, pool.focus.size),
          durationMs: testDurationMs(settings, selfTestMinuteMs),
          running: current && current.finished_at === null ? { id: current.id, answered, total: current.total } : null,
          ...(focus?.group ? { group: focus.group } : {}),
        } satisfies TestOverview
      })

      /** Stores a new test, or finds the running one a second tab or a double click created first. */
      const start = (
        learner: Learner,
        type: SessionTestType,
        difficulty: TestDifficulty,
        questions: ReadonlyArray<Question>,
        settings: TestSettings,
        repeatOf: string | null,
        groupId: number | null,
      ) =>
        Effect.gen(function* () {
          const at = yield* now
          const clock = startClock(at, settings, selfTestMinuteMs)
          const id = yield* Effect.sync(() => randomUUID())
          const inserted = yield* repo.insert({
            id,
            userId: learner.userId,
            type,
            difficulty,
            questions,
            startedAt: at,
            durationMs: clock.durationMs,
            extraTimeMs: clock.extraTimeMs,
            repeatOf,
            groupId,
          })
          const row = Option.isSome(inserted) ? inserted : yield* repo.findRunning(learner.userId, type, groupId)
          if (Option.isNone(row)) return yield* Effect.die(new Error("a new test was neither stored nor found"))
          return yield* sessionView(row.value, learner.language)
        })

      const create = Effect.fn("SelfTests.create")(function* (
        learner: Learner,
        payload: CreateTestPayload,
        given?: TestFocus,
      ) {
        const type = payload.type
        const focus = given ?? (yield* groupFocus(learner, payload.groupId))
        const groupId = focus?.group?.id ?? null
        const viewer = viewerOf(learner)
        if (!canStartSession(viewer, type))
          return yield* new ProRequired({ message: message("testProRequired", learner.language) })
        // Group tests arrive with their group's points; without them there is nothing to ask.
        const needsGroup = type !== REVIEW_TEST_ID && TEST_TYPES[type].needsGroup
        if ((payload.subtype === "point-groups" || needsGroup) && focus === undefined)
          return yield* notFound(learner.language)
        const running = yield* repo.findRunning(learner.userId, type, groupId)
        if (Option.isSome(running)) {
          const current = yield* settle(running.value, false)
          if (current.finished_at === null) return yield* sessionView(current, learner.language)
        }
        const bundle = yield* source.current
        const settings = yield* settingsService.get(learner.userId)
        const pool = yield* focusOf(learner, type, bundle, viewer, settings, focus)
        const seed = yield* Effect.sync(() => randomInt(0, 2 ** 32))
        const questions = generateQuestionsOfKinds(sessionKinds(type, settings.testDifficulty), bundle.content, pool, {
          difficulty: settings.testDifficulty,
          seed,
          count: questionCount(settings, pool.focus.size),
        })
        if (questions.length === 0)
          return yield* new NotFound({
            message: message(focus?.group ? "groupNothingToAsk" : "testNothingToAsk", learner.language),
          })
        return yield* start(learner, type, settings.testDifficulty, questions, settings, null, groupId)
      })

      const session = Effect.fn("SelfTests.session")(function* (learner: Learner, type: string, id: string) {
        const row = yield* ownTest(learner, id)
        if (row.type !== type) return yield* notFound(learner.language)
        return yield* sessionView(row, learner.language)
      })

      const saveAnswer = Effect.fn("SelfTests.saveAnswer")(function* (learner: Learner, payload: SaveAnswerPayload) {
        const row = yield* ownTest(learner, payload.testId)
        if (row.finished_at !== null) return yield* closed(row, learner.language)
        const question = row.questions[payload.question]
        const invalid = (field: string) =>
          new ValidationFailed({
            message: message("validationFailed", learner.language),
            errors: { [field]: "validation.invalid" },
          })
        if (question === undefined) return yield* invalid("question")
        const mode = question.answer._tag === "Choice" ? "Choice" : "Typed"
        if (payload.answer._tag !== mode) return yield* invalid("answer")
        if (payload.answer._tag === "Choice" && payload.answer.index >= question.options.length)
          return yield* invalid("answer")
        const at = yield* now
        yield* repo.saveAnswer(row.id, payload.question, payload.answer, at)
        return {
          question: payload.question,
          answered: (yield* repo.answers(row.id)).length,
          clock: presenting.clockView(row, at),
        } satisfies AnswerSavedView
      })

      const addExtraTime = Effect.fn("SelfTests.addExtraTime")(function* (learner: Learner, testId: string) {
        const row = yield* ownTest(learner, testId)
        if (row.finished_at !== null) return yield* closed(row, learner.language)
        const at = yield* now
        // More time than allowed (or for practice) is not an error: the clock says no more.
        if (canExtend(presenting.clockOf(row), at)) yield* repo.extend(row.id, row.extensions)
        const reread = yield* repo.find(learner.userId, row.id)
        return presenting.clockView(
          Option.getOrElse(reread, () => row),
          at,
        )
      })

      const finish = Effect.fn("SelfTests.finish")(function* (learner: Learner, testId: string) {
        const found = yield* repo.find(learner.userId, testId)
        if (Option.isNone(found)) return yield* notFound(learner.language)
        return yield* resultView(yield* settle(found.value, true), learner.language)
      })

      const result = Effect.fn("SelfTests.result")(function* (learner: Learner, id: string) {
        const row = yield* ownTest(learner, id)
        // A running test has no result yet.
        if (row.finished_at === null) return yield* notFound(learner.language)
        return yield* resultView(row, learner.language)
      })

      const repeat = Effect.fn("SelfTests.repeat")(function* (learner: Learner, testId: string) {
        const row = yield* ownTest(learner, testId)
        if (row.finished_at === null) return yield* sessionView(row, learner.language)
        const type = row.type as SessionTestType
        const viewer = viewerOf(learner)
        const bundle = yield* source.current
        const pool = planPoolOf(bundle, viewer)
        const allowed = row.questions.every((q) => {
          const shown = codesShownBy(q)
          return (
            [...shown.points].every((p) => pool.points.has(p)) &&
            [...shown.vessels].every((v) => pool.vessels.has(v as never))
          )
        })
        if (!canStartSession(viewer, type) || !allowed)
          return yield* new ProRequired({ message: message("testProRequired", learner.language) })
        const running = yield* repo.findRunning(learner.userId, type, row.group_id)
        if (Option.isSome(running)) {
          const current = yield* settle(running.value, false)
          if (current.finished_at === null) return yield* sessionView(current, learner.language)
        }
        const settings = yield* settingsService.get(learner.userId)
        // A point the settings now leave out drops its questions from the repeat.
        const shown = poolForSettings(bundle.content, pool, settings).points
        const kept = row.questions.filter((q) => [...codesShownBy(q).points].every((p) => shown.has(p)))
        if (kept.length === 0) return yield* new NotFound({ message: message("testNothingToAsk", learner.language) })
        // The same questions, not in the order the review just showed (test-repeat.ts).
        const seed = yield* Effect.sync(() => randomInt(0, 2 ** 32))
        return yield* start(
          learner,
          type,
          row.difficulty as TestDifficulty,
          questionsForRepeat(kept, seed),
          settings,
          row.id,
          row.group_id,
        )
      })

      const reset = Effect.fn("SelfTests.reset")(function* (learner: Learner, id: string) {
        const row = yield* ownTest(learner, id)
        if (row.finished_at !== null) return yield* closed(row, learner.language)
        yield* repo.discard(row.id)
        return yield* overview(learner, row.type, row.group_id ?? undefined)
      })

      const scores = Effect.fn("SelfTests.scores")(function* (learner: Learner, id: string) {
        if (id !== ALL_SCORES && !isSessionTestType(id)) return yield* notFound(learner.language)
        yield* settleRunning(learner.userId)
        const rows = yield* repo.history(learner.userId, id === ALL_SCORES ? null : id)
        return presenting.scoresViewOf(rows, id === ALL_SCORES ? SESSION_TEST_TYPES : [id as SessionTestType])
      })

      const activity = Effect.fn("SelfTests.activity")(function* (learner: Learner, offset: number) {
        yield* settleRunning(learner.userId)
        const days = practiceDays(yield* repo.finishedTimes(learner.userId), offset)
        const today = dayOf(yield* now, offset)
        return { days, streak: practiceStreak(days, today), today } satisfies ActivityView
      })

      const testTypes = Effect.fn("SelfTests.testTypes")(function* (
        session: { readonly userId: number; readonly planId: number } | null,
      ) {
        const viewer: Viewer = session ? { _tag: "Member", planId: session.planId } : { _tag: "Visitor" }
        const types = presenting.testTypesOf(viewer)
        if (session === null) return { types, review: null } satisfies TestTypesView
        const bundle = yield* source.current
        const pool = poolOf(bundle, viewer, yield* settingsService.get(session.userId))
        const due = (yield* repo.duePoints(session.userId, yield* now)).filter((p) => pool.points.has(p))
        return {
          types,
          review: { due: due.length, queued: yield* repo.queued(session.userId) },
        } satisfies TestTypesView
      })

      return SelfTests.of({
        testTypes,
        overview,
        create,
        session,
        saveAnswer,
        addExtraTime,
        finish,
        result,
        repeat,
        reset,
        scores,
        activity,
      })
    }),
  )
}
