// Answers of the self-test calls for machine and view tests: an overview, a running test with its
// clock, a saved answer and a result, shaped by the contract's Schemas.
import { DEFAULT_TEST_SETTINGS } from "../../../src/domain/self-tests/test-settings.ts"
import { MAX_TIME_EXTENSIONS, MINUTE_MS } from "../../../src/domain/self-tests/test-timing.ts"
import type {
  AnswerSavedView,
  TestClockView,
  TestOverview,
  TestResultView,
  TestSessionView,
} from "../../../src/domain/self-tests/test-views.ts"

export const TEST_ID = "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b"
export const REPEAT_ID = "7a1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b"

export const overview = (patch: Partial<TestOverview> = {}): TestOverview => ({
  type: "location-test",
  permission: true,
  settings: DEFAULT_TEST_SETTINGS,
  points: 120,
  allPoints: 409,
  limited: true,
  questionCount: 2,
  durationMs: 10 * MINUTE_MS,
  running: null,
  ...patch,
})

/** The clock of a test with a 10-minute limit (practice: none) and `timeLeftMs` left. */
export const clock = (timeLeftMs: number | null, patch: Partial<TestClockView> = {}): TestClockView => ({
  practice: timeLeftMs === null,
  timeLeftMs,
  limitMs: timeLeftMs === null ? null : 10 * MINUTE_MS,
  extensions: 0,
  maxExtensions: MAX_TIME_EXTENSIONS,
  extraTimeMs: 2 * MINUTE_MS,
  canExtend: timeLeftMs !== null,
  ...patch,
})

const point = (code: string, name: string) => ({
  code,
  pinyin: `${name} pinyin`,
  hanzi: { traditional: "穴", simplified: "穴" },
  name,
})

/** "Where is LU-5?" answered on the whole-body front chart: four lettered positions, no point named. */
export const chartQuestion: TestSessionView["questions"][number] = {
  prompt: { kind: "point-on-chart", point: point("LU-5", "Cubit Marsh"), view: "body-front" },
  options: [
    { _tag: "Position", x: 120, y: 150, point: null },
    { _tag: "Position", x: 140, y: 210, point: null },
    { _tag: "Position", x: 110, y: 270, point: null },
    { _tag: "Position", x: 160, y: 330, point: null },
  ],
  answerMode: "choice",
}

export const session = (patch: Partial<TestSessionView> = {}): TestSessionView => ({
  id: TEST_ID,
  type: "location-test",
  status: "running",
  difficulty: 0,
  clock: clock(10 * MINUTE_MS),
  questions: [
    {
      prompt: { kind: "point-from-location", text: "On the radial side of the wrist crease." },
      options: [
        { _tag: "Point", point: point("LU-9", "Great Abyss") },
        { _tag: "Point", point: point("LU-7", "Broken Sequence") },
        { _tag: "Point", point: point("LU-5", "Cubit Marsh") },
        { _tag: "Point", point: point("LU-1", "Central Treasury") },
      ],
      answerMode: "choice",
    },
    {
      prompt: { kind: "location-of-point", point: point("LU-5", "Cubit Marsh") },
      options: [
        { _tag: "Text", text: "In the cubital crease, radial to the biceps tendon." },
        { _tag: "Text", text: "Below the lateral end of the clavicle." },
        { _tag: "Text", text: "At the radial styloid process." },
        { _tag: "Text", text: "At the corner of the thumbnail." },
      ],
      answerMode: "choice",
    },
  ],
  answers: [null, null],
  textLanguages: ["en", "en"],
  names: {},
  ...patch,
})

export const saved = (
  question: number,
  answered: number,
  timeLeftMs: number | null = 9 * MINUTE_MS,
): AnswerSavedView => ({
  question,
  answered,
  clock: clock(timeLeftMs),
})

export const result = (patch: Partial<TestResultView> = {}): TestResultView => ({
  id: TEST_ID,
  type: "location-test",
  difficulty: 0,
  score: 1,
  total: 2,
  answered: 2,
  percent: 50,
  timeUsedMs: 3 * MINUTE_MS,
  practice: false,
  expired: false,
  finishedAt: "2026-05-01T10:00:00.000Z",
  review: session().questions.map((question, i) => ({
    question,
    given: { _tag: "Choice", index: i === 0 ? 0 : 1 },
    right: i === 0,
    answer: { _tag: "Choice", index: 0 },
    textLanguage: "en",
    points: [{ code: i === 0 ? "LU-9" : "LU-5", slug: i === 0 ? "lu-9-taiyuan" : "lu-5-chize", name: "x" }],
  })),
  names: {},
  reviewQueued: 1,
  ...patch,
})
