// A location question on the chart, walked in jsdom against msw (the model: ./chart-question.model.ts).
import model from "./chart-question.model.ts"
import { runInJsdom } from "./support/jsdom-runner.ts"

runInJsdom(model)
