import { defineConfig } from "@playwright/test"
import { chromium, E2E_SELF_TEST_MINUTE_MS, E2E_WORKERS, e2eOrigin, e2eServers } from "./tests/e2e/support/servers.ts"

// Browser journeys in Debian's Chromium against the built app and the real server with a fresh
// PGlite database and the local outbox. `scripts/e2e-server.ts` prepares and starts that server,
// one per worker (tests/e2e/support/test.ts points each worker at its own).

/**
 * The files whose journeys take longest (the sweeps, the timed self-test, the videos rendered on
 * first play, the charts, the layout at every width, the account settings' mails). The phase lasts
 * as long as its busier worker: these start first, so that what is left for the end is short
 * journeys the two workers share out evenly, rather than one worker taking a long journey last while
 * the other has nothing to do.
 */
const LONG_JOURNEYS = [
  "account-settings",
  "chart-tests",
  "charts",
  "every-page",
  "layout",
  "point-groups",
  "self-tests",
  "video-settings",
  "videos",
].map((name) => `**/${name}.spec.ts`)

export default defineConfig({
  testDir: "tests/e2e",
  // Journeys of one file spread over the workers too: each starts from a fresh browser context and
  // its own accounts, so none depends on another.
  fullyParallel: true,
  workers: E2E_WORKERS,
  // Nothing is retried: a journey that fails once is a defect to fix, not a run to repeat.
  retries: 0,
  // Two workers share two cores with their servers: a journey of many steps and axe checks may take
  // over a minute there. A journey that hangs still fails, two minutes in.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // `npm test` asks for a JSON report too (its phase table and slowest tests read it).
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: e2eOrigin(0),
    // Recording a trace costs every journey about a third of its time, so none is recorded unless
    // asked for (E2E_TRACE=retain-on-failure to keep one for each failing journey). A failure still
    // leaves its screenshot and the page's accessibility tree (error-context.md) in test-results/.
    trace: (process.env.E2E_TRACE ?? "off") as "off",
    screenshot: "only-on-failure",
    launchOptions: chromium,
    // The app's offline copies would answer what a journey fakes with routes or `setOffline`; the
    // journey about working offline allows them in a context of its own (tests/e2e/support/test.ts).
    serviceWorkers: "block",
  },
  // Journeys run in the order of the projects (and of file names within one): the long ones first.
  projects: [
    { name: "long journeys", testMatch: LONG_JOURNEYS },
    { name: "journeys", testIgnore: LONG_JOURNEYS },
  ],
  // A self-test's minute lasts 40 s there, so the one-minute test runs out without a minute of waiting.
  webServer: e2eServers({ SELF_TEST_MINUTE_MS: String(E2E_SELF_TEST_MINUTE_MS) }),
})
