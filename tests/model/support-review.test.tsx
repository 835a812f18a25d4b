// Reviewing the app on the support page, walked in jsdom against msw (the model: ./support-review.model.ts).

import { runInJsdom } from "./support/jsdom-runner.ts"
import model from "./support-review.model.ts"

runInJsdom(model)
