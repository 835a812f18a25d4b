// Revoking a shared link, walked in jsdom against msw (the model: ./shared-list.model.ts).
import model from "./shared-list.model.ts"
import { runInJsdom } from "./support/jsdom-runner.ts"

runInJsdom(model)
