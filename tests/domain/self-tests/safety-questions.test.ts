// The safety test's questions over the whole knowledge base: each has exactly one right option (the
// point with the flag, read straight from the content files), three wrong ones that really lack it
// (for pregnancy: not even a caution), the flag's sentence as its reason, the same questions for
// the same seed; a Standard learner meets only free points; with the pregnancy setting on, the
// pregnancy kind is not asked at all.
import { describe, expect, it } from "vitest"
import type { Point } from "../../../src/domain/content/content-schema.ts"
import type { Question } from "../../../src/domain/self-tests/question.ts"
import { generateQuestions } from "../../../src/domain/self-tests/question-generators.ts"
import { learnerTestPool } from "../../../src/domain/self-tests/test-content.ts"
import { poolForSettings } from "../../../src/domain/self-tests/test-safety.ts"
import {
  DEFAULT_TEST_SETTINGS,
  TEST_DIFFICULTY_BEGINNER,
  TEST_DIFFICULTY_EXPERT,
  type TestDifficulty,
} from "../../../src/domain/self-tests/test-settings.ts"
import { loadTestContent } from "./content-with-charts.ts"
import { makeOracle } from "./oracle.ts"

const { content } = loadTestContent()
const oracle = makeOracle(content)
const free = content.access.free
const proPool = learnerTestPool(content, free, true)
const standardPool = learnerTestPool(content, free, false)
const ALL = [...content.channels.flatMap((c) => c.points), ...content.extraPoints]
const FREE = new Set(
  content.channels.filter((c) => free.channels.includes(c.code)).flatMap((c) => c.points.map((p) => p.code)),
)

/** The flag each kind asks about, as the content files state it. */
const FLAGS: Readonly<Record<string, (p: Point) => boolean>> = {
  "safety-pregnancy": (p) => p.safety.pregnancy.level === "contraindicated",
  "safety-lung-pleura": (p) => p.safety.organsBeneath.some((o) => o.organ === "lung-pleura"),
  "safety-depth-limit": (p) => p.safety.needlingDepthLimit !== null,
  "safety-radial-artery": (p) => p.safety.vessels.some((v) => v.vessel === "radial-artery"),
}

const check = (question: Question) => {
  const where = JSON.stringify(question)
  const has = FLAGS[question.prompt.kind]
  expect(has, where).toBeDefined()
  if (!has || question.answer._tag !== "Choice") throw new Error(where)
  expect(question.options, where).toHaveLength(4)
  const codes = question.options.map((o) => (o._tag === "Point" ? o.code : ""))
  expect(new Set(codes).size, where).toBe(4)
  const right = codes.map((code) => has(oracle.point(code)))
  expect(right.filter(Boolean), where).toHaveLength(1)
  expect(right.indexOf(true), where).toBe(question.answer.index)
  expect(
    question.options.map((o) => oracle.satisfies(question.prompt, o)),
    where,
  ).toEqual(right)
  const answer = codes[question.answer.index] ?? ""
  if (question.prompt.kind === "safety-pregnancy")
    for (const code of codes) if (code !== answer) expect(oracle.point(code).safety.pregnancy.level, where).toBe("none")
  expect(question.explanation.points, where).toEqual([answer])
  // The reason is the sentence of the flag, read from the point's needling texts.
  const reason = question.explanation.reason
  expect(reason?.point, where).toBe(answer)
  if (reason) expect(oracle.text(reason).length, where).toBeGreaterThan(0)
  return codes
}

describe("safety questions", () => {
  it.each([TEST_DIFFICULTY_BEGINNER, TEST_DIFFICULTY_EXPERT] as const)(
    "at difficulty %s: one flagged point among four, the others without the flag, its sentence as reason",
    (difficulty) => {
      const kinds = new Set<string>()
      for (let seed = 1; seed <= 8; seed++) {
        const questions = generateQuestions("safety-test", content, proPool, { difficulty, seed, count: ALL.length })
        expect(questions.length).toBeGreaterThan(80)
        for (const question of questions) {
          check(question)
          kinds.add(question.prompt.kind)
        }
      }
      expect([...kinds].sort()).toEqual(Object.keys(FLAGS).sort())
    },
    60_000,
  )

  it("the pregnancy question's reason is the sentence that says so", () => {
    const questions = generateQuestions("safety-test", content, proPool, { difficulty: 0, seed: 3, count: ALL.length })
    const pregnancy = questions.filter((q) => q.prompt.kind === "safety-pregnancy")
    expect(pregnancy.length).toBeGreaterThan(0)
    for (const q of pregnancy) {
      const reason = q.explanation.reason
      if (!reason) throw new Error("no reason")
      expect(oracle.text(reason)).toMatch(/pregnan/i)
    }
  })

  it("is deterministic by seed", () => {
    const options = { difficulty: TEST_DIFFICULTY_EXPERT as TestDifficulty, seed: 42, count: 20 }
    const copy = structuredClone(content)
    expect(generateQuestions("safety-test", copy, learnerTestPool(copy, free, true), options)).toEqual(
      generateQuestions("safety-test", content, proPool, options),
    )
    expect(generateQuestions("safety-test", content, proPool, { ...options, seed: 43 })).not.toEqual(
      generateQuestions("safety-test", content, proPool, options),
    )
  })

  it("shows a Standard learner only free points", () => {
    for (let seed = 1; seed <= 5; seed++) {
      const questions = generateQuestions("safety-test", content, standardPool, { difficulty: 0, seed, count: 50 })
      expect(questions.length).toBeGreaterThan(0)
      for (const question of questions) for (const code of check(question)) expect(FREE.has(code), code).toBe(true)
    }
  })

  it("with the pregnancy setting on, does not ask the pregnancy question", () => {
    const pool = poolForSettings(content, proPool, { ...DEFAULT_TEST_SETTINGS, testLeaveOutPregnancy: true })
    for (let seed = 1; seed <= 5; seed++) {
      const questions = generateQuestions("safety-test", content, pool, { difficulty: 0, seed, count: ALL.length })
      expect(questions.length).toBeGreaterThan(50)
      for (const question of questions) {
        expect(question.prompt.kind).not.toBe("safety-pregnancy")
        for (const code of check(question)) expect(FLAGS["safety-pregnancy"]?.(oracle.point(code))).toBe(false)
      }
    }
  })
})
