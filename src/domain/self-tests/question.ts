// One self-test question as the server stores it, and as the learner sees it. A prompt is data (a
// kind and its parameters), never English prose: the app words it in the learner's language.
// Content texts (locations, actions …) are referred to by point, field and index and resolved into
// the learner's language by the server; `presentQuestion` is the one place that turns a stored
// question into what may be sent before the learner has answered (no right answer, no hidden code).
import { Schema } from "effect"
import { CHART_VIEW_IDS } from "../charts/chart-ids.ts"
import { BODY_AREA_IDS, CHANNEL_CODES, Localized, VESSEL_IDS } from "../content/content-schema.ts"
import { boundedText } from "../shared/input-rules.ts"

export const QUESTION_KINDS = [
  // location
  "point-from-location",
  "location-of-point",
  "point-on-chart",
  // body area
  "point-in-area",
  "area-of-point",
  // multiple choice
  "action-of-point",
  "indication-of-point",
  "category-of-point",
  "caution-of-point",
  // Chinese point name
  "point-from-hanzi",
  "point-from-pinyin",
  "hanzi-of-point",
  "pinyin-of-point",
  "type-pinyin",
  // classification
  "point-for-role",
  "point-in-category",
  // channel pathways
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
  // safety
  "safety-pregnancy",
  "safety-lung-pleura",
  "safety-depth-limit",
  "safety-radial-artery",
] as const
export const QuestionKind = Schema.Literals(QUESTION_KINDS)
export type QuestionKind = typeof QuestionKind.Type

/** Four options: the right one and three wrong ones. */
export const OPTION_COUNT = 4
/** Positions on a chart are called by letter, in reading order (top to bottom, then left to right). */
export const POSITION_LETTERS = ["A", "B", "C", "D"] as const
export const positionLetter = (index: number): string => POSITION_LETTERS[index] ?? String(index + 1)
/** Longest typed answer accepted (a pinyin name is far shorter). */
export const TYPED_ANSWER_MAX_LENGTH = 100

export const ChannelCodeSchema = Schema.Literals(CHANNEL_CODES)
export const BodyAreaIdSchema = Schema.Literals(BODY_AREA_IDS)
export const VesselIdSchema = Schema.Literals(VESSEL_IDS)
export const ChartViewIdSchema = Schema.Literals(CHART_VIEW_IDS)
export const Hanzi = Schema.Struct({ traditional: Schema.String, simplified: Schema.String })
export type Hanzi = typeof Hanzi.Type

export const TEXT_FIELDS = ["location", "actions", "indications", "cautions", "contraindications"] as const
export const TextField = Schema.Literals(TEXT_FIELDS)
export type TextField = typeof TextField.Type

/** A content text of a point: `location` (index 0), or one entry of its actions, indications, needling cautions or contraindications. */
export const TextRef = Schema.Struct({ point: Schema.String, field: TextField, index: Schema.Int })
export type TextRef = typeof TextRef.Type

export const QuestionOption = Schema.Union([
  Schema.TaggedStruct("Point", { code: Schema.String }),
  Schema.TaggedStruct("Text", { ref: TextRef }),
  Schema.TaggedStruct("Pinyin", { pinyin: Schema.String }),
  Schema.TaggedStruct("Hanzi", { hanzi: Hanzi }),
  Schema.TaggedStruct("Channel", { code: ChannelCodeSchema }),
  Schema.TaggedStruct("Category", { id: Schema.String }),
  Schema.TaggedStruct("BodyArea", { id: BodyAreaIdSchema }),
  Schema.TaggedStruct("Vessel", { id: VesselIdSchema }),
  /** A position on the prompt's chart view: where `code` is drawn (one of its sites). */
  Schema.TaggedStruct("Site", { code: Schema.String, x: Schema.Finite, y: Schema.Finite }),
])
export type QuestionOption = typeof QuestionOption.Type

