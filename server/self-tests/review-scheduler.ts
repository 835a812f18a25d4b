// The spaced-review schedule of one point, by FSRS (the `ts-fsrs` package, pinned): a card per
// learner and point, graded "again" when the point was answered wrongly and "good" when the review
// test got it right. Fuzz is off, so the same answers at the same instants give the same schedule.
import { type Card, createEmptyCard, fsrs, Rating, type State } from "ts-fsrs"
import type { ReviewGrade } from "../../src/domain/self-tests/test-review.ts"

const scheduler = fsrs({ enable_fuzz: false })

/** A card as stored (JSON): instants as epoch milliseconds. */
export interface StoredCard {
  readonly due: number
  readonly stability: number
  readonly difficulty: number
  readonly elapsed_days: number
  readonly scheduled_days: number
  readonly learning_steps: number
  readonly reps: number
  readonly lapses: number
  readonly state: number
  readonly last_review: number | null
}

const toStored = (card: Card): StoredCard => ({
  due: card.due.getTime(),
  stability: card.stability,
  difficulty: card.difficulty,
  elapsed_days: card.elapsed_days,
  scheduled_days: card.scheduled_days,
  learning_steps: card.learning_steps,
  reps: card.reps,
  lapses: card.lapses,
  state: card.state,
  last_review: card.last_review ? card.last_review.getTime() : null,
})

const fromStored = (card: StoredCard): Card => ({
  due: new Date(card.due),
  stability: card.stability,
  difficulty: card.difficulty,
  elapsed_days: card.elapsed_days,
  scheduled_days: card.scheduled_days,
  learning_steps: card.learning_steps,
  reps: card.reps,
  lapses: card.lapses,
  state: card.state as State,
  ...(card.last_review === null ? {} : { last_review: new Date(card.last_review) }),
})

const RATINGS = { again: Rating.Again, good: Rating.Good } as const

/** The card after a grade at `now`; a point seen for the first time starts as a new card. */
export const gradeCard = (card: StoredCard | null, grade: ReviewGrade, now: number): StoredCard => {
  const current = card ? fromStored(card) : createEmptyCard(new Date(now))
  return toStored(scheduler.next(current, new Date(now), RATINGS[grade]).card)
}
