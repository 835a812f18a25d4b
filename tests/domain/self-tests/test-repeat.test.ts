// A repeat asks the same questions as the test just reviewed, but not as it was shown: for tests of
// every type and random seeds, the questions come in another order and, in each multiple-choice
// question, the right option (still the right one) stands at another place; positions on a chart
// keep their reading order, and typed questions are as they were.
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { isRightAnswer, optionKey, type Question } from "../../../src/domain/self-tests/question.ts"
import { generateQuestions } from "../../../src/domain/self-tests/question-generators.ts"
import { SEED_MAX } from "../../../src/domain/self-tests/seeded-random.ts"
import { learnerTestPool } from "../../../src/domain/self-tests/test-content.ts"
import { questionsForRepeat } from "../../../src/domain/self-tests/test-repeat.ts"
import { TEST_DIFFICULTY_EXPERT } from "../../../src/domain/self-tests/test-settings.ts"
import { TEST_TYPE_IDS } from "../../../src/domain/self-tests/test-types.ts"
import { loadTestContent } from "./content-with-charts.ts"

const { content } = loadTestContent()
const pool = learnerTestPool(content, content.access.free, true)
const types = TEST_TYPE_IDS.filter((type) => type !== "point-group-test")
const seed = fc.integer({ min: 0, max: SEED_MAX })

/** What a question asks, whatever the order of its options. */
const asked = (q: Question) => JSON.stringify(q.prompt)
const right = (q: Question) =>
  q.answer._tag === "Choice" ? optionKey(q.options[q.answer.index]!) : JSON.stringify(q.answer.accepted)
const onChart = (q: Question) => q.options.some((o) => o._tag === "Site")

describe("the questions of a repeat", () => {
  it("are the same questions, with the same right answers, in another order", () => {
    fc.assert(
      fc.property(fc.constantFrom(...types), seed, seed, (type, testSeed, repeatSeed) => {
        const original = generateQuestions(type, content, pool, {
          difficulty: TEST_DIFFICULTY_EXPERT,
          seed: testSeed,
          count: 8,
        })
        const repeated = questionsForRepeat(original, repeatSeed)
        expect(repeated.map(asked).sort()).toEqual(original.map(asked).sort())
        if (original.length > 1) expect(repeated.map(asked)).not.toEqual(original.map(asked))
        const unmatched = [...original]
        for (const question of repeated) {
          // The same question may be asked twice in one test: each repeat takes one original.
          const at = unmatched.findIndex((q) => asked(q) === asked(question) && right(q) === right(question))
          expect(at).toBeGreaterThanOrEqual(0)
          const [before] = unmatched.splice(at, 1) as [Question]
          expect(question.options.map(optionKey).sort()).toEqual(before.options.map(optionKey).sort())
          if (before.answer._tag === "Choice" && question.answer._tag === "Choice" && !onChart(before))
            expect(question.answer.index).not.toBe(before.answer.index)
          if (onChart(before) || before.answer._tag === "Typed") expect(question).toEqual(before)
          if (question.answer._tag === "Choice")
            expect(isRightAnswer(question, { _tag: "Choice", index: question.answer.index })).toBe(true)
        }
      }),
      { numRuns: 60, seed: 20_240_611 },
    )
  })

  it("follow from the seed alone", () => {
    const original = generateQuestions("multiple-choice-test", content, pool, {
      difficulty: TEST_DIFFICULTY_EXPERT,
      seed: 7,
      count: 6,
    })
    expect(questionsForRepeat(original, 42)).toEqual(questionsForRepeat(original, 42))
    expect(questionsForRepeat([], 42)).toEqual([])
    const [one] = original
    expect(questionsForRepeat([one!], 42).map(asked)).toEqual([asked(one!)])
  })
})