/** The parameters a kind uses are set; the others are absent. */
export const Prompt = Schema.Struct({
  kind: QuestionKind,
  point: Schema.optionalKey(Schema.String),
  channel: Schema.optionalKey(ChannelCodeSchema),
  category: Schema.optionalKey(Schema.String),
  role: Schema.optionalKey(Localized),
  bodyArea: Schema.optionalKey(BodyAreaIdSchema),
  vessel: Schema.optionalKey(VesselIdSchema),
  text: Schema.optionalKey(TextRef),
  pinyin: Schema.optionalKey(Schema.String),
  hanzi: Schema.optionalKey(Hanzi),
  /** The chart view a "where is it?" question is answered on. */
  view: Schema.optionalKey(ChartViewIdSchema),
})
export type Prompt = typeof Prompt.Type

export const AnswerKey = Schema.Union([
  Schema.TaggedStruct("Choice", { index: Schema.Int }),
  /** Typed pinyin: right when it matches one of these (see `pinyinMatches`). */
  Schema.TaggedStruct("Typed", { accepted: Schema.Array(Schema.String) }),
])
export type AnswerKey = typeof AnswerKey.Type

/** What the review links to: the points the question is about (the right one first) and the item asked. */
export const Explanation = Schema.Struct({
  points: Schema.Array(Schema.String),
  channel: Schema.optionalKey(ChannelCodeSchema),
  category: Schema.optionalKey(Schema.String),
  bodyArea: Schema.optionalKey(BodyAreaIdSchema),
  vessel: Schema.optionalKey(VesselIdSchema),
  /** Why the right answer is right: the sentence that states it (a safety question's flag). */
  reason: Schema.optionalKey(TextRef),
})
export type Explanation = typeof Explanation.Type

export const Question = Schema.Struct({
  prompt: Prompt,
  /** Four options, or none for a typed answer. */
  options: Schema.Array(QuestionOption),
  answer: AnswerKey,
  explanation: Explanation,
})
export type Question = typeof Question.Type

/** What the learner sends for one question. */
export const GivenAnswer = Schema.Union([
  Schema.TaggedStruct("Choice", {
    index: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: OPTION_COUNT - 1 })),
  }),
  Schema.TaggedStruct("Typed", { text: boundedText(TYPED_ANSWER_MAX_LENGTH) }),
])
export type GivenAnswer = typeof GivenAnswer.Type

/** A key that is equal for equal options. */
export const optionKey = (option: QuestionOption): string => {
  switch (option._tag) {
    case "Point":
      return `point:${option.code}`
    case "Text":
      return `text:${option.ref.point}:${option.ref.field}:${option.ref.index}`
    case "Pinyin":
      return `pinyin:${option.pinyin}`
    case "Hanzi":
      return `hanzi:${option.hanzi.traditional}`
    case "Channel":
      return `channel:${option.code}`
    case "Category":
      return `category:${option.id}`
    case "BodyArea":
      return `area:${option.id}`
    case "Vessel":
      return `vessel:${option.id}`
    case "Site":
      return `site:${option.code}`
  }
}

// Tone marks are combining characters after NFD; the diaeresis of ü is not a tone.
const TONES: Readonly<Record<string, number>> = { "\u0304": 1, "\u0301": 2, "\u030C": 3, "\u0300": 4 }
const DIAERESIS = "\u0308"

type Syllabic = { base: string; tone: number | null }

/** Letters with their tone marks; ü and v read as u; spaces, apostrophes, hyphens and digits are ignored. */
const pinyinUnits = (text: string): ReadonlyArray<Syllabic> => {
  const units: Array<Syllabic> = []
  for (const char of text.normalize("NFD")) {
    const tone = TONES[char]
    if (tone !== undefined) {
      const last = units.at(-1)
      if (last) last.tone = tone
    } else if (char === DIAERESIS) {
      // ü is written u or v by learners without a pinyin keyboard
    } else if (/\p{L}/u.test(char)) {
      const base = char.toLowerCase()
      units.push({ base: base === "v" ? "u" : base, tone: null })
    }
  }
  return units
}

