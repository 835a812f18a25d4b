// What the test-session machine (test-session-machine.ts) holds and hears, and the small pure
// readings of it that the machine and its view share: the time left, the next announcement, the
// unanswered questions and the tags the view asks.
import type { ActorOptions, AnyActorLogic } from "xstate"
import type { GivenAnswer } from "../../domain/self-tests/question.ts"
import type { SessionTestType } from "../../domain/self-tests/test-review.ts"
import { TIME_ANNOUNCEMENTS_MS, type TimeAnnouncement } from "../../domain/self-tests/test-timing.ts"
import type {
  TestClockView,
  TestOverview,
  TestResultView,
  TestSessionView,
} from "../../domain/self-tests/test-views.ts"

/** The clock a session's timers run on: the browser's, or a SimulatedClock in tests. */
export type TimerClock = NonNullable<ActorOptions<AnyActorLogic>["clock"]>

export type StartMode =
  | { readonly mode: "create"; readonly type: SessionTestType; readonly group?: number | undefined }
  | { readonly mode: "resume"; readonly type: SessionTestType; readonly id: string }
  | { readonly mode: "repeat"; readonly type: SessionTestType; readonly id: string }

export interface TestSessionContext {
  readonly type: SessionTestType
  /** A point-group test's group (`/test/new/pointgroup/{parentId}/{groupId}`). */
  readonly group?: number | undefined
  /** This device's clock, in epoch milliseconds (the machine's SimulatedClock in tests). */
  readonly now: () => number
  readonly overview: TestOverview | null
  readonly start: StartMode
  readonly session: TestSessionView | null
  /** Saved answers, one per question (null: none saved yet). */
  readonly answers: ReadonlyArray<GivenAnswer | null>
  /** The question on screen. */
  readonly current: number
  /** What the learner has chosen or typed for the question on screen, not yet saved. */
  readonly draft: GivenAnswer | null
  readonly clock: TestClockView | null
  /** On this device's clock, when the time runs out; null without a time limit. */
  readonly deadline: number | null
  /** The last polite announcement of the time left; the view says it once. */
  readonly announcement: TimeAnnouncement | null
  readonly announcedLeftMs: number | null
  readonly result: TestResultView | null
  /** A form-level message key (common:errors.*) for a failed call. */
  readonly error: string | null
}

export type TestSessionEvent =
  | { readonly type: "test.start" }
  | { readonly type: "test.retry" }
  | { readonly type: "upgrade.open" }
  | { readonly type: "answer.change"; readonly answer: GivenAnswer | null }
  | { readonly type: "answer.save" }
  | { readonly type: "question.go"; readonly index: number }
  | { readonly type: "time.extend" }
  | { readonly type: "warning.dismiss" }
  | { readonly type: "test.finish" }
  | { readonly type: "finish.confirm" }
  | { readonly type: "finish.cancel" }
  | { readonly type: "test.discard" }
  | { readonly type: "discard.confirm" }
  | { readonly type: "discard.cancel" }
  /** Raised when more time was granted: the announcements start over from the new deadline. */
  | { readonly type: "clock.extended" }

export const leftAt = (context: Pick<TestSessionContext, "deadline" | "now">): number | null =>
  context.deadline === null ? null : Math.max(0, context.deadline - context.now())

/** The next announcement threshold still ahead, if any. */
export const nextAnnouncement = (left: number | null): TimeAnnouncement | null =>
  left === null ? null : (TIME_ANNOUNCEMENTS_MS.find((threshold) => threshold < left) ?? null)

export const deadlineOf = (clock: TestClockView, now: number) =>
  clock.timeLeftMs === null ? null : now + clock.timeLeftMs

export const firstUnanswered = (answers: ReadonlyArray<GivenAnswer | null>) => {
  const index = answers.indexOf(null)
  return index === -1 ? 0 : index
}

/** The questions without a saved answer; the view asks before finishing while there are any. */
export const unansweredCount = (context: Pick<TestSessionContext, "answers">) =>
  context.answers.filter((answer) => answer === null).length

/** Tags of the running test the views read. */
export const TEST_TAGS = {
  /** The question on screen can be answered, left for another, and the test finished or discarded. */
  answering: "answering",
  saving: "saving",
  /** The warning before the end is open (also while more time is on its way). */
  warned: "warned",
  extending: "extending",
  /** "Finish with N unanswered?" is asked. */
  confirmingFinish: "confirmingFinish",
  finishing: "finishing",
  confirmingDiscard: "confirmingDiscard",
  discarding: "discarding",
} as const
