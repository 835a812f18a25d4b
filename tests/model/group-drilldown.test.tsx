// My point groups, walked in jsdom against msw (the model: ./group-drilldown.model.ts).
import model from "./group-drilldown.model.ts"
import { runInJsdom } from "./support/jsdom-runner.ts"

runInJsdom(model)
