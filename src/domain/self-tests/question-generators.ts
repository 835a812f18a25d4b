// Generates the questions of one self-test: a pure function of the content snapshot, the learner's
// pool, the difficulty and a seed. Each point of the pool's focus (in seeded random order) gets at
// most one question, of a kind drawn for it among those its test type asks; a kind that cannot be
// asked about a point within the pool (too few wrong options the learner may see) is skipped.
import { areaOfPoint, pointInArea } from "./body-area-questions.ts"
import {
  channelEnd,
  channelOfPoint,
  channelStart,
  coupledChannel,
  coupledVessel,
  nextChannelInFlow,
  nextPoint,
  pairedChannel,
  pointOnVessel,
  previousPoint,
} from "./channel-pathway-questions.ts"
import { hanziOfPoint, pinyinOfPoint, pointFromHanzi, pointFromPinyin, typePinyin } from "./chinese-name-questions.ts"
import { categoryOfPoint, pointForRole, pointInCategory } from "./classification-questions.ts"
import { locationOfPoint, pointFromLocation, pointOnChart } from "./location-questions.ts"
import { actionOfPoint, cautionOfPoint, indicationOfPoint } from "./multiple-choice-questions.ts"
import { optionKey, type Question, type QuestionKind, rightOption } from "./question.ts"
import { type BuildContext, type KindBuilder, poolTextsOf } from "./question-kit.ts"
import { safetyDepthLimit, safetyLungPleura, safetyPregnancy, safetyRadialArtery } from "./safety-questions.ts"
import { seededRandom } from "./seeded-random.ts"
import { indexTestContent, type TestContent, type TestPool } from "./test-content.ts"
import type { TestDifficulty } from "./test-settings.ts"
import { kindsFor, type TestTypeId } from "./test-types.ts"

export const KIND_BUILDERS: Readonly<Record<QuestionKind, KindBuilder>> = {
  "point-from-location": pointFromLocation,
  "location-of-point": locationOfPoint,
  "point-on-chart": pointOnChart,
  "point-in-area": pointInArea,
  "area-of-point": areaOfPoint,
  "action-of-point": actionOfPoint,
  "indication-of-point": indicationOfPoint,
  "category-of-point": categoryOfPoint,
  "caution-of-point": cautionOfPoint,
  "point-from-hanzi": pointFromHanzi,
  "point-from-pinyin": pointFromPinyin,
  "hanzi-of-point": hanziOfPoint,
  "pinyin-of-point": pinyinOfPoint,
  "type-pinyin": typePinyin,
  "point-for-role": pointForRole,
  "point-in-category": pointInCategory,
  "next-point": nextPoint,
  "previous-point": previousPoint,
  "channel-start": channelStart,
  "channel-end": channelEnd,
  "channel-of-point": channelOfPoint,
  "paired-channel": pairedChannel,
  "coupled-channel": coupledChannel,
  "next-channel-in-flow": nextChannelInFlow,
  "point-on-vessel": pointOnVessel,
  "coupled-vessel": coupledVessel,
  "safety-pregnancy": safetyPregnancy,
  "safety-lung-pleura": safetyLungPleura,
  "safety-depth-limit": safetyDepthLimit,
  "safety-radial-artery": safetyRadialArtery,
}

export interface GenerateOptions {
  readonly difficulty: TestDifficulty
  /** Unsigned 32-bit; the same seed with the same content, pool and options gives the same questions. */
  readonly seed: number
  /** At most this many questions (see `questionCount`); fewer when the pool does not allow more. */
  readonly count: number
}

/** Two questions asking the same thing with the same right answer are one question. */
const questionKey = (question: Question) => {
  const right = rightOption(question)
  return `${JSON.stringify(question.prompt)}|${right ? optionKey(right) : "typed"}`
}

/** The questions of a test asking only `kinds`. */
export const generateQuestionsOfKinds = (
  kinds: ReadonlyArray<QuestionKind>,
  content: TestContent,
  pool: TestPool,
  options: GenerateOptions,
): ReadonlyArray<Question> => {
  const index = indexTestContent(content)
  const random = seededRandom(options.seed)
  const poolPoints = index.points.filter((p) => pool.points.has(p.code))
  const context: BuildContext = {
    index,
    pool,
    poolPoints,
    difficulty: options.difficulty,
    random,
    poolTexts: poolTextsOf(poolPoints),
  }
  const focus = random.shuffle(index.points.filter((p) => pool.focus.has(p.code) && pool.points.has(p.code)))
  const questions: Array<Question> = []
  const asked = new Set<string>()
  for (const point of focus) {
    if (questions.length >= options.count) break
    for (const kind of random.shuffle(kinds)) {
      const question = KIND_BUILDERS[kind](context, point)
      if (!question) continue
      const key = questionKey(question)
      if (asked.has(key)) continue
      asked.add(key)
      questions.push(question)
      break
    }
  }
  return questions
}

/** The questions of a new test of `type`. */
export const generateQuestions = (
  type: TestTypeId,
  content: TestContent,
  pool: TestPool,
  options: GenerateOptions,
): ReadonlyArray<Question> => generateQuestionsOfKinds(kindsFor(type, options.difficulty), content, pool, options)
