// The searches, walked in jsdom against msw (the model: ./search-flows.model.ts).
import model from "./search-flows.model.ts"
import { runInJsdom } from "./support/jsdom-runner.ts"

runInJsdom(model)
