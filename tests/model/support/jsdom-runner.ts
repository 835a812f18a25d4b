// Runs a model in jsdom (the vitest `ui` project): for each walk (by mouse, by keyboard) the paths
// that take every transition, each through the whole app as main.tsx wires it, msw answering the
// API as the model's jsdom setup says. Records which production transitions the runs take.
// A model's test file is one line: `runInJsdom(model)`.

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { SimulatedClock } from "xstate"
import { renderApp, server } from "../../ui/support/render-app.tsx"
import { userEvent } from "../../ui/support/user.ts"
import { coverage } from "./coverage.ts"
import { FakeOutbox } from "./fake-outbox.ts"
import { jsdomDriver } from "./jsdom-driver.ts"
import { type AnyFlowModel, modelTransitions, planWalk, walkPath, walksOf } from "./model.ts"

/** Where the simulated clock of a timed flow starts. */
const CLOCK_START = 1_750_000_000_000

export const runInJsdom = (model: AnyFlowModel) => {
  beforeAll(() => {
    coverage.reset(model.id)
    server.listen({ onUnhandledFrame: "error" })
  })
  afterEach(() => server.resetHandlers())
  afterAll(() => {
    server.close()
    coverage.write(model.id)
  })

  const walks = walksOf(model).map((walk) => ({ walk, plan: planWalk(model, walk) }))

  describe(model.title, () => {
    it("takes every transition and reaches every state of the model", () => {
      const taken = new Set(walks.flatMap(({ plan }) => [...plan.taken]))
      expect([...taken].sort()).toEqual(modelTransitions(model).sort())
      for (const { plan } of walks) {
        expect([...plan.covered].sort()).toEqual([...plan.wanted].sort())
        expect([...plan.reached].sort()).toEqual([...plan.reachable].sort())
      }
    })

    for (const { walk, plan } of walks)
      describe(walk.label, () => {
        for (const path of plan.paths)
          it(path.title, { timeout: 60_000 }, async () => {
            const ctx = model.context(model.jsdom.facts)
            const outbox = new FakeOutbox()
            server.use(...model.jsdom.handlers(ctx, outbox))
            const clock = model.clock ? new SimulatedClock() : undefined
            clock?.set(CLOCK_START)
            const reloads: Array<string> = []
            const ui = jsdomDriver({ server, user: userEvent.setup(), input: walk.input, reloads, clock, outbox })
            coverage.begin(model.id)
            try {
              await renderApp(model.path, { signedIn: model.jsdom.signedIn, reloads, ...(clock ? { clock } : {}) })
              await model.ready(ui, ctx)
              await walkPath(model, walk, path, ui, ctx)
            } finally {
              coverage.end()
            }
          })
      })
  })
}
