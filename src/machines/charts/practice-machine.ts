// "Find the point" on a chart: the learner is asked where a point lies, picks one of the lettered
// positions (by pointer or by keys), checks the answer, sees which position was right, and goes on
// to the next point. Runs on a view already loaded; the seed makes a session repeatable.
import { assign, setup } from "xstate"
import {
  nextPracticeCode,
  type PracticeQuestion,
  practiceQuestion,
  seededRandom,
} from "../../domain/charts/chart-practice.ts"
import { chartSites } from "../../domain/charts/chart-served.ts"
import type { ServedChart } from "../../domain/charts/chart-views.ts"

export interface PracticeContext {
  readonly chart: ServedChart
  readonly question: PracticeQuestion | null
  readonly chosen: string | null
  readonly asked: number
  readonly right: number
  /** The state of the random generator, carried from question to question. */
  readonly seed: number
}

export type PracticeEvent =
  | { readonly type: "answer.choose"; readonly id: string }
  | { readonly type: "answer.check" }
  | { readonly type: "question.next" }

export interface PracticeInput {
  readonly chart: ServedChart
  /** The point to ask first (a point page's "find it on the chart"); random otherwise. */
  readonly code?: string | null
  readonly seed: number
}

/** A question about `code` (or a random point), and the generator's next state. */
const ask = (chart: ServedChart, code: string | null, previous: string | null, seed: number) => {
  const random = seededRandom(seed)
  const sites = chartSites(chart).map((s) => ({ key: s.key, code: s.code, position: s.position }))
  const codes = [...new Set(sites.map((s) => s.code))]
  const size = Math.max(chart.viewBox[2], chart.viewBox[3])
  const wanted = code !== null && codes.includes(code) ? code : nextPracticeCode(codes, previous, random)
  const question = wanted === undefined ? null : (practiceQuestion(sites, wanted, size, random) ?? null)
  return { question, seed: Math.floor(random() * 2 ** 32) }
}

export const practiceMachine = setup({
  types: {
    context: {} as PracticeContext,
    events: {} as PracticeEvent,
    input: {} as PracticeInput,
  },
  guards: {
    hasQuestion: ({ context }) => context.question !== null,
    isCandidate: ({ context, event }) =>
      event.type === "answer.choose" && context.question?.candidates.some((c) => c.id === event.id) === true,
    hasChoice: ({ context }) => context.chosen !== null,
    isRight: ({ context }) => context.chosen !== null && context.chosen === context.question?.answer,
  },
}).createMachine({
  id: "practice",
  context: ({ input }) => ({
    chart: input.chart,
    chosen: null,
    asked: 0,
    right: 0,
    ...ask(input.chart, input.code ?? null, null, input.seed),
  }),
  initial: "starting",
  states: {
    starting: { always: [{ guard: "hasQuestion", target: "asking" }, { target: "empty" }] },
    /** The view shows no point this learner may be asked about. */
    empty: {},
    asking: {
      on: {
        "answer.choose": { guard: "isCandidate", actions: assign(({ event }) => ({ chosen: event.id })) },
        "answer.check": [
          {
            guard: "isRight",
            target: "answered.right",
            actions: assign(({ context }) => ({ asked: context.asked + 1, right: context.right + 1 })),
          },
          {
            guard: "hasChoice",
            target: "answered.wrong",
            actions: assign(({ context }) => ({ asked: context.asked + 1 })),
          },
        ],
      },
    },
    answered: {
      initial: "right",
      states: { right: { tags: ["right"] }, wrong: { tags: ["wrong"] } },
      on: {
        "question.next": {
          target: "asking",
          actions: assign(({ context }) => ({
            chosen: null,
            ...ask(context.chart, null, context.question?.code ?? null, context.seed),
          })),
        },
      },
    },
  },
})
