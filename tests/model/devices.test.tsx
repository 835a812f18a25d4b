// Registered devices, walked in jsdom against msw (the model: ./devices.model.ts).
import model from "./devices.model.ts"
import { runInJsdom } from "./support/jsdom-runner.ts"

runInJsdom(model)
