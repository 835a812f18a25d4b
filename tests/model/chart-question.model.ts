// Model of a location question answered on the chart (§9): the chart loads (or fails and is
// retried) when the question is shown, the learner answers by a click on the chart, by the arrow
// keys and Enter, or from the list of letters beside it, comes back to see the saved position, and
// finishes to see the right and the chosen position on the chart in the review. The chart's answer
// is held until the model says whether it arrives or fails; what was saved and what is right are
// read from the server's answers, so the same checks hold against msw and the real server.
import assert from "node:assert/strict"
import { HttpResponse, http } from "msw"
import { createMachine } from "xstate"
import { LETTERS } from "../../src/domain/charts/chart-practice.ts"
import type { GivenAnswer } from "../../src/domain/self-tests/question.ts"
import type { TestResultView } from "../../src/domain/self-tests/test-views.ts"
import { API } from "../ui/support/api-data.ts"
import { chartQuestion, freshState, result, selfTestHandlers, session } from "../ui/support/self-test-api.ts"
import type { HeldCalls, Ui } from "./support/driver.ts"
import { defineModel } from "./support/model.ts"

interface Ctx {
  /** The chart question's number and the test's length, once shown. */
  number: number
  total: number
  /** The chart's answers, held until the model says whether they arrive or fail. */
  charts: HeldCalls | null
  /** The charts fail (until a retry). */
  failing: boolean
  /** The position the learner chose, by letter and index. */
  chosen: { letter: string; index: number } | null
}

/** What the learner sees; the chart's answer arriving (or failing) is an event the test releases. */
const machine = createMachine({
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

const PROMPT = /^Where is [A-Z]{2}-\d+ .*Choose its position on the chart\.$/
const FAILURE = { _tag: "ServerError", message: "Boom" }
const chart = (ui: Ui) => ui.role("radiogroup", { name: PROMPT })
const list = (ui: Ui) => ui.role("radiogroup", { name: "Positions on the chart" })
const heading = (ui: Ui, name: string) => ui.role("heading", { level: 1, name })
const questionHeading = (ui: Ui) => ui.role("heading", { level: 1, name: /^Question \d+ of \d+$/ })
const numbers = async (ui: Ui) => {
  const [, number = "0", total = "0"] =
    /^Question (\d+) of (\d+)$/.exec((await questionHeading(ui).texts())[0] ?? "") ?? []
  return { number: Number(number), total: Number(total) }
}

/** An answer given one way: the position it chooses, then the next question and the saved answer. */
const answer = (letter: "B" | "C" | "D", give: (ui: Ui) => Promise<void>) => async (ui: Ui, ctx: Ctx) => {
  ctx.chosen = { letter, index: LETTERS.indexOf(letter) }
  await give(ui)
  await ui.expect(heading(ui, `Question ${ctx.number + 1} of ${ctx.total}`)).toBeVisible()
  const saved = (await ui.network.calls("POST", "/api/test/save-answer"))
    .map((c) => c.body as { question: number; answer: GivenAnswer })
    .filter((b) => b.question === ctx.number - 1)
  assert.deepEqual(saved.at(-1)?.answer, { _tag: "Choice", index: ctx.chosen.index })
}

/** The review of the chart question, as the server answered the finish. */
const reviewOf = async (ui: Ui, ctx: Ctx) => {
  const finished = (await ui.network.calls("POST", "/api/test/finish")).at(-1)?.answer as TestResultView | undefined
  const item = finished?.review[ctx.number - 1]
  assert.ok(item, "the server reviewed the chart question")
  return item
}

/** msw's side: a location test whose first question is on the chart, and a review that reveals it. */
const handlers = () => {
  let given: GivenAnswer | null = null
  const state = freshState({
    session: session({
      questions: [chartQuestion, ...session().questions],
      answers: [null, null, null],
      textLanguages: ["en", "en", "en"],
    }),
  })
  const revealed = {
    ...chartQuestion,
    options: chartQuestion.options.map((o, i) =>
      o._tag === "Position"
        ? {
            ...o,
            point: { code: `LU-${i + 3}`, pinyin: "p", hanzi: { traditional: "穴", simplified: "穴" }, name: `N${i}` },
          }
        : o,
    ),
  }
  // Before the usual self-test answers: msw takes the first handler that answers.
  return [
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
              question: revealed,
              given,
              right: given?._tag === "Choice" && given.index === 1,
              answer: { _tag: "Choice", index: 1 },
              textLanguage: "en",
              points: [{ code: "LU-5", slug: "lu-5-chize", name: "Cubit Marsh" }],
            },
          ],
        }),
      ),
    ),
    ...selfTestHandlers(state),
  ]
}

