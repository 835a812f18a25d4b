// The self-test calls against the real server on PGlite and PostgreSQL: the test menu's permission
// flags, settings, a test created from the learner's pool (never a Pro point for Standard), the
// server's clock (time left, more time, an answer after the deadline refused with 422), finishing
// and scoring, the review queue with FSRS, repeat and reset, score history and days practised, and
// bad input (another learner's test, unknown ids, malformed bodies) answered 4xx, never 500.
import { Option, Schema } from "effect"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loadContent } from "../../server/content/load-content.ts"
import { PLAN_ID_PRO, PLAN_ID_STANDARD } from "../../src/domain/billing/plans.ts"
import { Question, type Question as QuestionType } from "../../src/domain/self-tests/question.ts"
import { codesShownBy, STANDALONE_TEST_TYPES } from "../../src/domain/self-tests/test-review.ts"
import { DEFAULT_TEST_SETTINGS, MAX_TEST_LIMIT } from "../../src/domain/self-tests/test-settings.ts"
import { ANSWER_GRACE_MS, BEGINNER_TIME_MULTIPLIER, MINUTE_MS } from "../../src/domain/self-tests/test-timing.ts"
import { TEST_TYPE_IDS } from "../../src/domain/self-tests/test-types.ts"
import { CreateTestPayload, SaveAnswerPayload, TestIdPayload } from "../../src/domain/self-tests/test-views.ts"
import { DEFAULT_VIDEO_SETTINGS } from "../../src/domain/videos/video-settings.ts"
import {
  createVerifiedUser,
  DATABASES,
  type Json,
  signIn,
  startTestServer,
  type TestServer,
} from "./support/harness.ts"

const content = loadContent()
const free = content.access.free
const FREE_POINTS = new Set(
  content.channels.filter((c) => free.channels.includes(c.code)).flatMap((c) => c.points.map((p) => p.code)),
)
const FREE_VESSELS = new Set<string>(free.vessels)
const ALL_POINTS = content.channels.flatMap((c) => c.points).length + content.extraPoints.length

