// Changing the password, walked in jsdom against msw (the model: ./password-change.model.ts).
import model from "./password-change.model.ts"
import { runInJsdom } from "./support/jsdom-runner.ts"

runInJsdom(model)
