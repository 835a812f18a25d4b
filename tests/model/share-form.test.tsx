// Sharing videos with a patient, walked in jsdom against msw (the model: ./share-form.model.ts).
import model from "./share-form.model.ts"
import { runInJsdom } from "./support/jsdom-runner.ts"

runInJsdom(model)
