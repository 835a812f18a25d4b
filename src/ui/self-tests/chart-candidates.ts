// The lettered positions of a question answered on a chart, as the chart's answer component takes
// them: the option at index i is position A, B, C … (the server orders them as they read).
import { type PresentedQuestion, positionLetter } from "../../domain/self-tests/question.ts"
import type { AnswerCandidate } from "../charts/ChartAnswer.tsx"

/** The positions of a chart question; undefined for any other question. */
export const chartCandidates = (question: PresentedQuestion): ReadonlyArray<AnswerCandidate> | undefined => {
  if (question.prompt.view === undefined || question.options.length === 0) return undefined
  const candidates: Array<AnswerCandidate> = []
  for (const [index, option] of question.options.entries()) {
    if (option._tag !== "Position") return undefined
    candidates.push({ id: positionLetter(index), position: [option.x, option.y] })
  }
  return candidates
}
