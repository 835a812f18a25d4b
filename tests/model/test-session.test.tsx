// Model-based test of taking a self-test (xstate/graph), walked through the real app against msw
// with the session's timers on a SimulatedClock: starting, answering by keyboard and by mouse,
// going back a question, finishing early (which asks first) or with every question answered, the
// warning before the end with more time or without — and answering while it is open —, the time
// running out (an explicit event that moves the clock), the result at its own address, repeating
// and a new test.
import { act, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { createMachine, SimulatedClock } from "xstate"
import { createTestModel } from "xstate/graph"
import { MINUTE_MS, WARNING_LEAD_MS } from "../../src/domain/tests/test-timing.ts"
import { renderApp, server } from "../ui/support/render-app.tsx"
import { clock, freshState, selfTestHandlers, session, TEST_ID } from "../ui/support/self-test-api.ts"

const TIME_LEFT = 10 * MINUTE_MS
const EXTENDED = 3 * MINUTE_MS

/** What the learner sees. Time running out is an event here; the test moves the clock for it. */
const testSessionModel = createMachine({
  id: "testSession",
  initial: "overview",
  states: {
    overview: { on: { "test.start": "question1" } },
    question1: {
      on: {
        "answer.byKeyboard": "question2",
        "answer.byMouse": "question2",
        "time.nearlyUp": "warned",
        "finish.ask": "finishAsked",
      },
    },
    finishAsked: { on: { "finish.cancel": "finishDeclined", "finish.confirm": "reviewing" } },
    finishDeclined: { on: { "answer.byMouse": "question2" } },
    question2: {
      on: { "answer.byMouse": "allAnswered", "answer.byKeyboard": "allAnswered", "question.back": "firstAgain" },
    },
    firstAgain: { on: { "question.next": "question2" } },
    allAnswered: { on: { "test.finish": "reviewing" } },
    warned: {
      on: {
        "time.extend": "extended",
        "warning.dismiss": "dismissed",
        "time.runOut": "expired",
        "answer.byMouse": "answeredWhileWarned",
      },
    },
    answeredWhileWarned: { on: { "warning.dismiss": "dismissed" } },
    extended: { on: { "answer.byMouse": "question2" } },
    dismissed: { on: { "time.runOut": "expired" } },
    expired: { on: { "test.repeat": "question1" } },
    reviewing: { on: { "test.new": "overview", "test.repeat": "question1" } },
  },
})

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

type ModelPath = ReturnType<ReturnType<typeof createTestModel<typeof testSessionModel>>["getSimplePaths"]>[number]

/** The transitions a path takes, as "state → event". */
const transitionsOf = (path: ModelPath) =>
  path.steps.slice(1).map((step, i) => `${String(path.steps[i]?.state.value)} → ${step.event.type}`)

/** Every transition of the model, from its config. */
const modelTransitions = Object.entries(testSessionModel.config.states ?? {}).flatMap(([state, config]) =>
  Object.keys(config.on ?? {}).map((event) => `${state} → ${event}`),
)

/**
 * The simple paths are over a hundred (each a full test in the UI); a few of them take every
 * transition — keyboard and mouse from each question, more time and without, expiry, repeat and
 * new — so those are walked: greedily, the path taking the most transitions not taken yet.
 */
const coveringPaths = (all: ReadonlyArray<ModelPath>) => {
  const chosen: Array<ModelPath> = []
  const covered = new Set<string>()
  for (;;) {
    let best: ModelPath | undefined
    let gain = 0
    for (const path of all) {
      const fresh = new Set(transitionsOf(path).filter((t) => !covered.has(t))).size
      if (fresh > gain) [best, gain] = [path, fresh]
    }
    if (best === undefined) return chosen
    chosen.push(best)
    for (const t of transitionsOf(best)) covered.add(t)
  }
}

describe("taking a self-test (model-based)", () => {
  const paths = coveringPaths(createTestModel(testSessionModel).getSimplePaths())

  it("walks every transition of the model, so every state", () => {
    const taken = new Set(paths.flatMap(transitionsOf))
    expect([...taken].sort()).toEqual([...modelTransitions].sort())
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))))
    expect([...reached].sort()).toEqual(Object.keys(testSessionModel.config.states ?? {}).sort())
  })

  for (const path of paths) {
    it(path.description, async () => {
      const simulated = new SimulatedClock()
      simulated.set(1_750_000_000_000)
      const state = freshState({ session: session({ clock: clock(TIME_LEFT) }), extended: clock(EXTENDED) })
      server.use(...selfTestHandlers(state))
      const user = userEvent.setup()
      // The deadline on the simulated clock, as the machine lays the server's time left on it.
      let deadline = 0
      /** The finish calls so far: asking to finish makes none. */
      const finishes = () => state.calls.filter((call) => call === "finish").length
      let finishesBefore = 0
      await renderApp("/test/new/location-test", { signedIn: true, clock: simulated })
      await screen.findByRole("button", { name: "Start the test" })

      const heading = (name: string | RegExp) => screen.findByRole("heading", { level: 1, name })
      const warning = () => screen.queryByRole("alertdialog", { name: "Time is nearly up" })
      const advance = (ms: number) => act(() => simulated.increment(ms))
      /** The polite region that says the time left; the timer itself is not live. */
      const announcer = () => {
        const region = document.querySelector<HTMLElement>(".test-running [role=status][aria-live=polite]")
        expect(region).not.toBeNull()
        return region as HTMLElement
      }

      await path.test({
        states: {
          overview: async () => {
            expect(await screen.findByRole("button", { name: "Start the test" })).toBeEnabled()
          },
          question1: async () => {
            expect(await heading("Question 1 of 2")).toHaveFocus()
            expect(warning()).toBeNull()
            expect(screen.getByRole("timer")).toHaveTextContent(/^\d+:\d\d$/)
            expect(screen.getByRole("timer")).toHaveAttribute("aria-live", "off")
            // A second passing says nothing.
            await advance(1000)
            expect(announcer()).toHaveTextContent(/^$/)
          },
          question2: async () => {
            expect(await heading("Question 2 of 2")).toBeInTheDocument()
            expect(screen.getAllByRole("radio").some((r) => (r as HTMLInputElement).checked)).toBe(false)
          },
          firstAgain: async () => {
            expect(await heading("Question 1 of 2")).toBeInTheDocument()
            expect(screen.getAllByRole("radio").some((r) => (r as HTMLInputElement).checked)).toBe(true)
          },
          allAnswered: async () => {
            expect(await screen.findByText("Every question is answered.")).toBeInTheDocument()
          },
          finishAsked: async () => {
            const question = await screen.findByRole("alertdialog", {
              name: "Finish with 2 questions unanswered? They count as wrong in your score.",
            })
            await waitFor(() => expect(within(question).getByRole("button", { name: "Yes, finish" })).toHaveFocus())
            expect(finishes()).toBe(finishesBefore)
          },
          finishDeclined: async () => {
            await waitFor(() => expect(screen.getByRole("button", { name: "Finish the test" })).toHaveFocus())
            expect(screen.queryByRole("alertdialog")).toBeNull()
            expect(await heading("Question 1 of 2")).toBeInTheDocument()
          },
          warned: async () => {
            const dialog = await screen.findByRole("alertdialog", { name: "Time is nearly up" })
            await waitFor(() =>
              expect(within(dialog).getByRole("button", { name: "More time (+2 min)" })).toHaveFocus(),
            )
            // Crossing 5 min and 1 min at once says only the nearer one, politely, once.
            expect(announcer()).toHaveTextContent(/^1 minute left\.$/)
          },
          extended: async () => {
            await waitFor(() => expect(warning()).toBeNull())
            expect(state.calls).toContain("extend")
            expect(screen.getByRole("timer")).toHaveTextContent("3:00")
            expect(announcer()).toHaveTextContent(/^$/)
          },
          answeredWhileWarned: async () => {
            // The warning stays open beside the question; the answer was saved and the next one has focus.
            expect(warning()).not.toBeNull()
            await waitFor(async () => expect(await heading("Question 2 of 2")).toHaveFocus())
            expect(screen.getByRole("button", { name: /^1\s*answered$/ })).toBeInTheDocument()
          },
          dismissed: async () => {
            await waitFor(() => expect(warning()).toBeNull())
            expect(await heading(/^Question [12] of 2$/)).toHaveFocus()
          },
          expired: async () => {
            await waitFor(async () => expect(await heading("Result: Location test")).toHaveFocus())
            expect(screen.getByText("The time ran out before the test was finished.")).toBeInTheDocument()
            // The result has its own address: a reload shows it again.
            expect(window.location.pathname + window.location.search).toBe(`/get/results?test=${TEST_ID}`)
          },
          reviewing: async () => {
            await waitFor(async () => expect(await heading("Result: Location test")).toHaveFocus())
            expect(screen.queryByText("The time ran out before the test was finished.")).toBeNull()
            expect(screen.getAllByRole("link", { name: /^LU-/ }).length).toBeGreaterThan(0)
            expect(window.location.pathname + window.location.search).toBe(`/get/results?test=${TEST_ID}`)
          },
        },
        events: {
          "test.start": async () => {
            state.expired = false
            await user.click(screen.getByRole("button", { name: "Start the test" }))
            await heading("Question 1 of 2")
            deadline = simulated.now() + TIME_LEFT
          },
          "answer.byKeyboard": async () => {
            await user.tab()
            await user.keyboard("{ArrowDown}")
            await user.keyboard("{Enter}")
          },
          "answer.byMouse": async () => {
            const options = screen.getAllByRole("radio")
            await user.click(options[2]!)
            await user.click(screen.getByRole("button", { name: /^Save (and next|answer)$/ }))
          },
          "question.back": async () => {
            await user.click(screen.getByRole("button", { name: "Previous question" }))
          },
          "question.next": async () => {
            await user.click(screen.getByRole("button", { name: "Next question" }))
          },
          "test.finish": async () => {
            screen.getByRole("button", { name: "Finish the test" }).focus()
            await user.keyboard("{Enter}")
          },
          "finish.ask": async () => {
            finishesBefore = finishes()
            await user.click(screen.getByRole("button", { name: "Finish the test" }))
          },
          "finish.cancel": async () => {
            await user.click(screen.getByRole("button", { name: "Keep answering" }))
          },
          "finish.confirm": async () => {
            await user.keyboard("{Enter}")
          },
          "time.nearlyUp": async () => {
            await advance(deadline - simulated.now() - WARNING_LEAD_MS)
          },
          "time.extend": async () => {
            await user.keyboard("{Enter}")
            await waitFor(() => expect(state.calls).toContain("extend"))
            deadline = simulated.now() + EXTENDED
          },
          "warning.dismiss": async () => {
            await user.click(screen.getByRole("button", { name: "Continue without" }))
          },
          "time.runOut": async () => {
            state.expired = true
            await advance(deadline - simulated.now())
          },
          "test.repeat": async () => {
            state.expired = false
            await user.click(await screen.findByRole("link", { name: "Repeat this test" }))
            await heading("Question 1 of 2")
            deadline = simulated.now() + TIME_LEFT
          },
          "test.new": async () => {
            await user.click(await screen.findByRole("link", { name: "New test" }))
          },
        },
      })
    })
  }
})
