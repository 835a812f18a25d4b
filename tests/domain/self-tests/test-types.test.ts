// The eight test types (§2/§9's seven and safety), the question kinds each asks, their subtypes, and who may start
// them (§6): group tests are Pro, visitors see the types but start none.
import { describe, expect, it } from "vitest"
import { PLAN_ID_PRO, PLAN_ID_STANDARD } from "../../../src/domain/billing/plans.ts"
import { VISITOR, type Viewer } from "../../../src/domain/content/permissions.ts"
import { QUESTION_KINDS } from "../../../src/domain/self-tests/question.ts"
import { TEST_DIFFICULTY_BEGINNER, TEST_DIFFICULTY_EXPERT } from "../../../src/domain/self-tests/test-settings.ts"
import {
  canStartTest,
  kindsFor,
  TEST_SUBTYPES,
  TEST_TYPE_IDS,
  TEST_TYPE_LIST,
  TEST_TYPES,
  testTypePermission,
} from "../../../src/domain/self-tests/test-types.ts"

const standard: Viewer = { _tag: "Member", planId: PLAN_ID_STANDARD }
const pro: Viewer = { _tag: "Member", planId: PLAN_ID_PRO }
const CONTENT_TYPES = TEST_TYPE_IDS.filter((id) => id !== "point-group-test")

describe("test types (§2, §9)", () => {
  it("are the eight of the test menu, with the ids §9 names and the safety test", () => {
    expect(TEST_TYPE_IDS).toHaveLength(8)
    expect(TEST_TYPE_IDS).toContain("safety-test")
    for (const id of [
      "location-test",
      "multiple-choice-test",
      "body-area-test",
      "classification-test",
      "chinese-point-name-test",
    ])
      expect(TEST_TYPE_IDS).toContain(id)
    expect(TEST_TYPE_LIST.map((t) => t.id)).toEqual([...TEST_TYPE_IDS])
    for (const id of TEST_TYPE_IDS) expect(TEST_TYPES[id].id).toBe(id)
  })

  it("have the subtypes point-groups and all-points", () => {
    expect([...TEST_SUBTYPES].sort()).toEqual(["all-points", "point-groups"])
    for (const id of CONTENT_TYPES) expect(TEST_TYPES[id].subtypes).toEqual(TEST_SUBTYPES)
    expect(TEST_TYPES["point-group-test"].subtypes).toEqual(["point-groups"])
    expect(TEST_TYPE_LIST.filter((t) => t.needsGroup).map((t) => t.id)).toEqual(["point-group-test"])
  })

  it("ask every kind of question in exactly one content type", () => {
    const asked = CONTENT_TYPES.flatMap((id) => [
      ...new Set([...kindsFor(id, TEST_DIFFICULTY_BEGINNER), ...kindsFor(id, TEST_DIFFICULTY_EXPERT)]),
    ])
    // "category-of-point" belongs to both multiple choice and classification.
    expect(new Set(asked)).toEqual(new Set(QUESTION_KINDS))
    expect(asked.filter((k) => k === "category-of-point")).toHaveLength(2)
    expect(asked.length).toBe(QUESTION_KINDS.length + 1)
  })

  it("let experts type the pinyin where beginners pick it", () => {
    expect(kindsFor("chinese-point-name-test", TEST_DIFFICULTY_EXPERT)).toContain("type-pinyin")
    expect(kindsFor("chinese-point-name-test", TEST_DIFFICULTY_EXPERT)).not.toContain("pinyin-of-point")
    expect(kindsFor("chinese-point-name-test", TEST_DIFFICULTY_BEGINNER)).toContain("pinyin-of-point")
    for (const id of TEST_TYPE_IDS) expect(kindsFor(id, TEST_DIFFICULTY_BEGINNER)).not.toContain("type-pinyin")
  })

  it("make the point-group test any of the others", () => {
    for (const difficulty of [TEST_DIFFICULTY_BEGINNER, TEST_DIFFICULTY_EXPERT] as const) {
      const all = new Set(CONTENT_TYPES.flatMap((id) => kindsFor(id, difficulty)))
      expect(new Set(kindsFor("point-group-test", difficulty))).toEqual(all)
    }
  })
})

describe("who may start a test (§6)", () => {
  it.each(CONTENT_TYPES)("%s: Standard and Pro members; visitors see it unlocked but sign up first", (id) => {
    expect(testTypePermission(VISITOR, id)).toBe(true)
    expect(canStartTest(VISITOR, id)).toBe(false)
    expect(canStartTest(standard, id)).toBe(true)
    expect(canStartTest(pro, id)).toBe(true)
  })

  it("point-group tests are Pro: a Pro badge for visitors and Standard members", () => {
    expect(testTypePermission(VISITOR, "point-group-test")).toBe(false)
    expect(testTypePermission(standard, "point-group-test")).toBe(false)
    expect(testTypePermission(pro, "point-group-test")).toBe(true)
    expect(canStartTest(standard, "point-group-test")).toBe(false)
    expect(canStartTest(pro, "point-group-test")).toBe(true)
  })
})
