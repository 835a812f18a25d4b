// The player's controls, walked in jsdom against msw (the model: ./video-player.model.ts).

import { runInJsdom } from "./support/jsdom-runner.ts"
import model from "./video-player.model.ts"

runInJsdom(model)
