// Safety in the self-tests against the real server: the setting that leaves out the points
// contraindicated in pregnancy (stored like the other test settings, off for a record saved before
// it existed, applied by the server to every new test and to the review of due points), and the
// safety test: made from the flagged points, scored, its answers explained in the learner's language.
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loadContent } from "../../server/content/load-content.ts"
import { Question, type Question as QuestionType, type TextRef } from "../../src/domain/self-tests/question.ts"
import { codesShownBy, STANDALONE_TEST_TYPES } from "../../src/domain/self-tests/test-review.ts"
import { DATABASES, type Json, signInPro, startTestServer, type TestServer } from "./support/harness.ts"

const content = loadContent()
const ALL = [...content.channels.flatMap((c) => c.points), ...content.extraPoints]
const englishReason = (code: string, ref: TextRef) => {
  const point = ALL.find((p) => p.code === code)
  return ref.field === "contraindications" || ref.field === "cautions"
    ? point?.needling[ref.field][ref.index]
    : undefined
}
const CONTRAINDICATED = new Set(ALL.filter((p) => p.safety.pregnancy.level === "contraindicated").map((p) => p.code))

describe.each(DATABASES)("safety in the self-tests on %s", (kind) => {
  let server: TestServer
  let pro = ""
  let proEmail = ""

  beforeAll(async () => {
    server = await startTestServer(kind, { rateLimitFactor: 100 })
    ;({ token: pro, email: proEmail } = await signInPro(server))
  })
  afterAll(() => server.close())

  const call = async (method: string, path: string, token: string, json?: unknown, locale?: string) => {
    const response = await server.request(path, {
      method,
      token,
      ...(json !== undefined ? { json } : {}),
      ...(locale ? { locale } : {}),
    })
    const text = await response.text()
    return { status: response.status, body: (text.length > 0 ? JSON.parse(text) : {}) as Json }
  }
  const get = (path: string, token: string) => call("GET", path, token)
  const post = (path: string, token: string, json: unknown) => call("POST", path, token, json)
  const stored = async (id: string): Promise<ReadonlyArray<QuestionType>> => {
    const rows = await server.sql<{ questions: unknown }>("SELECT questions FROM self_tests WHERE id = $1", [id])
    return Schema.decodeUnknownSync(Schema.Array(Question))(rows[0]?.questions)
  }
  const discardRunning = () =>
    server.sql(
      "DELETE FROM self_tests WHERE finished_at IS NULL AND user_id = (SELECT id FROM users WHERE email = $1)",
      [proEmail],
    )
  const leftOut = (questions: ReadonlyArray<QuestionType>) =>
    questions.flatMap((q) => [...codesShownBy(q).points].filter((code) => CONTRAINDICATED.has(code)))

  describe("leaving out the points contraindicated in pregnancy", () => {
    it("is off for a record saved before the setting, saved like the others and checked by the same Schema", async () => {
      await server.sql(
        `INSERT INTO user_settings (user_id, test_duration) SELECT id, 12 FROM users WHERE email = $1
         ON CONFLICT (user_id) DO UPDATE SET test_leave_out_pregnancy = NULL`,
        [proEmail],
      )
      expect((await get("/api/user-settings", pro)).body).toMatchObject({ testLeaveOutPregnancy: false })
      const refused = await post("/api/user-settings", pro, { testLeaveOutPregnancy: "yes" })
      expect(refused.status).toBe(422)
      expect(refused.body.errors).toHaveProperty("testLeaveOutPregnancy")
      const saved = await post("/api/user-settings", pro, { testLeaveOutPregnancy: true })
      expect(saved.status).toBe(200)
      expect((await get("/api/user-settings", pro)).body).toMatchObject({ testLeaveOutPregnancy: true })
      await post("/api/user-settings", pro, { testLeaveOutPregnancy: false })
    })

    it("with it on, no test of any type asks about or offers such a point; with it off they come back", async () => {
      await post("/api/user-settings", pro, { testAllPoints: true, testLeaveOutPregnancy: true })
      try {
        for (const type of STANDALONE_TEST_TYPES) {
          const { status, body } = await post("/api/test/new-create", pro, { type })
          expect(status, type).toBe(200)
          const questions = await stored(body.id)
          expect(questions.length, type).toBeGreaterThan(0)
          expect(leftOut(questions), type).toEqual([])
          await discardRunning()
        }
        await post("/api/user-settings", pro, { testLeaveOutPregnancy: false })
        const { body } = await post("/api/test/new-create", pro, { type: "location-test" })
        expect(leftOut(await stored(body.id)).length).toBeGreaterThan(0)
      } finally {
        await post("/api/user-settings", pro, { testAllPoints: false, testLeaveOutPregnancy: false })
        await discardRunning()
      }
    })

    it("leaves them out of the review of due points while it is on", async () => {
      await server.sql(
        `INSERT INTO review_cards (user_id, point_code, due, card, updated_at)
         SELECT id, code, 0, '{}'::jsonb, 0 FROM users, unnest($2::text[]) AS code WHERE email = $1`,
        [proEmail, ["LI-4", "SP-6", "LU-9"]],
      )
      try {
        expect((await get("/api/get-all-test-types", pro)).body.review.due).toBe(3)
        await post("/api/user-settings", pro, { testLeaveOutPregnancy: true })
        expect((await get("/api/get-all-test-types", pro)).body.review.due).toBe(1)
        expect((await get("/api/test/review-test", pro)).body.points).toBe(1)
        const { status, body } = await post("/api/test/new-create", pro, { type: "review-test" })
        expect(status).toBe(200)
        const questions = await stored(body.id)
        expect(questions.map((q) => q.explanation.points[0])).toEqual(["LU-9"])
        expect(leftOut(questions)).toEqual([])
      } finally {
        await post("/api/user-settings", pro, { testLeaveOutPregnancy: false })
        await discardRunning()
        await server.sql("DELETE FROM review_cards WHERE user_id = (SELECT id FROM users WHERE email = $1)", [proEmail])
      }
    })
  })

  describe("the safety test", () => {
    it("is made from flagged points, scored like the others, and explains each answer in the learner's language", async () => {
      await post("/api/user-settings", pro, { testLimit: 6, testAllPoints: false })
      try {
        const created = await post("/api/test/new-create", pro, { type: "safety-test" })
        expect(created.status).toBe(200)
        const questions = await stored(created.body.id)
        expect(questions).toHaveLength(6)
        for (const [i, q] of questions.entries()) {
          expect(q.prompt.kind).toMatch(/^safety-/)
          expect(created.body.questions[i].options.map((o: Json) => o._tag)).toEqual([
            "Point",
            "Point",
            "Point",
            "Point",
          ])
          expect(q.explanation.reason?.point).toBe(q.explanation.points[0])
        }
        for (const [question, q] of questions.entries()) {
          if (q.answer._tag !== "Choice") throw new Error("a safety question is a choice")
          const index = question === 0 ? (q.answer.index + 1) % 4 : q.answer.index
          const saved = await post("/api/test/save-answer", pro, {
            testId: created.body.id,
            question,
            answer: { _tag: "Choice", index },
          })
          expect(saved.status).toBe(200)
        }
        const finished = await call("POST", "/api/test/finish", pro, { testId: created.body.id }, "de")
        expect(finished.status).toBe(200)
        expect(finished.body).toMatchObject({ type: "safety-test", score: 5, total: 6 })
        const first = finished.body.review[0]
        const code = questions[0]?.explanation.points[0] ?? ""
        const reason = questions[0]?.explanation.reason
        expect(first.right).toBe(false)
        expect(typeof first.reason).toBe("string")
        expect(first.reason.length).toBeGreaterThan(0)
        expect(first.points[0].code).toBe(code)
        // In German where the sentence is translated (it is for every point today), else in English.
        expect(first.textLanguage).toBe("de")
        if (reason) expect(first.reason).not.toBe(englishReason(code, reason))
        const scores = await get("/api/test/scores/all", pro)
        expect(scores.body.summaries.map((s: Json) => s.type)).toContain("safety-test")
        expect(scores.body.entries[0]).toMatchObject({ type: "safety-test", score: 5, total: 6 })
      } finally {
        await post("/api/user-settings", pro, { testLimit: 20 })
        await discardRunning()
      }
    })

    it("does not ask the pregnancy question while the setting is on", async () => {
      await post("/api/user-settings", pro, { testAllPoints: true, testLeaveOutPregnancy: true })
      try {
        const { status, body } = await post("/api/test/new-create", pro, { type: "safety-test" })
        expect(status).toBe(200)
        const questions = await stored(body.id)
        expect(questions.length).toBeGreaterThan(50)
        expect(questions.filter((q) => q.prompt.kind === "safety-pregnancy")).toEqual([])
        expect(leftOut(questions)).toEqual([])
      } finally {
        await post("/api/user-settings", pro, { testAllPoints: false, testLeaveOutPregnancy: false })
        await discardRunning()
      }
    })
  })
})
