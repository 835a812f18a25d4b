// Choosing a plan and paying, walked in jsdom against msw (the model: ./checkout.model.ts).
import model from "./checkout.model.ts"
import { runInJsdom } from "./support/jsdom-runner.ts"

runInJsdom(model)
