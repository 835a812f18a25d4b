// Model of taking a self-test (§9): starting, answering by keyboard and by mouse, going back a
// question, the warning before the end with more time or without, the time running out (an
// explicit event that moves the page's clock), finishing, the result, repeating and a new test.
// The deadline is the server's time left laid on the page's clock, as the app lays it; the server
// cannot be made to see the time run out, so that answer is the server's own result marked expired.
import assert from "node:assert/strict"
import { createMachine } from "xstate"
import { TEST_DIFFICULTY_EXPERT } from "../../src/domain/self-tests/test-settings.ts"
import { MINUTE_MS, WARNING_LEAD_MS } from "../../src/domain/self-tests/test-timing.ts"
import type { TestClockView, TestSessionView } from "../../src/domain/self-tests/test-views.ts"
import { clockText } from "../../src/ui/self-tests/question-text.ts"
import { clock, freshState, selfTestHandlers, session } from "../ui/support/self-test-api.ts"
import type { Method, Ui } from "./support/driver.ts"
import { defineModel } from "./support/model.ts"

interface Facts {
  /** The test's name as its pages say it, and what its review links to. */
  readonly title: string
  readonly reviewLink: RegExp
  /** The page's clock runs on by itself (the browser's) rather than only when a step moves it. */
  readonly clockRuns: boolean
}

interface Ctx {
  readonly facts: Facts
  /** When the time runs out, on the page's clock. */
  deadline: number
}

/** What the learner sees. Time running out is an event here; the test moves the clock for it. */
const machine = createMachine({
  id: "testSession",
  initial: "overview",
  states: {
    overview: { on: { "test.start": "question1" } },
    question1: {
      on: { "answer.byKeyboard": "question2", "answer.byMouse": "question2", "time.nearlyUp": "warned" },
    },
    question2: {
      on: { "answer.byMouse": "allAnswered", "answer.byKeyboard": "allAnswered", "question.back": "firstAgain" },
    },
    firstAgain: { on: { "question.next": "question2" } },
    allAnswered: { on: { "test.finish": "reviewing" } },
    warned: { on: { "time.extend": "extended", "warning.dismiss": "dismissed", "time.runOut": "expired" } },
    extended: { on: { "answer.byMouse": "question2" } },
    dismissed: { on: { "time.runOut": "expired" } },
    expired: { on: { "test.repeat": "question1" } },
    reviewing: { on: { "test.new": "overview", "test.repeat": "question1" } },
  },
})

const heading = (ui: Ui, name: string) => ui.role("heading", { level: 1, name })
const warning = (ui: Ui) => ui.role("alertdialog", { name: "Time is nearly up" })
const timer = (ui: Ui) => ui.role("timer")
/** The polite region that says the time left; the timer itself is not live. */
const announcer = (ui: Ui) => ui.css(".test-running [role=status][aria-live=polite]")
const EXPIRED = "The time ran out before the test was finished."

/** The clock the server answered last to METHOD PATH with. */
const answeredClock = async (ui: Ui, method: Method, path: string, pick: (answer: unknown) => TestClockView) => {
  const answer = (await ui.network.calls(method, path)).at(-1)?.answer
  assert.ok(answer, `the server answered ${method} ${path}`)
  return pick(answer)
}

/** A test starts (or starts again): its first question, and the deadline laid on the page's clock. */
const started = async (ui: Ui, ctx: Ctx, path: string) => {
  await ui.expect(heading(ui, "Question 1 of 2")).toBeVisible()
  const left = await answeredClock(ui, "POST", path, (a) => (a as TestSessionView).clock)
  ctx.deadline = (await ui.clock.now()) + (left.timeLeftMs ?? 0)
}

const advance = async (ui: Ui, to: number) => ui.clock.advance(to - (await ui.clock.now()))

