// Every transition of the test-session machine, with time on a SimulatedClock: configuring (and
// resuming a running test at once), loading, answering ⇄ saving, the warning with "more time" at
// a share of the limit and beside the question (answering goes on), the three polite
// announcements, expiry by the local timer and by the server's refusal, finishing (asking first
// while questions are unanswered), discarding, the result shown at its own address, and each
// failure keeping what the learner chose.
import { describe, expect, it, vi } from "vitest"
import { createActor, SimulatedClock, waitFor } from "xstate"
import { TestClosed } from "../../../src/domain/self-tests/test-errors.ts"
import type { SessionTestType } from "../../../src/domain/self-tests/test-review.ts"
import { MINUTE_MS, WARNING_LEAD_MS } from "../../../src/domain/self-tests/test-timing.ts"
import type {
  AnswerSavedView,
  TestClockView,
  TestOverview,
  TestResultView,
  TestSessionView,
} from "../../../src/domain/self-tests/test-views.ts"
import { NotFound, Offline, ProRequired, ServerError } from "../../../src/domain/shared/errors.ts"
import type { StartMode } from "../../../src/machines/self-tests/test-session-context.ts"
import { testSessionMachine } from "../../../src/machines/self-tests/test-session-machine.ts"
import { pendingActor } from "../support/pending-actor.ts"
import { chartQuestion, clock, overview, REPEAT_ID, result, saved, session, TEST_ID } from "./fixtures.ts"

const START = 1_750_000_000_000

const start = () => {
  const simulated = new SimulatedClock()
  simulated.set(START)
  const actors = {
    loadOverview: pendingActor<TestOverview, { readonly type: SessionTestType }>(),
    startTest: pendingActor<TestSessionView, StartMode>(),
    saveAnswer: pendingActor<AnswerSavedView, { testId: string; question: number; answer: unknown }>(),
    addExtraTime: pendingActor<TestClockView, { testId: string }>(),
    finishTest: pendingActor<TestResultView, { testId: string }>(),
    resetTest: pendingActor<TestOverview, { testId: string }>(),
  }
  const openUpgrade = vi.fn()
  const showResult = vi.fn()
  const actor = createActor(
    testSessionMachine.provide({
      actors: {
        loadOverview: actors.loadOverview.logic,
        startTest: actors.startTest.logic,
        saveAnswer: actors.saveAnswer.logic as never,
        addExtraTime: actors.addExtraTime.logic,
        finishTest: actors.finishTest.logic,
        resetTest: actors.resetTest.logic,
      },
      actions: { openUpgrade, showResult: (_, params) => showResult(params) },
    }),
    { input: { type: "location-test", now: () => simulated.now() }, clock: simulated },
  )
  actor.start()
  return { actor, clock: simulated, openUpgrade, showResult, ...actors }
}
type Started = ReturnType<typeof start>

const startReady = async (o: TestOverview = overview()) => {
  const started = start()
  started.loadOverview.resolve(o)
  await waitFor(started.actor, (s) => s.matches({ configuring: "ready" }))
  return started
}

const startAnswering = async (s: TestSessionView = session()) => {
  const started = await startReady()
  started.actor.send({ type: "test.start" })
  started.startTest.resolve(s)
  await waitFor(started.actor, (snap) => snap.matches("running"))
  return started
}

const left = (started: Started) => {
  const { deadline } = started.actor.getSnapshot().context
  return deadline === null ? null : deadline - started.clock.now()
}

