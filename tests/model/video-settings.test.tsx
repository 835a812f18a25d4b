// Choosing how videos play on the video-settings page, walked in jsdom against msw (the model: ./video-settings.model.ts).

import { runInJsdom } from "./support/jsdom-runner.ts"
import model from "./video-settings.model.ts"

runInJsdom(model)