/**
 * A typed pinyin name is right when its letters equal the expected ones, whatever the case, spacing
 * and apostrophes; tone marks may be left out, but those that are typed must be the right ones.
 */
export const pinyinMatches = (typed: string, expected: string): boolean => {
  const a = pinyinUnits(typed)
  const b = pinyinUnits(expected)
  if (a.length === 0 || a.length !== b.length) return false
  return a.every((unit, i) => {
    const other = b[i]
    return other !== undefined && unit.base === other.base && (unit.tone === null || unit.tone === other.tone)
  })
}

export const isRightAnswer = (question: Question, given: GivenAnswer): boolean => {
  const { answer } = question
  if (answer._tag === "Choice") return given._tag === "Choice" && given.index === answer.index
  return given._tag === "Typed" && answer.accepted.some((accepted) => pinyinMatches(given.text, accepted))
}

/** The right option of a multiple-choice question; undefined for a typed one. */
export const rightOption = (question: Question): QuestionOption | undefined =>
  question.answer._tag === "Choice" ? question.options[question.answer.index] : undefined

/**
 * Which facts of a point may be shown where a question shows it. The code gives the channel and the
 * order along it, and the Chinese name is what the Chinese-name questions ask, so each kind hides
 * what would give its answer away; a position on a chart names no point at all until the review.
 */
export type PointLabel = "full" | "no-code" | "no-chinese" | "hidden"

export const POINT_LABELS: Readonly<
  Record<QuestionKind, { readonly prompt: PointLabel; readonly options: PointLabel }>
> = {
  "point-from-location": { prompt: "full", options: "full" },
  "location-of-point": { prompt: "full", options: "full" },
  "point-on-chart": { prompt: "full", options: "hidden" },
  "point-in-area": { prompt: "full", options: "full" },
  "area-of-point": { prompt: "full", options: "full" },
  "action-of-point": { prompt: "full", options: "full" },
  "indication-of-point": { prompt: "full", options: "full" },
  "category-of-point": { prompt: "full", options: "full" },
  "caution-of-point": { prompt: "full", options: "full" },
  "point-from-hanzi": { prompt: "full", options: "no-chinese" },
  "point-from-pinyin": { prompt: "full", options: "no-chinese" },
  "hanzi-of-point": { prompt: "no-chinese", options: "full" },
  "pinyin-of-point": { prompt: "no-chinese", options: "full" },
  "type-pinyin": { prompt: "no-chinese", options: "full" },
  "point-for-role": { prompt: "full", options: "full" },
  "point-in-category": { prompt: "full", options: "full" },
  "next-point": { prompt: "full", options: "no-code" },
  "previous-point": { prompt: "full", options: "no-code" },
  "channel-start": { prompt: "full", options: "no-code" },
  "channel-end": { prompt: "full", options: "no-code" },
  "channel-of-point": { prompt: "no-code", options: "full" },
  "paired-channel": { prompt: "full", options: "full" },
  "coupled-channel": { prompt: "full", options: "full" },
  "next-channel-in-flow": { prompt: "full", options: "full" },
  "point-on-vessel": { prompt: "full", options: "full" },
  "coupled-vessel": { prompt: "full", options: "full" },
  "safety-pregnancy": { prompt: "full", options: "full" },
  "safety-lung-pleura": { prompt: "full", options: "full" },
  "safety-depth-limit": { prompt: "full", options: "full" },
  "safety-radial-artery": { prompt: "full", options: "full" },
}

/** A point as shown in a question: the facts its label allows, names in the learner's language. */
export const PresentedPoint = Schema.Struct({
  code: Schema.NullOr(Schema.String),
  pinyin: Schema.NullOr(Schema.String),
  hanzi: Schema.NullOr(Hanzi),
  name: Schema.String,
})
export type PresentedPoint = typeof PresentedPoint.Type

