// The quote of the day, walked in jsdom against msw (the model: ./quote-of-the-day.model.ts).
import model from "./quote-of-the-day.model.ts"
import { runInJsdom } from "./support/jsdom-runner.ts"

runInJsdom(model)
