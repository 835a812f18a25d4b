// Signing in with another service, walked in jsdom against msw (the model: ./social-flows.model.ts).
import model from "./social-flows.model.ts"
import { runInJsdom } from "./support/jsdom-runner.ts"

runInJsdom(model)
