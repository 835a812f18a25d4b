// Taking a self-test, walked in jsdom against msw on a SimulatedClock (the model: ./test-session.model.ts).

import { runInJsdom } from "./support/jsdom-runner.ts"
import model from "./test-session.model.ts"

runInJsdom(model)
