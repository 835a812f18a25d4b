// The question generators over the whole knowledge base: for random seeds, pools (everything, the
// free content of a Standard learner, point groups, small pools) and both difficulties, every
// question has four distinct options of which exactly one is right by an answer key built straight
// from the content files, shows no point outside the pool, and the same seed gives the same test.
// The content includes the body charts, so the location questions answered on a chart are checked
// alongside: their positions are where the chart files draw those points.
import { Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { MIN_CHOICE_GAP } from "../../../src/domain/charts/chart-practice.ts"
import { VESSEL_IDS, type VesselId } from "../../../src/domain/content/content-schema.ts"
import {
  isRightAnswer,
  OPTION_COUNT,
  optionKey,
  QUESTION_KINDS,
  Question,
  type Question as QuestionType,
} from "../../../src/domain/self-tests/question.ts"
import {
  generateQuestions,
  generateQuestionsOfKinds,
  KIND_BUILDERS,
} from "../../../src/domain/self-tests/question-generators.ts"
import { DISTRACTOR_COUNT } from "../../../src/domain/self-tests/question-kit.ts"
import { SEED_MAX } from "../../../src/domain/self-tests/seeded-random.ts"
import { learnerTestPool, makeTestPool, type TestPool } from "../../../src/domain/self-tests/test-content.ts"
import {
  TEST_DIFFICULTY_BEGINNER,
  TEST_DIFFICULTY_EXPERT,
  type TestDifficulty,
} from "../../../src/domain/self-tests/test-settings.ts"
import { kindsFor, TEST_TYPE_IDS, type TestTypeId } from "../../../src/domain/self-tests/test-types.ts"
import { loadTestContent } from "./content-with-charts.ts"
import { makeOracle } from "./oracle.ts"

const { content, resolvedViews } = loadTestContent()
const oracle = makeOracle(content, resolvedViews)
const free = content.access.free
const ALL_CODES = [...content.channels.flatMap((c) => c.points), ...content.extraPoints].map((p) => p.code)
/** What access.json declares free, read directly: the points of the free channels, no extra points. */
const FREE_CODES = new Set(
  content.channels.filter((c) => free.channels.includes(c.code)).flatMap((c) => c.points.map((p) => p.code)),
)
const proPool = learnerTestPool(content, free, true)
const standardPool = learnerTestPool(content, free, false)
const DIFFICULTIES: ReadonlyArray<TestDifficulty> = [TEST_DIFFICULTY_BEGINNER, TEST_DIFFICULTY_EXPERT]

const encodeDecode = (question: QuestionType) =>
  Schema.decodeUnknownSync(Question)(JSON.parse(JSON.stringify(Schema.encodeSync(Question)(question))))

/** Every rule a generated question must follow; throws with the question on the first broken one. */
const checkQuestion = (question: QuestionType, pool: TestPool, type: TestTypeId, difficulty: TestDifficulty) => {
  const where = JSON.stringify(question)
  const { prompt, options, answer } = question
  expect(kindsFor(type, difficulty), where).toContain(prompt.kind)
  expect(encodeDecode(question), where).toEqual(question)

  // Never a point the learner may not open: in the prompt, the options, the explanation.
  for (const group of oracle.pointsOf(question)) {
    expect(
      group.some((code) => pool.points.has(code)),
      `${where}\nshows ${group.join("/")} outside the pool`,
    ).toBe(true)
  }
  if (prompt.vessel) expect(pool.vessels.has(prompt.vessel), where).toBe(true)
  const about = question.explanation.points[0]
  if (about !== undefined) expect(pool.focus.has(about), `${where}\nis not about a focus point`).toBe(true)

  if (answer._tag === "Typed") {
    expect(prompt.kind, where).toBe("type-pinyin")
    expect(difficulty, where).toBe(TEST_DIFFICULTY_EXPERT)
    expect(options, where).toHaveLength(0)
    const pinyin = oracle.point(prompt.point ?? "").pinyin
    expect(answer.accepted, where).toEqual([pinyin])
    expect(isRightAnswer(question, { _tag: "Typed", text: pinyin }), where).toBe(true)
    expect(
      isRightAnswer(question, { _tag: "Typed", text: pinyin.normalize("NFD").replace(/\p{M}/gu, "") }),
      where,
    ).toBe(true)
    return
  }

  expect(options, where).toHaveLength(OPTION_COUNT)
  expect(new Set(options.map(optionKey)).size, `${where}\nhas repeated options`).toBe(OPTION_COUNT)
  const right = options.map((option) => oracle.satisfies(prompt, option))
  expect(right.filter(Boolean), `${where}\nmust have exactly one right option, has ${right}`).toHaveLength(1)
  expect(right.indexOf(true), where).toBe(answer.index)
  options.forEach((_, index) => {
    expect(isRightAnswer(question, { _tag: "Choice", index }), where).toBe(index === answer.index)
  })

  if (prompt.kind === "point-on-chart") checkChartQuestion(question)

  // Texts of points in the same body area are never wrong options for clinical and needling texts:
  // neighbouring points share local actions and local dangers whether or not their texts say so.
  if (["action-of-point", "indication-of-point", "caution-of-point"].includes(prompt.kind)) {
    const asked = oracle.point(prompt.point ?? "")
    options.forEach((option, index) => {
      if (index === answer.index || option._tag !== "Text") return
      const owner = oracle.point(option.ref.point)
      expect(
        owner.bodyAreas.some((area) => asked.bodyAreas.includes(area)),
        `${where}\nwrong option from the same body area`,
      ).toBe(false)
    })
  }
}

/**
 * A question answered on a chart: every position is exactly where the chart file draws the point it
 * stands for, on the prompt's view; the positions lie apart and are lettered in reading order.
 */
const checkChartQuestion = (question: QuestionType) => {
  const where = JSON.stringify(question)
  const resolved = resolvedViews.find((v) => v.view.id === question.prompt.view)
  expect(resolved, where).toBeDefined()
  if (!resolved) return
  const gap = MIN_CHOICE_GAP * Math.max(resolved.view.viewBox[2], resolved.view.viewBox[3])
  const positions = question.options.map((option) => {
    expect(option._tag, where).toBe("Site")
    if (option._tag !== "Site") return [0, 0] as const
    const drawn = resolved.points.filter(
      (p) =>
        p.code === option.code &&
        Math.abs(p.position[0] - option.x) <= 0.05 + 1e-9 &&
        Math.abs(p.position[1] - option.y) <= 0.05 + 1e-9,
    )
    expect(drawn.length, `${where}\n${option.code} is not drawn at ${option.x},${option.y}`).toBeGreaterThan(0)
    return [option.x, option.y] as const
  })
  positions.forEach((a, i) => {
    positions.slice(i + 1).forEach((b) => {
      expect(Math.hypot(a[0] - b[0], a[1] - b[1]), `${where}\npositions too close`).toBeGreaterThanOrEqual(gap)
    })
    const next = positions[i + 1]
    if (next) expect(Math.round(a[1] / gap) <= Math.round(next[1] / gap), `${where}\nnot in reading order`).toBe(true)
  })
}

const checkTest = (
  questions: ReadonlyArray<QuestionType>,
  pool: TestPool,
  type: TestTypeId,
  difficulty: TestDifficulty,
  count: number,
) => {
  expect(questions.length).toBeLessThanOrEqual(count)
  for (const question of questions) checkQuestion(question, pool, type, difficulty)
  // One question per focus point.
  const about = questions.map((q) => q.explanation.points[0]).filter((code) => code !== undefined)
  expect(new Set(about).size).toBe(about.length)
}

const codes = (min: number, max: number) => fc.subarray(ALL_CODES, { minLength: min, maxLength: max })
const vessels = fc.subarray([...VESSEL_IDS] as Array<VesselId>)

/** The pools the server builds: everything, free content, point groups of Pro and Standard learners, small pools. */
const poolArbitrary: fc.Arbitrary<TestPool> = fc.oneof(
  fc.constant(proPool),
  fc.constant(standardPool),
  codes(1, 30).map((group) => learnerTestPool(content, free, true, group)),
  codes(1, 30).map((group) => learnerTestPool(content, free, false, group)),
  fc.tuple(codes(1, 12), vessels).map(([points, vesselIds]) => makeTestPool(content, { points, vessels: vesselIds })),
)

const seedArbitrary = fc.integer({ min: 0, max: SEED_MAX })
const difficultyArbitrary = fc.constantFrom(...DIFFICULTIES)

describe("question generators over all content (property-based)", () => {
  it("builds a question for every kind", () => {
    expect(Object.keys(KIND_BUILDERS).sort()).toEqual([...QUESTION_KINDS].sort())
    expect(DISTRACTOR_COUNT).toBe(OPTION_COUNT - 1)
  })

  it.each(TEST_TYPE_IDS)(
    "%s: one right answer among four distinct options, only points of the pool",
    (type) => {
      fc.assert(
        fc.property(
          poolArbitrary,
          difficultyArbitrary,
          seedArbitrary,
          fc.integer({ min: 1, max: 12 }),
          (pool, difficulty, seed, count) => {
            const questions = generateQuestions(type, content, pool, { difficulty, seed, count })
            checkTest(questions, pool, type, difficulty, count)
          },
        ),
        { numRuns: 50 },
      )
    },
    60_000,
  )

  it("the same seed gives the same questions", () => {
    // A fresh copy of the content and of the pool: nothing may depend on object identity or set order.
    const copy = structuredClone(content)
    fc.assert(
      fc.property(
        fc.constantFrom(...TEST_TYPE_IDS),
        poolArbitrary,
        difficultyArbitrary,
        seedArbitrary,
        (type, pool, difficulty, seed) => {
          const options = { difficulty, seed, count: 8 }
          const again = makeTestPool(copy, {
            points: [...pool.points].reverse(),
            focus: [...pool.focus].reverse(),
            vessels: [...pool.vessels].reverse(),
          })
          expect(generateQuestions(type, copy, again, options)).toEqual(generateQuestions(type, content, pool, options))
        },
      ),
      { numRuns: 30 },
    )
  }, 60_000)

  it("different seeds give different tests", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TEST_TYPE_IDS),
        difficultyArbitrary,
        seedArbitrary,
        seedArbitrary,
        (type, difficulty, a, b) => {
          fc.pre(a !== b)
          const first = generateQuestions(type, content, proPool, { difficulty, seed: a, count: 8 })
          const second = generateQuestions(type, content, proPool, { difficulty, seed: b, count: 8 })
          expect(first).toHaveLength(8)
          expect(second).not.toEqual(first)
        },
      ),
      { numRuns: 30 },
    )
  }, 60_000)
})

