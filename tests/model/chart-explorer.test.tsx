// The chart explorer, walked in jsdom against msw (the model: ./chart-explorer.model.ts).
import model from "./chart-explorer.model.ts"
import { runInJsdom } from "./support/jsdom-runner.ts"

runInJsdom(model)