describe("test-session machine", () => {
  describe("configuring", () => {
    it("loads the overview of its type and waits for Start", async () => {
      const started = start()
      expect(started.actor.getSnapshot().matches({ configuring: "loading" })).toBe(true)
      expect(started.actor.getSnapshot().hasTag("busy")).toBe(true)
      expect(started.loadOverview.inputs).toEqual([{ type: "location-test" }])
      started.loadOverview.resolve(overview())
      await waitFor(started.actor, (s) => s.matches({ configuring: "ready" }))
      expect(started.actor.getSnapshot().context.overview).toEqual(overview())
      expect(started.startTest.inputs).toHaveLength(0)
    })

    it("resumes a test of the type that is still running, without asking (reload, second tab)", async () => {
      const started = start()
      started.loadOverview.resolve(overview({ running: { id: TEST_ID, answered: 1, total: 2 } }))
      await waitFor(started.actor, (s) => s.matches("loading"))
      expect(started.startTest.inputs).toEqual([{ mode: "resume", type: "location-test", id: TEST_ID }])
      started.startTest.resolve(session({ answers: [{ _tag: "Choice", index: 2 }, null], clock: clock(4 * MINUTE_MS) }))
      await waitFor(started.actor, (s) => s.matches("running"))
      const { context } = started.actor.getSnapshot()
      expect(context.current).toBe(1)
      expect(context.answers[0]).toEqual({ _tag: "Choice", index: 2 })
      expect(left(started)).toBe(4 * MINUTE_MS)
    })

    it("shows a failed overview and loads it again on retry", async () => {
      const started = start()
      started.loadOverview.reject(new Offline())
      await waitFor(started.actor, (s) => s.matches({ configuring: "failed" }))
      expect(started.actor.getSnapshot().context.error).toBe("errors.offline")
      started.actor.send({ type: "test.retry" })
      expect(started.actor.getSnapshot().matches({ configuring: "loading" })).toBe(true)
      expect(started.actor.getSnapshot().context.error).toBeNull()
      expect(started.loadOverview.inputs).toHaveLength(2)
    })

    it("opens the upgrade modal instead of starting a locked type", async () => {
      const started = await startReady(overview({ permission: false }))
      expect(started.actor.getSnapshot().can({ type: "test.start" })).toBe(true)
      started.actor.send({ type: "test.start" })
      expect(started.openUpgrade).toHaveBeenCalledTimes(1)
      expect(started.actor.getSnapshot().matches({ configuring: "ready" })).toBe(true)
      expect(started.startTest.inputs).toHaveLength(0)
    })

    it("does not start a test with nothing to ask", async () => {
      const started = await startReady(overview({ questionCount: 0 }))
      expect(started.actor.getSnapshot().can({ type: "test.start" })).toBe(false)
      started.actor.send({ type: "test.start" })
      expect(started.actor.getSnapshot().matches({ configuring: "ready" })).toBe(true)
    })
  })

  describe("loading", () => {
    it("creates a test and lands on its first question with the server's time left", async () => {
      const started = await startReady()
      started.actor.send({ type: "test.start" })
      expect(started.actor.getSnapshot().value).toBe("loading")
      expect(started.startTest.inputs).toEqual([{ mode: "create", type: "location-test" }])
      started.startTest.resolve(session())
      await waitFor(started.actor, (s) => s.matches({ running: { flow: "answering" } }))
      expect(started.actor.getSnapshot().context).toMatchObject({ current: 0, draft: null, error: null })
      expect(left(started)).toBe(10 * MINUTE_MS)
    })

    it("goes back to the overview with the message when the test cannot be created", async () => {
      const started = await startReady()
      started.actor.send({ type: "test.start" })
      started.startTest.reject(new ServerError({ message: "boom", correlationId: "c" }))
      await waitFor(started.actor, (s) => s.matches({ configuring: "ready" }))
      expect(started.actor.getSnapshot().context.error).toBe("errors.generic")
    })

    it("opens the upgrade modal when the server says the test needs Pro", async () => {
      const started = await startReady()
      started.actor.send({ type: "test.start" })
      started.startTest.reject(new ProRequired({ message: "Pro" }))
      await waitFor(started.actor, (s) => s.matches({ configuring: "ready" }))
      expect(started.openUpgrade).toHaveBeenCalledTimes(1)
      expect(started.actor.getSnapshot().context.error).toBe("errors.testNeedsPro")
    })
  })

  describe("answering ⇄ saving", () => {
    it("saves the chosen answer and moves on to the next question", async () => {
      const started = await startAnswering()
      const { actor } = started
      expect(actor.getSnapshot().can({ type: "answer.save" })).toBe(false)
      actor.send({ type: "answer.change", answer: { _tag: "Choice", index: 2 } })
      actor.send({ type: "answer.save" })
      expect(actor.getSnapshot().matches({ running: { flow: "saving" } })).toBe(true)
      expect(started.saveAnswer.inputs).toEqual([
        { testId: TEST_ID, question: 0, answer: { _tag: "Choice", index: 2 } },
      ])
      started.saveAnswer.resolve(saved(0, 1))
      await waitFor(actor, (s) => s.matches({ running: { flow: "answering" } }))
      expect(actor.getSnapshot().context).toMatchObject({
        current: 1,
        draft: null,
        answers: [{ _tag: "Choice", index: 2 }, null],
      })
    })

    it("saves a position chosen on the chart like any choice, through the same call", async () => {
      const started = await startAnswering(
        session({
          questions: [chartQuestion, ...session().questions],
          answers: [null, null, null],
          textLanguages: ["en", "en", "en"],
        }),
      )
      const { actor } = started
      // Moving the marker changes the draft each time; Enter saves the last one.
      for (const index of [0, 1, 3]) actor.send({ type: "answer.change", answer: { _tag: "Choice", index } })
      actor.send({ type: "answer.save" })
      expect(started.saveAnswer.inputs).toEqual([
        { testId: TEST_ID, question: 0, answer: { _tag: "Choice", index: 3 } },
      ])
      started.saveAnswer.resolve(saved(0, 1))
      await waitFor(actor, (s) => s.matches({ running: { flow: "answering" } }))
      expect(actor.getSnapshot().context).toMatchObject({
        current: 1,
        answers: [{ _tag: "Choice", index: 3 }, null, null],
      })
      // Back on the chart question, its saved position is the draft again.
      actor.send({ type: "question.go", index: 0 })
      expect(actor.getSnapshot().context.draft).toEqual({ _tag: "Choice", index: 3 })
    })

    it("does not save an empty typed answer", async () => {
      const started = await startAnswering()
      started.actor.send({ type: "answer.change", answer: { _tag: "Typed", text: "   " } })
      expect(started.actor.getSnapshot().can({ type: "answer.save" })).toBe(false)
    })

    it("keeps the chosen answer and says why when saving fails", async () => {
      const started = await startAnswering()
      started.actor.send({ type: "answer.change", answer: { _tag: "Choice", index: 1 } })
      started.actor.send({ type: "answer.save" })
      started.saveAnswer.reject(new Offline())
      await waitFor(started.actor, (s) => s.matches({ running: { flow: "answering" } }))
      expect(started.actor.getSnapshot().context).toMatchObject({
        current: 0,
        draft: { _tag: "Choice", index: 1 },
        error: "errors.offline",
      })
      started.actor.send({ type: "answer.save" })
      expect(started.saveAnswer.inputs).toHaveLength(2)
    })

    it("goes to another question with its saved answer, and ignores a question that is not there", async () => {
      const started = await startAnswering(session({ answers: [{ _tag: "Choice", index: 3 }, null] }))
      started.actor.send({ type: "question.go", index: 0 })
      expect(started.actor.getSnapshot().context).toMatchObject({ current: 0, draft: { _tag: "Choice", index: 3 } })
      started.actor.send({ type: "question.go", index: 5 })
      expect(started.actor.getSnapshot().context.current).toBe(0)
    })

    it("ignores answers and navigation while saving", async () => {
      const started = await startAnswering()
      started.actor.send({ type: "answer.change", answer: { _tag: "Choice", index: 1 } })
      started.actor.send({ type: "answer.save" })
      started.actor.send({ type: "question.go", index: 1 })
      started.actor.send({ type: "answer.save" })
      started.actor.send({ type: "test.finish" })
      expect(started.actor.getSnapshot().context.current).toBe(0)
      expect(started.saveAnswer.inputs).toHaveLength(1)
      expect(started.finishTest.inputs).toHaveLength(0)
    })

    it("ends the test when the server says the time is up", async () => {
      const started = await startAnswering()
      started.actor.send({ type: "answer.change", answer: { _tag: "Choice", index: 1 } })
      started.actor.send({ type: "answer.save" })
      started.saveAnswer.reject(new TestClosed({ message: "The time is up", reason: "timeUp" }))
      await waitFor(started.actor, (s) => s.matches({ expired: "scoring" }))
      expect(started.finishTest.inputs).toEqual([{ testId: TEST_ID }])
    })

    it("fetches the result when the server says the test was already finished (another tab)", async () => {
      const started = await startAnswering()
      started.actor.send({ type: "answer.change", answer: { _tag: "Choice", index: 1 } })
      started.actor.send({ type: "answer.save" })
      started.saveAnswer.reject(new TestClosed({ message: "finished", reason: "finished" }))
      await waitFor(started.actor, (s) => s.matches({ running: { flow: "finishing" } }))
      started.finishTest.resolve(result())
      await waitFor(started.actor, (s) => s.matches("finished"))
      expect(started.showResult).toHaveBeenCalledWith({ result: result() })
    })
  })

  describe("time", () => {
    const warned = (started: Started) => started.actor.getSnapshot().hasTag("warned")

    it("announces the time left at 5 min, 1 min and 30 s only", async () => {
      const started = await startAnswering()
      const announced: Array<number | null> = []
      started.actor.subscribe((s) => {
        if (s.context.announcement !== announced.at(-1)) announced.push(s.context.announcement)
      })
      started.clock.increment(5 * MINUTE_MS - 1)
      expect(started.actor.getSnapshot().context.announcement).toBeNull()
      started.clock.increment(1)
      expect(started.actor.getSnapshot().context.announcement).toBe(5 * MINUTE_MS)
      started.clock.increment(4 * MINUTE_MS - 1)
      expect(started.actor.getSnapshot().context.announcement).toBe(5 * MINUTE_MS)
      started.clock.increment(1)
      expect(started.actor.getSnapshot().context.announcement).toBe(MINUTE_MS)
      expect(warned(started)).toBe(true)
      started.actor.send({ type: "warning.dismiss" })
      started.clock.increment(30_000)
      expect(started.actor.getSnapshot().context.announcement).toBe(30_000)
      expect(announced.filter((a) => a !== null)).toEqual([5 * MINUTE_MS, MINUTE_MS, 30_000])
    })

    it("warns once the warning lead is reached, and offers more time", async () => {
      const started = await startAnswering()
      started.clock.increment(10 * MINUTE_MS - WARNING_LEAD_MS - 1)
      expect(warned(started)).toBe(false)
      started.clock.increment(1)
      expect(warned(started)).toBe(true)
      expect(WARNING_LEAD_MS).toBeGreaterThanOrEqual(20_000)
      started.actor.send({ type: "time.extend" })
      expect(started.actor.getSnapshot().hasTag("extending")).toBe(true)
      expect(started.addExtraTime.inputs).toEqual([{ testId: TEST_ID }])
      started.addExtraTime.resolve(clock(WARNING_LEAD_MS + 2 * MINUTE_MS, { extensions: 1 }))
      await waitFor(started.actor, (s) => !s.hasTag("warned"))
      expect(left(started)).toBe(WARNING_LEAD_MS + 2 * MINUTE_MS)
      // The timers follow the new deadline: no expiry at the old one.
      started.clock.increment(WARNING_LEAD_MS)
      expect(started.actor.getSnapshot().matches("running")).toBe(true)
    })

    it("starts the announcements over from the deadline more time gave", async () => {
      const started = await startAnswering()
      started.clock.increment(10 * MINUTE_MS - WARNING_LEAD_MS)
      expect(started.actor.getSnapshot().context.announcement).toBe(MINUTE_MS)
      started.actor.send({ type: "time.extend" })
      started.addExtraTime.resolve(clock(WARNING_LEAD_MS + 2 * MINUTE_MS, { extensions: 1 }))
      await waitFor(started.actor, (s) => !s.hasTag("warned"))
      expect(started.actor.getSnapshot().context.announcement).toBeNull()
      // Three minutes left: the next announcement is the minute, two minutes on.
      started.clock.increment(2 * MINUTE_MS - 1)
      expect(started.actor.getSnapshot().context.announcement).toBeNull()
      started.clock.increment(1)
      expect(started.actor.getSnapshot().context.announcement).toBe(MINUTE_MS)
      // …and with it the warning again, at its lead before the new deadline.
      expect(warned(started)).toBe(true)
    })

    it("warns a one-minute test when 20 s are left, never at the start", async () => {
      const started = await startAnswering(session({ clock: clock(MINUTE_MS, { limitMs: MINUTE_MS }) }))
      expect(warned(started)).toBe(false)
      started.clock.increment(MINUTE_MS - 20_000 - 1)
      expect(warned(started)).toBe(false)
      started.clock.increment(1)
      expect(warned(started)).toBe(true)
    })

    it("lets the learner answer, move between questions and finish while the warning is open", async () => {
      const started = await startAnswering(session({ clock: clock(30_000) }))
      const { actor } = started
      expect(warned(started)).toBe(true)
      expect(actor.getSnapshot().hasTag("answering")).toBe(true)
      actor.send({ type: "answer.change", answer: { _tag: "Choice", index: 1 } })
      actor.send({ type: "answer.save" })
      expect(actor.getSnapshot().hasTag("saving")).toBe(true)
      started.saveAnswer.resolve(saved(0, 1, 25_000))
      await waitFor(actor, (s) => s.hasTag("answering"))
      expect(actor.getSnapshot().context).toMatchObject({ current: 1, answers: [{ _tag: "Choice", index: 1 }, null] })
      actor.send({ type: "question.go", index: 0 })
      expect(actor.getSnapshot().context.current).toBe(0)
      // The warning stays until it is answered.
      expect(warned(started)).toBe(true)
      actor.send({ type: "test.finish" })
      expect(actor.getSnapshot().hasTag("confirmingFinish")).toBe(true)
      expect(warned(started)).toBe(true)
    })

    it("warns at once when a test resumes inside the warning lead", async () => {
      const started = await startAnswering(session({ clock: clock(30_000) }))
      expect(warned(started)).toBe(true)
    })

    it("lets the learner carry on without more time, and does not warn again", async () => {
      const started = await startAnswering()
      started.clock.increment(10 * MINUTE_MS - WARNING_LEAD_MS)
      started.actor.send({ type: "warning.dismiss" })
      expect(warned(started)).toBe(false)
      started.actor.send({ type: "answer.change", answer: { _tag: "Choice", index: 0 } })
      started.actor.send({ type: "answer.save" })
      started.saveAnswer.resolve(saved(0, 1, 50_000))
      await waitFor(started.actor, (s) => s.hasTag("answering"))
      expect(warned(started)).toBe(false)
      // The deadline still ends the test.
      started.clock.increment(WARNING_LEAD_MS)
      expect(started.actor.getSnapshot().matches({ expired: "scoring" })).toBe(true)
    })

    it("refuses more time when the clock allows no more", async () => {
      const started = await startAnswering(session({ clock: clock(30_000, { canExtend: false, extensions: 10 }) }))
      expect(started.actor.getSnapshot().can({ type: "time.extend" })).toBe(false)
      started.actor.send({ type: "time.extend" })
      expect(started.addExtraTime.inputs).toHaveLength(0)
    })

    it("stays warned with a message when more time cannot be had", async () => {
      const started = await startAnswering(session({ clock: clock(30_000) }))
      started.actor.send({ type: "time.extend" })
      started.addExtraTime.reject(new Offline())
      await waitFor(started.actor, (s) => s.hasTag("warned") && !s.hasTag("extending"))
      expect(started.actor.getSnapshot().context.error).toBe("errors.offline")
    })

    it("ends the test when the server says the time is up while more time is asked for", async () => {
      const started = await startAnswering(session({ clock: clock(30_000) }))
      started.actor.send({ type: "time.extend" })
      started.addExtraTime.reject(new TestClosed({ message: "The time is up", reason: "timeUp" }))
      await waitFor(started.actor, (s) => s.matches({ expired: "scoring" }))
    })

    it("expires at the deadline and shows the result", async () => {
      const started = await startAnswering()
      started.clock.increment(10 * MINUTE_MS)
      expect(started.actor.getSnapshot().matches({ expired: "scoring" })).toBe(true)
      expect(started.finishTest.inputs).toEqual([{ testId: TEST_ID }])
      started.finishTest.resolve(result({ expired: true }))
      await waitFor(started.actor, (s) => s.matches("finished"))
      expect(started.showResult).toHaveBeenCalledWith({ result: result({ expired: true }) })
    })

    it("expires while warned, while more time is on its way and while a finish is asked", async () => {
      for (const step of ["warned", "extending", "confirmingFinish"] as const) {
        const started = await startAnswering(session({ clock: clock(30_000) }))
        if (step === "extending") started.actor.send({ type: "time.extend" })
        if (step === "confirmingFinish") started.actor.send({ type: "test.finish" })
        expect(started.actor.getSnapshot().hasTag(step)).toBe(true)
        started.clock.increment(30_000)
        expect(started.actor.getSnapshot().matches({ expired: "scoring" })).toBe(true)
      }
    })

    it("retries scoring after a failure", async () => {
      const started = await startAnswering(session({ clock: clock(30_000) }))
      started.clock.increment(30_000)
      started.finishTest.reject(new Offline())
      await waitFor(started.actor, (s) => s.matches({ expired: "failed" }))
      started.actor.send({ type: "test.retry" })
      expect(started.finishTest.inputs).toHaveLength(2)
    })

    it("never expires or warns without a time limit (practice)", async () => {
      const started = await startAnswering(session({ clock: clock(null) }))
      started.clock.increment(1_000 * MINUTE_MS)
      expect(started.actor.getSnapshot().hasTag("answering")).toBe(true)
      expect(warned(started)).toBe(false)
      expect(started.actor.getSnapshot().context.announcement).toBeNull()
    })
  })

  describe("finishing, discarding and the result", () => {
    const allAnswered = () =>
      session({
        answers: [
          { _tag: "Choice", index: 0 },
          { _tag: "Choice", index: 1 },
        ],
      })

    it("finishes at once when every question is answered, and shows the result at its address", async () => {
      const started = await startAnswering(allAnswered())
      started.actor.send({ type: "test.finish" })
      expect(started.actor.getSnapshot().hasTag("finishing")).toBe(true)
      expect(started.finishTest.inputs).toEqual([{ testId: TEST_ID }])
      started.finishTest.resolve(result())
      await waitFor(started.actor, (s) => s.matches("finished"))
      expect(started.actor.getSnapshot().status).toBe("done")
      expect(started.showResult).toHaveBeenCalledTimes(1)
      expect(started.showResult).toHaveBeenCalledWith({ result: result() })
    })

    it("asks before finishing while questions are unanswered; no keeps the test, yes finishes", async () => {
      const started = await startAnswering()
      const { actor } = started
      actor.send({ type: "test.finish" })
      expect(actor.getSnapshot().hasTag("confirmingFinish")).toBe(true)
      expect(started.finishTest.inputs).toHaveLength(0)
      // Nothing else happens while the question is open.
      actor.send({ type: "question.go", index: 1 })
      actor.send({ type: "test.discard" })
      expect(actor.getSnapshot().context.current).toBe(0)
      expect(actor.getSnapshot().hasTag("confirmingFinish")).toBe(true)
      actor.send({ type: "finish.cancel" })
      expect(actor.getSnapshot().hasTag("answering")).toBe(true)
      expect(started.finishTest.inputs).toHaveLength(0)

      actor.send({ type: "test.finish" })
      actor.send({ type: "finish.confirm" })
      expect(actor.getSnapshot().hasTag("finishing")).toBe(true)
      expect(started.finishTest.inputs).toEqual([{ testId: TEST_ID }])
      started.finishTest.resolve(result())
      await waitFor(actor, (s) => s.matches("finished"))
      // No timer of the finished test fires later.
      started.clock.increment(20 * MINUTE_MS)
      expect(actor.getSnapshot().matches("finished")).toBe(true)
    })

    it("stays on the question with a message when finishing fails", async () => {
      const started = await startAnswering(allAnswered())
      started.actor.send({ type: "test.finish" })
      started.finishTest.reject(new ServerError({ message: "x", correlationId: "y" }))
      await waitFor(started.actor, (s) => s.hasTag("answering"))
      expect(started.actor.getSnapshot().context.error).toBe("errors.generic")
      expect(started.showResult).not.toHaveBeenCalled()
    })

    it("asks before discarding a test, and goes back to a fresh overview", async () => {
      const started = await startAnswering()
      started.actor.send({ type: "test.discard" })
      expect(started.actor.getSnapshot().hasTag("confirmingDiscard")).toBe(true)
      started.actor.send({ type: "discard.cancel" })
      expect(started.actor.getSnapshot().hasTag("answering")).toBe(true)
      started.actor.send({ type: "test.discard" })
      started.actor.send({ type: "discard.confirm" })
      expect(started.actor.getSnapshot().hasTag("discarding")).toBe(true)
      expect(started.resetTest.inputs).toEqual([{ testId: TEST_ID }])
      started.resetTest.resolve(overview())
      await waitFor(started.actor, (s) => s.matches({ configuring: "ready" }))
      expect(started.actor.getSnapshot().context.session).toBeNull()
    })

    it("leaves a missing test to the error catalogue (404 goes to /not-found)", async () => {
      const started = start()
      started.loadOverview.reject(new NotFound({ message: "Not found" }))
      await waitFor(started.actor, (s) => s.matches({ configuring: "failed" }))
      expect(started.actor.getSnapshot().context.error).toBe("errors.generic")
    })
  })
})

