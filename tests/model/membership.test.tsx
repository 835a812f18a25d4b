// My membership and cancelling, walked in jsdom against msw (the model: ./membership.model.ts).
import model from "./membership.model.ts"
import { runInJsdom } from "./support/jsdom-runner.ts"

runInJsdom(model)