export const PresentedOption = Schema.Union([
  Schema.TaggedStruct("Point", { point: PresentedPoint }),
  Schema.TaggedStruct("Text", { text: Schema.String }),
  Schema.TaggedStruct("Pinyin", { pinyin: Schema.String }),
  Schema.TaggedStruct("Hanzi", { hanzi: Hanzi }),
  Schema.TaggedStruct("Channel", { code: ChannelCodeSchema }),
  Schema.TaggedStruct("Category", { id: Schema.String }),
  Schema.TaggedStruct("BodyArea", { id: BodyAreaIdSchema }),
  Schema.TaggedStruct("Vessel", { id: VesselIdSchema }),
  /** A position on the chart, lettered by its index; the point drawn there is named only in the review. */
  Schema.TaggedStruct("Position", { x: Schema.Number, y: Schema.Number, point: Schema.NullOr(PresentedPoint) }),
])
export type PresentedOption = typeof PresentedOption.Type

export const PresentedPrompt = Schema.Struct({
  kind: QuestionKind,
  point: Schema.optionalKey(PresentedPoint),
  channel: Schema.optionalKey(ChannelCodeSchema),
  category: Schema.optionalKey(Schema.String),
  role: Schema.optionalKey(Schema.String),
  bodyArea: Schema.optionalKey(BodyAreaIdSchema),
  vessel: Schema.optionalKey(VesselIdSchema),
  text: Schema.optionalKey(Schema.String),
  pinyin: Schema.optionalKey(Schema.String),
  hanzi: Schema.optionalKey(Hanzi),
  view: Schema.optionalKey(ChartViewIdSchema),
})
export type PresentedPrompt = typeof PresentedPrompt.Type

export const PresentedQuestion = Schema.Struct({
  prompt: PresentedPrompt,
  options: Schema.Array(PresentedOption),
  answerMode: Schema.Literals(["choice", "typed"]),
})
export type PresentedQuestion = typeof PresentedQuestion.Type

/** The server's lookups in the learner's language. */
export interface QuestionResolver {
  readonly text: (ref: TextRef) => string
  readonly point: (code: string) => {
    readonly code: string
    readonly pinyin: string
    readonly hanzi: Hanzi
    readonly name: string
  }
  readonly localized: (text: Localized) => string
}

const presentPoint = (resolver: QuestionResolver, code: string, label: PointLabel): PresentedPoint => {
  const point = resolver.point(code)
  return {
    code: label === "no-code" ? null : point.code,
    pinyin: label === "no-chinese" ? null : point.pinyin,
    hanzi: label === "no-chinese" ? null : point.hanzi,
    name: point.name,
  }
}

const presentOption = (resolver: QuestionResolver, option: QuestionOption, label: PointLabel): PresentedOption => {
  switch (option._tag) {
    case "Point":
      return { _tag: "Point", point: presentPoint(resolver, option.code, label) }
    case "Text":
      return { _tag: "Text", text: resolver.text(option.ref) }
    case "Site":
      return {
        _tag: "Position",
        x: option.x,
        y: option.y,
        point: label === "hidden" ? null : presentPoint(resolver, option.code, label),
      }
    default:
      return option
  }
}

/**
 * A question as it may be sent before it is answered: texts resolved, points shown as their label
 * allows, no right answer and no explanation. With `reveal` (the review after the test) every point
 * is shown in full.
 */
export const presentQuestion = (
  question: Question,
  resolver: QuestionResolver,
  options: { readonly reveal?: boolean } = {},
): PresentedQuestion => {
  const labels = options.reveal
    ? { prompt: "full" as const, options: "full" as const }
    : POINT_LABELS[question.prompt.kind]
  const { point, text, role, ...rest } = question.prompt
  return {
    prompt: {
      ...rest,
      ...(point !== undefined ? { point: presentPoint(resolver, point, labels.prompt) } : {}),
      ...(text !== undefined ? { text: resolver.text(text) } : {}),
      ...(role !== undefined ? { role: resolver.localized(role) } : {}),
    },
    options: question.options.map((option) => presentOption(resolver, option, labels.options)),
    answerMode: question.answer._tag === "Choice" ? "choice" : "typed",
  }
}
