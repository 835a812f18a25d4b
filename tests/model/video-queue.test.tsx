// A channel's point videos as a queue, walked in jsdom against msw (the model: ./video-queue.model.ts).

import { runInJsdom } from "./support/jsdom-runner.ts"
import model from "./video-queue.model.ts"

runInJsdom(model)
