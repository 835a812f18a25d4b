// Repeating a test right after its review: the same questions, so the learner practises what was
// asked, but not in the order just shown — the questions come in another order and, in each, the
// right option stands at another place, so no answer is remembered by its position. Positions on a
// chart keep their order: their letters follow the reading order of the chart (location-questions.ts).
import type { Question } from "./question.ts"
import { type Random, seededRandom } from "./seeded-random.ts"

/** A shuffled copy that differs from `items` whenever it can (two items or more). */
const reordered = <A>(items: ReadonlyArray<A>, random: Random): Array<A> => {
  const shuffled = random.shuffle(items)
  const same = shuffled.every((item, i) => item === items[i])
  return same && items.length > 1 ? [...items.slice(1), items[0] as A] : shuffled
}

/** The options in a new order with the right one at another place, and the answer following it. */
const withOptionsShuffled = (question: Question, random: Random): Question => {
  const { answer, options } = question
  if (answer._tag !== "Choice" || options.length < 2 || options.some((o) => o._tag === "Site")) return question
  const right = options[answer.index]
  const shuffled = random.shuffle(options)
  let index = shuffled.indexOf(right as (typeof options)[number])
  if (index === answer.index) {
    // Swap the right option with one of the others, chosen at random.
    const other = (index + 1 + random.int(shuffled.length - 1)) % shuffled.length
    ;[shuffled[index], shuffled[other]] = [shuffled[other]!, shuffled[index]!]
    index = other
  }
  return { ...question, options: shuffled, answer: { _tag: "Choice", index } }
}

/** The questions of a repeat: the same ones, in another order, each with its options shuffled. */
export const questionsForRepeat = (questions: ReadonlyArray<Question>, seed: number): ReadonlyArray<Question> => {
  const random = seededRandom(seed)
  return reordered(questions, random).map((question) => withOptionsShuffled(question, random))
}
