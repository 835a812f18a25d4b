import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { PRACTICE_CHOICES } from "../../src/domain/charts/chart-practice.ts"
import type { ServedChart } from "../../src/domain/charts/chart-views.ts"
import { practiceMachine } from "../../src/machines/charts/practice-machine.ts"
import { frontChart } from "../support/chart-fixtures.ts"

const start = (code: string | null = "LU-3", chart: ServedChart = frontChart, seed = 7) => {
  const actor = createActor(practiceMachine, { input: { chart, code, seed } })
  actor.start()
  return actor
}
type Actor = ReturnType<typeof start>
const question = (actor: Actor) => actor.getSnapshot().context.question!
const wrongId = (actor: Actor) => question(actor).candidates.find((c) => c.id !== question(actor).answer)!.id

describe("practice machine", () => {
  it("asks where the given point is, among lettered positions, the right one among them", () => {
    const actor = start("LU-3")
    expect(actor.getSnapshot().value).toBe("asking")
    const q = question(actor)
    expect(q.code).toBe("LU-3")
    expect(q.candidates.length).toBeGreaterThan(1)
    expect(q.candidates.length).toBeLessThanOrEqual(PRACTICE_CHOICES)
    expect(q.candidates.map((c) => c.id)).toEqual(["A", "B", "C", "D", "E"].slice(0, q.candidates.length))
    const right = q.candidates.find((c) => c.id === q.answer)!
    expect(right.position).toEqual([40, 150])
    expect(actor.getSnapshot().context).toMatchObject({ chosen: null, asked: 0, right: 0 })
  })

  it("asks a random point of the view when none is given, the same one for the same seed", () => {
    const a = question(start(null, frontChart, 42))
    const b = question(start(null, frontChart, 42))
    expect(a).toEqual(b)
    expect(frontChart.points.map((p) => p.code)).toContain(a.code)
  })

  it("takes a choice among the positions only, and changes it until checked", () => {
    const actor = start()
    actor.send({ type: "answer.choose", id: "Z" })
    expect(actor.getSnapshot().context.chosen).toBeNull()
    actor.send({ type: "answer.choose", id: "A" })
    actor.send({ type: "answer.choose", id: "B" })
    expect(actor.getSnapshot().context.chosen).toBe("B")
  })

  it("checks nothing before a position is chosen", () => {
    const actor = start()
    actor.send({ type: "answer.check" })
    expect(actor.getSnapshot().value).toBe("asking")
    expect(actor.getSnapshot().context.asked).toBe(0)
  })

  it("counts a right answer", () => {
    const actor = start()
    actor.send({ type: "answer.choose", id: question(actor).answer })
    actor.send({ type: "answer.check" })
    expect(actor.getSnapshot().value).toEqual({ answered: "right" })
    expect(actor.getSnapshot().hasTag("right")).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ asked: 1, right: 1 })
    // The answer stands once checked.
    actor.send({ type: "answer.choose", id: wrongId(actor) })
    expect(actor.getSnapshot().context.chosen).toBe(question(actor).answer)
  })

  it("counts a wrong answer and keeps what was chosen to show it beside the right one", () => {
    const actor = start()
    const wrong = wrongId(actor)
    actor.send({ type: "answer.choose", id: wrong })
    actor.send({ type: "answer.check" })
    expect(actor.getSnapshot().value).toEqual({ answered: "wrong" })
    expect(actor.getSnapshot().hasTag("wrong")).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ asked: 1, right: 0, chosen: wrong })
  })

  it("goes on to another point, keeping the score", () => {
    const actor = start("LU-3")
    actor.send({ type: "answer.choose", id: question(actor).answer })
    actor.send({ type: "answer.check" })
    actor.send({ type: "question.next" })
    expect(actor.getSnapshot().value).toBe("asking")
    expect(question(actor).code).not.toBe("LU-3")
    expect(actor.getSnapshot().context).toMatchObject({ chosen: null, asked: 1, right: 1 })
  })

  it("has nothing to ask on a view without points the learner may open", () => {
    const actor = start(null, { ...frontChart, points: [] })
    expect(actor.getSnapshot().value).toBe("empty")
  })
})