describe("six-channel level questions", () => {
  const PRIMARY = new Set(content.channels.filter((c) => c.level !== null).map((c) => c.code))

  it("are asked about the twelve primary channels only, with primary channels as options", () => {
    expect(PRIMARY.size).toBe(12)
    fc.assert(
      fc.property(poolArbitrary, difficultyArbitrary, seedArbitrary, (pool, difficulty, seed) => {
        const questions = generateQuestionsOfKinds(["coupled-channel"], content, pool, {
          difficulty,
          seed,
          count: ALL_CODES.length,
        })
        for (const question of questions) {
          checkQuestion(question, pool, "channel-pathways-test", difficulty)
          expect(PRIMARY.has(question.prompt.channel ?? "LU"), JSON.stringify(question)).toBe(true)
          for (const option of question.options) {
            expect(option._tag === "Channel" && PRIMARY.has(option.code), JSON.stringify(question)).toBe(true)
          }
        }
      }),
      { numRuns: 40 },
    )
  }, 60_000)

  it("ask about every primary channel when every point is in the pool", () => {
    const asked = new Set<string>()
    for (const seed of [1, 2, 3, 4, 5]) {
      for (const q of generateQuestionsOfKinds(["coupled-channel"], content, proPool, {
        difficulty: TEST_DIFFICULTY_BEGINNER,
        seed,
        count: ALL_CODES.length,
      })) {
        asked.add(q.prompt.channel ?? "")
      }
    }
    expect([...asked].sort()).toEqual([...PRIMARY].sort())
  })
})

