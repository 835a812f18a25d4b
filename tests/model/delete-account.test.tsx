// Deleting the account with its password, walked in jsdom against msw (the model: ./delete-account.model.ts).
import model from "./delete-account.model.ts"
import { runInJsdom } from "./support/jsdom-runner.ts"

runInJsdom(model)
