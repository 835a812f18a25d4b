// The eight self-test types of the test menu (§2, §9) and their rules: which question kinds each
// asks at each difficulty, which subtypes (all points or a point group) it runs on, and who may
// start it (§6: group tests are Pro; Standard learners test the free content).
import { Schema } from "effect"
import { hasPro, type Viewer } from "../content/permissions.ts"
import type { QuestionKind } from "./question.ts"
import { TEST_DIFFICULTY_EXPERT, type TestDifficulty } from "./test-settings.ts"

/** §9 names five ids; channel pathways, safety and point group follow the same pattern. */
export const TEST_TYPE_IDS = [
  "location-test",
  "body-area-test",
  "multiple-choice-test",
  "chinese-point-name-test",
  "classification-test",
  "channel-pathways-test",
  "safety-test",
  "point-group-test",
] as const
export const TestTypeId = Schema.Literals(TEST_TYPE_IDS)
export type TestTypeId = typeof TestTypeId.Type

/** §9 subtypes: the whole pool the learner may open, or one of the learner's point groups. */
export const TEST_SUBTYPES = ["all-points", "point-groups"] as const
export const TestSubtype = Schema.Literals(TEST_SUBTYPES)
export type TestSubtype = typeof TestSubtype.Type

export interface TestTypeRule {
  readonly id: TestTypeId
  /** Kinds asked to a beginner and to an expert; experts type the pinyin instead of picking it. */
  readonly kinds: { readonly beginner: ReadonlyArray<QuestionKind>; readonly expert: ReadonlyArray<QuestionKind> }
  readonly subtypes: ReadonlyArray<TestSubtype>
  /** Needs a point group (`/test/new/pointgroup/{parentId}/{groupId}`). */
  readonly needsGroup: boolean
  /** Locked for visitors and Standard learners: Pro badge and the upgrade modal. */
  readonly proOnly: boolean
}

const BOTH: ReadonlyArray<TestSubtype> = TEST_SUBTYPES

const same = (kinds: ReadonlyArray<QuestionKind>) => ({ beginner: kinds, expert: kinds })

const LOCATION = same(["point-from-location", "location-of-point", "point-on-chart"])
const BODY_AREA = same(["point-in-area", "area-of-point"])
const MULTIPLE_CHOICE = same(["action-of-point", "indication-of-point", "category-of-point", "caution-of-point"])
const CHINESE_NAME = {
  beginner: ["point-from-hanzi", "point-from-pinyin", "hanzi-of-point", "pinyin-of-point"],
  expert: ["point-from-hanzi", "point-from-pinyin", "hanzi-of-point", "type-pinyin"],
} as const satisfies TestTypeRule["kinds"]
const CLASSIFICATION = same(["point-for-role", "point-in-category", "category-of-point"])
const CHANNEL_PATHWAYS = same([
  "next-point",
  "previous-point",
  "channel-start",
  "channel-end",
  "channel-of-point",
  "paired-channel",
  "coupled-channel",
  "next-channel-in-flow",
  "point-on-vessel",
  "coupled-vessel",
])

const SAFETY = same(["safety-pregnancy", "safety-lung-pleura", "safety-depth-limit", "safety-radial-artery"])

const unique = (kinds: ReadonlyArray<QuestionKind>) => [...new Set(kinds)]
const everything = [LOCATION, BODY_AREA, MULTIPLE_CHOICE, CHINESE_NAME, CLASSIFICATION, CHANNEL_PATHWAYS, SAFETY]

export const TEST_TYPES: Readonly<Record<TestTypeId, TestTypeRule>> = {
  "location-test": { id: "location-test", kinds: LOCATION, subtypes: BOTH, needsGroup: false, proOnly: false },
  "body-area-test": { id: "body-area-test", kinds: BODY_AREA, subtypes: BOTH, needsGroup: false, proOnly: false },
  "multiple-choice-test": {
    id: "multiple-choice-test",
    kinds: MULTIPLE_CHOICE,
    subtypes: BOTH,
    needsGroup: false,
    proOnly: false,
  },
  "chinese-point-name-test": {
    id: "chinese-point-name-test",
    kinds: CHINESE_NAME,
    subtypes: BOTH,
    needsGroup: false,
    proOnly: false,
  },
  "classification-test": {
    id: "classification-test",
    kinds: CLASSIFICATION,
    subtypes: BOTH,
    needsGroup: false,
    proOnly: false,
  },
  "channel-pathways-test": {
    id: "channel-pathways-test",
    kinds: CHANNEL_PATHWAYS,
    subtypes: BOTH,
    needsGroup: false,
    proOnly: false,
  },
  // Any of the above, about the points of one of the learner's groups.
  "point-group-test": {
    id: "point-group-test",
    kinds: {
      beginner: unique(everything.flatMap((k) => k.beginner)),
      expert: unique(everything.flatMap((k) => k.expert)),
    },
    subtypes: ["point-groups"],
    needsGroup: true,
    proOnly: true,
  },
  // Which of four points must not be needled in pregnancy, lies over the lung, has a depth limit …
  "safety-test": { id: "safety-test", kinds: SAFETY, subtypes: BOTH, needsGroup: false, proOnly: false },
}

/** The test types in menu order (§2). */
export const TEST_TYPE_LIST: ReadonlyArray<TestTypeRule> = TEST_TYPE_IDS.map((id) => TEST_TYPES[id])

export const kindsFor = (type: TestTypeId, difficulty: TestDifficulty): ReadonlyArray<QuestionKind> =>
  difficulty === TEST_DIFFICULTY_EXPERT ? TEST_TYPES[type].kinds.expert : TEST_TYPES[type].kinds.beginner

/** The `permission` flag of a test type in the menu: false shows the Pro badge. */
export const testTypePermission = (viewer: Viewer, type: TestTypeId): boolean =>
  !TEST_TYPES[type].proOnly || hasPro(viewer)

/** Visitors see the types and a sign-up prompt; members start what their plan opens. */
export const canStartTest = (viewer: Viewer, type: TestTypeId): boolean =>
  viewer._tag === "Member" && testTypePermission(viewer, type)
