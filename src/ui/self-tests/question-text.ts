// Words a presented question in the learner's language: the prompt's translated template (locales,
// `self-tests:prompts.*`) filled with the point, channel, category, body-area or vessel names the
// server resolved, and each option as the learner reads it. Shared by the test and its review.
import type { TFunction } from "i18next"
import {
  type GivenAnswer,
  type PresentedOption,
  type PresentedPoint,
  type PresentedQuestion,
  positionLetter,
} from "../../domain/self-tests/question.ts"
import { type NameKind, type Names, nameKey } from "../../domain/self-tests/test-views.ts"

const hanziText = (hanzi: { readonly traditional: string; readonly simplified: string }) =>
  hanzi.traditional === hanzi.simplified ? hanzi.traditional : `${hanzi.traditional} / ${hanzi.simplified}`

/** "LU-9 Tàiyuān 太淵 — Great Abyss", leaving out what the question hides. */
export const pointText = (point: PresentedPoint): string => {
  const head = [point.code, point.pinyin, point.hanzi ? hanziText(point.hanzi) : null].filter(Boolean).join(" ")
  return head ? `${head} — ${point.name}` : point.name
}

const named = (names: Names, kind: NameKind, id: string | undefined) =>
  id === undefined ? "" : (names[nameKey(kind, id)] ?? id)

/** An option as the learner reads it; a position on a chart is its letter (and, in the review, its point). */
export const optionText = (option: PresentedOption, names: Names, index = 0): string => {
  switch (option._tag) {
    case "Point":
      return pointText(option.point)
    case "Text":
      return option.text
    case "Pinyin":
      return option.pinyin
    case "Hanzi":
      return hanziText(option.hanzi)
    case "Channel":
      return named(names, "channel", option.code)
    case "Category":
      return named(names, "category", option.id)
    case "BodyArea":
      return named(names, "bodyArea", option.id)
    case "Vessel":
      return named(names, "vessel", option.id)
    case "Position":
      return option.point ? `${positionLetter(index)}: ${pointText(option.point)}` : positionLetter(index)
  }
}

/** The question itself, e.g. "Where is LU-5 Chǐzé 尺澤 — Cubit Marsh located?" */
export const promptText = (t: TFunction, question: PresentedQuestion, names: Names): string => {
  const { prompt } = question
  return t(`self-tests:prompts.${prompt.kind}`, {
    point: prompt.point ? pointText(prompt.point) : "",
    channel: named(names, "channel", prompt.channel),
    category: named(names, "category", prompt.category),
    area: named(names, "bodyArea", prompt.bodyArea),
    vessel: named(names, "vessel", prompt.vessel),
    role: prompt.role ?? "",
    pinyin: prompt.pinyin ?? "",
    hanzi: prompt.hanzi ? hanziText(prompt.hanzi) : "",
  })
}

/** What the learner answered, as text. */
export const givenText = (question: PresentedQuestion, given: GivenAnswer, names: Names): string => {
  if (given._tag === "Typed") return given.text
  const option = question.options[given.index]
  return option ? optionText(option, names, given.index) : ""
}

/** mm:ss (h:mm:ss from an hour), for time left and time used. */
export const clockText = (ms: number): string => {
  const total = Math.max(0, Math.ceil(ms / 1000))
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = String(total % 60).padStart(2, "0")
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`
}
