// The drill-down menu, walked in jsdom against msw (the model: ./drill-down.model.ts).
import model from "./drill-down.model.ts"
import { runInJsdom } from "./support/jsdom-runner.ts"

runInJsdom(model)
