// Deleting an account without a password, walked in jsdom against msw (the model: ./delete-account-by-code.model.ts).
import model from "./delete-account-by-code.model.ts"
import { runInJsdom } from "./support/jsdom-runner.ts"

runInJsdom(model)
