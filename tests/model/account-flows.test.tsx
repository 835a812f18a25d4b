// Registering, signing in, resetting the password and signing out, walked in jsdom against msw
// (the model: ./account-flows.model.ts).
import model from "./account-flows.model.ts"
import { runInJsdom } from "./support/jsdom-runner.ts"

runInJsdom(model)
