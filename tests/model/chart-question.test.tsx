// Model-based test of a location question answered on the chart (xstate/graph), walked through the
// real app against msw: the chart loads (or fails and is retried) when the question is shown, the
// learner answers by a click on the chart, by the arrow keys and Enter, or from the list of letters
// beside it, comes back to see the saved position, and finishes to see the right and the chosen
// position on the chart in the review.
import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { createMachine } from "xstate"
import { createTestModel } from "xstate/graph"
import type { GivenAnswer } from "../../src/domain/tests/question.ts"
import { chartsById } from "../support/chart-fixtures.ts"
import { API, renderApp, server } from "../ui/support/render-app.tsx"
import { chartQuestion, freshState, result, selfTestHandlers, session } from "../ui/support/self-test-api.ts"

/** What the learner sees; the chart's answer arriving (or failing) is an event the test releases. */
const chartQuestionModel = createMachine({
  id: "chartQuestion",
  initial: "loadingChart",
  states: {
    loadingChart: { on: { "chart.arrive": "onChart", "chart.fail": "chartFailed" } },
    chartFailed: { on: { "chart.retry": "onChart", "answer.byList": "saved" } },
    onChart: { on: { "answer.byClick": "saved", "answer.byKeys": "saved", "answer.byList": "saved" } },
    saved: { on: { "question.back": "revisited", "test.finish": "reviewing" } },
    revisited: { on: { "test.finish": "reviewing" } },
    reviewing: {},
  },
})

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const PROMPT = /^Where is LU-5 .*Choose its position on the chart\.$/
/** The position each way of answering chooses, and its index (the option sent). */
const CHOSEN: Readonly<Record<string, { readonly letter: string; readonly index: number }>> = {
  "answer.byClick": { letter: "C", index: 2 },
  "answer.byKeys": { letter: "B", index: 1 },
  "answer.byList": { letter: "D", index: 3 },
}
const RIGHT = { letter: "B", index: 1 }

