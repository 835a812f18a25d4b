// One self-test from its new-test page to its review (§7 "tests", issue 14): configuring (the
// overview of the type; a test still running resumes at once) → loading → answering ⇄ saving,
// warned before the end with a one-key "more time" → expired | finished → reviewing. The server
// holds the clock: the deadline here is the server's time left laid on this device's clock, so the
// warning, the expiry and the three polite announcements (5 min, 1 min, 30 s) fire on time; an
// answer the server refuses because the time is up ends the test like the local timer would.
import { type ActorOptions, type AnyActorLogic, and, assign, fromPromise, setup } from "xstate"
import { failureTag, formErrorKey } from "../../domain/shared/errors.ts"
import type { GivenAnswer } from "../../domain/tests/question.ts"
import type { SessionTestType } from "../../domain/tests/test-review.ts"
import {
  announcementDue,
  isWarningDue,
  TIME_ANNOUNCEMENTS_MS,
  type TimeAnnouncement,
  WARNING_LEAD_MS,
} from "../../domain/tests/test-timing.ts"
import type {
  AnswerSavedView,
  TestClockView,
  TestOverview,
  TestResultView,
  TestSessionView,
} from "../../domain/tests/test-views.ts"
import { errorOf, isFailure, isFailureWhere } from "../shared/api-call.ts"

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
  /** The learner closed the warning without more time: it does not come back. */
  readonly warningDismissed: boolean
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
  | { readonly type: "test.discard" }
  | { readonly type: "discard.confirm" }
  | { readonly type: "discard.cancel" }
  | { readonly type: "test.repeat" }
  | { readonly type: "test.new" }

const leftAt = (context: Pick<TestSessionContext, "deadline" | "now">): number | null =>
  context.deadline === null ? null : Math.max(0, context.deadline - context.now())

/** The next announcement threshold still ahead, if any. */
const nextAnnouncement = (left: number | null): TimeAnnouncement | null =>
  left === null ? null : (TIME_ANNOUNCEMENTS_MS.find((threshold) => threshold < left) ?? null)

const deadlineOf = (clock: TestClockView, now: number) => (clock.timeLeftMs === null ? null : now + clock.timeLeftMs)

const firstUnanswered = (answers: ReadonlyArray<GivenAnswer | null>) => {
  const index = answers.indexOf(null)
  return index === -1 ? 0 : index
}