export default defineModel<null, Ctx>({
  id: "chart-question",
  title: "A location question on the chart",
  machine,
  path: "/test/new/location-test",
  covers: [],
  // The review without a chart (it failed and was never tried again) says the answer in words.
  detours: [["chart.fail", "answer.byList", "question.back", "test.finish"]],
  context: () => ({ number: 0, total: 0, charts: null, failing: false, chosen: null }),
  ready: async (ui, ctx) => {
    ctx.charts = await ui.network.hold("GET", "/api/charts/:view")
    await ui.role("button", { name: "Start the test" }).click()
    await ui.expect(questionHeading(ui)).toBeVisible()
    // The real server asks some questions on the chart among others: go on to the first one.
    for (let i = 0; i < 100 && (await list(ui).count()) === 0; i++) {
      const { number } = await numbers(ui)
      await ui.role("button", { name: "Next question" }).click()
      await ui.expect(heading(ui, `Question ${number + 1} of ${(await numbers(ui)).total}`)).toBeVisible()
    }
    Object.assign(ctx, await numbers(ui))
    assert.ok(ctx.number < ctx.total, "a question on the chart before the last one")
  },
  states: {
    loadingChart: {
      means: "the chart loading; the list of letters answers already",
      check: async (ui) => {
        // The placeholder starts with a spinner: the text after it may begin with a space.
        await ui.expect(ui.text(/^\s*Loading/).nth(0)).toBeVisible()
        await ui.expect(list(ui).role("radio")).toHaveCount(4)
      },
    },
    chartFailed: {
      means: "the chart could not be loaded, with Try again",
      check: async (ui) => {
        await ui.expect(ui.text(/The chart could not be loaded/)).toBeVisible()
        await ui.expect(ui.role("button", { name: "Try again" })).toBeEnabled()
      },
    },
    onChart: {
      means: "the chart with positions A to D",
      check: async (ui) => {
        const radios = chart(ui).role("radio")
        await ui.expect(radios).toHaveCount(4)
        for (const [i, letter] of ["A", "B", "C", "D"].entries())
          await ui.expect(radios.nth(i)).toHaveAttribute("aria-label", `Position ${letter}`)
      },
    },
    saved: {
      means: "the next question (the position is saved)",
      check: (ui, ctx) => ui.expect(heading(ui, `Question ${ctx.number + 1} of ${ctx.total}`)).toBeVisible(),
    },
    revisited: {
      means: "the chart question again, the saved position chosen in the list and on the chart",
      check: async (ui, ctx) => {
        await ui.expect(heading(ui, `Question ${ctx.number} of ${ctx.total}`)).toBeVisible()
        const letter = ctx.chosen?.letter ?? ""
        await ui.expect(list(ui).role("radio", { name: `Position ${letter}` })).toBeChecked()
        if ((await ui.css(".chart-answer").count()) > 0)
          await ui
            .expect(chart(ui).role("radio", { name: `Position ${letter}, your answer` }))
            .toHaveAttribute("aria-checked", "true")
      },
    },
    reviewing: {
      means: "the result: the right and the chosen position on the chart (or in words without it)",
      check: async (ui, ctx) => {
        await ui.expect(heading(ui, "Result: Location test")).toBeVisible()
        const item = await reviewOf(ui, ctx)
        const chosen = ctx.chosen
        assert.ok(chosen)
        if (ctx.failing) {
          // Still no chart: the review says so in place and gives the answer in words.
          const option = item.question.options[chosen.index]
          const code = option?._tag === "Position" ? option.point?.code : undefined
          assert.ok(code, "the review reveals the chosen position's point")
          await ui.expect(ui.text(/The chart could not be loaded/).nth(0)).toBeVisible()
          await ui.expect(ui.text(new RegExp(`^${chosen.letter}: ${code} `))).toBeVisible()
          return
        }
        assert.equal(item.answer._tag, "Choice")
        const right = LETTERS[item.answer._tag === "Choice" ? item.answer.index : -1] ?? ""
        const asked = item.question.prompt.kind === "point-on-chart" ? (item.question.prompt.point?.code ?? "") : ""
        const drawn = ui.role("radiogroup", { name: new RegExp(`^Where ${asked} .* lies$`) })
        await ui.expect(drawn.role("radio", { name: `Position ${right}, the right answer` })).toBeVisible()
        if (chosen.letter !== right)
          await ui
            .expect(drawn.role("radio", { name: `Position ${chosen.letter}, your answer` }))
            .toHaveAttribute("aria-checked", "true")
      },
    },
  },
  events: {
    "chart.arrive": { means: "the chart's answer arrives", run: async (_, ctx) => ctx.charts?.release() },
    "chart.fail": {
      means: "the chart's answer fails (500), and so does every chart until a retry",
      run: async (_, ctx) => {
        ctx.failing = true
        ctx.charts?.answer({ status: 500, body: FAILURE })
      },
    },
    "chart.retry": {
      means: "tries the chart again, and it comes",
      run: async (ui, ctx) => {
        ctx.failing = false
        ctx.charts?.release()
        await ui.role("button", { name: "Try again" }).click()
      },
    },
    "answer.byClick": {
      means: "clicks position C on the chart, then Save and next",
      run: answer("C", async (ui) => {
        await chart(ui).role("radio", { name: "Position C" }).click()
        await ui.role("button", { name: "Save and next" }).click()
      }),
    },
    "answer.byKeys": {
      means: "Tabs onto the chart (position A), ArrowDown to B, Enter",
      run: answer("B", async (ui) => {
        const first = chart(ui).role("radio", { name: "Position A" })
        for (let i = 0; i < 40 && (await first.focusRelation()) !== "self"; i++) await ui.keyboard.tab()
        await ui.expect(first).toBeFocused()
        await ui.keyboard.press("ArrowDown")
        await ui.keyboard.press("Enter")
      }),
    },
    "answer.byList": {
      means: "in the list of letters, ArrowUp from A to D, Enter",
      run: answer("D", async (ui) => {
        await list(ui).role("radio", { name: "Position A" }).focus()
        await ui.keyboard.press("ArrowUp")
        await ui.expect(list(ui).role("radio", { name: "Position D" })).toBeChecked()
        await ui.keyboard.press("Enter")
      }),
    },
    "question.back": {
      means: "goes back to the chart question",
      run: (ui) => ui.role("button", { name: "Previous question" }).click(),
    },
    "test.finish": {
      means: "finishes the test (Enter on Finish, then Enter on the question's “Yes, finish”)",
      run: async (ui) => {
        await ui.role("button", { name: "Finish the test" }).focus()
        await ui.keyboard.press("Enter")
        // Questions are left unanswered: the test asks first, its yes focused.
        await ui.expect(ui.role("button", { name: "Yes, finish" })).toBeFocused()
        await ui.keyboard.press("Enter")
      },
    },
  },
  jsdom: { facts: null, signedIn: true, handlers },
  browser: {
    facts: null,
    user: "standard",
    // Every free point once, untimed: a third or so are asked on the chart (as tests/e2e/chart-tests.spec.ts).
    prepare: async ({ api }) => {
      const saved = await api.request("POST", "/api/user-settings", { testAllPoints: true, testTimed: false })
      assert.equal(saved.status, 200, JSON.stringify(saved.body))
    },
  },
})
