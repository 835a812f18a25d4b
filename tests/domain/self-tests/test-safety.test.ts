// The setting "leave out points contraindicated in pregnancy": with it on, no question of any test
// type, at either difficulty, for Pro or Standard and for many seeds, asks about such a point or
// offers it (prompt, options, texts, explanation); with it off the pool is as the plan makes it.
import { describe, expect, it } from "vitest"
import { generateQuestions } from "../../../src/domain/self-tests/question-generators.ts"
import { learnerTestPool } from "../../../src/domain/self-tests/test-content.ts"
import { codesShownBy } from "../../../src/domain/self-tests/test-review.ts"
import { poolForSettings, pregnancyContraindicatedPoints } from "../../../src/domain/self-tests/test-safety.ts"
import {
  DEFAULT_TEST_SETTINGS,
  TEST_DIFFICULTY_BEGINNER,
  TEST_DIFFICULTY_EXPERT,
} from "../../../src/domain/self-tests/test-settings.ts"
import { TEST_TYPE_IDS } from "../../../src/domain/self-tests/test-types.ts"
import { loadTestContent } from "./content-with-charts.ts"

const { content } = loadTestContent()
const free = content.access.free
const ALL = [...content.channels.flatMap((c) => c.points), ...content.extraPoints]
/** Read straight from the content files. */
const CONTRAINDICATED = new Set(ALL.filter((p) => p.safety.pregnancy.level === "contraindicated").map((p) => p.code))
const ON = { ...DEFAULT_TEST_SETTINGS, testLeaveOutPregnancy: true }

describe("leaving out points contraindicated in pregnancy", () => {
  it("knows the points the content marks, the classic ones among them", () => {
    expect(new Set(pregnancyContraindicatedPoints(content))).toEqual(CONTRAINDICATED)
    expect(CONTRAINDICATED.size).toBe(33)
    for (const code of ["LI-4", "SP-6", "GB-21", "BL-60", "BL-67"]) expect(CONTRAINDICATED.has(code)).toBe(true)
  })

  it("is off by default and leaves the pool as the plan makes it", () => {
    const pool = learnerTestPool(content, free, true)
    expect(DEFAULT_TEST_SETTINGS.testLeaveOutPregnancy).toBe(false)
    expect(poolForSettings(content, pool, DEFAULT_TEST_SETTINGS)).toBe(pool)
  })

  it("takes them out of the points shown and the points asked about", () => {
    const pool = poolForSettings(content, learnerTestPool(content, free, true, ["LI-4", "LI-5", "SP-6"]), ON)
    expect([...pool.focus]).toEqual(["LI-5"])
    for (const code of CONTRAINDICATED) expect(pool.points.has(code)).toBe(false)
    expect(pool.points.size).toBe(ALL.length - CONTRAINDICATED.size)
  })

  const cases = TEST_TYPE_IDS.flatMap((type) =>
    [true, false].flatMap((pro) =>
      ([TEST_DIFFICULTY_BEGINNER, TEST_DIFFICULTY_EXPERT] as const).map(
        (difficulty) => [type, pro, difficulty] as const,
      ),
    ),
  )
  it.each(cases)(
    "%s (Pro %s, difficulty %s): no question names such a point, whatever the seed",
    (type, pro, difficulty) => {
      const pool = poolForSettings(content, learnerTestPool(content, free, pro), ON)
      for (let seed = 1; seed <= 6; seed++) {
        const questions = generateQuestions(type, content, pool, { difficulty, seed: seed * 7919, count: 60 })
        if (type !== "point-group-test") expect(questions.length).toBeGreaterThan(0)
        for (const question of questions) {
          const shown = [...codesShownBy(question).points].filter((code) => CONTRAINDICATED.has(code))
          expect(shown, JSON.stringify(question)).toEqual([])
        }
      }
    },
    60_000,
  )

  it("a point group of only such points has nothing to ask", () => {
    const pool = poolForSettings(content, learnerTestPool(content, free, true, ["LI-4", "SP-6", "BL-67"]), ON)
    expect(generateQuestions("point-group-test", content, pool, { difficulty: 0, seed: 1, count: 10 })).toEqual([])
  })
})
