// "Where is LU-5?" answered on the chart in a running self-test (msw): the chart is loaded when the
// question is shown, its lettered positions name no point, and the same answer is given by a click
// on the chart, by the arrow keys and Enter, or by the list of letters beside it — each time saved
// through the save-answer call. A chart that cannot be loaded says so in place while the list still
// answers. The review shows the chart with the right and the chosen position.
import { screen, waitFor, within } from "@testing-library/react"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { API, renderApp, server } from "./support/render-app.tsx"
import { chartQuestion, freshState, result, selfTestHandlers, session, TEST_ID } from "./support/self-test-api.ts"
import { userEvent } from "./support/user.ts"

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

type User = ReturnType<typeof userEvent.setup>

const PROMPT = "Where is LU-5 Cubit Marsh pinyin 穴 — Cubit Marsh? Choose its position on the chart."

const chartSession = () =>
  session({
    questions: [chartQuestion, ...session().questions],
    answers: [null, null, null],
    textLanguages: ["en", "en", "en"],
  })

/** A learner's test whose first question is answered on the chart; the saved bodies are collected. */
const startOnChart = async (user: User) => {
  const state = freshState({ session: chartSession() })
  server.use(...selfTestHandlers(state))
  const bodies: Array<unknown> = []
  server.use(
    http.post(`${API}/api/test/save-answer`, async ({ request }) => {
      const body = (await request.json()) as { question: number }
      bodies.push(body)
      return HttpResponse.json({ question: body.question, answered: 1, clock: session().clock })
    }),
  )
  await renderApp("/test/new/location-test", { signedIn: true })
  await user.click(await screen.findByRole("button", { name: "Start the test" }))
  await screen.findByRole("heading", { level: 1, name: "Question 1 of 3" }, { timeout: 4000 })
  const chart = await screen.findByRole("radiogroup", { name: PROMPT }, { timeout: 4000 })
  const list = screen.getByRole("radiogroup", { name: "Positions on the chart" })
  return { state, bodies, chart, list }
}

const nextQuestion = () => screen.findByRole("heading", { level: 1, name: "Question 2 of 3" }, { timeout: 4000 })

