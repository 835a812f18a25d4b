import { defineConfig } from "@playwright/test"
import { chromium, E2E_WORKERS, e2eOrigin, e2eServers } from "./tests/e2e/support/servers.ts"

// The model-based tests (tests/model/*.model.ts) in Debian's Chromium against the built app and the
// real server with a fresh database, one server per worker like the journeys. The tests are made
// from the models when the run starts: one per path (tests/model/models.spec.ts). Run them with
// `npm run test:model` (all flows) or `npm run test:model -- checkout` (one flow).

export default defineConfig({
  testDir: "tests/model",
  testMatch: "models.spec.ts",
  fullyParallel: true,
  workers: E2E_WORKERS,
  // Nothing is retried: a path that fails once is a defect to fix, not a run to repeat.
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: e2eOrigin(0),
    trace: "retain-on-failure",
    launchOptions: chromium,
    // The models fake failures with routes, which the app's service worker would answer instead.
    serviceWorkers: "block",
  },
  webServer: e2eServers(),
})