export const testSessionMachine = setup({
  types: {
    context: {} as TestSessionContext,
    events: {} as TestSessionEvent,
    input: {} as {
      readonly type: SessionTestType
      readonly now: () => number
      /** A finished test to repeat at once (from its result page). */
      readonly repeat?: string | undefined
      /** The point group a point-group test asks about. */
      readonly group?: number | undefined
    },
  },
  actors: {
    loadOverview: fromPromise<TestOverview, { readonly type: SessionTestType; readonly group?: number | undefined }>(
      () => Promise.reject(new Error("loadOverview actor not provided")),
    ),
    startTest: fromPromise<TestSessionView, StartMode>(() => Promise.reject(new Error("startTest actor not provided"))),
    saveAnswer: fromPromise<
      AnswerSavedView,
      { readonly testId: string; readonly question: number; readonly answer: GivenAnswer }
    >(() => Promise.reject(new Error("saveAnswer actor not provided"))),
    addExtraTime: fromPromise<TestClockView, { readonly testId: string }>(() =>
      Promise.reject(new Error("addExtraTime actor not provided")),
    ),
    finishTest: fromPromise<TestResultView, { readonly testId: string }>(() =>
      Promise.reject(new Error("finishTest actor not provided")),
    ),
    resetTest: fromPromise<TestOverview, { readonly testId: string }>(() =>
      Promise.reject(new Error("resetTest actor not provided")),
    ),
  },
  actions: {
    /** Provided: the upgrade modal in its lite version (§6). */
    openUpgrade: () => {},
    clearError: assign({ error: null }),
    // A refusal for want of Pro says so (beside the upgrade modal), not "something went wrong".
    failWith: assign(({ event }) => ({
      error: failureTag(errorOf(event)) === "ProRequired" ? "errors.testNeedsPro" : formErrorKey(errorOf(event)),
    })),
  },
  delays: {
    untilExpiry: ({ context }) => leftAt(context) ?? 0,
    untilWarning: ({ context }) => Math.max(0, (leftAt(context) ?? 0) - WARNING_LEAD_MS),
    untilAnnouncement: ({ context }) => {
      const left = leftAt(context)
      const next = nextAnnouncement(left)
      return left === null || next === null ? 0 : left - next
    },
  },
  guards: {
    isTimed: ({ context }) => context.deadline !== null,
    hasOverview: ({ context }) => context.overview !== null,
    mayStart: ({ context }) => context.overview?.permission === true && context.overview.questionCount > 0,
    isLockedType: ({ context }) => context.overview !== null && !context.overview.permission,
    hasDraft: ({ context }) =>
      context.draft !== null && (context.draft._tag === "Choice" || context.draft.text.trim() !== ""),
    isValidIndex: ({ context, event }) =>
      event.type === "question.go" && event.index >= 0 && event.index < (context.session?.questions.length ?? 0),
    warningAhead: ({ context }) => context.deadline !== null && !context.warningDismissed,
    /** A threshold was reached since the last announcement (the timer fires exactly at it). */
    announcementReached: ({ context }) => announcementDue(context.announcedLeftMs, leftAt(context)) !== null,
    isTimeUp: isFailureWhere("TestClosed", (failure) => failure.reason === "timeUp"),
    isClosed: isFailure("TestClosed"),
    isProRequired: isFailure("ProRequired"),
    canExtend: ({ context }) => context.clock?.canExtend === true,
  },
}).createMachine({
  id: "testSession",
  context: ({ input }) => ({
    type: input.type,
    group: input.group,
    now: input.now,
    overview: null,
    start: input.repeat
      ? { mode: "repeat", type: input.type, id: input.repeat }
      : { mode: "create", type: input.type, group: input.group },
    session: null,
    answers: [],
    current: 0,
    draft: null,
    clock: null,
    deadline: null,
    announcement: null,
    announcedLeftMs: null,
    warningDismissed: false,
    result: null,
    error: null,
  }),
  initial: "starting",
  states: {
    starting: {
      always: [
        { guard: ({ context }) => context.start.mode === "repeat", target: "loading" },
        { target: "configuring" },
      ],
    },
    configuring: {
      initial: "loading",
      states: {
        loading: {
          tags: ["busy"],
          invoke: {
            src: "loadOverview",
            input: ({ context }) => ({ type: context.type, group: context.group }),
            onDone: [
              {
                // A test of this type is still running (a reload, another tab): it goes on.
                guard: ({ event }) => event.output.running !== null,
                target: "#testSession.loading",
                actions: assign(({ context, event }) => ({
                  overview: event.output,
                  start: { mode: "resume", type: context.type, id: event.output.running?.id ?? "" } as const,
                })),
              },
              { target: "ready", actions: assign(({ event }) => ({ overview: event.output, error: null })) },
            ],
            onError: { target: "failed", actions: "failWith" },
          },
        },
        ready: {
          on: {
            "test.start": [
              {
                guard: "mayStart",
                target: "#testSession.loading",
                actions: assign(({ context }) => ({
                  start: { mode: "create", type: context.type, group: context.group } as const,
                })),
              },
              { guard: "isLockedType", actions: "openUpgrade" },
            ],
            "upgrade.open": { actions: "openUpgrade" },
          },
        },
        failed: { on: { "test.retry": { target: "loading", actions: "clearError" } } },
      },
    },
    loading: {
      tags: ["busy"],
      invoke: {
        src: "startTest",
        input: ({ context }) => context.start,
        onDone: {
          target: "running",
          actions: assign(({ context, event }) => {
            const session = event.output
            return {
              session,
              answers: session.answers,
              current: firstUnanswered(session.answers),
              draft: session.answers[firstUnanswered(session.answers)] ?? null,
              clock: session.clock,
              deadline: deadlineOf(session.clock, context.now()),
              announcement: null,
              announcedLeftMs: session.clock.timeLeftMs,
              warningDismissed: false,
              result: null,
              error: null,
            }
          }),
        },
        onError: [
          {
            guard: and(["isProRequired", "hasOverview"]),
            target: "configuring.ready",
            actions: ["openUpgrade", "failWith"],
          },
          { guard: "isProRequired", target: "configuring.failed", actions: ["openUpgrade", "failWith"] },
          { guard: "hasOverview", target: "configuring.ready", actions: "failWith" },
          // Without an overview yet (a repeat from the result page), the page offers to load it.
          { target: "configuring.failed", actions: "failWith" },
        ],
      },
    },
    running: {
      type: "parallel",
      // The server's deadline on this device's clock; the server refuses later answers anyway.
      after: { untilExpiry: { guard: "isTimed", target: "expired" } },
      states: {
        announcer: {
          initial: "waiting",
          states: {
            waiting: {
              after: {
                untilAnnouncement: {
                  guard: "announcementReached",
                  target: "waiting",
                  reenter: true,
                  actions: assign(({ context }) => {
                    const left = leftAt(context)
                    return { announcement: announcementDue(context.announcedLeftMs, left), announcedLeftMs: left }
                  }),
                },
              },
            },
          },
        },
        flow: {
          initial: "answering",
          states: {
            answering: {
              always: {
                guard: ({ context }) =>
                  context.deadline !== null && !context.warningDismissed && isWarningDue(leftAt(context)),
                target: "warned",
              },
              after: { untilWarning: { guard: "warningAhead", target: "warned" } },
              on: {
                "answer.change": { actions: assign(({ event }) => ({ draft: event.answer })) },
                "answer.save": { guard: "hasDraft", target: "saving", actions: "clearError" },
                "question.go": {
                  guard: "isValidIndex",
                  actions: assign(({ context, event }) => ({
                    current: event.index,
                    draft: context.answers[event.index] ?? null,
                    error: null,
                  })),
                },
                "test.finish": { target: "finishing", actions: "clearError" },
                "test.discard": { target: "confirmingDiscard", actions: "clearError" },
              },
            },
            saving: {
              tags: ["busy"],
              invoke: {
                src: "saveAnswer",
                input: ({ context }) => ({
                  testId: context.session?.id ?? "",
                  question: context.current,
                  answer: context.draft ?? { _tag: "Choice", index: 0 },
                }),
                onDone: {
                  target: "answering",
                  actions: assign(({ context, event }) => {
                    const answers = context.answers.map((a, i) => (i === event.output.question ? context.draft : a))
                    const total = answers.length
                    const next = event.output.question + 1 < total ? event.output.question + 1 : event.output.question
                    return { answers, current: next, draft: answers[next] ?? null, clock: event.output.clock }
                  }),
                },
                onError: [
                  { guard: "isTimeUp", target: "#testSession.expired" },
                  { guard: "isClosed", target: "finishing" },
                  // Whatever else went wrong, the answer stays chosen to be saved again.
                  { target: "answering", actions: "failWith" },
                ],
              },
            },
            warned: {
              on: {
                "time.extend": { guard: "canExtend", target: "extending" },
                "warning.dismiss": { target: "answering", actions: assign({ warningDismissed: true }) },
              },
            },
            extending: {
              tags: ["busy"],
              invoke: {
                src: "addExtraTime",
                input: ({ context }) => ({ testId: context.session?.id ?? "" }),
                onDone: {
                  // Entering `running` again starts the timers from the new deadline.
                  target: "#testSession.running",
                  reenter: true,
                  actions: assign(({ context, event }) => ({
                    clock: event.output,
                    deadline: deadlineOf(event.output, context.now()),
                    announcedLeftMs: event.output.timeLeftMs,
                    announcement: null,
                  })),
                },
                onError: [
                  { guard: "isTimeUp", target: "#testSession.expired" },
                  { target: "warned", actions: "failWith" },
                ],
              },
            },
            confirmingDiscard: {
              on: {
                "discard.confirm": "discarding",
                "discard.cancel": "answering",
              },
            },
            discarding: {
              tags: ["busy"],
              invoke: {
                src: "resetTest",
                input: ({ context }) => ({ testId: context.session?.id ?? "" }),
                onDone: {
                  target: "#testSession.configuring.ready",
                  actions: assign(({ event }) => ({
                    overview: event.output,
                    session: null,
                    answers: [],
                    deadline: null,
                    clock: null,
                  })),
                },
                onError: [
                  { guard: "isTimeUp", target: "#testSession.expired" },
                  { target: "answering", actions: "failWith" },
                ],
              },
            },
            finishing: {
              tags: ["busy"],
              invoke: {
                src: "finishTest",
                input: ({ context }) => ({ testId: context.session?.id ?? "" }),
                onDone: {
                  target: "#testSession.reviewing",
                  actions: assign(({ event }) => ({ result: event.output })),
                },
                onError: { target: "answering", actions: "failWith" },
              },
            },
          },
        },
      },
    },
    expired: {
      initial: "scoring",
      states: {
        scoring: {
          tags: ["busy"],
          invoke: {
            src: "finishTest",
            input: ({ context }) => ({ testId: context.session?.id ?? "" }),
            onDone: {
              target: "#testSession.reviewing",
              actions: assign(({ event }) => ({ result: event.output })),
            },
            onError: { target: "failed", actions: "failWith" },
          },
        },
        failed: { on: { "test.retry": { target: "scoring", actions: "clearError" } } },
      },
    },
    reviewing: {
      on: {
        "test.repeat": {
          target: "loading",
          actions: assign(({ context }) => ({
            start: { mode: "repeat", type: context.type, id: context.result?.id ?? "" } as const,
            error: null,
          })),
        },
        "test.new": { target: "configuring", actions: assign({ result: null, session: null, error: null }) },
      },
    },
  },
})
