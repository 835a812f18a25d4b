// One self-test from its new-test page to its result (§7 "tests"): configuring (the overview of
// the type; a test still running resumes at once) → loading → running → expired | finished. While
// it runs, three regions work side by side: the questions (answering ⇄ saving, a finish that asks
// first while questions are unanswered, discarding), the clock (the warning before the end with a
// one-key "more time"; it never blocks answering) and the polite announcements of the time left
// (5 min, 1 min, 30 s). The server holds the clock: the deadline here is the server's time left laid
// on this device's clock; an answer it refuses because the time is up ends the test like the local
// timer would. The result is shown at its own address (provided `showResult`), so a reload keeps it.
import { and, assign, fromPromise, raise, setup } from "xstate"
import type { GivenAnswer } from "../../domain/self-tests/question.ts"
import type { SessionTestType } from "../../domain/self-tests/test-review.ts"
import { announcementDue, isWarningDue, warningLeadMs } from "../../domain/self-tests/test-timing.ts"
import type {
  AnswerSavedView,
  TestClockView,
  TestOverview,
  TestResultView,
  TestSessionView,
} from "../../domain/self-tests/test-views.ts"
import { failureTag, formErrorKey } from "../../domain/shared/failures.ts"
import { errorOf, isFailure, isFailureWhere } from "../shared/api-call.ts"
import {
  deadlineOf,
  firstUnanswered,
  leftAt,
  nextAnnouncement,
  type StartMode,
  TEST_TAGS,
  type TestSessionContext,
  type TestSessionEvent,
  unansweredCount,
} from "./test-session-context.ts"

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
    /** Provided: the result of the test that ended, at its own address (replacing this one). */
    showResult: (_, _params: { readonly result: TestResultView }) => {},
    clearError: assign({ error: null }),
    // A refusal for want of Pro says so (beside the upgrade modal), not "something went wrong".
    failWith: assign(({ event }) => ({
      error: failureTag(errorOf(event)) === "ProRequired" ? "errors.testNeedsPro" : formErrorKey(errorOf(event)),
    })),
  },
  delays: {
    untilExpiry: ({ context }) => leftAt(context) ?? 0,
    untilWarning: ({ context }) => Math.max(0, (leftAt(context) ?? 0) - warningLeadMs(context.clock?.limitMs ?? 0)),
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
    warningAhead: ({ context }) => context.deadline !== null && context.clock?.limitMs != null,
    warningDue: ({ context }) => isWarningDue(leftAt(context), context.clock?.limitMs ?? null),
    hasUnanswered: ({ context }) => unansweredCount(context) > 0,
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
              on: { "clock.extended": { target: "waiting", reenter: true } },
            },
          },
        },
        // The server's deadline on this device's clock; the server refuses later answers anyway.
        clock: {
          initial: "ticking",
          states: {
            ticking: {
              always: { guard: "warningDue", target: "warned" },
              after: {
                untilWarning: { guard: "warningAhead", target: "warned" },
                untilExpiry: { guard: "isTimed", target: "#testSession.expired" },
              },
            },
            warned: {
              tags: [TEST_TAGS.warned],
              after: { untilExpiry: { guard: "isTimed", target: "#testSession.expired" } },
              on: {
                "time.extend": { guard: "canExtend", target: "extending", actions: "clearError" },
                // Without more time the warning does not come back.
                "warning.dismiss": { target: "carryingOn", actions: "clearError" },
              },
            },
            extending: {
              tags: ["busy", TEST_TAGS.warned, TEST_TAGS.extending],
              after: { untilExpiry: { guard: "isTimed", target: "#testSession.expired" } },
              invoke: {
                src: "addExtraTime",
                input: ({ context }) => ({ testId: context.session?.id ?? "" }),
                onDone: {
                  // Entering `ticking` again starts its timers from the new deadline.
                  target: "ticking",
                  actions: [
                    assign(({ context, event }) => ({
                      clock: event.output,
                      deadline: deadlineOf(event.output, context.now()),
                      announcedLeftMs: event.output.timeLeftMs,
                      announcement: null,
                    })),
                    raise({ type: "clock.extended" }),
                  ],
                },
                onError: [
                  { guard: "isTimeUp", target: "#testSession.expired" },
                  { target: "warned", actions: "failWith" },
                ],
              },
            },
            carryingOn: {
              after: { untilExpiry: { guard: "isTimed", target: "#testSession.expired" } },
            },
          },
        },
        flow: {
          initial: "answering",
          states: {
            answering: {
              tags: [TEST_TAGS.answering],
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
                "test.finish": [
                  // A finish with questions left asks first; nothing answered would score 0 %.
                  { guard: "hasUnanswered", target: "confirmingFinish", actions: "clearError" },
                  { target: "finishing", actions: "clearError" },
                ],
                "test.discard": { target: "confirmingDiscard", actions: "clearError" },
              },
            },
            saving: {
              tags: ["busy", TEST_TAGS.saving],
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
            confirmingFinish: {
              tags: [TEST_TAGS.confirmingFinish],
              on: {
                "finish.confirm": "finishing",
                "finish.cancel": "answering",
              },
            },
            confirmingDiscard: {
              tags: [TEST_TAGS.confirmingDiscard],
              on: {
                "discard.confirm": "discarding",
                "discard.cancel": "answering",
              },
            },
            discarding: {
              tags: ["busy", TEST_TAGS.discarding],
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
              tags: ["busy", TEST_TAGS.finishing],
              invoke: {
                src: "finishTest",
                input: ({ context }) => ({ testId: context.session?.id ?? "" }),
                onDone: {
                  target: "#testSession.finished",
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
              target: "#testSession.finished",
              actions: assign(({ event }) => ({ result: event.output })),
            },
            onError: { target: "failed", actions: "failWith" },
          },
        },
        failed: { on: { "test.retry": { target: "scoring", actions: "clearError" } } },
      },
    },
    // The result lives at its own address from here on.
    finished: {
      type: "final",
      entry: {
        type: "showResult",
        params: ({ context }) => ({ result: context.result as TestResultView }),
      },
    },
  },
})