describe.each(DATABASES)("self-tests API on %s", (kind) => {
  let server: TestServer
  let standard = ""
  let standardEmail = ""
  let other = ""
  let pro = ""
  let proEmail = ""

  beforeAll(async () => {
    server = await startTestServer(kind, { rateLimitFactor: 100 })
    standardEmail = (await createVerifiedUser(server)).email
    standard = await signIn(server, standardEmail)
    other = await signIn(server, (await createVerifiedUser(server)).email)
    proEmail = (await createVerifiedUser(server)).email
    await server.sql("UPDATE users SET plan_id = $1 WHERE email = $2", [PLAN_ID_PRO, proEmail])
    pro = await signIn(server, proEmail)
  })
  afterAll(() => server.close())

  const call = async (method: string, path: string, token?: string, json?: unknown, locale?: string) => {
    const response = await server.request(path, {
      method,
      ...(token ? { token } : {}),
      ...(json !== undefined ? { json } : {}),
      ...(locale ? { locale } : {}),
    })
    const text = await response.text()
    return { status: response.status, body: (text.length > 0 ? JSON.parse(text) : {}) as Json, text }
  }
  const get = (path: string, token?: string, locale?: string) => call("GET", path, token, undefined, locale)
  const post = (path: string, token: string, json: unknown) => call("POST", path, token, json)
  const put = (path: string, token: string, json: unknown) => call("PUT", path, token, json)

  /** The questions as the server stored them, answers included. */
  const stored = async (id: string): Promise<ReadonlyArray<QuestionType>> => {
    const rows = await server.sql<{ questions: unknown }>("SELECT questions FROM self_tests WHERE id = $1", [id])
    return Schema.decodeUnknownSync(Schema.Array(Question))(rows[0]?.questions)
  }
  const rightAnswer = (q: QuestionType) =>
    q.answer._tag === "Choice"
      ? { _tag: "Choice", index: q.answer.index }
      : { _tag: "Typed", text: q.answer.accepted[0] ?? "" }
  const wrongAnswer = (q: QuestionType) =>
    q.answer._tag === "Choice"
      ? { _tag: "Choice", index: (q.answer.index + 1) % q.options.length }
      : { _tag: "Typed", text: "wrong" }
  /** Moves a test (its start, so its deadline, and its answers) into the past. */
  const age = async (id: string, ms: number) => {
    await server.sql("UPDATE self_tests SET started_at = started_at - $2 WHERE id = $1", [id, ms])
    await server.sql("UPDATE self_test_answers SET answered_at = answered_at - $2 WHERE test_id = $1", [id, ms])
  }
  const saveSettings = (token: string, patch: Json) => post("/api/user-settings", token, patch)
  const discardRunning = (email: string) =>
    server.sql(
      "DELETE FROM self_tests WHERE finished_at IS NULL AND user_id = (SELECT id FROM users WHERE email = $1)",
      [email],
    )

  describe("the test menu", () => {
    it("lists the seven types with permission flags: visitors and Standard see the group test locked", async () => {
      for (const [token, isPro] of [
        [undefined, false],
        [standard, false],
        [pro, true],
      ] as const) {
        const { status, body } = await get("/api/get-all-test-types", token)
        expect(status).toBe(200)
        expect(body.types.map((t: Json) => t.id)).toEqual([...TEST_TYPE_IDS])
        for (const type of body.types) expect(type.permission).toBe(type.id === "point-group-test" ? isPro : true)
        expect(body.review).toEqual(token ? { due: 0, queued: 0 } : null)
      }
    })

    it("asks for a sign-in for everything else", async () => {
      for (const path of [
        "/api/test/location-test",
        "/api/test/scores/all",
        "/api/test-activity",
        "/api/user-settings",
      ])
        expect((await get(path)).status).toBe(401)
      expect((await call("POST", "/api/test/new-create", undefined, { type: "location-test" })).status).toBe(401)
    })
  })

  describe("user settings", () => {
    it("start at §9's defaults and save any subset of the fields", async () => {
      const token = await signIn(server, (await createVerifiedUser(server)).email)
      const initial = await get("/api/user-settings", token)
      expect(initial.status).toBe(200)
      expect(initial.body).toEqual({
        showNotes: false,
        ...DEFAULT_TEST_SETTINGS,
        ...DEFAULT_VIDEO_SETTINGS,
        promotionalEmails: false,
      })
      const saved = await saveSettings(token, { testDuration: 25, testAllPoints: true, showNotes: true })
      expect(saved.status).toBe(200)
      expect(saved.body).toMatchObject({ testDuration: 25, testAllPoints: true, showNotes: true, testLimit: 20 })
      expect((await get("/api/user-settings", token)).body).toEqual(saved.body)
      const again = await saveSettings(token, { continousPlay: true, promotionalEmails: true })
      expect(again.body).toMatchObject({ testDuration: 25, continousPlay: true, promotionalEmails: true })
    })

    it("refuse values out of bounds with one message key per field and store nothing", async () => {
      const { status, body } = await saveSettings(standard, {
        testDuration: 0,
        testLimit: MAX_TEST_LIMIT + 1,
        testDifficulty: 2,
        testExtraTime: 1.5,
        showNotes: "yes",
      })
      expect(status).toBe(422)
      expect(body.errors).toEqual({
        testDuration: "validation.testDuration",
        testLimit: "validation.testLimit",
        testDifficulty: "validation.testDifficulty",
        testExtraTime: "validation.testExtraTime",
        showNotes: "validation.invalid",
      })
      expect((await get("/api/user-settings", standard)).body.testDuration).toBe(DEFAULT_TEST_SETTINGS.testDuration)
    })
  })

  describe("a new test", () => {
    it("tells a Standard learner the free pool, the questions and the beginner's time", async () => {
      const { status, body } = await get("/api/test/location-test", standard)
      expect(status).toBe(200)
      expect(body).toMatchObject({
        type: "location-test",
        permission: true,
        points: FREE_POINTS.size,
        allPoints: ALL_POINTS,
        limited: true,
        questionCount: DEFAULT_TEST_SETTINGS.testLimit,
        durationMs: DEFAULT_TEST_SETTINGS.testDuration * MINUTE_MS * BEGINNER_TIME_MULTIPLIER,
        running: null,
      })
      const proOverview = await get("/api/test/location-test", pro)
      expect(proOverview.body).toMatchObject({ points: ALL_POINTS, limited: false })
    })

    it("answers 404 for an unknown type", async () => {
      expect((await get("/api/test/nonsense-test", standard)).status).toBe(404)
      expect((await post("/api/test/new-create", standard, { type: "nonsense-test" })).status).toBe(422)
    })

    it("never puts a Pro point into a Standard learner's test, whatever the type", async () => {
      await saveSettings(standard, { testAllPoints: true })
      try {
        for (const type of STANDALONE_TEST_TYPES) {
          const { status, body } = await post("/api/test/new-create", standard, { type })
          expect(status, type).toBe(200)
          const questions = await stored(body.id)
          expect(questions.length).toBeGreaterThan(0)
          for (const question of questions) {
            const shown = codesShownBy(question)
            for (const point of shown.points) expect(FREE_POINTS.has(point), `${type}: ${point}`).toBe(true)
            for (const vessel of shown.vessels) expect(FREE_VESSELS.has(vessel), `${type}: ${vessel}`).toBe(true)
          }
          // What was sent carries no answer and no explanation.
          expect(body.text).toBeUndefined()
          for (const question of body.questions) {
            expect(question).not.toHaveProperty("answer")
            expect(question).not.toHaveProperty("explanation")
          }
        }
      } finally {
        await saveSettings(standard, { testAllPoints: false })
        await discardRunning(standardEmail)
      }
    })

    it("asks where a point lies on the chart: free points only, no point named before the answer", async () => {
      await saveSettings(standard, { testAllPoints: true })
      try {
        const { status, body } = await post("/api/test/new-create", standard, { type: "location-test" })
        expect(status).toBe(200)
        const questions = await stored(body.id)
        const onChart = questions.flatMap((q, i) => (q.prompt.kind === "point-on-chart" ? [[q, i] as const] : []))
        expect(onChart.length).toBeGreaterThan(0)
        const charts = new Map<string, Json>()
        for (const [question, i] of onChart) {
          const view = question.prompt.view ?? ""
          if (!charts.has(view)) charts.set(view, (await get(`/api/charts/${view}`, standard)).body)
          const chart = charts.get(view)!
          const shown = body.questions[i]
          expect(shown.prompt).toMatchObject({ kind: "point-on-chart", view })
          question.options.forEach((option, o) => {
            expect(option._tag).toBe("Site")
            if (option._tag !== "Site") return
            expect(FREE_POINTS.has(option.code), option.code).toBe(true)
            // Sent as a bare position, exactly where the learner's own chart draws that point.
            expect(shown.options[o]).toEqual({ _tag: "Position", x: option.x, y: option.y, point: null })
            const drawn = chart.points.find((p: Json) => p.code === option.code)
            expect(
              drawn?.sites.some((s: Json) => s.x === option.x && s.y === option.y),
              `${option.code} on ${view}`,
            ).toBe(true)
          })
        }
        // A position is answered like any choice: by its index, checked against the four.
        const [first, index] = onChart[0]!
        const tooFar = await post("/api/test/save-answer", standard, {
          testId: body.id,
          question: index,
          answer: { _tag: "Choice", index: 4 },
        })
        expect(tooFar.status).toBe(422)
        const typed = await post("/api/test/save-answer", standard, {
          testId: body.id,
          question: index,
          answer: { _tag: "Typed", text: "A" },
        })
        expect(typed.status).toBe(422)
        const saved = await post("/api/test/save-answer", standard, {
          testId: body.id,
          question: index,
          answer: rightAnswer(first),
        })
        expect(saved.status).toBe(200)
        const result = await post("/api/test/finish", standard, { testId: body.id })
        expect(result.status).toBe(200)
        expect(result.body.score).toBe(1)
        const item = result.body.review[index]
        expect(item).toMatchObject({ right: true, answer: first.answer })
        // The review names the point at every position.
        for (const option of item.question.options) expect(option.point.code).toMatch(/^[A-Z]{2}-\d+$/)
      } finally {
        await saveSettings(standard, { testAllPoints: false })
        await discardRunning(standardEmail)
      }
    })

    it("keeps the point-group test for Pro, and asks for a group", async () => {
      expect((await post("/api/test/new-create", standard, { type: "point-group-test" })).status).toBe(403)
      expect((await post("/api/test/new-create", pro, { type: "point-group-test" })).status).toBe(404)
      expect((await post("/api/test/new-create", pro, { type: "location-test", subtype: "point-groups" })).status).toBe(
        404,
      )
    })

    it("resumes the running test of a type instead of starting a second one (second tab, double click)", async () => {
      const first = await post("/api/test/new-create", standard, { type: "body-area-test" })
      const [second, third] = await Promise.all([
        post("/api/test/new-create", standard, { type: "body-area-test" }),
        post("/api/test/new-create", standard, { type: "body-area-test" }),
      ])
      expect(second.body.id).toBe(first.body.id)
      expect(third.body.id).toBe(first.body.id)
      const overview = await get("/api/test/body-area-test", standard)
      expect(overview.body.running).toEqual({ id: first.body.id, answered: 0, total: first.body.questions.length })
      await discardRunning(standardEmail)
    })
  })

  describe("the server's clock", () => {
    it("gives the time left from the stored start, and the same test on every load", async () => {
      const created = await post("/api/test/new-create", standard, { type: "multiple-choice-test" })
      expect(created.status).toBe(200)
      const { id, clock } = created.body
      const duration = DEFAULT_TEST_SETTINGS.testDuration * MINUTE_MS * BEGINNER_TIME_MULTIPLIER
      expect(clock.timeLeftMs).toBeGreaterThan(duration - 5_000)
      expect(clock.timeLeftMs).toBeLessThanOrEqual(duration)
      // The limit the test started with, which the warning before the end is measured against.
      expect(clock.limitMs).toBe(duration)
      await age(id, 3 * MINUTE_MS)
      const loaded = await get(`/api/test/multiple-choice-test/${id}`, standard)
      expect(loaded.status).toBe(200)
      expect(loaded.body.questions).toEqual(created.body.questions)
      expect(loaded.body.clock.timeLeftMs).toBeLessThanOrEqual(duration - 3 * MINUTE_MS)
      expect(loaded.body.clock.timeLeftMs).toBeGreaterThan(duration - 3 * MINUTE_MS - 5_000)
      // Another type in the path is another test.
      expect((await get(`/api/test/location-test/${id}`, standard)).status).toBe(404)
    })

    it("saves answers, keeps the last one, and refuses answers after the deadline with 422", async () => {
      const { body: session } = await post("/api/test/new-create", standard, { type: "multiple-choice-test" })
      const questions = await stored(session.id)
      const first = questions[0]!
      const saved = await post("/api/test/save-answer", standard, {
        testId: session.id,
        question: 0,
        answer: wrongAnswer(first),
      })
      expect(saved.status).toBe(200)
      expect(saved.body).toMatchObject({ question: 0, answered: 1 })
      await post("/api/test/save-answer", standard, { testId: session.id, question: 0, answer: rightAnswer(first) })
      const reloaded = await get(`/api/test/multiple-choice-test/${session.id}`, standard)
      expect(reloaded.body.answers[0]).toEqual(rightAnswer(first))

      const duration = DEFAULT_TEST_SETTINGS.testDuration * MINUTE_MS * BEGINNER_TIME_MULTIPLIER
      await age(session.id, duration + ANSWER_GRACE_MS + 1_000)
      const late = await post("/api/test/save-answer", standard, {
        testId: session.id,
        question: 1,
        answer: rightAnswer(questions[1]!),
      })
      expect(late.status).toBe(422)
      expect(late.body).toMatchObject({ _tag: "TestClosed", reason: "timeUp" })
      expect(late.body.message).toMatch(/time/i)
      // The late answer is not stored; the test is scored and expired.
      const result = await get(`/api/test/${session.id}/result`, standard)
      expect(result.status).toBe(200)
      expect(result.body).toMatchObject({ expired: true, score: 1, answered: 1, timeUsedMs: duration })
      expect((await put("/api/test/add-extra-time", standard, { testId: session.id })).status).toBe(422)
    })

    it("gives more time until the limit, and none for practice", async () => {
      const { body } = await post("/api/test/new-create", standard, { type: "classification-test" })
      const before = body.clock.timeLeftMs as number
      const extended = await put("/api/test/add-extra-time", standard, { testId: body.id })
      expect(extended.status).toBe(200)
      expect(extended.body.extensions).toBe(1)
      expect(extended.body.timeLeftMs).toBeGreaterThan(before + body.clock.extraTimeMs - 5_000)
      await server.sql("UPDATE self_tests SET extensions = $2 WHERE id = $1", [body.id, body.clock.maxExtensions])
      const refused = await put("/api/test/add-extra-time", standard, { testId: body.id })
      expect(refused.body).toMatchObject({ extensions: body.clock.maxExtensions, canExtend: false })
      await discardRunning(standardEmail)

      await saveSettings(standard, { testTimed: false })
      const practice = await post("/api/test/new-create", standard, { type: "classification-test" })
      expect(practice.body.clock).toMatchObject({ practice: true, timeLeftMs: null, limitMs: null, canExtend: false })
      const noMore = await put("/api/test/add-extra-time", standard, { testId: practice.body.id })
      expect(noMore.body).toMatchObject({ extensions: 0, timeLeftMs: null })
      await saveSettings(standard, { testTimed: true })
      await discardRunning(standardEmail)
    })
  })

  describe("finishing, scores and the review queue", () => {
    it("scores the right answers, reviews each question and queues the points answered wrongly", async () => {
      const email = (await createVerifiedUser(server)).email
      const token = await signIn(server, email)
      await saveSettings(token, { testLimit: 6 })
      const { body: session } = await post("/api/test/new-create", token, { type: "location-test" })
      const questions = await stored(session.id)
      expect(questions).toHaveLength(6)
      const wrong = [1, 4]
      for (const [i, q] of questions.entries()) {
        if (i === 5) continue // left unanswered
        const answer = wrong.includes(i) ? wrongAnswer(q) : rightAnswer(q)
        expect((await post("/api/test/save-answer", token, { testId: session.id, question: i, answer })).status).toBe(
          200,
        )
      }
      expect((await get(`/api/test/${session.id}/result`, token)).status).toBe(404)
      const finished = await post("/api/test/finish", token, { testId: session.id })
      expect(finished.status).toBe(200)
      expect(finished.body).toMatchObject({ score: 3, total: 6, answered: 5, percent: 50, expired: false })
      expect(finished.body.review.map((r: Json) => r.right)).toEqual([true, false, true, true, false, false])
      expect(finished.body.review[5].given).toBeNull()
      expect(finished.body.reviewQueued).toBe(2)
      for (const item of finished.body.review) {
        expect(item.points.length).toBeGreaterThan(0)
        expect(item.points[0].slug).toMatch(/^[a-z0-9-]+$/)
      }
      // Finishing twice changes nothing; answering a finished test is refused.
      expect((await post("/api/test/finish", token, { testId: session.id })).body.score).toBe(3)
      const closed = await post("/api/test/save-answer", token, {
        testId: session.id,
        question: 5,
        answer: rightAnswer(questions[5]!),
      })
      expect(closed.status).toBe(422)
      expect(closed.body.reason).toBe("finished")

      const menu = await get("/api/get-all-test-types", token)
      expect(menu.body.review.queued).toBe(2)
      const wrongPoints = wrong.map((i) => questions[i]!.explanation.points[0])
      const cards = await server.sql<{ point_code: string; due: string }>(
        "SELECT point_code, due::float8 AS due FROM review_cards WHERE user_id = (SELECT id FROM users WHERE email = $1)",
        [email],
      )
      expect(cards.map((c) => c.point_code).sort()).toEqual([...wrongPoints].sort())

      // Once they are due, the review test asks about them; a right answer pushes the next review out.
      await server.sql(
        "UPDATE review_cards SET due = due - 86400000 WHERE user_id = (SELECT id FROM users WHERE email = $1)",
        [email],
      )
      expect((await get("/api/get-all-test-types", token)).body.review.due).toBe(2)
      const review = await post("/api/test/new-create", token, { type: "review-test" })
      expect(review.status).toBe(200)
      const reviewQuestions = await stored(review.body.id)
      expect(reviewQuestions.map((q) => q.explanation.points[0]).sort()).toEqual([...wrongPoints].sort())
      for (const [i, q] of reviewQuestions.entries())
        await post("/api/test/save-answer", token, { testId: review.body.id, question: i, answer: rightAnswer(q) })
      const reviewed = await post("/api/test/finish", token, { testId: review.body.id })
      expect(reviewed.body.score).toBe(2)
      expect((await get("/api/get-all-test-types", token)).body.review).toEqual({ due: 0, queued: 2 })

      const scores = await get("/api/test/scores/all", token)
      expect(scores.status).toBe(200)
      expect(scores.body.entries.map((e: Json) => e.type)).toEqual(["review-test", "location-test"])
      const location = scores.body.summaries.find((s: Json) => s.type === "location-test")
      expect(location.timed).toEqual({ tests: 1, bestPercent: 50, lastPercent: 50 })
      const one = await get("/api/test/scores/location-test", token)
      expect(one.body.entries).toHaveLength(1)
      expect((await get("/api/test/scores/unknown-test", token)).status).toBe(404)

      const activity = await get("/api/test-activity?offset=60", token)
      expect(activity.status).toBe(200)
      expect(activity.body.days).toEqual([{ day: activity.body.today, tests: 2 }])
      expect(activity.body.streak).toBe(1)
      expect((await get("/api/test-activity?offset=abc", token)).status).toBe(422)
    })

    it("repeats a finished test with the same questions shuffled, marks it in the scores, and refuses Pro questions after a lapse", async () => {
      const email = (await createVerifiedUser(server)).email
      await server.sql("UPDATE users SET plan_id = $1 WHERE email = $2", [PLAN_ID_PRO, email])
      const token = await signIn(server, email)
      await saveSettings(token, { testAllPoints: true })
      const { body: first } = await post("/api/test/new-create", token, { type: "chinese-point-name-test" })
      await post("/api/test/finish", token, { testId: first.id })
      const repeated = await post("/api/test/repeat", token, { testId: first.id })
      expect(repeated.status).toBe(200)
      expect(repeated.body.id).not.toBe(first.id)
      expect(repeated.body.answers.every((a: unknown) => a === null)).toBe(true)
      // The same questions with the same right answers, not in the order the review just showed.
      const before = await stored(first.id)
      const after = await stored(repeated.body.id)
      const index = (q: QuestionType) => (q.answer._tag === "Choice" ? q.answer.index : -1)
      const asked = (q: QuestionType) =>
        JSON.stringify([q.prompt, q.answer._tag === "Choice" ? q.options[q.answer.index] : q.answer.accepted])
      expect(after.map(asked).sort()).toEqual(before.map(asked).sort())
      expect(after.map(asked)).not.toEqual(before.map(asked))
      const choices = after.filter((q) => q.answer._tag === "Choice")
      const shownAt = new Map(before.map((q) => [asked(q), index(q)]))
      const moved = choices.filter((q) => shownAt.get(asked(q)) !== index(q))
      expect(moved.length).toBeGreaterThan(choices.length / 2)
      await post("/api/test/finish", token, { testId: repeated.body.id })
      const scores = await get("/api/test/scores/all", token)
      expect(scores.body.entries.map((e: Json) => [e.id, e.repeat])).toEqual([
        [repeated.body.id, true],
        [first.id, false],
      ])

      await server.sql("UPDATE users SET plan_id = $1 WHERE email = $2", [PLAN_ID_STANDARD, email])
      const refused = await post("/api/test/repeat", token, { testId: first.id })
      expect(refused.status).toBe(403)
      expect(refused.body._tag).toBe("ProRequired")
    })

    it("resets a running test unscored, but not a finished one", async () => {
      const { body } = await post("/api/test/new-create", standard, { type: "channel-pathways-test" })
      const reset = await get(`/api/test/reset/${body.id}`, standard)
      expect(reset.status).toBe(200)
      expect(reset.body).toMatchObject({ type: "channel-pathways-test", running: null })
      expect((await get(`/api/test/channel-pathways-test/${body.id}`, standard)).status).toBe(404)
      const { body: next } = await post("/api/test/new-create", standard, { type: "channel-pathways-test" })
      expect(next.id).not.toBe(body.id)
      await post("/api/test/finish", standard, { testId: next.id })
      const refused = await get(`/api/test/reset/${next.id}`, standard)
      expect(refused.status).toBe(422)
      expect(refused.body.reason).toBe("finished")
    })
  })

  describe("another learner's test and bad input", () => {
    it("answers 404 for another learner's test on every call, 4xx for malformed input, never 500", async () => {
      const { body } = await post("/api/test/new-create", standard, { type: "location-test" })
      const id = body.id as string
      const foreign = [
        await get(`/api/test/location-test/${id}`, other),
        await get(`/api/test/${id}/result`, other),
        await get(`/api/test/reset/${id}`, other),
        await post("/api/test/save-answer", other, { testId: id, question: 0, answer: { _tag: "Choice", index: 0 } }),
        await put("/api/test/add-extra-time", other, { testId: id }),
        await post("/api/test/finish", other, { testId: id }),
        await post("/api/test/repeat", other, { testId: id }),
      ]
      for (const response of foreign) expect(response.status).toBe(404)
      // Nothing of it changed.
      expect(
        (await get(`/api/test/location-test/${id}`, standard)).body.answers.every((a: unknown) => a === null),
      ).toBe(true)

      for (const path of [
        "/api/test/location-test/not-a-uuid",
        "/api/test/not-a-uuid/result",
        "/api/test/reset/00000000-0000-4000-8000-000000000000",
        `/api/test/${"x".repeat(300)}`,
      ])
        expect((await get(path, standard)).status, path).toBeLessThan(500)

      const malformed = [
        { testId: id },
        { testId: id, question: -1, answer: { _tag: "Choice", index: 0 } },
        { testId: id, question: 0, answer: { _tag: "Choice", index: 9 } },
        { testId: id, question: 0, answer: { _tag: "Typed", text: "x".repeat(101) } },
        { testId: "nope", question: 0, answer: { _tag: "Choice", index: 0 } },
        { testId: id, question: 999, answer: { _tag: "Choice", index: 0 } },
        { testId: id, question: 0, answer: { _tag: "Typed", text: "Tàiyuān" } },
        "not an object",
      ]
      for (const payload of malformed) {
        const response = await post("/api/test/save-answer", standard, payload)
        expect(response.status, JSON.stringify(payload)).toBe(422)
      }
      const raw = await server.request("/api/test/save-answer", {
        method: "POST",
        token: standard,
        body: '{"testId": ',
        headers: { "content-type": "application/json" },
      })
      expect(raw.status).toBe(422)
      for (const payload of [{}, { type: 7 }, { type: "location-test", subtype: "some" }])
        expect((await post("/api/test/new-create", standard, payload)).status).toBe(422)
      expect((await put("/api/test/add-extra-time", standard, { testId: 5 })).status).toBe(422)
      await discardRunning(standardEmail)
    })
  })

  describe("fuzzed bodies", () => {
    // Field values near the right ones and far from them; a body the contract's Schema refuses must
    // be 422, one it accepts may succeed or be refused by the rules (403, 404, 422) — never 5xx.
    const anyJson = fc.jsonValue({ maxDepth: 2 })
    const testIdValue = (known: string) =>
      fc.oneof(fc.constant(known), fc.uuid(), fc.string({ maxLength: 40 }), fc.integer(), fc.constant(null), anyJson)
    const answerValue = fc.oneof(
      fc.record({
        _tag: fc.constant("Choice"),
        index: fc.oneof(fc.integer({ min: -2, max: 5 }), fc.double(), fc.string()),
      }),
      fc.record({ _tag: fc.constant("Typed"), text: fc.oneof(fc.string({ maxLength: 120 }), fc.integer()) }),
      fc.record({ _tag: fc.string({ maxLength: 10 }), index: fc.integer(), text: fc.string() }, { requiredKeys: [] }),
      anyJson,
    )
    const questionValue = fc.oneof(
      fc.integer({ min: -3, max: 1200 }),
      fc.double(),
      fc.string({ maxLength: 5 }),
      fc.constant(null),
    )
    /** Whether the contract's Schema takes the body as it arrives (after JSON, where NaN is null). */
    const decodes = (
      schema: typeof SaveAnswerPayload | typeof CreateTestPayload | typeof TestIdPayload,
      value: unknown,
    ) => {
      const sent = JSON.stringify(value)
      return sent !== undefined && Option.isSome(Schema.decodeUnknownOption(schema)(JSON.parse(sent)))
    }

    it("save-answer: a body the Schema refuses is 422, any other 200, 404 or 422", async () => {
      const { body } = await post("/api/test/new-create", standard, { type: "classification-test" })
      const id = body.id as string
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.record(
              { testId: testIdValue(id), question: questionValue, answer: answerValue, extra: anyJson },
              { requiredKeys: [] },
            ),
            anyJson,
          ),
          async (payload) => {
            const response = await post("/api/test/save-answer", standard, payload)
            const accepted = decodes(SaveAnswerPayload, payload)
            if (accepted) expect([200, 404, 422], JSON.stringify(payload)).toContain(response.status)
            else expect(response.status, JSON.stringify(payload)).toBe(422)
          },
        ),
        { numRuns: 60 },
      )
      await discardRunning(standardEmail)
    })

    it("new-create: a body the Schema refuses is 422; the group test is 403 for Standard; never 5xx", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.record(
              {
                type: fc.oneof(fc.constantFrom(...TEST_TYPE_IDS, "review-test"), fc.string({ maxLength: 20 }), anyJson),
                subtype: fc.oneof(fc.constantFrom("all-points", "point-groups"), fc.string({ maxLength: 12 }), anyJson),
              },
              { requiredKeys: [] },
            ),
            anyJson,
          ),
          async (payload) => {
            const response = await post("/api/test/new-create", standard, payload)
            const sent = JSON.stringify(payload)
            const { type, subtype } = (payload ?? {}) as { type?: unknown; subtype?: unknown }
            if (!decodes(CreateTestPayload, payload)) expect(response.status, sent).toBe(422)
            // Pro-only, whatever else the body says.
            else if (type === "point-group-test") expect(response.status, sent).toBe(403)
            // A group test without its group: the group is not there.
            else if (subtype === "point-groups") expect(response.status, sent).toBe(404)
            // Nothing due for review: nothing to ask, so no such test.
            else if (type === "review-test") expect([200, 404], sent).toContain(response.status)
            // Started, or the running test of the type resumed.
            else expect(response.status, sent).toBe(200)
          },
        ),
        { numRuns: 60 },
      )
      await discardRunning(standardEmail)
    })

    it("add-extra-time, finish and repeat: a body the Schema refuses is 422", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(
            ["PUT", "/api/test/add-extra-time"],
            ["POST", "/api/test/finish"],
            ["POST", "/api/test/repeat"],
          ),
          fc.oneof(
            fc.record({ testId: testIdValue("00000000-0000-4000-8000-000000000000") }, { requiredKeys: [] }),
            anyJson,
          ),
          async ([method, path], payload) => {
            const response = await call(method, path, standard, payload)
            if (decodes(TestIdPayload, payload)) expect([404, 422], JSON.stringify(payload)).toContain(response.status)
            else expect(response.status, JSON.stringify(payload)).toBe(422)
          },
        ),
        { numRuns: 40 },
      )
    })
  })

  describe("language", () => {
    it("words names in the learner's language and says which language each question's texts are in", async () => {
      await saveSettings(pro, { testLimit: 10 })
      const { body } = await call("POST", "/api/test/new-create", pro, { type: "body-area-test" }, "de")
      const names = Object.values(body.names as Record<string, string>)
      expect(names.length).toBeGreaterThan(0)
      expect(body.textLanguages.every((l: string) => l === "de" || l === "en")).toBe(true)
      const german = await get(`/api/test/body-area-test/${body.id}`, pro, "de")
      const english = await get(`/api/test/body-area-test/${body.id}`, pro, "en")
      expect(german.body.names).not.toEqual(english.body.names)
    })
  })
})
