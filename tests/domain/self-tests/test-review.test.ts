// The review rules: which points a finished test puts into the review queue (wrong answers), which
// a review test moves on (right answers), the kinds a review asks, who may start it, and the codes a
// stored question shows (what a repeated test is checked against).
import { describe, expect, it } from "vitest"
import { PLAN_ID_PRO, PLAN_ID_STANDARD } from "../../../src/domain/billing/plans.ts"
import { VISITOR } from "../../../src/domain/content/permissions.ts"
import type { Question } from "../../../src/domain/self-tests/question.ts"
import {
  CHANNEL_LEVEL_KINDS,
  canStartSession,
  codesShownBy,
  questionPoint,
  REVIEW_TEST_ID,
  reviewUpdates,
  SESSION_TEST_TYPES,
  STANDALONE_TEST_TYPES,
  sessionKinds,
} from "../../../src/domain/self-tests/test-review.ts"
import { TEST_DIFFICULTY_BEGINNER, TEST_DIFFICULTY_EXPERT } from "../../../src/domain/self-tests/test-settings.ts"
import { kindsFor, TEST_TYPE_IDS } from "../../../src/domain/self-tests/test-types.ts"

const about = (point: string | null): Question => ({
  prompt: { kind: "location-of-point", ...(point ? { point } : {}) },
  options: [],
  answer: { _tag: "Choice", index: 0 },
  explanation: { points: point ? [point] : [] },
})
const choice = { _tag: "Choice", index: 0 } as const

describe("review updates", () => {
  it("queue every point answered wrongly, once, and leave unanswered and channel questions alone", () => {
    expect(
      reviewUpdates("location-test", [
        { question: about("LU-9"), given: choice, right: false },
        { question: about("LU-7"), given: choice, right: true },
        { question: about("LU-5"), given: null, right: false },
        { question: about(null), given: choice, right: false },
        { question: about("LU-9"), given: choice, right: false },
      ]),
    ).toEqual([{ point: "LU-9", grade: "again" }])
  })

  it("move a point on when the review test gets it right; a wrong answer to it wins", () => {
    expect(
      reviewUpdates(REVIEW_TEST_ID, [
        { question: about("LU-9"), given: choice, right: true },
        { question: about("LU-7"), given: choice, right: true },
        { question: about("LU-7"), given: choice, right: false },
      ]),
    ).toEqual([
      { point: "LU-9", grade: "good" },
      { point: "LU-7", grade: "again" },
    ])
  })

  it("read the tested point from the explanation", () => {
    expect(questionPoint(about("SP-6"))).toBe("SP-6")
    expect(questionPoint(about(null))).toBeNull()
  })
})

describe("the review test", () => {
  it("is a session type beside the eight test types", () => {
    expect(SESSION_TEST_TYPES).toEqual([...TEST_TYPE_IDS, REVIEW_TEST_ID])
    expect(STANDALONE_TEST_TYPES).not.toContain("point-group-test")
    expect(STANDALONE_TEST_TYPES).toHaveLength(7)
  })

  it("asks every point-level kind of the six content types, none about a channel or vessel as a whole", () => {
    for (const difficulty of [TEST_DIFFICULTY_BEGINNER, TEST_DIFFICULTY_EXPERT] as const) {
      const kinds = new Set(sessionKinds(REVIEW_TEST_ID, difficulty))
      for (const type of STANDALONE_TEST_TYPES)
        for (const kind of kindsFor(type, difficulty))
          if (CHANNEL_LEVEL_KINDS.has(kind)) expect(kinds).not.toContain(kind)
          else expect(kinds).toContain(kind)
      expect(sessionKinds("location-test", difficulty)).toEqual(kindsFor("location-test", difficulty))
    }
  })

  it("is open to every member and to no visitor; the group test stays Pro", () => {
    expect(canStartSession(VISITOR, REVIEW_TEST_ID)).toBe(false)
    expect(canStartSession({ _tag: "Member", planId: PLAN_ID_STANDARD }, REVIEW_TEST_ID)).toBe(true)
    expect(canStartSession({ _tag: "Member", planId: PLAN_ID_STANDARD }, "point-group-test")).toBe(false)
    expect(canStartSession({ _tag: "Member", planId: PLAN_ID_PRO }, "point-group-test")).toBe(true)
  })
})

describe("codes shown by a question", () => {
  it("collect the prompt's, the options', the texts' and the explanation's points and vessels", () => {
    const question: Question = {
      prompt: { kind: "point-on-vessel", vessel: "chong", text: { point: "KI-11", field: "location", index: 0 } },
      options: [
        { _tag: "Point", code: "KI-12" },
        { _tag: "Text", ref: { point: "ST-30", field: "actions", index: 1 } },
        { _tag: "Vessel", id: "ren" },
        { _tag: "Pinyin", pinyin: "Hénggǔ" },
      ],
      answer: { _tag: "Choice", index: 0 },
      explanation: { points: ["KI-12"], vessel: "chong" },
    }
    const shown = codesShownBy(question)
    expect([...shown.points].sort()).toEqual(["KI-11", "KI-12", "ST-30"])
    expect([...shown.vessels].sort()).toEqual(["chong", "ren"])
  })
})
