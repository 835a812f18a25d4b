// Answering a question and what the learner is shown before answering: typed pinyin with or
// without tone marks, the answer key, and the presentation that hides the right answer, the text
// references and whatever of a point would give the answer away.
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import {
  GivenAnswer,
  isRightAnswer,
  POINT_LABELS,
  PresentedQuestion,
  pinyinMatches,
  presentQuestion,
  QUESTION_KINDS,
  type Question,
  type QuestionResolver,
  TYPED_ANSWER_MAX_LENGTH,
} from "../../../src/domain/self-tests/question.ts"
import { generateQuestionsOfKinds } from "../../../src/domain/self-tests/question-generators.ts"
import { learnerTestPool } from "../../../src/domain/self-tests/test-content.ts"
import { TEST_DIFFICULTY_BEGINNER, TEST_DIFFICULTY_EXPERT } from "../../../src/domain/self-tests/test-settings.ts"
import { loadTestContent } from "./content-with-charts.ts"
import { makeOracle } from "./oracle.ts"

describe("typed pinyin (expert Chinese point name test)", () => {
  it.each([
    ["Tàiyuān", "with the tone marks"],
    ["Taiyuan", "without tone marks"],
    ["taiyuan", "in lower case"],
    ["TAIYUAN", "in upper case"],
    ["Tai yuan", "with a space between the syllables"],
    ["  taiyuan ", "with spaces around"],
    ["Tàiyuan", "with some of the tone marks"],
    ["tai4yuan1", "with tone numbers"],
  ])("accepts %s (%s)", (typed) => {
    expect(pinyinMatches(typed, "Tàiyuān")).toBe(true)
  })

  it.each([
    ["Tǎiyuān", "a wrong tone mark"],
    ["Taiyuanx", "an extra letter"],
    ["Taiyun", "a missing letter"],
    ["Yuantai", "the syllables swapped"],
    ["", "nothing"],
    ["   ", "only spaces"],
    ["太淵", "the characters instead of the pinyin"],
  ])("refuses %s (%s)", (typed) => {
    expect(pinyinMatches(typed, "Tàiyuān")).toBe(false)
  })

  it("reads ü as u or v, and ignores apostrophes", () => {
    for (const typed of ["Zhōnglǚshù", "zhonglushu", "zhonglvshu", "Zhong lü shu"])
      expect(pinyinMatches(typed, "Zhōnglǚshù")).toBe(true)
    for (const typed of ["Fù'āi", "fuai", "Fu'ai", "fu ai"]) expect(pinyinMatches(typed, "Fù'āi")).toBe(true)
  })

  it("limits the length of a typed answer", () => {
    const decode = Schema.decodeUnknownExit(GivenAnswer)
    expect(decode({ _tag: "Typed", text: "a".repeat(TYPED_ANSWER_MAX_LENGTH) })._tag).toBe("Success")
    expect(decode({ _tag: "Typed", text: "a".repeat(TYPED_ANSWER_MAX_LENGTH + 1) })._tag).toBe("Failure")
  })

  it("accepts a choice of one of the four options only", () => {
    const decode = Schema.decodeUnknownExit(GivenAnswer)
    for (const index of [0, 1, 2, 3]) expect(decode({ _tag: "Choice", index })._tag).toBe("Success")
    for (const index of [-1, 4, 1.5, "1"]) expect(decode({ _tag: "Choice", index })._tag).toBe("Failure")
  })
})

describe("the answer key", () => {
  const choice: Question = {
    prompt: { kind: "point-in-area", bodyArea: "hand" },
    options: [
      { _tag: "Point", code: "LU-5" },
      { _tag: "Point", code: "LU-10" },
      { _tag: "Point", code: "LU-1" },
      { _tag: "Point", code: "LU-7" },
    ],
    answer: { _tag: "Choice", index: 1 },
    explanation: { points: ["LU-10"], bodyArea: "hand" },
  }
  const typed: Question = {
    prompt: { kind: "type-pinyin", point: "LU-9", hanzi: { traditional: "太淵", simplified: "太渊" } },
    options: [],
    answer: { _tag: "Typed", accepted: ["Tàiyuān"] },
    explanation: { points: ["LU-9"] },
  }

  it("is right for the right option only", () => {
    expect([0, 1, 2, 3].map((index) => isRightAnswer(choice, { _tag: "Choice", index }))).toEqual([
      false,
      true,
      false,
      false,
    ])
  })

  it("does not mix choices and typed answers", () => {
    expect(isRightAnswer(choice, { _tag: "Typed", text: "1" })).toBe(false)
    expect(isRightAnswer(typed, { _tag: "Choice", index: 0 })).toBe(false)
    expect(isRightAnswer(typed, { _tag: "Typed", text: "taiyuan" })).toBe(true)
  })
})