describe("repeating from a result page", () => {
  const startRepeat = () => {
    const simulated = new SimulatedClock()
    const startTest = pendingActor<TestSessionView, StartMode>()
    const loadOverview = pendingActor<TestOverview, { readonly type: SessionTestType }>()
    const openUpgrade = vi.fn()
    const actor = createActor(
      testSessionMachine.provide({
        actors: { startTest: startTest.logic, loadOverview: loadOverview.logic },
        actions: { openUpgrade },
      }),
      { input: { type: "location-test", now: () => simulated.now(), repeat: TEST_ID }, clock: simulated },
    )
    actor.start()
    return { actor, startTest, loadOverview, openUpgrade }
  }

  it("starts the repeat at once, without the overview", async () => {
    const { actor, startTest, loadOverview } = startRepeat()
    expect(actor.getSnapshot().value).toBe("loading")
    expect(startTest.inputs).toEqual([{ mode: "repeat", type: "location-test", id: TEST_ID }])
    expect(loadOverview.inputs).toHaveLength(0)
    startTest.resolve(session({ id: REPEAT_ID }))
    await waitFor(actor, (s) => s.matches("running"))
  })

  it("offers to load the overview when the repeat is refused, opening the upgrade modal for Pro", async () => {
    const { actor, startTest, loadOverview, openUpgrade } = startRepeat()
    startTest.reject(new ProRequired({ message: "Pro" }))
    await waitFor(actor, (s) => s.matches({ configuring: "failed" }))
    expect(openUpgrade).toHaveBeenCalledTimes(1)
    actor.send({ type: "test.retry" })
    expect(loadOverview.inputs).toHaveLength(1)
  })
})