describe("a location question on the chart (model-based)", () => {
  const paths = createTestModel(chartQuestionModel).getSimplePaths()

  it("walks every transition of the model", () => {
    const taken = new Set(
      paths.flatMap((p) => p.steps.slice(1).map((s, i) => `${String(p.steps[i]?.state.value)}→${s.event.type}`)),
    )
    const all = Object.entries(chartQuestionModel.config.states ?? {}).flatMap(([state, config]) =>
      Object.keys(config.on ?? {}).map((event) => `${state}→${event}`),
    )
    expect([...taken].sort()).toEqual(all.sort())
  })

  for (const path of paths) {
    it(path.description, async () => {
      const state = freshState({
        session: session({
          questions: [chartQuestion, ...session().questions],
          answers: [null, null, null],
          textLanguages: ["en", "en", "en"],
        }),
      })
      server.use(...selfTestHandlers(state))
      // The chart call waits for the model's event; a failed one answers 500 until retried.
      let release: (outcome: "arrive" | "fail") => void = () => {}
      let outcome = new Promise<"arrive" | "fail">((resolve) => {
        release = resolve
      })
      let given: GivenAnswer | null = null
      let chartFails = false
      server.use(
        http.get(`${API}/api/charts/:view`, async ({ params }) =>
          (await outcome) === "arrive"
            ? HttpResponse.json(chartsById[String(params.view)])
            : HttpResponse.json({ _tag: "ServerError", message: "Boom" }, { status: 500 }),
        ),
        http.post(`${API}/api/test/save-answer`, async ({ request }) => {
          const body = (await request.json()) as { question: number; answer: GivenAnswer }
          if (body.question === 0) given = body.answer
          return HttpResponse.json({ question: body.question, answered: 1, clock: session().clock })
        }),
        http.post(`${API}/api/test/finish`, () =>
          HttpResponse.json(
            result({
              total: 1,
              review: [
                {
                  // Revealed in the review: each position with the point drawn there.
                  question: {
                    ...chartQuestion,
                    options: chartQuestion.options.map((o, i) =>
                      o._tag === "Position"
                        ? {
                            ...o,
                            point: {
                              code: `LU-${i + 3}`,
                              pinyin: "p",
                              hanzi: { traditional: "穴", simplified: "穴" },
                              name: `N${i}`,
                            },
                          }
                        : o,
                    ),
                  },
                  given,
                  right: given?._tag === "Choice" && given.index === RIGHT.index,
                  answer: { _tag: "Choice", index: RIGHT.index },
                  textLanguage: "en",
                  points: [{ code: "LU-5", slug: "lu-5-chize", name: "Cubit Marsh" }],
                },
              ],
            }),
          ),
        ),
      )
      const user = userEvent.setup()
      await renderApp("/test/new/location-test", { signedIn: true })
      await user.click(await screen.findByRole("button", { name: "Start the test" }))
      await screen.findByRole("heading", { level: 1, name: "Question 1 of 3" })

      let chosen: { letter: string; index: number } | null = null
      const chart = () => screen.findByRole("radiogroup", { name: PROMPT }, { timeout: 4000 })
      const list = () => screen.getByRole("radiogroup", { name: "Positions on the chart" })
      const heading = (name: string) => screen.findByRole("heading", { level: 1, name }, { timeout: 4000 })
      const answerWith = async (event: string, answer: () => Promise<void>) => {
        chosen = CHOSEN[event] ?? null
        await answer()
        await heading("Question 2 of 3")
        expect(given).toEqual({ _tag: "Choice", index: chosen?.index })
      }

      await path.test({
        states: {
          loadingChart: async () => {
            expect((await screen.findAllByText(/^Loading/)).length).toBeGreaterThan(0)
            // The list answers before the drawing is there.
            expect(within(list()).getAllByRole("radio")).toHaveLength(4)
          },
          chartFailed: async () => {
            expect(await screen.findByText(/The chart could not be loaded/)).toBeVisible()
            expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled()
          },
          onChart: async () => {
            const drawn = await chart()
            expect(
              within(drawn)
                .getAllByRole("radio")
                .map((r) => r.getAttribute("aria-label")),
            ).toEqual(["Position A", "Position B", "Position C", "Position D"])
          },
          saved: async () => {
            expect(await heading("Question 2 of 3")).toBeInTheDocument()
          },
          revisited: async () => {
            await heading("Question 1 of 3")
            const letter = chosen?.letter ?? ""
            expect(within(list()).getByRole("radio", { name: `Position ${letter}` })).toBeChecked()
            if (document.querySelector(".chart-answer"))
              expect(
                within(await chart()).getByRole("radio", { name: `Position ${letter}, your answer` }),
              ).toHaveAttribute("aria-checked", "true")
          },
          reviewing: async () => {
            await heading("Result: Location test")
            if (chartFails) {
              // Still no chart: the review says so in place and gives the answer in words.
              expect(await screen.findByText(/The chart could not be loaded/)).toBeVisible()
              expect(screen.getByText(new RegExp(`^${chosen?.letter}: LU-${(chosen?.index ?? 0) + 3} `))).toBeVisible()
              return
            }
            const drawn = await screen.findByRole("radiogroup", { name: /^Where LU-5 .* lies$/ }, { timeout: 4000 })
            expect(
              within(drawn).getByRole("radio", { name: `Position ${RIGHT.letter}, the right answer` }),
            ).toBeInTheDocument()
            if (chosen && chosen.letter !== RIGHT.letter)
              expect(
                within(drawn).getByRole("radio", { name: `Position ${chosen.letter}, your answer` }),
              ).toHaveAttribute("aria-checked", "true")
          },
        },
        events: {
          "chart.arrive": async () => release("arrive"),
          "chart.fail": async () => {
            chartFails = true
            release("fail")
          },
          "chart.retry": async () => {
            chartFails = false
            outcome = Promise.resolve("arrive")
            await user.click(screen.getByRole("button", { name: "Try again" }))
          },
          "answer.byClick": () =>
            answerWith("answer.byClick", async () => {
              await user.click(within(await chart()).getByRole("radio", { name: "Position C" }))
              await user.click(screen.getByRole("button", { name: "Save and next" }))
            }),
          "answer.byKeys": () =>
            answerWith("answer.byKeys", async () => {
              const first = within(await chart()).getByRole("radio", { name: "Position A" })
              while (document.activeElement !== first) await user.tab()
              await user.keyboard("{ArrowDown}{Enter}")
            }),
          "answer.byList": () =>
            answerWith("answer.byList", async () => {
              within(list()).getByRole("radio", { name: "Position A" }).focus()
              await user.keyboard("{ArrowUp}")
              await waitFor(() => expect(within(list()).getByRole("radio", { name: "Position D" })).toBeChecked())
              await user.keyboard("{Enter}")
            }),
          "question.back": async () => {
            await user.click(screen.getByRole("button", { name: "Previous question" }))
          },
          "test.finish": async () => {
            screen.getByRole("button", { name: "Finish the test" }).focus()
            await user.keyboard("{Enter}")
            // Two questions are left: the test asks first, its yes focused.
            await waitFor(() => expect(screen.getByRole("button", { name: "Yes, finish" })).toHaveFocus())
            await user.keyboard("{Enter}")
          },
        },
      })
    })
  }
})
