// The note on a point page, walked in jsdom against msw (the model: ./note-editor.model.ts).
import model from "./note-editor.model.ts"
import { runInJsdom } from "./support/jsdom-runner.ts"

runInJsdom(model)
