// Scoring a finished test: the score is the number of right answers, the percentage follows it,
// answers after the deadline do not count, the learner's last answer to a question does, the time
// used stops at the deadline, and practice (no time limit) is flagged and kept apart in the history.
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { GivenAnswer, Question } from "../../../src/domain/self-tests/question.ts"
import {
  lastAnswers,
  type SavedAnswer,
  type ScoreEntry,
  scoreHistory,
  scorePercent,
  scoreTest,
} from "../../../src/domain/self-tests/test-scoring.ts"
import { DEFAULT_TEST_SETTINGS, TEST_DIFFICULTY_EXPERT } from "../../../src/domain/self-tests/test-settings.ts"
import { ANSWER_GRACE_MS, MINUTE_MS, startClock } from "../../../src/domain/self-tests/test-timing.ts"

const START = 1_750_000_000_000
const timed = startClock(START, { ...DEFAULT_TEST_SETTINGS, testDifficulty: TEST_DIFFICULTY_EXPERT })
const practice = startClock(START, { ...DEFAULT_TEST_SETTINGS, testTimed: false })
const DEADLINE = START + 10 * MINUTE_MS

const choiceQuestion = (right: number): Question => ({
  prompt: { kind: "point-in-area", bodyArea: "hand" },
  options: ["LU-10", "LU-5", "LU-1", "LU-7"].map((code) => ({ _tag: "Point", code }) as const),
  answer: { _tag: "Choice", index: right },
  explanation: { points: ["LU-10"] },
})
const typedQuestion: Question = {
  prompt: { kind: "type-pinyin", point: "LU-9", hanzi: { traditional: "太淵", simplified: "太渊" } },
  options: [],
  answer: { _tag: "Typed", accepted: ["Tàiyuān"] },
  explanation: { points: ["LU-9"] },
}

const choice = (index: number): GivenAnswer => ({ _tag: "Choice", index })
const at = (question: number, given: GivenAnswer, answeredAt = START + 1_000): SavedAnswer => ({
  question,
  given,
  answeredAt,
})

describe("the score", () => {
  it("equals the number of right answers", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ right: fc.integer({ min: 0, max: 3 }), given: fc.option(fc.integer({ min: 0, max: 3 })) }),
          {
            maxLength: 40,
          },
        ),
        (rows) => {
          const questions = rows.map((r) => choiceQuestion(r.right))
          const answers = rows.flatMap((r, i) => (r.given === null ? [] : [at(i, choice(r.given))]))
          const result = scoreTest(questions, answers, timed, START + MINUTE_MS)
          const expected = rows.filter((r) => r.given === r.right).length
          expect(result.score).toBe(expected)
          expect(result.total).toBe(rows.length)
          expect(result.answered).toBe(answers.length)
          expect(result.percent).toBe(rows.length === 0 ? 0 : Math.round((100 * expected) / rows.length))
          expect(result.review.filter((r) => r.right)).toHaveLength(expected)
        },
      ),
    )
  })

  it("counts a typed pinyin answer with or without tone marks", () => {
    const result = scoreTest(
      [typedQuestion, typedQuestion, typedQuestion],
      [
        at(0, { _tag: "Typed", text: "Tàiyuān" }),
        at(1, { _tag: "Typed", text: "taiyuan" }),
        at(2, { _tag: "Typed", text: "taiyang" }),
      ],
      timed,
      START + MINUTE_MS,
    )
    expect(result.score).toBe(2)
    expect(result.review.map((r) => r.right)).toEqual([true, true, false])
  })

  it("takes the learner's last answer to a question", () => {
    const answers = [at(0, choice(2), START + 1_000), at(0, choice(1), START + 2_000)]
    expect(scoreTest([choiceQuestion(1)], answers, timed, START + MINUTE_MS).score).toBe(1)
    expect(scoreTest([choiceQuestion(1)], [...answers].reverse(), timed, START + MINUTE_MS).score).toBe(1)
  })

  it("ignores answers after the deadline and the grace, and answers to no question", () => {
    const questions = [choiceQuestion(0), choiceQuestion(0), choiceQuestion(0)]
    const answers = [
      at(0, choice(0), DEADLINE + ANSWER_GRACE_MS),
      at(1, choice(0), DEADLINE + ANSWER_GRACE_MS + 1),
      at(2, choice(1), START + 1_000),
      at(2, choice(0), DEADLINE + ANSWER_GRACE_MS + 1),
      at(3, choice(0)),
      at(-1, choice(0)),
    ]
    expect(lastAnswers(questions, answers, timed)).toEqual([choice(0), null, choice(1)])
    const result = scoreTest(questions, answers, timed, DEADLINE + 5_000)
    expect(result.score).toBe(1)
    expect(result.answered).toBe(2)
  })

  it("rounds the percentage to a whole number", () => {
    expect(scorePercent(1, 3)).toBe(33)
    expect(scorePercent(2, 3)).toBe(67)
    expect(scorePercent(0, 0)).toBe(0)
    expect(scorePercent(5, 5)).toBe(100)
  })
})

describe("time used, expiry and practice", () => {
  it("is the time from the start to finishing", () => {
    const result = scoreTest([choiceQuestion(0)], [], timed, START + 4 * MINUTE_MS)
    expect(result.timeUsedMs).toBe(4 * MINUTE_MS)
    expect(result.expired).toBe(false)
    expect(result.practice).toBe(false)
  })

  it("stops at the deadline when the time ran out", () => {
    const result = scoreTest([choiceQuestion(0)], [], timed, DEADLINE + 30_000)
    expect(result.timeUsedMs).toBe(10 * MINUTE_MS)
    expect(result.expired).toBe(true)
    expect(scoreTest([choiceQuestion(0)], [], timed, DEADLINE - 1).expired).toBe(false)
  })

  it("flags practice, which has no deadline", () => {
    const result = scoreTest(
      [choiceQuestion(0)],
      [at(0, choice(0), START + 99 * MINUTE_MS)],
      practice,
      START + 100 * MINUTE_MS,
    )
    expect(result.practice).toBe(true)
    expect(result.expired).toBe(false)
    expect(result.score).toBe(1)
    expect(result.timeUsedMs).toBe(100 * MINUTE_MS)
  })

  it("reviews every question with the learner's answer", () => {
    const result = scoreTest([choiceQuestion(0), choiceQuestion(3)], [at(1, choice(2))], timed, START + MINUTE_MS)
    expect(result.review).toEqual([
      { question: choiceQuestion(0), given: null, right: false },
      { question: choiceQuestion(3), given: choice(2), right: false },
    ])
  })
})

describe("score history per test type", () => {
  const entry = (type: ScoreEntry["type"], practice: boolean, score: number, finishedAt: number): ScoreEntry => ({
    type,
    practice,
    score,
    total: 10,
    finishedAt,
  })
  const entries = [
    entry("location-test", false, 6, 3),
    entry("location-test", false, 9, 1),
    entry("location-test", true, 10, 2),
    entry("body-area-test", false, 2, 4),
  ]

  it("keeps practice apart from timed tests", () => {
    expect(scoreHistory(entries, "location-test")).toEqual({
      timed: { tests: 2, bestPercent: 90, lastPercent: 60 },
      practice: { tests: 1, bestPercent: 100, lastPercent: 100 },
    })
  })

  it("is empty for a type never taken", () => {
    expect(scoreHistory(entries, "classification-test")).toEqual({
      timed: { tests: 0, bestPercent: null, lastPercent: null },
      practice: { tests: 0, bestPercent: null, lastPercent: null },
    })
  })
})