describe("location questions on a chart", () => {
  const chartQuestions = (pool: TestPool, difficulty: TestDifficulty, seed: number) =>
    generateQuestions("location-test", content, pool, { difficulty, seed, count: ALL_CODES.length }).filter(
      (q) => q.prompt.kind === "point-on-chart",
    )

  it.each(DIFFICULTIES)("the location test at difficulty %s asks on the chart, for Pro and Standard", (difficulty) => {
    for (const pool of [proPool, standardPool]) {
      const questions = chartQuestions(pool, difficulty, 7)
      expect(questions.length).toBeGreaterThan(pool === proPool ? 50 : 5)
      for (const question of questions) checkQuestion(question, pool, "location-test", difficulty)
    }
  })

  it("every point drawn on a chart can be asked on it, for Pro", () => {
    const asked = new Set<string>()
    for (const difficulty of DIFFICULTIES) {
      const questions = generateQuestionsOfKinds(["point-on-chart"], content, proPool, {
        difficulty,
        seed: 11,
        count: ALL_CODES.length,
      })
      for (const question of questions) {
        checkQuestion(question, proPool, "location-test", difficulty)
        asked.add(question.explanation.points[0] ?? "")
      }
    }
    const drawn = new Set(resolvedViews.flatMap((v) => v.points.map((p) => p.code)))
    expect(asked.size).toBe(drawn.size)
  })

  it("experts are offered the points drawn nearest, beginners any on the view", () => {
    const spread = (difficulty: TestDifficulty) => {
      const questions = chartQuestions(proPool, difficulty, 3)
      const distances = questions.map((q) => {
        const right = q.options[q.answer._tag === "Choice" ? q.answer.index : 0]
        const view = content.charts.views.find((v) => v.id === q.prompt.view)
        if (right?._tag !== "Site" || !view) return 0
        const wrong = q.options.filter((o) => o !== right)
        return (
          wrong.reduce((sum, o) => sum + (o._tag === "Site" ? Math.hypot(o.x - right.x, o.y - right.y) : 0), 0) /
          wrong.length /
          view.size
        )
      })
      return distances.reduce((a, b) => a + b, 0) / distances.length
    }
    expect(spread(TEST_DIFFICULTY_EXPERT)).toBeLessThan(spread(TEST_DIFFICULTY_BEGINNER) / 2)
  })

  it("without charts the location test asks in words only", () => {
    const { charts: _, ...words } = content
    const questions = generateQuestions("location-test", words, proPool, {
      difficulty: TEST_DIFFICULTY_EXPERT,
      seed: 5,
      count: 40,
    })
    expect(questions).toHaveLength(40)
    expect(questions.some((q) => q.prompt.kind === "point-on-chart")).toBe(false)
  })
})