describe("a location question answered on the chart", () => {
  it("shows four lettered positions, names no point at them, and loads the question's view", async () => {
    const user = userEvent.setup()
    const { state, chart, list } = await startOnChart(user)
    expect(state.calls).toContain("chart:body-front")
    const markers = within(chart).getAllByRole("radio")
    expect(markers.map((m) => m.getAttribute("aria-label"))).toEqual([
      "Position A",
      "Position B",
      "Position C",
      "Position D",
    ])
    expect(
      within(list)
        .getAllByRole("radio")
        .map((r) => r.closest("label")?.textContent),
    ).toEqual(["Position A", "Position B", "Position C", "Position D"])
    // Only the asked point is named, in the prompt; the chart shows the body and the letters.
    expect(chart.textContent).toBe("ABCD")
    expect(chart).toHaveAccessibleDescription(/arrow keys/)
  })

  it("answers by a click on the chart, and the list follows", async () => {
    const user = userEvent.setup()
    const { bodies, chart, list } = await startOnChart(user)
    await user.click(within(chart).getByRole("radio", { name: "Position C" }))
    expect(within(chart).getByRole("radio", { name: "Position C, your answer" })).toHaveAttribute(
      "aria-checked",
      "true",
    )
    expect(within(list).getByRole("radio", { name: "Position C" })).toBeChecked()
    await user.click(screen.getByRole("button", { name: "Save and next" }))
    await nextQuestion()
    expect(bodies).toEqual([{ testId: TEST_ID, question: 0, answer: { _tag: "Choice", index: 2 } }])
  })

  it("answers without a pointer: Tab to the chart, arrow keys move the marker, Enter saves", async () => {
    const user = userEvent.setup()
    const { bodies, chart, list } = await startOnChart(user)
    const first = within(chart).getByRole("radio", { name: "Position A" })
    // The chart is one tab stop, on its first position until one is chosen.
    expect(first).toHaveAttribute("tabindex", "0")
    while (document.activeElement !== first) await user.tab()
    // A (120,150) → down to B (140,210) → down to C (110,270) → up back to B.
    await user.keyboard("{ArrowDown}")
    await user.keyboard("{ArrowDown}")
    expect(within(chart).getByRole("radio", { name: "Position C, your answer" })).toHaveFocus()
    await user.keyboard("{ArrowUp}")
    expect(within(chart).getByRole("radio", { name: "Position B, your answer" })).toHaveFocus()
    expect(within(list).getByRole("radio", { name: "Position B" })).toBeChecked()
    await user.keyboard("{Enter}")
    await nextQuestion()
    expect(bodies).toEqual([{ testId: TEST_ID, question: 0, answer: { _tag: "Choice", index: 1 } }])
  })

  it("answers from the list of letters beside the chart, by keys, and the chart follows", async () => {
    const user = userEvent.setup()
    const { bodies, chart, list } = await startOnChart(user)
    const a = within(list).getByRole("radio", { name: "Position A" })
    a.focus()
    await user.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}")
    expect(within(list).getByRole("radio", { name: "Position D" })).toBeChecked()
    expect(within(chart).getByRole("radio", { name: "Position D, your answer" })).toHaveAttribute(
      "aria-checked",
      "true",
    )
    await user.keyboard("{Enter}")
    await nextQuestion()
    expect(bodies).toEqual([{ testId: TEST_ID, question: 0, answer: { _tag: "Choice", index: 3 } }])
  })

  it("says in place when the chart cannot be loaded, retries it, and the list still answers", async () => {
    const user = userEvent.setup()
    const state = freshState({ session: chartSession() })
    server.use(...selfTestHandlers(state))
    let fail = true
    server.use(
      http.get(`${API}/api/charts/:view`, () =>
        fail ? HttpResponse.json({ _tag: "ServerError", message: "Boom" }, { status: 500 }) : undefined,
      ),
    )
    await renderApp("/test/new/location-test", { signedIn: true })
    await user.click(await screen.findByRole("button", { name: "Start the test" }))
    expect(await screen.findByText(/The chart could not be loaded/, {}, { timeout: 4000 })).toBeVisible()
    const list = screen.getByRole("radiogroup", { name: "Positions on the chart" })
    await user.click(within(list).getByRole("radio", { name: "Position B" }))
    expect(within(list).getByRole("radio", { name: "Position B" })).toBeChecked()
    fail = false
    await user.click(screen.getByRole("button", { name: "Try again" }))
    const chart = await screen.findByRole("radiogroup", { name: PROMPT }, { timeout: 4000 })
    expect(within(chart).getByRole("radio", { name: "Position B, your answer" })).toHaveAttribute(
      "aria-checked",
      "true",
    )
  })

  it("shows the right and the chosen position on the chart in the review", async () => {
    const reviewed = result({
      review: [
        {
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
          given: { _tag: "Choice", index: 2 },
          right: false,
          answer: { _tag: "Choice", index: 1 },
          textLanguage: "en",
          points: [{ code: "LU-5", slug: "lu-5-chize", name: "Cubit Marsh" }],
        },
      ],
    })
    server.use(...selfTestHandlers(freshState()))
    server.use(http.get(`${API}/api/test/:id/result`, () => HttpResponse.json(reviewed)))
    await renderApp(`/get/results?test=${TEST_ID}`, { signedIn: true })
    const chart = await screen.findByRole("radiogroup", { name: "Where LU-5 Cubit Marsh lies" }, { timeout: 4000 })
    expect(within(chart).getByRole("radio", { name: "Position B, the right answer" })).toBeInTheDocument()
    expect(within(chart).getByRole("radio", { name: "Position C, your answer" })).toHaveAttribute(
      "aria-checked",
      "true",
    )
    // In words as well: the letters with the points drawn there.
    const item = chart.closest("li")!
    await waitFor(() => expect(item).toHaveTextContent("Your answerC: LU-5 p 穴 — N2"))
    expect(item).toHaveTextContent("Right answerB: LU-4 p 穴 — N1")
  })
})