describe("what the learner sees before answering", () => {
  const { content, resolvedViews } = loadTestContent()
  const oracle = makeOracle(content, resolvedViews)
  const resolver: QuestionResolver = {
    text: (ref) => `«${oracle.text(ref)}»`,
    point: (code) => {
      const p = oracle.point(code)
      return { code: p.code, pinyin: p.pinyin, hanzi: p.hanzi, name: p.name.de }
    },
    localized: (text) => text.de,
  }
  const pool = learnerTestPool(content, content.access.free, true)
  // Ten questions of every kind, for a beginner and an expert.
  const questions = QUESTION_KINDS.flatMap((kind) =>
    ([TEST_DIFFICULTY_BEGINNER, TEST_DIFFICULTY_EXPERT] as const).flatMap((difficulty) =>
      generateQuestionsOfKinds([kind], content, pool, { difficulty, seed: 99, count: 10 }),
    ),
  )

  it("covers every kind of question", () => {
    expect(new Set(questions.map((q) => q.prompt.kind))).toEqual(new Set(QUESTION_KINDS))
    expect(Object.keys(POINT_LABELS).sort()).toEqual([...QUESTION_KINDS].sort())
  })

  it("never carries the right answer, the explanation or a text reference", () => {
    for (const question of questions) {
      const shown = presentQuestion(question, resolver)
      const json = JSON.stringify(shown)
      expect(json).not.toMatch(/"answer"|"explanation"|"accepted"|"ref"/)
      expect(shown.answerMode).toBe(question.answer._tag === "Choice" ? "choice" : "typed")
      expect(shown.options).toHaveLength(question.options.length)
      expect(Schema.decodeUnknownSync(PresentedQuestion)(JSON.parse(json))).toEqual(shown)
    }
  })

  it("resolves texts and roles in the learner's language", () => {
    for (const question of questions) {
      const shown = presentQuestion(question, resolver)
      if (question.prompt.text) expect(shown.prompt.text).toBe(resolver.text(question.prompt.text))
      if (question.prompt.role) expect(shown.prompt.role).toBe(question.prompt.role.de)
      question.options.forEach((option, i) => {
        if (option._tag === "Text") expect(shown.options[i]).toEqual({ _tag: "Text", text: resolver.text(option.ref) })
      })
    }
  })

  it("hides the codes where they give the order away and the Chinese name where it is asked", () => {
    for (const question of questions) {
      const shown = presentQuestion(question, resolver)
      const labels = POINT_LABELS[question.prompt.kind]
      const shownPoints = shown.options.flatMap((o) => (o._tag === "Point" ? [o.point] : []))
      for (const point of shownPoints) {
        expect(point.code === null).toBe(labels.options === "no-code")
        expect(point.pinyin === null && point.hanzi === null).toBe(labels.options === "no-chinese")
        expect(point.name.length).toBeGreaterThan(0)
      }
      if (shown.prompt.point) {
        expect(shown.prompt.point.code === null).toBe(labels.prompt === "no-code")
        expect(shown.prompt.point.pinyin === null).toBe(labels.prompt === "no-chinese")
      }
      // The right point's pinyin is never visible in a question that asks for it.
      if (question.prompt.kind === "pinyin-of-point" || question.prompt.kind === "type-pinyin") {
        const pinyin = oracle.point(question.prompt.point ?? "").pinyin
        expect(JSON.stringify(shown.prompt)).not.toContain(pinyin)
      }
      if (question.prompt.kind === "next-point" || question.prompt.kind === "previous-point") {
        const options = JSON.stringify(shown.options)
        for (const option of question.options)
          if (option._tag === "Point") expect(options).not.toContain(`"${option.code}"`)
      }
    }
  })

  it("shows every point in full in the review", () => {
    for (const question of questions) {
      const shown = presentQuestion(question, resolver, { reveal: true })
      for (const option of shown.options) {
        if (option._tag === "Point") expect(option.point.code !== null && option.point.pinyin !== null).toBe(true)
        if (option._tag === "Position") expect(option.point?.code).toBeTruthy()
      }
    }
  })

  it("a position on a chart names no point before the review, only where it is", () => {
    const onChart = questions.filter((q) => q.prompt.kind === "point-on-chart")
    expect(onChart.length).toBeGreaterThan(0)
    for (const question of onChart) {
      const shown = presentQuestion(question, resolver)
      expect(shown.prompt.view).toBe(question.prompt.view)
      expect(shown.prompt.point?.code).toBe(question.prompt.point)
      shown.options.forEach((option, i) => {
        const stored = question.options[i]
        expect(option).toEqual({
          _tag: "Position",
          x: stored?._tag === "Site" ? stored.x : NaN,
          y: stored?._tag === "Site" ? stored.y : NaN,
          point: null,
        })
      })
      // Not the code of any point drawn at a position, not even the asked one among them.
      const json = JSON.stringify(shown.options)
      for (const option of question.options) if (option._tag === "Site") expect(json).not.toContain(option.code)
    }
  })
})
