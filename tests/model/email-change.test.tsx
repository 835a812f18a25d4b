// My profile's name and e-mail change, walked in jsdom against msw (the model: ./email-change.model.ts).
import model from "./email-change.model.ts"
import { runInJsdom } from "./support/jsdom-runner.ts"

runInJsdom(model)
