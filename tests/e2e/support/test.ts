// The journeys' `test`: Playwright's, with each worker talking to its own server and database
// (playwright.config.ts starts one per worker), so journeys in parallel never share an account,
// a rate limit or an outbox.
import { test as base } from "@playwright/test"
import { e2eOrigin } from "./servers.ts"

export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use, testInfo) => {
    await use(e2eOrigin(testInfo.parallelIndex))
  },
})

export { expect } from "@playwright/test"