describe("every point of the knowledge base, every test type", () => {
  it.each(TEST_TYPE_IDS.flatMap((type) => DIFFICULTIES.map((difficulty) => [type, difficulty] as const)))(
    "%s at difficulty %s asks about every point it can, correctly",
    (type, difficulty) => {
      const questions = generateQuestions(type, content, proPool, {
        difficulty,
        seed: 20_240_601,
        count: ALL_CODES.length,
      })
      checkTest(questions, proPool, type, difficulty, ALL_CODES.length)
      // Only classification skips points (those in no category), channel pathways the extra points
      // and safety the points without a flag it asks about.
      expect(questions.length).toBeGreaterThan(type === "safety-test" ? 80 : type === "classification-test" ? 100 : 300)
    },
    60_000,
  )

  it.each(TEST_TYPE_IDS.flatMap((type) => DIFFICULTIES.map((difficulty) => [type, difficulty] as const)))(
    "%s at difficulty %s shows a Standard learner only the free points",
    (type, difficulty) => {
      for (const seed of [1, 2, 3]) {
        const questions = generateQuestions(type, content, standardPool, { difficulty, seed, count: ALL_CODES.length })
        expect(questions.length).toBeGreaterThan(0)
        for (const question of questions) {
          for (const group of oracle.pointsOf(question)) {
            expect(
              group.some((code) => FREE_CODES.has(code)),
              JSON.stringify(question),
            ).toBe(true)
          }
          expect(question.prompt.vessel).toBeUndefined()
        }
      }
    },
  )
})