export default defineModel<Facts, Ctx>({
  id: "test-session",
  title: "Taking a self-test",
  machine,
  path: "/test/new/location-test",
  clock: true,
  covers: [],
  skips: {
    "testSession starting always [guard 1]":
      "a repeat from a stored result (/get/results) opens the session at once; this flow repeats from its own result",
  },
  context: (facts) => ({ facts, deadline: 0 }),
  ready: (ui) => ui.expect(ui.role("button", { name: "Start the test" })).toBeVisible(),
  states: {
    overview: {
      means: "the test's overview with Start the test",
      check: (ui) => ui.expect(ui.role("button", { name: "Start the test" })).toBeEnabled(),
    },
    question1: {
      means: "question 1 of 2, focused; the timer counts silently, no warning",
      check: async (ui) => {
        await ui.expect(heading(ui, "Question 1 of 2")).toBeFocused()
        await ui.expect(warning(ui)).toHaveCount(0)
        await ui.expect(timer(ui)).toHaveText(/^\d+:\d\d$/)
        await ui.expect(timer(ui)).toHaveAttribute("aria-live", "off")
        // A second passing says nothing.
        await ui.clock.advance(1000)
        await ui.expect(announcer(ui)).toHaveText(/^$/)
      },
    },
    question2: {
      means: "question 2 of 2, nothing chosen yet",
      check: async (ui) => {
        await ui.expect(heading(ui, "Question 2 of 2")).toBeVisible()
        await ui.expect(ui.role("radio", { checked: true })).toHaveCount(0)
      },
    },
    firstAgain: {
      means: "question 1 again, its saved answer chosen",
      check: async (ui) => {
        await ui.expect(heading(ui, "Question 1 of 2")).toBeVisible()
        await ui.expect(ui.role("radio", { checked: true })).toHaveCount(1)
      },
    },
    allAnswered: {
      means: "“Every question is answered.”",
      check: (ui) => ui.expect(ui.text("Every question is answered.")).toBeVisible(),
    },
    warned: {
      means: "the warning, More time focused; only “1 minute left.” said, politely",
      check: async (ui) => {
        await ui.expect(warning(ui).role("button", { name: "More time (+2 min)" })).toBeFocused()
        // Crossing 5 min and 1 min at once says only the nearer one, once.
        await ui.expect(announcer(ui)).toHaveText(/^1 minute left\.$/)
      },
    },
    extended: {
      means: "no warning; the timer shows the time the server granted; nothing said",
      check: async (ui, { facts }) => {
        await ui.expect(warning(ui)).toHaveCount(0)
        const granted = await answeredClock(ui, "PUT", "/api/test/add-extra-time", (a) => a as TestClockView)
        const shown = clockText(granted.timeLeftMs ?? 0)
        // A clock that runs on may have ticked once since: the granted time, or a second less.
        const ticked = facts.clockRuns ? `|${clockText((granted.timeLeftMs ?? 0) - 1000)}` : ""
        await ui.expect(timer(ui)).toHaveText(new RegExp(`^(${shown}${ticked})$`))
        await ui.expect(announcer(ui)).toHaveText(/^$/)
      },
    },
    dismissed: {
      means: "no warning; back on question 1, focused",
      check: async (ui) => {
        await ui.expect(warning(ui)).toHaveCount(0)
        await ui.expect(heading(ui, "Question 1 of 2")).toBeFocused()
      },
    },
    expired: {
      means: "the result, focused, saying the time ran out",
      check: async (ui, { facts }) => {
        await ui.expect(heading(ui, `Result: ${facts.title}`)).toBeFocused()
        await ui.expect(ui.text(EXPIRED)).toBeVisible()
      },
    },
    reviewing: {
      means: "the result, focused, with the review's links to the points",
      check: async (ui, { facts }) => {
        await ui.expect(heading(ui, `Result: ${facts.title}`)).toBeFocused()
        await ui.expect(ui.text(EXPIRED)).toHaveCount(0)
        await ui.expect(ui.role("link", { name: facts.reviewLink }).nth(0)).toBeVisible()
      },
    },
  },
  events: {
    "test.start": {
      means: "starts the test",
      run: async (ui, ctx) => {
        await ui.role("button", { name: "Start the test" }).click()
        await started(ui, ctx, "/api/test/new-create")
      },
    },
    "answer.byKeyboard": {
      means: "answers by keyboard: Tab into the options, ArrowDown, Enter",
      run: async (ui) => {
        await ui.keyboard.tab()
        await ui.keyboard.press("ArrowDown")
        await ui.keyboard.press("Enter")
      },
    },
    "answer.byMouse": {
      means: "answers by mouse: clicks the third option, then Save",
      run: async (ui) => {
        await ui.role("radio").nth(2).click()
        await ui.role("button", { name: /^Save (and next|answer)$/ }).click()
      },
    },
    "question.back": {
      means: "goes back a question",
      run: (ui) => ui.role("button", { name: "Previous question" }).click(),
    },
    "question.next": { means: "goes on a question", run: (ui) => ui.role("button", { name: "Next question" }).click() },
    "test.finish": {
      means: "finishes the test (Enter on Finish)",
      run: async (ui) => {
        await ui.role("button", { name: "Finish the test" }).focus()
        await ui.keyboard.press("Enter")
      },
    },
    "time.nearlyUp": {
      means: "time passes until the warning is due",
      run: async (ui, ctx) => advance(ui, ctx.deadline - WARNING_LEAD_MS),
    },
    "time.extend": {
      means: "asks for more time with the one key (Enter)",
      run: async (ui, ctx) => {
        const before = (await ui.network.calls("PUT", "/api/test/add-extra-time")).length
        await ui.keyboard.press("Enter")
        await ui.eventually(async () =>
          assert.ok((await ui.network.calls("PUT", "/api/test/add-extra-time")).length > before, "more time asked for"),
        )
        const granted = await answeredClock(ui, "PUT", "/api/test/add-extra-time", (a) => a as TestClockView)
        ctx.deadline = (await ui.clock.now()) + (granted.timeLeftMs ?? 0)
      },
    },
    "warning.dismiss": {
      means: "goes on without more time",
      run: (ui) => ui.role("button", { name: "Continue without" }).click(),
    },
    "time.runOut": {
      means: "time passes to the deadline (the server scores the test as expired)",
      run: async (ui, ctx) => {
        await ui.network.patch("POST", "/api/test/finish", (result) => ({ ...(result as object), expired: true }), {
          times: 1,
        })
        await advance(ui, ctx.deadline)
      },
    },
    "test.repeat": {
      means: "repeats the test",
      run: async (ui, ctx) => {
        await ui.role("link", { name: "Repeat this test" }).click()
        await started(ui, ctx, "/api/test/repeat")
      },
    },
    "test.new": { means: "asks for a new test", run: (ui) => ui.role("link", { name: "New test" }).click() },
  },
  jsdom: {
    facts: { title: "Location test", reviewLink: /^LU-/, clockRuns: false },
    signedIn: true,
    handlers: () =>
      selfTestHandlers(
        freshState({ session: session({ clock: clock(10 * MINUTE_MS) }), extended: clock(3 * MINUTE_MS) }),
      ),
  },
  browser: {
    // The real location test asks some questions on the chart (tests/model/chart-question.model.ts);
    // the multiple-choice test asks with options only, as msw's location test does.
    facts: { title: "Multiple-choice test", reviewLink: /^[A-Z]{2}-\d+/, clockRuns: true },
    user: "standard",
    path: "/test/new/multiple-choice-test",
    prepare: async ({ api }) => {
      const saved = await api.request("POST", "/api/user-settings", {
        testLimit: 2,
        testAllPoints: false,
        testTimed: true,
        testDuration: 10,
        testDifficulty: TEST_DIFFICULTY_EXPERT,
        testExtraTime: 2,
      })
      assert.equal(saved.status, 200, JSON.stringify(saved.body))
    },
  },
})
